import { Module, OnModuleInit } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BillsCalendarLayer } from './bills-calendar.layer';
import { registerUniqueConstraints } from '../../common/errors/problem.filter';
import { BudgetAccountsController } from './budget-accounts.controller';
import { BudgetAccountsRepository } from './budget-accounts.repository';
import { BudgetAccountsService } from './budget-accounts.service';
import { CategoriesRepository } from './categories.repository';
import { BudgetAccount } from './entities/budget-account.entity';
import { Category } from './entities/category.entity';
import { RecurringTransaction } from './entities/recurring-transaction.entity';
import { Transaction } from './entities/transaction.entity';
import { RecurringTransactionsRepository } from './recurring-transactions.repository';
import { ReportsRepository } from './reports.repository';
import { TransactionRefsResolver } from './transaction-refs';
import { TransactionsRepository } from './transactions.repository';
import { ID_TAKEN_MESSAGE } from './sharing/sharing.service';
import { BUDGET_ACCOUNT_UNIQUE_CONSTRAINTS } from './entities/budget-account.entity';
import { CATEGORY_UNIQUE_CONSTRAINTS } from './entities/category.entity';
import { CategoriesController } from './categories.controller';
import { CategoriesService } from './categories.service';
import { RecurringScheduler } from './recurring-scheduler.service';
import { RecurringTransactionsController } from './recurring-transactions.controller';
import { RecurringTransactionsService } from './recurring-transactions.service';
import { ReportsService } from './reports.service';
import { TransactionsController } from './transactions.controller';
import { TransactionsService } from './transactions.service';
import { TransactionsSearch } from './transactions-search';
import { StatementImportsController } from './imports/statement-imports.controller';
import { StatementImportsRepository } from './imports/statement-imports.repository';
import { StatementImportsService } from './imports/statement-imports.service';
import { NotificationsModule } from '../notifications/notifications.module';
import { BillReminderSource } from './bill-reminder.source';
import { Settlement } from './entities/settlement.entity';
import { SplitSettings } from './entities/split-settings.entity';
import { SharingController } from './sharing/sharing.controller';
import { SharingRepository } from './sharing/sharing.repository';
import { SharingService } from './sharing/sharing.service';
import { SplitResolver } from './sharing/split-resolver';
import { UsersModule } from '../users/users.module';
import { RatesController } from './rates/rates.controller';
import { RatesService } from './rates/rates.service';
import { OriginalResolver } from './rates/original-resolver';

/** Budget module: categories, accounts, transactions, reports, recurring transactions, statement import and sharing costs. */
@Module({
  // the tables this feature owns (their repositories below hold all of their SQL)
  imports: [
    TypeOrmModule.forFeature([Category, BudgetAccount, Transaction, RecurringTransaction, Settlement, SplitSettings]),
    NotificationsModule,
    UsersModule,
  ],
  controllers: [
    CategoriesController,
    BudgetAccountsController,
    TransactionsController,
    RecurringTransactionsController,
    StatementImportsController,
    SharingController,
    RatesController,
  ],
  providers: [
    BillsCalendarLayer,
    CategoriesService,
    BudgetAccountsService,
    TransactionsService,
    ReportsService,
    RecurringTransactionsService,
    RecurringScheduler,
    BillReminderSource,
    CategoriesRepository,
    BudgetAccountsRepository,
    TransactionsRepository,
    RecurringTransactionsRepository,
    ReportsRepository,
    TransactionRefsResolver,
    StatementImportsService,
    StatementImportsRepository,
    SharingService,
    SharingRepository,
    SplitResolver,
    TransactionsSearch,
    RatesService,
    OriginalResolver,
  ],
  exports: [RecurringScheduler, StatementImportsService, SharingService, TransactionsSearch, BillReminderSource, BillsCalendarLayer, RatesService],
})
export class BudgetModule implements OnModuleInit {
  onModuleInit(): void {
    registerUniqueConstraints({
      ...CATEGORY_UNIQUE_CONSTRAINTS,
      ...BUDGET_ACCOUNT_UNIQUE_CONSTRAINTS,
      uq_split_settings_group: ['SETTINGS_CONFLICT', 'The split settings were changed at the same time; retry'],
      // a settlement's client-made id taken by a parallel create (the check before the insert answers the rest)
      PK_5f523ce152b84e818bff9467aab: ['ID_TAKEN', ID_TAKEN_MESSAGE],
    });
  }
}

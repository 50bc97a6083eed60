import { Module, OnModuleInit } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
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

/** Budget module: categories, accounts, transactions, reports, recurring transactions and statement import. */
@Module({
  // the tables this feature owns (their repositories below hold all of their SQL)
  imports: [TypeOrmModule.forFeature([Category, BudgetAccount, Transaction, RecurringTransaction])],
  controllers: [CategoriesController, BudgetAccountsController, TransactionsController, RecurringTransactionsController, StatementImportsController],
  providers: [
    CategoriesService,
    BudgetAccountsService,
    TransactionsService,
    ReportsService,
    RecurringTransactionsService,
    RecurringScheduler,
    CategoriesRepository,
    BudgetAccountsRepository,
    TransactionsRepository,
    RecurringTransactionsRepository,
    ReportsRepository,
    TransactionRefsResolver,
    StatementImportsService,
    StatementImportsRepository,
    TransactionsSearch,
  ],
  exports: [RecurringScheduler, StatementImportsService, TransactionsSearch],
})
export class BudgetModule implements OnModuleInit {
  onModuleInit(): void {
    registerUniqueConstraints({ ...CATEGORY_UNIQUE_CONSTRAINTS, ...BUDGET_ACCOUNT_UNIQUE_CONSTRAINTS });
  }
}

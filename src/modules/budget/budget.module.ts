import { Module, OnModuleInit } from '@nestjs/common';
import { registerUniqueConstraints } from '../../common/errors/problem.filter';
import { BudgetAccountsController } from './budget-accounts.controller';
import { BudgetAccountsService } from './budget-accounts.service';
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

/** Budget module: categories, accounts, transactions, reports and recurring transactions. */
@Module({
  controllers: [CategoriesController, BudgetAccountsController, TransactionsController, RecurringTransactionsController],
  providers: [
    CategoriesService,
    BudgetAccountsService,
    TransactionsService,
    ReportsService,
    RecurringTransactionsService,
    RecurringScheduler,
  ],
  exports: [RecurringScheduler],
})
export class BudgetModule implements OnModuleInit {
  onModuleInit(): void {
    registerUniqueConstraints({ ...CATEGORY_UNIQUE_CONSTRAINTS, ...BUDGET_ACCOUNT_UNIQUE_CONSTRAINTS });
  }
}

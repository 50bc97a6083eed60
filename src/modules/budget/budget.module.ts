import { Module } from '@nestjs/common';
import { BudgetAccountsController } from './budget-accounts.controller';
import { BudgetAccountsService } from './budget-accounts.service';
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
export class BudgetModule {}

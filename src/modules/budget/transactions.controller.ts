import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthUser } from '../../common/auth/auth-user';
import { CurrentUser, RequireModule } from '../../common/auth/decorators';
import { ApiProblems } from '../../common/http/api-problems';
import { ApiPageResponse, CountedPage, CountedPageMeta } from '../../common/pagination/pagination';
import { UuidParam } from '../../common/validation/uuid-param';
import { MonthlyReportDto, MonthlyReportQuery, YearlyReportDto, YearlyReportQuery } from './dto/report.dto';
import { SaveTransactionDto, TransactionDto, TransactionListQuery } from './dto/transaction.dto';
import { ReportsService } from './reports.service';
import { TransactionsService } from './transactions.service';

@ApiTags('Budget: transactions')
@ApiBearerAuth()
@ApiProblems(401, 403)
@RequireModule('Budget')
@Controller('transactions')
export class TransactionsController {
  constructor(
    private readonly transactions: TransactionsService,
    private readonly reports: ReportsService,
  ) {}

  @Get()
  @ApiOperation({ summary: 'List transactions (filters from, to, type, categoryId, budgetAccountId, search; sort date or amount)' })
  @ApiPageResponse(TransactionDto, CountedPageMeta)
  @ApiProblems(400, 404)
  list(@CurrentUser() user: AuthUser, @Query() query: TransactionListQuery): Promise<CountedPage<TransactionDto>> {
    return this.transactions.list(user, query);
  }

  @Get('report/monthly')
  @ApiOperation({
    summary: "Income and expense of a month: totals, per category, per day (transfers excluded), and each member's paid and part of the shared expenses",
    description: "member: every sum is that member's part of the shared transactions (400 UNKNOWN_MEMBER when not a member of the group)",
  })
  @ApiOkResponse({ type: MonthlyReportDto })
  @ApiProblems(400, 404)
  monthly(@CurrentUser() user: AuthUser, @Query() query: MonthlyReportQuery): Promise<MonthlyReportDto> {
    return this.reports.monthly(user, query.year, query.month, query);
  }

  @Get('report/yearly')
  @ApiOperation({
    summary: "Income and expense of a year: totals, 12 months, per category (transfers excluded), and each member's paid and part of the shared expenses",
    description: "member: every sum is that member's part of the shared transactions (400 UNKNOWN_MEMBER when not a member of the group)",
  })
  @ApiOkResponse({ type: YearlyReportDto })
  @ApiProblems(400, 404)
  yearly(@CurrentUser() user: AuthUser, @Query() query: YearlyReportQuery): Promise<YearlyReportDto> {
    return this.reports.yearly(user, query.year, query);
  }

  @Get(':transactionId')
  @ApiOperation({ summary: 'Get a transaction' })
  @ApiOkResponse({ type: TransactionDto })
  @ApiProblems(400, 404)
  get(@CurrentUser() user: AuthUser, @UuidParam('transactionId') id: string): Promise<TransactionDto> {
    return this.transactions.get(user, id);
  }

  @Post()
  @ApiOperation({
    summary: 'Create a transaction',
    description:
      'Expense and Income need categoryId; a Transfer needs targetBudgetAccountId (≠ budgetAccountId) and no category. ' +
      "budgetAccountId defaults to the group's default account (409 NO_DEFAULT_ACCOUNT when there is none); a disabled " +
      'account is 400 ACCOUNT_DISABLED; ids of another group are 404.',
  })
  @ApiCreatedResponse({ type: TransactionDto })
  @ApiProblems(400, 404, 409)
  create(@CurrentUser() user: AuthUser, @Body() dto: SaveTransactionDto): Promise<TransactionDto> {
    return this.transactions.create(user, dto);
  }

  @Put(':transactionId')
  @ApiOperation({ summary: 'Replace a transaction (an omitted date or budgetAccountId keeps the current one)' })
  @ApiOkResponse({ type: TransactionDto })
  @ApiProblems(400, 404, 409)
  update(@CurrentUser() user: AuthUser, @UuidParam('transactionId') id: string, @Body() dto: SaveTransactionDto): Promise<TransactionDto> {
    return this.transactions.update(user, id, dto);
  }

  @Delete(':transactionId')
  @HttpCode(204)
  @ApiOperation({ summary: 'Delete a transaction' })
  @ApiNoContentResponse()
  @ApiProblems(400, 404)
  async remove(@CurrentUser() user: AuthUser, @UuidParam('transactionId') id: string): Promise<void> {
    await this.transactions.remove(user, id);
  }
}

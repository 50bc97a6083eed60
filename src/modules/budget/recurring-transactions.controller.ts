import { Body, Controller, Delete, Get, HttpCode, Patch, Post, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthUser } from '../../common/auth/auth-user';
import { CurrentUser, RequireModule } from '../../common/auth/decorators';
import { ApiProblems } from '../../common/http/api-problems';
import { UuidParam } from '../../common/validation/uuid-param';
import { RecurringTransactionDto, SaveRecurringTransactionDto } from './dto/recurring-transaction.dto';
import { RecurringTransactionsService } from './recurring-transactions.service';

@ApiTags('Budget: recurring transactions')
@ApiBearerAuth()
@ApiProblems(401, 403)
@RequireModule('Budget')
@Controller('recurring-transactions')
export class RecurringTransactionsController {
  constructor(private readonly recurring: RecurringTransactionsService) {}

  @Get()
  @ApiOperation({ summary: 'List recurring transactions' })
  @ApiOkResponse({ type: [RecurringTransactionDto] })
  list(@CurrentUser() user: AuthUser): Promise<RecurringTransactionDto[]> {
    return this.recurring.list(user);
  }

  @Get(':recurringTransactionId')
  @ApiOperation({ summary: 'Get a recurring transaction' })
  @ApiOkResponse({ type: RecurringTransactionDto })
  @ApiProblems(400, 404)
  get(@CurrentUser() user: AuthUser, @UuidParam('recurringTransactionId') id: string): Promise<RecurringTransactionDto> {
    return this.recurring.get(user, id);
  }

  @Post()
  @ApiOperation({
    summary: 'Create a recurring transaction',
    description:
      'Same type/category/account rules as a transaction. Occurrences fall every `interval` days, weeks, months or years ' +
      'from startDate (month ends clamped: 31 Jan → 28/29 Feb → 31 Mar) up to endDate; the daily scheduler makes each ' +
      'one once, catching up past dates.',
  })
  @ApiCreatedResponse({ type: RecurringTransactionDto })
  @ApiProblems(400, 404, 409)
  create(@CurrentUser() user: AuthUser, @Body() dto: SaveRecurringTransactionDto): Promise<RecurringTransactionDto> {
    return this.recurring.create(user, dto);
  }

  @Put(':recurringTransactionId')
  @ApiOperation({ summary: 'Replace a recurring transaction (a changed schedule resumes after the last occurrence made)' })
  @ApiOkResponse({ type: RecurringTransactionDto })
  @ApiProblems(400, 404, 409)
  update(
    @CurrentUser() user: AuthUser,
    @UuidParam('recurringTransactionId') id: string,
    @Body() dto: SaveRecurringTransactionDto,
  ): Promise<RecurringTransactionDto> {
    return this.recurring.update(user, id, dto);
  }

  @Delete(':recurringTransactionId')
  @HttpCode(204)
  @ApiOperation({ summary: 'Delete a recurring transaction (transactions it made stay, unlinked)' })
  @ApiNoContentResponse()
  @ApiProblems(400, 404)
  async remove(@CurrentUser() user: AuthUser, @UuidParam('recurringTransactionId') id: string): Promise<void> {
    await this.recurring.remove(user, id);
  }

  @Patch(':recurringTransactionId/toggle')
  @ApiOperation({ summary: 'Enable or disable; re-enabling resumes from today (the paused period is not made up)' })
  @ApiOkResponse({ type: RecurringTransactionDto })
  @ApiProblems(400, 404)
  toggle(@CurrentUser() user: AuthUser, @UuidParam('recurringTransactionId') id: string): Promise<RecurringTransactionDto> {
    return this.recurring.toggle(user, id);
  }
}

import { Body, Controller, Delete, Get, HttpCode, Patch, Post, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthUser } from '../../common/auth/auth-user';
import { CurrentUser, RequireModule } from '../../common/auth/decorators';
import { ApiProblems } from '../../common/http/api-problems';
import { UuidParam } from '../../common/validation/uuid-param';
import { BudgetAccountsService } from './budget-accounts.service';
import { BudgetAccountDto, CreateBudgetAccountDto, UpdateBudgetAccountDto } from './dto/budget-account.dto';

@ApiTags('Budget: accounts')
@ApiBearerAuth()
@ApiProblems(401, 403)
@RequireModule('Budget')
@Controller('budget-accounts')
export class BudgetAccountsController {
  constructor(private readonly accounts: BudgetAccountsService) {}

  @Get()
  @ApiOperation({ summary: 'List the budget accounts with their balances (default first)' })
  @ApiOkResponse({ type: [BudgetAccountDto] })
  list(@CurrentUser() user: AuthUser): Promise<BudgetAccountDto[]> {
    return this.accounts.list(user);
  }

  @Post()
  @ApiOperation({ summary: "Create a budget account; the group's first one becomes the default" })
  @ApiCreatedResponse({ type: BudgetAccountDto })
  @ApiProblems(400, 409)
  create(@CurrentUser() user: AuthUser, @Body() dto: CreateBudgetAccountDto): Promise<BudgetAccountDto> {
    return this.accounts.create(user, dto);
  }

  @Put(':budgetAccountId')
  @ApiOperation({ summary: 'Rename, disable or enable a budget account; the default cannot be disabled (409 ACCOUNT_IS_DEFAULT)' })
  @ApiOkResponse({ type: BudgetAccountDto })
  @ApiProblems(400, 404, 409)
  update(@CurrentUser() user: AuthUser, @UuidParam('budgetAccountId') id: string, @Body() dto: UpdateBudgetAccountDto): Promise<BudgetAccountDto> {
    return this.accounts.update(user, id, dto);
  }

  @Delete(':budgetAccountId')
  @HttpCode(204)
  @ApiOperation({
    summary: 'Delete a budget account',
    description:
      '409 ACCOUNT_IS_DEFAULT for the default account, ACCOUNT_HAS_TRANSACTIONS when transactions use it (either side of a ' +
      'transfer), ACCOUNT_HAS_RECURRING when enabled recurring transactions use it. Disabled recurring transactions of the ' +
      'account are deleted with it.',
  })
  @ApiNoContentResponse()
  @ApiProblems(400, 404, 409)
  async remove(@CurrentUser() user: AuthUser, @UuidParam('budgetAccountId') id: string): Promise<void> {
    await this.accounts.remove(user, id);
  }

  @Patch(':budgetAccountId/default')
  @ApiOperation({ summary: 'Make this account the default (409 ACCOUNT_DISABLED for a disabled one)' })
  @ApiOkResponse({ type: BudgetAccountDto })
  @ApiProblems(400, 404, 409)
  setDefault(@CurrentUser() user: AuthUser, @UuidParam('budgetAccountId') id: string): Promise<BudgetAccountDto> {
    return this.accounts.setDefault(user, id);
  }
}

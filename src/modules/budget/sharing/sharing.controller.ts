import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthUser } from '../../../common/auth/auth-user';
import { CurrentUser, RequireModule } from '../../../common/auth/decorators';
import { ApiProblems } from '../../../common/http/api-problems';
import { ApiPageResponse, Page } from '../../../common/pagination/pagination';
import { UuidParam } from '../../../common/validation/uuid-param';
import {
  BalanceEffectDto,
  BalancesDto,
  BalancesQuery,
  CreateSettlementDto,
  ExplainQuery,
  SaveSplitSettingsDto,
  SettlementDto,
  SettlementListQuery,
  SplitSettingsDto,
} from './sharing.dto';
import { SharingService } from './sharing.service';

/** Who owes whom: the group's default split and units, settlements between members, balances and their explanation. */
@ApiTags('Budget: sharing')
@ApiBearerAuth()
@ApiProblems(401, 403)
@RequireModule('Budget')
@Controller('budget')
export class SharingController {
  constructor(private readonly sharing: SharingService) {}

  @Get('split-settings')
  @ApiOperation({ summary: "The group's default split and its units (defaults: not shared, equal, no weights, no units)" })
  @ApiOkResponse({ type: SplitSettingsDto })
  settings(@CurrentUser() user: AuthUser): Promise<SplitSettingsDto> {
    return this.sharing.settings(user);
  }

  @Put('split-settings')
  @ApiOperation({
    summary: "Replace the group's default split and units",
    description:
      'Every userId must be a member of the group, current or former (400 UNKNOWN_MEMBER); a member belongs to at most one unit ' +
      'and is weighted once (400 VALIDATION_FAILED); a new unit gets its id from the service, a unit keeps its id when it is sent back.',
  })
  @ApiOkResponse({ type: SplitSettingsDto })
  @ApiProblems(400)
  saveSettings(@CurrentUser() user: AuthUser, @Body() dto: SaveSplitSettingsDto): Promise<SplitSettingsDto> {
    return this.sharing.saveSettings(user, dto);
  }

  @Post('settlements')
  @ApiOperation({
    summary: 'Record a payment between two members (a repayment, cash handed over, a loan)',
    description:
      "Changes the two members' balances, never income, expense, account balances or reports. Partial amounts are allowed. " +
      'fromUserId = toUserId: 400 SETTLEMENT_TO_SELF; a user who is not a member of the group, current or former: 400 UNKNOWN_MEMBER; ' +
      "a client-made id already used, in any group, other than by the same member's identical retry: 409 ID_TAKEN (nothing is written or changed).",
  })
  @ApiCreatedResponse({ type: SettlementDto })
  @ApiProblems(400, 409)
  createSettlement(@CurrentUser() user: AuthUser, @Body() dto: CreateSettlementDto): Promise<SettlementDto> {
    return this.sharing.createSettlement(user, dto);
  }

  @Get('settlements')
  @ApiOperation({ summary: 'List settlements, newest first (filters from, to, userId: sent or received)' })
  @ApiPageResponse(SettlementDto)
  @ApiProblems(400)
  listSettlements(@CurrentUser() user: AuthUser, @Query() query: SettlementListQuery): Promise<Page<SettlementDto>> {
    return this.sharing.listSettlements(user, query);
  }

  @Get('settlements/:settlementId')
  @ApiOperation({ summary: 'Get a settlement' })
  @ApiOkResponse({ type: SettlementDto })
  @ApiProblems(400, 404)
  getSettlement(@CurrentUser() user: AuthUser, @UuidParam('settlementId') id: string): Promise<SettlementDto> {
    return this.sharing.getSettlement(user, id);
  }

  @Delete('settlements/:settlementId')
  @HttpCode(204)
  @ApiOperation({ summary: 'Delete a settlement (its creator or either party; others: 403 FORBIDDEN)' })
  @ApiNoContentResponse()
  @ApiProblems(400, 404)
  async removeSettlement(@CurrentUser() user: AuthUser, @UuidParam('settlementId') id: string): Promise<void> {
    await this.sharing.removeSettlement(user, id);
  }

  @Get('balances')
  @ApiOperation({
    summary: "Who owes whom: each party's paid, share, sent, received and net, and the payments that settle them",
    description:
      'from/to (inclusive) restrict to the shared transactions and settlements of a period. net > 0: the party is owed money; the nets ' +
      'sum to exactly 0.00. A unit is one party; a suggestion names user ids, or unit ids for units.',
  })
  @ApiOkResponse({ type: BalancesDto })
  @ApiProblems(400)
  balances(@CurrentUser() user: AuthUser, @Query() query: BalancesQuery): Promise<BalancesDto> {
    return this.sharing.balances(user, query);
  }

  @Get('balances/explain')
  @ApiOperation({
    summary: "The shared transactions and settlements behind one party's net, each with its effect, newest first",
    description: 'party: a user id or a unit id of the balances; anything else: 404.',
  })
  @ApiPageResponse(BalanceEffectDto)
  @ApiProblems(400, 404)
  explain(@CurrentUser() user: AuthUser, @Query() query: ExplainQuery): Promise<Page<BalanceEffectDto>> {
    return this.sharing.explain(user, query);
  }
}

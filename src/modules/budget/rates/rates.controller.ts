import { Body, Controller, Get, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthUser } from '../../../common/auth/auth-user';
import { CurrentUser, RequireModule } from '../../../common/auth/decorators';
import { ApiProblems } from '../../../common/http/api-problems';
import { RateDto, RateQuery, SetRateDto } from './rates.dto';
import { RatesService } from './rates.service';

/** Rates of other currencies in the group's: the ECB's, and the group's own. */
@ApiTags('Budget: rates')
@ApiBearerAuth()
@ApiProblems(401, 403)
@RequireModule('Budget')
@Controller('budget/rates')
export class RatesController {
  constructor(private readonly rates: RatesService) {}

  @Get()
  @ApiOperation({
    summary: "The rate of a currency in the group's on a day",
    description:
      "The latest rate on or before `date` (default today): the group's manual rate of that day or before, else the ECB's euro reference rates " +
      "converted through the euro; `rateDate` says which day it is from. The group's currency: 400 SAME_CURRENCY; none known: 400 RATE_UNKNOWN.",
  })
  @ApiOkResponse({ type: RateDto })
  @ApiProblems(400)
  get(@CurrentUser() user: AuthUser, @Query() query: RateQuery): Promise<RateDto> {
    return this.rates.get(user, query.currency, query.date);
  }

  @Put()
  @ApiOperation({ summary: "Set the group's own rate of a currency on a day (a card's fee included); it wins over the ECB's for that day" })
  @ApiOkResponse({ type: RateDto })
  @ApiProblems(400)
  set(@CurrentUser() user: AuthUser, @Body() dto: SetRateDto): Promise<RateDto> {
    return this.rates.set(user, dto);
  }
}

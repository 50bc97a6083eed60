import { Body, Controller, Delete, Get, HttpCode, Patch, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../../../common/auth/auth-user';
import { CurrentUser, RequireModule } from '../../../common/auth/decorators';
import { ApiProblems } from '../../../common/http/api-problems';
import { UuidParam } from '../../../common/validation/uuid-param';
import { CreateSubscriptionDto, SubscriptionDto, UpdateSubscriptionDto } from './subscription.dto';
import { CalendarSubscriptionsService } from './subscriptions.service';

@ApiTags('Calendar')
@ApiBearerAuth()
@ApiProblems(401, 403)
@RequireModule('Calendar')
@Controller('calendar/subscriptions')
export class CalendarSubscriptionsController {
  constructor(private readonly subscriptions: CalendarSubscriptionsService) {}

  @Post()
  @ApiOperation({
    summary: 'Subscribe the group to an outside calendar (an ICS address)',
    description:
      'Fetched at once (400 CALENDAR_FETCH_FAILED when that fails) and every 15 minutes after, with ETag / If-Modified-Since; at most ' +
      '5 MB within 10 s. The address must resolve to a public address unless the server allows private ones (NOTIFY_ALLOW_PRIVATE_URLS; ' +
      'else 400 CALENDAR_URL_NOT_ALLOWED). Its events show read-only in the layer `subscriptions` and as a calendar of its own over CalDAV.',
  })
  @ApiCreatedResponse({ type: SubscriptionDto })
  @ApiProblems(400)
  create(@CurrentUser() user: AuthUser, @Body() dto: CreateSubscriptionDto): Promise<SubscriptionDto> {
    return this.subscriptions.create(user, dto);
  }

  @Get()
  @ApiOperation({ summary: "The group's outside calendars" })
  @ApiOkResponse({ type: [SubscriptionDto] })
  list(@CurrentUser() user: AuthUser): Promise<SubscriptionDto[]> {
    return this.subscriptions.list(user);
  }

  @Patch(':subscriptionId')
  @ApiOperation({
    summary: 'Rename or recolour an outside calendar',
    description: 'Omitted fields keep their value; the address stays (end it and subscribe again).',
  })
  @ApiOkResponse({ type: SubscriptionDto })
  @ApiProblems(400, 404)
  update(@CurrentUser() user: AuthUser, @UuidParam('subscriptionId') id: string, @Body() dto: UpdateSubscriptionDto): Promise<SubscriptionDto> {
    return this.subscriptions.update(user, id, dto);
  }

  @Delete(':subscriptionId')
  @HttpCode(204)
  @ApiOperation({ summary: 'Unsubscribe the group from an outside calendar' })
  @ApiNoContentResponse()
  @ApiProblems(400, 404)
  async remove(@CurrentUser() user: AuthUser, @UuidParam('subscriptionId') id: string): Promise<void> {
    await this.subscriptions.remove(user, id);
  }
}

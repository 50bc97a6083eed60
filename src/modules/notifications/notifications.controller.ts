import { Body, Controller, Get, HttpCode, Patch, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiExtraModels, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthUser } from '../../common/auth/auth-user';
import { CurrentUser } from '../../common/auth/decorators';
import { ApiProblems } from '../../common/http/api-problems';
import { ApiPageResponse, Page } from '../../common/pagination/pagination';
import { UuidParam } from '../../common/validation/uuid-param';
import {
  NotificationDto,
  NotificationListQuery,
  NotificationPageMeta,
  SnoozeNotificationDto,
  UnreadCountDto,
  UpdateNotificationDto,
} from './dto/notification.dto';
import { InboxService } from './inbox.service';

@ApiTags('Notifications')
@ApiBearerAuth()
@ApiProblems(401)
@ApiExtraModels(NotificationPageMeta)
@Controller('notifications')
export class NotificationsController {
  constructor(private readonly inbox: InboxService) {}

  @Get()
  @ApiOperation({
    summary: 'My inbox',
    description:
      'Every notification the caller received, unread first, newest first within each; `unreadCount` is the badge. ' +
      'A live event (entity type `Notification`, to the recipient only) announces each new, read or unread one.',
  })
  @ApiPageResponse(NotificationDto, NotificationPageMeta)
  @ApiProblems(400)
  list(@CurrentUser() user: AuthUser, @Query() query: NotificationListQuery): Promise<Page<NotificationDto> & { unreadCount: number }> {
    return this.inbox.list(user, query);
  }

  @Patch(':id')
  @ApiOperation({ summary: 'Mark one read or unread', description: 'The push action "Done" marks it read.' })
  @ApiOkResponse({ type: NotificationDto })
  @ApiProblems(400, 404)
  update(@CurrentUser() user: AuthUser, @UuidParam('id') id: string, @Body() dto: UpdateNotificationDto): Promise<NotificationDto> {
    return this.inbox.setRead(user, id, dto.read);
  }

  @Post(':id/snooze')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Snooze: deliver it again later',
    description:
      'Marks it read; after `minutes` (default 60: the push action "Snooze 1 h") it is unread again and delivered again through the same channels. ' +
      'A notification can be snoozed at most 3 times (then 409 `SNOOZE_LIMIT`), ' +
      'and a person may snooze at most 30 times an hour (then 429 `RATE_LIMITED` with `Retry-After`).',
  })
  @ApiOkResponse({ type: NotificationDto })
  @ApiProblems(400, 404, 409, 429)
  snooze(@CurrentUser() user: AuthUser, @UuidParam('id') id: string, @Body() dto: SnoozeNotificationDto): Promise<NotificationDto> {
    return this.inbox.snooze(user, id, dto.minutes ?? 60);
  }

  @Post('read-all')
  @HttpCode(200)
  @ApiOperation({ summary: 'Mark every notification of mine read' })
  @ApiOkResponse({ type: UnreadCountDto })
  readAll(@CurrentUser() user: AuthUser): Promise<UnreadCountDto> {
    return this.inbox.readAll(user);
  }
}

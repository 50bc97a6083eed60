import { Body, Controller, Get, HttpCode, Post, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthUser } from '../../common/auth/auth-user';
import { CurrentUser, SessionOnly } from '../../common/auth/decorators';
import { ApiProblems } from '../../common/http/api-problems';
import { NotificationSettingsDto, NotificationTestResultDto, UpdateNotificationSettingsDto } from './dto/notification-settings.dto';
import { NotificationSettingsService } from './notification-settings.service';
import { Notifier } from './notifier.service';

@ApiTags('Account')
@ApiBearerAuth()
@ApiProblems(401)
@SessionOnly()
@Controller('account/notification-settings')
export class NotificationSettingsController {
  constructor(
    private readonly settings: NotificationSettingsService,
    private readonly notifier: Notifier,
  ) {}

  @Get()
  @ApiOperation({ summary: 'My notification settings', description: 'Defaults until first saved: UTC, no quiet hours, the inbox only.' })
  @ApiOkResponse({ type: NotificationSettingsDto })
  get(@CurrentUser() user: AuthUser): Promise<NotificationSettingsDto> {
    return this.settings.get(user.userId);
  }

  @Put()
  @ApiOperation({
    summary: 'Change my notification settings',
    description:
      'An omitted field stays as it is. `webhookUrl` must be http(s) and must resolve, to public addresses only ' +
      '(400 WEBHOOK_URL_NOT_ALLOWED, one answer for a host that does not resolve and one that is private) unless the server allows private URLs; ' +
      'the same check runs again at every delivery and redirect.',
  })
  @ApiOkResponse({ type: NotificationSettingsDto })
  @ApiProblems(400)
  update(@CurrentUser() user: AuthUser, @Body() dto: UpdateNotificationSettingsDto): Promise<NotificationSettingsDto> {
    return this.settings.update(user.userId, dto);
  }

  @Post('test')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Send a test through every chosen channel',
    description:
      'Delivers at once (quiet hours do not apply) and answers what each channel did, within the send deadline and 2 s (12 s by default) ' +
      'whatever the targets do. At most one test a minute (429).',
  })
  @ApiOkResponse({ type: NotificationTestResultDto })
  @ApiProblems(429)
  test(@CurrentUser() user: AuthUser): Promise<NotificationTestResultDto> {
    return this.notifier.sendTest(user);
  }
}

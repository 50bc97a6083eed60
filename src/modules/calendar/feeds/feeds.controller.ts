import { Body, Controller, Delete, Get, HttpCode, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../../../common/auth/auth-user';
import { CurrentUser, RequireModule } from '../../../common/auth/decorators';
import { ApiProblems } from '../../../common/http/api-problems';
import { UuidParam } from '../../../common/validation/uuid-param';
import { CreatedFeedDto, CreateFeedDto, FeedDto } from './feed.dto';
import { CalendarFeedsService } from './feeds.service';

@ApiTags('Calendar')
@ApiBearerAuth()
@ApiProblems(401, 403)
@RequireModule('Calendar')
@Controller('calendar/feeds')
export class CalendarFeedsController {
  constructor(private readonly feeds: CalendarFeedsService) {}

  @Post()
  @ApiOperation({
    summary: 'Make a secret feed address for a calendar app',
    description:
      'The `url` (`…/ical/{token}.ics`, 256 random bits) is shown only in this answer. The feed is RFC 5545: series as rules with their ' +
      'exclusions and changed occurrences, a VTIMEZONE for each zone used, one UID per event; it shows what its owner may see when it is ' +
      'read (private events only to them), and answers 404 once the feed is ended or its owner has left the group.',
  })
  @ApiCreatedResponse({ type: CreatedFeedDto })
  @ApiProblems(400)
  create(@CurrentUser() user: AuthUser, @Body() dto: CreateFeedDto): Promise<CreatedFeedDto> {
    return this.feeds.create(user, dto);
  }

  @Get()
  @ApiOperation({ summary: 'My feeds (without their addresses)' })
  @ApiOkResponse({ type: [FeedDto] })
  list(@CurrentUser() user: AuthUser): Promise<FeedDto[]> {
    return this.feeds.list(user);
  }

  @Delete(':feedId')
  @HttpCode(204)
  @ApiOperation({ summary: 'End a feed: its address answers 404 from now on' })
  @ApiNoContentResponse()
  @ApiProblems(400, 404)
  async remove(@CurrentUser() user: AuthUser, @UuidParam('feedId') id: string): Promise<void> {
    await this.feeds.remove(user, id);
  }
}

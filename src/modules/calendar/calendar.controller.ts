import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { AuthUser } from '../../common/auth/auth-user';
import { CurrentUser, RequireModule } from '../../common/auth/decorators';
import { ApiProblems } from '../../common/http/api-problems';
import { ApiIfMatch, IfMatch } from '../../common/http/versions';
import { UuidParam } from '../../common/validation/uuid-param';
import { CalendarOccurrencesService } from './calendar-occurrences.service';
import { CalendarService } from './calendar.service';
import { EventBodyDto, OccurrenceBodyDto, OccurrencesQuery, SplitBodyDto } from './dto/event-input.dto';
import { EventDto, OccurrenceDto } from './dto/event.dto';

/** A response for one event carries its version as the ETag. */
function tagged(reply: FastifyReply, event: EventDto): EventDto {
  reply.header('etag', event.etag);
  return event;
}

const ORIGINAL_START = ApiParam({
  name: 'originalStart',
  description: "the occurrence's start as the series gives it: an instant (URL-encoded, like 2026-10-03T08%3A00%3A00Z) or a date for all-day events",
  schema: { type: 'string', pattern: '^\\d{4}-?\\d{2}-?\\d{2}(T[0-9:.]+(Z|[+-]\\d{2}(:?\\d{2})?)?)?$' },
});

@ApiTags('Calendar')
@ApiBearerAuth()
@ApiProblems(401, 403)
@RequireModule('Calendar')
@Controller('calendar')
export class CalendarController {
  constructor(
    private readonly calendar: CalendarService,
    private readonly occurrences: CalendarOccurrencesService,
  ) {}

  @Get('occurrences')
  @ApiOperation({
    summary: "The calendar's occurrences between two dates",
    description:
      "`from`/`to` are dates in the caller's time zone (notification settings), both included, at most 366 days apart. " +
      "Events' series are expanded (exceptions in place of their occurrence, deleted ones left out) and merged with the read-only layers " +
      "(`bills`: recurring transactions, `reminders`: note reminders, `birthdays`: members' birthdays, `subscriptions`); " +
      "default: every layer the group's modules allow. Sorted by start.",
  })
  @ApiOkResponse({ type: [OccurrenceDto] })
  @ApiProblems(400)
  list(@CurrentUser() user: AuthUser, @Query() query: OccurrencesQuery): Promise<OccurrenceDto[]> {
    return this.occurrences.list(user, query);
  }

  @Post('events')
  @ApiOperation({
    summary: 'Create an event',
    description:
      "All-day events take dates (`end` exclusive), others instants and an IANA `timeZone` (default: the creator's). " +
      '`recurrence.rrule` repeats it (RFC 5545; occurrences keep their wall-clock time across daylight-saving changes). ' +
      "`color` defaults to the creator's colour.",
  })
  @ApiCreatedResponse({ type: EventDto })
  @ApiProblems(400)
  async create(@CurrentUser() user: AuthUser, @Body() dto: EventBodyDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<EventDto> {
    return tagged(reply, await this.calendar.create(user, dto));
  }

  @Get('events/:eventId')
  @ApiOperation({ summary: 'An event with its exceptions and exclusions', description: 'ETag: its version. A private event exists only for its creator.' })
  @ApiOkResponse({ type: EventDto })
  @ApiProblems(400, 404)
  async get(@CurrentUser() user: AuthUser, @UuidParam('eventId') eventId: string, @Res({ passthrough: true }) reply: FastifyReply): Promise<EventDto> {
    return tagged(reply, await this.calendar.get(user, eventId));
  }

  @Put('events/:eventId')
  @ApiOperation({ summary: 'Replace an event', description: 'The whole event. With `If-Match`, a stale version is 412 with the current event.' })
  @ApiIfMatch()
  @ApiOkResponse({ type: EventDto })
  @ApiProblems(400, 404, 412)
  async update(
    @CurrentUser() user: AuthUser,
    @UuidParam('eventId') eventId: string,
    @Body() dto: EventBodyDto,
    @IfMatch() ifMatch: number | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<EventDto> {
    return tagged(reply, await this.calendar.update(user, eventId, dto, ifMatch));
  }

  @Delete('events/:eventId')
  @HttpCode(204)
  @ApiOperation({ summary: 'Delete an event (every occurrence)' })
  @ApiIfMatch()
  @ApiNoContentResponse()
  @ApiProblems(400, 404, 412)
  async remove(@CurrentUser() user: AuthUser, @UuidParam('eventId') eventId: string, @IfMatch() ifMatch: number | undefined): Promise<void> {
    await this.calendar.remove(user, eventId, ifMatch);
  }

  @Put('events/:eventId/occurrences/:originalStart')
  @ApiOperation({
    summary: 'Change one occurrence of a series',
    description: "An exception with its own fields (RFC 5545 RECURRENCE-ID); omitted fields keep the series'. Answers the event.",
  })
  @ORIGINAL_START
  @ApiIfMatch()
  @ApiOkResponse({ type: EventDto })
  @ApiProblems(400, 404, 412)
  async updateOccurrence(
    @CurrentUser() user: AuthUser,
    @UuidParam('eventId') eventId: string,
    @Param('originalStart') originalStart: string,
    @Body() dto: OccurrenceBodyDto,
    @IfMatch() ifMatch: number | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<EventDto> {
    return tagged(reply, await this.calendar.updateOccurrence(user, eventId, originalStart, dto, ifMatch));
  }

  @Delete('events/:eventId/occurrences/:originalStart')
  @ApiOperation({ summary: 'Delete one occurrence of a series', description: 'RFC 5545 EXDATE. Answers the event.' })
  @ORIGINAL_START
  @ApiIfMatch()
  @ApiOkResponse({ type: EventDto })
  @ApiProblems(400, 404, 412)
  async removeOccurrence(
    @CurrentUser() user: AuthUser,
    @UuidParam('eventId') eventId: string,
    @Param('originalStart') originalStart: string,
    @IfMatch() ifMatch: number | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<EventDto> {
    return tagged(reply, await this.calendar.removeOccurrence(user, eventId, originalStart, ifMatch));
  }

  @Post('events/:eventId/occurrences/:originalStart/restore')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Give one occurrence back to its series',
    description: "A deleted occurrence (EXDATE) comes back, a changed one (RECURRENCE-ID) goes back to the series' own time and fields. Answers the event.",
  })
  @ORIGINAL_START
  @ApiIfMatch()
  @ApiOkResponse({ type: EventDto })
  @ApiProblems(400, 404, 412)
  async restoreOccurrence(
    @CurrentUser() user: AuthUser,
    @UuidParam('eventId') eventId: string,
    @Param('originalStart') originalStart: string,
    @IfMatch() ifMatch: number | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<EventDto> {
    return tagged(reply, await this.calendar.restoreOccurrence(user, eventId, originalStart, ifMatch));
  }

  @Post('events/:eventId/split')
  @ApiOperation({
    summary: 'This and all following occurrences',
    description: 'Ends the series before the occurrence `from` and answers the new series that starts there (a new event with the same fields and rule).',
  })
  @ApiIfMatch()
  @ApiCreatedResponse({ type: EventDto })
  @ApiProblems(400, 404, 412)
  async split(
    @CurrentUser() user: AuthUser,
    @UuidParam('eventId') eventId: string,
    @Body() dto: SplitBodyDto,
    @IfMatch() ifMatch: number | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<EventDto> {
    return tagged(reply, await this.calendar.split(user, eventId, dto.from, ifMatch));
  }
}

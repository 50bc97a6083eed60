import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiConsumes, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../../../common/auth/auth-user';
import { CurrentUser, RequireModule } from '../../../common/auth/decorators';
import { AppError } from '../../../common/errors/app-error';
import { ApiProblems } from '../../../common/http/api-problems';
import { UuidParam } from '../../../common/validation/uuid-param';
import { CalendarImportDto, CalendarImportResultDto, CommitCalendarImportDto } from './calendar-import.dto';
import { CalendarImportsService } from './calendar-imports.service';

@ApiTags('Calendar')
@ApiBearerAuth()
@ApiProblems(401, 403)
@RequireModule('Calendar')
@Controller('calendar/imports')
export class CalendarImportsController {
  constructor(private readonly imports: CalendarImportsService) {}

  @Post()
  @ApiOperation({
    summary: 'Preview an ICS file for import; kept 24 h for its commit',
    description:
      'The file is the raw `text/calendar` body (at most 5 MiB, 2 000 events). Each event is previewed as `create`, or `update` when ' +
      'an event with its UID was imported (or made) before. VEVENTs that cannot be read are listed in `skipped`. A body that is not ' +
      'iCalendar is 400 ICS_INVALID; another content type 415.',
  })
  @ApiConsumes('text/calendar')
  @ApiBody({ schema: { type: 'string' } })
  @ApiCreatedResponse({ type: CalendarImportDto })
  @ApiProblems(400, 413, 415)
  preview(@CurrentUser() user: AuthUser, @Body() body: unknown): Promise<CalendarImportDto> {
    if (typeof body !== 'string') throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the file as the raw body with the content type text/calendar');
    return this.imports.preview(user, body);
  }

  @Post(':importId/commit')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Import the previewed events',
    description:
      'Each event is made, or the event with its UID updated (never duplicated: committing again updates the same events). An event ' +
      'the calendar refuses (a rule it does not take, for instance) is listed in `failed`; the others are imported.',
  })
  @ApiOkResponse({ type: CalendarImportResultDto })
  @ApiProblems(400, 404)
  commit(@CurrentUser() user: AuthUser, @UuidParam('importId') id: string, @Body() dto: CommitCalendarImportDto): Promise<CalendarImportResultDto> {
    return this.imports.commit(user, id, dto);
  }
}

import { Body, Controller, Delete, Put, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { AuthUser } from '../../common/auth/auth-user';
import { CurrentUser, RequireModule } from '../../common/auth/decorators';
import { ApiProblems } from '../../common/http/api-problems';
import { UuidParam } from '../../common/validation/uuid-param';
import { NoteDto } from './dto/note.dto';
import { SetNoteReminderDto } from './dto/note-reminder.dto';
import { NoteRemindersService } from './note-reminders.service';
import { tagged } from './notes.controller';

@ApiTags('Notes')
@ApiBearerAuth()
@ApiProblems(401, 403)
@RequireModule('Notes')
@Controller('notes/:noteId/reminder')
export class NoteRemindersController {
  constructor(private readonly reminders: NoteRemindersService) {}

  @Put()
  @ApiOperation({
    summary: "Set the note's reminder",
    description:
      'Replaces any reminder the note had. Repeats keep the wall-clock time of `timeZone` across daylight-saving changes; a monthly or ' +
      'yearly repeat on a day the month lacks falls on its last day. A one-off `at` in the past is 400 REMINDER_IN_PAST. ' +
      'A note whose items are all completed does not remind (a repeating reminder moves on). A private note reminds only its creator; ' +
      'recipients outside the group are 400 UNKNOWN_RECIPIENT.',
  })
  @ApiOkResponse({ type: NoteDto })
  @ApiProblems(400, 404)
  async set(
    @CurrentUser() user: AuthUser,
    @UuidParam('noteId') noteId: string,
    @Body() dto: SetNoteReminderDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<NoteDto> {
    return tagged(reply, await this.reminders.set(user, noteId, dto));
  }

  @Delete()
  @ApiOperation({ summary: "Remove the note's reminder", description: 'Answers the note; a note without a reminder is answered as it is.' })
  @ApiOkResponse({ type: NoteDto })
  @ApiProblems(400, 404)
  async remove(@CurrentUser() user: AuthUser, @UuidParam('noteId') noteId: string, @Res({ passthrough: true }) reply: FastifyReply): Promise<NoteDto> {
    return tagged(reply, await this.reminders.remove(user, noteId));
  }
}

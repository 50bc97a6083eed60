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
    summary: "Set the caller's own reminder on the note",
    description:
      "Each member has their own reminder on a note: this replaces the caller's own (another member's stays as it is). " +
      'Repeats keep the wall-clock time of `timeZone` across daylight-saving changes; a monthly or ' +
      'yearly repeat on a day the month lacks falls on its last day. A one-off `at` in the past is 400 REMINDER_IN_PAST. ' +
      'A note whose items are all completed does not remind (a repeating reminder moves on). A private note reminds only its creator; ' +
      "recipients outside the group are 404. Answers the note with `reminder` (the caller's own) and `reminders` (those the caller sees).",
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
  @ApiOperation({
    summary: "Remove the caller's own reminder on the note",
    description: "Other members' reminders stay. Answers the note; without a reminder of the caller's the note is answered as it is.",
  })
  @ApiOkResponse({ type: NoteDto })
  @ApiProblems(400, 404)
  async remove(@CurrentUser() user: AuthUser, @UuidParam('noteId') noteId: string, @Res({ passthrough: true }) reply: FastifyReply): Promise<NoteDto> {
    return tagged(reply, await this.reminders.remove(user, noteId));
  }
}

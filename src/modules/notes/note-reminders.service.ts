import { Injectable } from '@nestjs/common';
import type { AuthUser } from '../../common/auth/auth-user';
import { Clock } from '../../common/clock/clock';
import { AppError } from '../../common/errors/app-error';
import { newId } from '../../database/base.entity';
import { UnitOfWork } from '../../database/transaction';
import { NotificationSettingsService } from '../notifications/notification-settings.service';
import { ReminderScheduler } from '../notifications/reminder-scheduler.service';
import { UsersRepository } from '../users/users.repository';
import { NoteDto, toNoteDto } from './dto/note.dto';
import { ShoppingService } from './shopping/shopping.service';
import { SetNoteReminderDto } from './dto/note-reminder.dto';
import { Note } from './entities/note.entity';
import { NOTE_REMINDER_SOURCE } from './note-reminder.source';
import { firstIndexFrom, localStart, ReminderRule } from './note-reminder-rule';
import { toRemindersView } from './note-reminder-view';
import { NoteRemindersRepository } from './note-reminders.repository';
import { NotesRepository } from './notes.repository';

/**
 * A member's own reminder on a note: when (a wall-clock time in a zone, repeating or not) and whom.
 * Each member has their own; setting one replaces only the caller's last (with a new id, so none of
 * its occurrences is sent again or lost) and puts it into the scheduler; the scheduler then asks
 * NoteReminderSource what is due. Another member's reminder is never changed or removed.
 */
@Injectable()
export class NoteRemindersService {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly notes: NotesRepository,
    private readonly reminders: NoteRemindersRepository,
    private readonly users: UsersRepository,
    private readonly settings: NotificationSettingsService,
    private readonly scheduler: ReminderScheduler,
    private readonly clock: Clock,
    private readonly shopping: ShoppingService,
  ) {}

  set(user: AuthUser, noteId: string, dto: SetNoteReminderDto): Promise<NoteDto> {
    return this.unitOfWork.run(async () => {
      const note = await this.notes.findVisibleNote(user, noteId, true);
      const setterZone = (await this.settings.of(user.userId)).timeZone;
      const zone = dto.timeZone ?? null;
      const startLocal = localStart(dto.at, zone ?? setterZone);
      if (!startLocal) throw AppError.invalidField('at', 'at must be a valid date and time');
      const rule: ReminderRule = {
        startLocal,
        frequency: dto.repeat?.frequency ?? null,
        interval: dto.repeat?.interval ?? 1,
        until: dto.repeat?.until ?? null,
      };
      if (rule.frequency && rule.until && rule.until < startLocal.slice(0, 10))
        throw AppError.invalidField('repeat.until', 'repeat.until must not be before at');
      const now = this.clock.now();
      const nextIndex = firstIndexFrom(rule, zone ?? setterZone, now);
      if (nextIndex === null) {
        throw AppError.badRequest('REMINDER_IN_PAST', rule.frequency ? 'Every occurrence of this reminder is in the past' : 'The reminder time is in the past');
      }
      const { recipients, recipientIds } = await this.whom(user, note, dto.recipients ?? 'me');
      const previous = await this.reminders.remove(note.id, user.userId);
      if (previous) await this.scheduler.unschedule(NOTE_REMINDER_SOURCE, previous);
      // counted without the reminder it replaces
      await this.scheduler.assertRoomFor(user.userId);
      const row = await this.reminders.insert({
        id: newId(),
        note_id: note.id,
        group_id: note.groupId,
        start_local: rule.startLocal,
        time_zone: zone,
        setter_time_zone: setterZone,
        frequency: rule.frequency,
        interval: rule.interval,
        until: rule.frequency ? rule.until : null,
        recipients,
        recipient_ids: recipientIds,
        set_by: user.userId,
        set_date: now,
        next_index: nextIndex,
      });
      // the scheduler works out when each recipient is due at its next look
      await this.scheduler.schedule(NOTE_REMINDER_SOURCE, row.id, now);
      return this.answer(user, note, now);
    });
  }

  remove(user: AuthUser, noteId: string): Promise<NoteDto> {
    return this.unitOfWork.run(async () => {
      const note = await this.notes.findVisibleNote(user, noteId, true);
      const previous = await this.reminders.remove(note.id, user.userId);
      if (previous) await this.scheduler.unschedule(NOTE_REMINDER_SOURCE, previous);
      return this.answer(user, note, this.clock.now());
    });
  }

  /** The note with the reminders the caller sees on it. */
  private async answer(user: AuthUser, note: Note, now: Date): Promise<NoteDto> {
    return toNoteDto(
      note,
      await this.notes.itemsOf(note),
      toRemindersView(await this.reminders.seenOnNote(note.id, user.userId), user.userId, now),
      await this.shopping.tripOf(note.groupId, note.id),
    );
  }

  /** A private note reminds only its creator (the only one who can see it); listed users must be Active members of the group. */
  private async whom(user: AuthUser, note: Note, recipients: 'me' | 'group' | string[]): Promise<{ recipients: string; recipientIds: string[] }> {
    if (note.isPrivate || recipients === 'me') return { recipients: 'me', recipientIds: [] };
    if (recipients === 'group') return { recipients: 'group', recipientIds: [] };
    const ids = [...new Set(recipients)];
    const found = await this.users.findRecipients(ids);
    const members = new Set(found.filter((row) => row.group_id === user.groupId).map((row) => row.id));
    const unknown = ids.filter((id) => !members.has(id));
    if (unknown.length) throw AppError.notFound('User');
    return { recipients: 'users', recipientIds: ids };
  }
}

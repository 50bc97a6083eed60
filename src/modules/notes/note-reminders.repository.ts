import { Injectable } from '@nestjs/common';
import { Sql } from '../../database/sql';
import {
  NOTE_REMINDER_DELETE,
  NOTE_REMINDER_INSERT,
  NOTE_REMINDER_OF_NOTE,
  NOTE_REMINDERS_LOCK_DUE,
  NOTE_REMINDERS_MOVE,
  NOTE_REMINDERS_OF_GROUP,
  NOTE_REMINDERS_ACTIVE_OF_SETTER,
  NOTE_REMINDERS_OF_RECIPIENT,
  NoteReminderRow,
} from './note-reminders.sql';

export interface DueNoteReminderRow extends NoteReminderRow {
  title: string;
  is_private: boolean;
  created_by: string | null;
  item_count: number;
  open_count: number;
  module_on: boolean;
}

/** The SQL of `note_reminders` (note-reminders.sql.ts). */
@Injectable()
export class NoteRemindersRepository {
  constructor(private readonly sql: Sql) {}

  async ofNote(noteId: string): Promise<NoteReminderRow | undefined> {
    const [row] = await this.sql.rows<NoteReminderRow>(NOTE_REMINDER_OF_NOTE, [noteId]);
    return row;
  }

  async ofGroup(groupId: string): Promise<Map<string, NoteReminderRow>> {
    const rows = await this.sql.rows<NoteReminderRow>(NOTE_REMINDERS_OF_GROUP, [groupId]);
    return new Map(rows.map((row) => [row.note_id, row]));
  }

  /** In the unit of work: removes the note's reminder; its id when it had one. */
  async remove(noteId: string): Promise<string | undefined> {
    const [row] = await this.sql.rows<{ id: string }>(NOTE_REMINDER_DELETE, [noteId]);
    return row?.id;
  }

  async insert(r: Omit<NoteReminderRow, 'set_date'> & { set_date: Date }): Promise<NoteReminderRow> {
    const [row] = await this.sql.rows<NoteReminderRow>(NOTE_REMINDER_INSERT, [
      r.id,
      r.note_id,
      r.group_id,
      r.start_local,
      r.time_zone,
      r.setter_time_zone,
      r.frequency,
      r.interval,
      r.until,
      r.recipients,
      r.recipient_ids,
      r.set_by,
      r.set_date,
      r.next_index,
    ]);
    return row;
  }

  /** How many reminders with occurrences left `userId` set. */
  async activeSetBy(userId: string): Promise<number> {
    const [row] = await this.sql.rows<{ n: number }>(NOTE_REMINDERS_ACTIVE_OF_SETTER, [userId]);
    return row.n;
  }

  /** The ids of the reminders that may remind `userId` (the same rule as the scheduler's: see NOTE_REMINDERS_OF_RECIPIENT). */
  async remindingUser(userId: string): Promise<string[]> {
    return (await this.sql.rows<{ id: string }>(NOTE_REMINDERS_OF_RECIPIENT, [userId])).map((row) => row.id);
  }

  lockDue(ids: string[]): Promise<DueNoteReminderRow[]> {
    return this.sql.rows<DueNoteReminderRow>(NOTE_REMINDERS_LOCK_DUE, [ids]);
  }

  async moveCursors(cursors: { id: string; nextIndex: number | null }[]): Promise<void> {
    if (!cursors.length) return;
    await this.sql.rows(NOTE_REMINDERS_MOVE, [cursors.map((c) => c.id), cursors.map((c) => c.nextIndex)]);
  }
}

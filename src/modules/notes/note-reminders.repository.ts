import { Injectable } from '@nestjs/common';
import { Sql } from '../../database/sql';
import {
  NOTE_REMINDER_DELETE,
  NOTE_REMINDER_INSERT,
  NOTE_REMINDERS_LOCK_DUE,
  NOTE_REMINDERS_MOVE,
  NOTE_REMINDERS_SEEN_IN_GROUP,
  NOTE_REMINDERS_SEEN_ON_NOTE,
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

  /** The reminders of the note that `userId` sees (their own first). */
  seenOnNote(noteId: string, userId: string): Promise<NoteReminderRow[]> {
    return this.sql.rows<NoteReminderRow>(NOTE_REMINDERS_SEEN_ON_NOTE, [noteId, userId]);
  }

  /** The reminders of the group's notes that `userId` sees, by note (their own first). */
  async seenInGroup(groupId: string, userId: string): Promise<Map<string, NoteReminderRow[]>> {
    const byNote = new Map<string, NoteReminderRow[]>();
    for (const row of await this.sql.rows<NoteReminderRow>(NOTE_REMINDERS_SEEN_IN_GROUP, [groupId, userId])) {
      const rows = byNote.get(row.note_id);
      if (rows) rows.push(row);
      else byNote.set(row.note_id, [row]);
    }
    return byNote;
  }

  /** In the unit of work: removes `userId`'s own reminder of the note; its id when they had one. */
  async remove(noteId: string, userId: string): Promise<string | undefined> {
    const [row] = await this.sql.rows<{ id: string }>(NOTE_REMINDER_DELETE, [noteId, userId]);
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

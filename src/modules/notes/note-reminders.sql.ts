import { statement } from '../../database/sql';

/*
 * The statements of `note_reminders` (NoteRemindersRepository): the reminders a member sees on a
 * note for its responses, replacing and removing the member's own, and the scheduler's read of due reminders with what it
 * needs of their notes. Written with these statements, not save(): a reminder is not part of the
 * note's history.
 */

const REMINDER_COLUMNS = `r.id, r.note_id, r.group_id, r.start_local, r.time_zone, r.setter_time_zone, r.frequency, r.interval,
       r.until::text AS until, r.recipients, r.recipient_ids, r.set_by, r.set_date, r.next_index`;

/** A row of REMINDER_COLUMNS. */
export interface NoteReminderRow {
  id: string;
  note_id: string;
  group_id: string;
  start_local: string;
  time_zone: string | null;
  setter_time_zone: string;
  frequency: string | null;
  interval: number;
  until: string | null;
  recipients: string;
  recipient_ids: string[];
  set_by: string | null;
  set_date: Date;
  next_index: number | null;
}

/**
 * Whom the reminder r shows to: the user $2 sees their own and those that name them or the group
 * (a "me" reminder is seen by its setter only).
 */
const SEEN_BY = `(r.set_by = $2 OR r.recipients = 'group' OR (r.recipients = 'users' AND $2 = ANY(r.recipient_ids)))`;

/** The reminders of the note $1 the user $2 sees: their own first, then by when they were set. */
export const NOTE_REMINDERS_SEEN_ON_NOTE = statement(
  'note_reminders_seen_on_note',
  `SELECT ${REMINDER_COLUMNS} FROM note_reminders r WHERE r.note_id = $1 AND ${SEEN_BY} ORDER BY r.set_by = $2 DESC, r.set_date, r.id`,
);

/** The reminders of the group $1's notes the user $2 sees (GET /notes attaches them to the notes it answers), in the order above. */
export const NOTE_REMINDERS_SEEN_IN_GROUP = statement(
  'note_reminders_seen_in_group',
  `SELECT ${REMINDER_COLUMNS} FROM note_reminders r WHERE r.group_id = $1 AND ${SEEN_BY} ORDER BY r.set_by = $2 DESC, r.set_date, r.id`,
);

/** Removes the user $2's own reminder of the note $1; the removed reminder's id. */
export const NOTE_REMINDER_DELETE = statement('note_reminder_delete', 'DELETE FROM note_reminders WHERE note_id = $1 AND set_by = $2 RETURNING id');

/** Inserts a member's reminder of a note (they have none there: the caller removed it first, holding the note's lock). */
export const NOTE_REMINDER_INSERT = statement(
  'note_reminder_insert',
  `INSERT INTO note_reminders AS r (id, note_id, group_id, start_local, time_zone, setter_time_zone, frequency, interval, until,
                               recipients, recipient_ids, set_by, set_date, next_index)
   VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
   RETURNING ${REMINDER_COLUMNS}`,
);

/**
 * The scheduler's read: the reminders $1, locked, with their note's title, privacy and creator,
 * how many items it has and how many are still open (a note whose items are all done reminds
 * nobody), and whether the group has the Notes module (without it, nobody is reminded).
 */
export const NOTE_REMINDERS_LOCK_DUE = statement(
  'note_reminders_lock_due',
  `SELECT ${REMINDER_COLUMNS}, n.title, n.is_private, n.created_by,
          (SELECT count(*)::int FROM note_items i WHERE i.note_id = n.id) AS item_count,
          (SELECT count(*)::int FROM note_items i WHERE i.note_id = n.id AND NOT i.is_completed) AS open_count,
          ('Notes' = ANY(g.modules)) AS module_on
     FROM note_reminders r JOIN notes n ON n.id = r.note_id JOIN groups g ON g.id = r.group_id
    WHERE r.id = ANY($1::uuid[])
      FOR UPDATE OF r`,
);

/**
 * The ids of the reminders with occurrences left that may remind the user $1 (a member of their
 * group): a private note's reminds its creator; "group" every member; "users" those listed; "me"
 * the one who set it.
 */
export const NOTE_REMINDERS_OF_RECIPIENT = statement(
  'note_reminders_of_recipient',
  `SELECT r.id FROM note_reminders r JOIN notes n ON n.id = r.note_id JOIN users u ON u.id = $1 AND u.group_id = r.group_id
    WHERE r.next_index IS NOT NULL
      AND CASE WHEN n.is_private THEN n.created_by = $1
               WHEN r.recipients = 'group' THEN true
               WHEN r.recipients = 'users' THEN $1 = ANY(r.recipient_ids)
               ELSE r.set_by = $1 END`,
);

/** How many reminders with occurrences left the user $1 set (ix_note_reminders_set_by). */
export const NOTE_REMINDERS_ACTIVE_OF_SETTER = statement(
  'note_reminders_active_of_setter',
  'SELECT count(*)::int AS n FROM note_reminders WHERE set_by = $1 AND next_index IS NOT NULL',
);

/** Moves the cursors of reminders ($1 ids) to $2 (null: none left). */
export const NOTE_REMINDERS_MOVE = statement(
  'note_reminders_move',
  'UPDATE note_reminders r SET next_index = d.next_index FROM unnest($1::uuid[], $2::int[]) AS d(id, next_index) WHERE r.id = d.id',
);

/**
 * The calendar's reminders layer: the reminders with occurrences left that the user $2 sees in the
 * group $1 (SEEN_BY), on notes they may see, with each note's title.
 */
export const NOTE_REMINDERS_FOR_CALENDAR = statement(
  'note_reminders_for_calendar',
  `SELECT ${REMINDER_COLUMNS}, n.title
     FROM note_reminders r JOIN notes n ON n.id = r.note_id
    WHERE r.group_id = $1 AND r.next_index IS NOT NULL AND (NOT n.is_private OR n.created_by = $2) AND ${SEEN_BY}
    ORDER BY r.id`,
);

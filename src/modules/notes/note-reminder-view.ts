import { DateTime } from 'luxon';
import type { NoteRemindersView } from './dto/note.dto';
import type { NoteReminderDto, ReminderFrequency, ReminderRecipients } from './dto/note-reminder.dto';
import type { NoteReminderRow } from './note-reminders.sql';
import { firstIndexFrom, occurrenceIn, ReminderRule } from './note-reminder-rule';

export function ruleOf(row: NoteReminderRow): ReminderRule {
  return { startLocal: row.start_local, frequency: row.frequency as ReminderFrequency | null, interval: row.interval, until: row.until };
}

/** The zone `at` and `nextAt` are shown in: the reminder's own, or the setter's when it follows each recipient's. */
export const displayZone = (row: NoteReminderRow) => row.time_zone ?? row.setter_time_zone;

const iso = (at: DateTime) => at.toISO({ suppressMilliseconds: true })!;

/** A note's reminder as the note carries it; `nextAt` is the next occurrence from `now` on. */
export function toReminderDto(row: NoteReminderRow, now: Date): NoteReminderDto {
  const rule = ruleOf(row);
  const zone = displayZone(row);
  const fromNow = row.next_index === null ? null : firstIndexFrom(rule, zone, now);
  const next = row.next_index === null || fromNow === null ? null : occurrenceIn(rule, Math.max(row.next_index, fromNow), zone);
  return {
    at: iso(occurrenceIn({ ...rule, until: null }, 0, zone)!),
    repeat: rule.frequency ? { frequency: rule.frequency, interval: rule.interval, until: rule.until } : null,
    timeZone: row.time_zone,
    recipients: (row.recipients === 'users' ? row.recipient_ids : row.recipients) as ReminderRecipients,
    nextAt: next ? iso(next) : null,
  };
}

/** The reminders `rows` (those `userId` sees on one note) as the note carries them: the caller's own as `reminder`, all as `reminders`. */
export function toRemindersView(rows: NoteReminderRow[], userId: string, now: Date): NoteRemindersView {
  let reminder: NoteReminderDto | null = null;
  const reminders = rows.map((row) => {
    const dto = toReminderDto(row, now);
    if (row.set_by === userId) reminder = dto;
    return { ...dto, setBy: row.set_by };
  });
  return { reminder, reminders };
}

import { Injectable } from '@nestjs/common';
import type { SeriesTimes } from '../../../domain/calendar';
import { calendarRules } from './calendar-rules';
import { Sql } from '../../database/sql';
import { notificationBody, notificationTitle } from '../notifications/notification-text';
import type { Recipient, RecipientBatch } from '../notifications/recipients';
import type { DueReminder, ReminderOccurrence, ReminderSource } from '../notifications/reminder-source';
import {
  CALENDAR_EXCEPTIONS_OF_EVENTS,
  CALENDAR_REMINDERS_LOCK_DUE,
  CALENDAR_REMINDERS_MOVE,
  CALENDAR_REMINDERS_OF_RECIPIENT,
  DueEventRow,
  ExceptionRow,
} from './calendar.sql';

export const EVENT_REMINDER_SOURCE = 'EventReminder';
const MINUTE_MS = 60_000;

/** A reminder cursor: the last (time, minutesBefore) handled. */
interface Cursor {
  at: number;
  minutes: number;
}

export function cursorText(cursor: Cursor): string {
  return `${calendarRules().formatInstant(new Date(cursor.at))}|${cursor.minutes}`;
}

function parseCursor(text: string): Cursor {
  const [at, minutes] = text.split('|');
  return { at: Date.parse(at), minutes: Number(minutes) };
}

const after = (a: Cursor, b: Cursor) => a.at > b.at || (a.at === b.at && a.minutes > b.minutes);

/** One reminder of one occurrence: when, of which occurrence (its key and its start, moved or not). */
interface Pending extends Cursor {
  key: string;
  start: string;
  allDay: boolean;
}

/**
 * Events' reminders for the scheduler (`reminders: [{minutesBefore}]`): each occurrence reminds its
 * attendees (the group's members or the listed ones; a private event only its creator) that many
 * minutes before it starts (an all-day occurrence: before the start of its date in the event's
 * zone), each (occurrence, minutesBefore, attendee) exactly once: the notification's key names the
 * occurrence and the minutes, and the scheduler inserts each key once per recipient. A moved
 * occurrence reminds at its new time; a deleted one not at all; nobody is reminded while the group's
 * Calendar module is off (the cursor moves on).
 */
@Injectable()
export class EventReminderSource implements ReminderSource {
  readonly name = EVENT_REMINDER_SOURCE;

  constructor(private readonly sql: Sql) {}

  /** An event's notification opens the event. */
  link(entityType: string | null, entityId: string | null): string | null {
    return entityType === 'CalendarEvent' && entityId ? `/calendar/events/${entityId}` : null;
  }

  async load(ids: string[], batch: RecipientBatch): Promise<DueReminder[]> {
    const rows = await this.sql.rows<DueEventRow>(CALENDAR_REMINDERS_LOCK_DUE, [ids]);
    const exceptions = rows.some((row) => row.rrule) ? await this.sql.rows<ExceptionRow>(CALENDAR_EXCEPTIONS_OF_EVENTS, [rows.map((row) => row.id)]) : [];
    await batch.load(
      rows.flatMap((row) => [row.created_by, ...(row.attendee_ids ?? [])].filter((id): id is string => !!id)),
      rows.filter((row) => row.attendee_ids === null && !row.is_private).map((row) => row.group_id),
    );
    return rows.map(
      (row) =>
        new DueEventReminder(
          row,
          exceptions.filter((x) => x.event_id === row.id),
          batch,
        ),
    );
  }

  async save(reminders: DueReminder[]): Promise<void> {
    const due = reminders as DueEventReminder[];
    if (due.length) await this.sql.rows(CALENDAR_REMINDERS_MOVE, [due.map((r) => r.id), due.map((r) => r.cursorText())]);
  }

  /** Event reminders are the event's, not a person's: they do not count towards a member's reminder limit. */
  activeOf(): Promise<number> {
    return Promise.resolve(0);
  }

  async remindersOf(userId: string): Promise<string[]> {
    return (await this.sql.rows<{ id: string }>(CALENDAR_REMINDERS_OF_RECIPIENT, [userId])).map((row) => row.id);
  }
}

class DueEventReminder implements DueReminder {
  readonly id: string;
  private cursor: Cursor | null;
  private pending: Pending | null | undefined;

  constructor(
    private readonly row: DueEventRow,
    private readonly exceptions: ExceptionRow[],
    private readonly batch: RecipientBatch,
  ) {
    this.id = row.id;
    this.cursor = row.reminder_cursor ? parseCursor(row.reminder_cursor) : null;
  }

  cursorText(): string | null {
    return this.cursor ? cursorText(this.cursor) : null;
  }

  private whom(): Recipient[] {
    const { row, batch } = this;
    const inGroup = (r: Recipient | undefined): r is Recipient => !!r && r.groupId === row.group_id;
    if (row.is_private) return [batch.user(row.created_by ?? '')].filter(inGroup);
    if (row.attendee_ids === null) return batch.membersOf(row.group_id);
    return row.attendee_ids.map((id) => batch.user(id)).filter(inGroup);
  }

  /** The first reminder after the cursor, over every minutesBefore; null when none is left. */
  private next(): Pending | null {
    if (this.pending !== undefined) return this.pending;
    const cursor = this.cursor;
    if (!cursor) return (this.pending = null);
    const { row } = this;
    const times: SeriesTimes = {
      allDay: row.all_day,
      start: row.start_value,
      end: row.end_value,
      timeZone: row.time_zone,
      rrule: row.rrule,
      exdates: row.exdates,
    };
    const moved = new Map(this.exceptions.map((x) => [x.original_start, x.start_value]));
    const startOf = (start: string) => (row.all_day ? calendarRules().startOfDate(start, row.time_zone).getTime() : Date.parse(start));
    let best: Pending | null = null;
    for (const minutes of row.reminders) {
      // the occurrences whose reminder of `minutes` comes after the cursor (a moved one: a few earlier ones too)
      const from = new Date(cursor.at + minutes * MINUTE_MS - 7 * 86_400_000);
      for (const o of calendarRules().occurrencesFrom(times, from, 12)) {
        const start = moved.get(o.key) ?? o.start;
        const candidate: Pending = { at: startOf(start) - minutes * MINUTE_MS, minutes, key: o.key, start, allDay: row.all_day };
        if (!after(candidate, cursor)) continue;
        if (!best || after(best, candidate)) best = candidate;
        break;
      }
    }
    return (this.pending = best);
  }

  current(): ReminderOccurrence | null {
    const next = this.next();
    if (!next) return null;
    const { row } = this;
    return {
      key: `event-reminder:${row.id}:${next.key}:${next.minutes}`,
      kind: 'EventReminder',
      entityType: 'CalendarEvent',
      entityId: row.id,
      earliest: new Date(next.at),
      recipients: this.whom().map((recipient) => ({ recipient, at: new Date(next.at) })),
      fires: () => row.module_on,
      text: (recipient) => ({
        title: notificationTitle(recipient.locale, 'notifications.eventReminder.title', { title: row.title }, ['title']),
        body: notificationBody(recipient.locale, 'notifications.eventReminder.body', { title: row.title, when: whenText(next, row.time_zone, recipient) }, [
          'title',
        ]),
      }),
    };
  }

  advance(): void {
    const next = this.next();
    if (!next) return;
    this.cursor = { at: next.at, minutes: next.minutes };
    this.pending = undefined;
  }
}

/** When the occurrence starts, in the recipient's language and zone ("Sat, 3 Oct, 10:00"; all-day: the date). */
function whenText(next: Pending, eventZone: string, recipient: Recipient): string {
  if (next.allDay) {
    return new Intl.DateTimeFormat(recipient.locale, { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short' }).format(
      new Date(`${next.start}T00:00:00Z`),
    );
  }
  const zone = recipient.settings.timeZone || eventZone;
  return new Intl.DateTimeFormat(recipient.locale, {
    timeZone: zone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(next.start));
}

import { Injectable } from '@nestjs/common';
import { calendarRules } from '../calendar/calendar-rules';
import { Sql } from '../../database/sql';
import type { CalendarLayerSource, LayerOccurrence, LayerRequest } from '../calendar/calendar-layers';
import { firstIndexFrom, occurrenceIn } from './note-reminder-rule';
import { ruleOf } from './note-reminder-view';
import { NOTE_REMINDERS_FOR_CALENDAR, NoteReminderRow } from './note-reminders.sql';

/** At most this many occurrences of one reminder in one answer. */
const MAX_PER_REMINDER = 400;
const REMINDER_COLOR = '#F59E0B';

/**
 * The calendar's reminders layer: the occurrences of the note reminders the caller sees (their own,
 * the group's, those naming them), at the reminder's time (a reminder that follows each recipient's
 * zone: in the caller's), as moments (start = end). The title is the note's.
 */
@Injectable()
export class NoteRemindersCalendarLayer implements CalendarLayerSource {
  readonly layer = 'reminders' as const;
  readonly source = 'reminder' as const;
  readonly module = 'Notes' as const;

  constructor(private readonly sql: Sql) {}

  async occurrences({ user, window, timeZone }: LayerRequest): Promise<LayerOccurrence[]> {
    const rows = await this.sql.rows<NoteReminderRow & { title: string }>(NOTE_REMINDERS_FOR_CALENDAR, [user.groupId, user.userId]);
    const out: LayerOccurrence[] = [];
    for (const row of rows) {
      const rule = ruleOf(row);
      const zone = row.time_zone ?? timeZone;
      const first = firstIndexFrom(rule, zone, window.from);
      if (first === null) continue;
      const attendees = row.recipients === 'group' ? 'group' : row.recipients === 'users' ? row.recipient_ids : row.set_by ? [row.set_by] : [];
      for (let n = first; n < first + MAX_PER_REMINDER; n++) {
        const at = occurrenceIn(rule, n, zone);
        if (!at || at.toMillis() >= window.to.getTime()) break;
        const start = calendarRules().formatInstant(at.toJSDate());
        out.push({
          entityId: row.note_id,
          occurrenceId: `reminder/${row.id}/${n}`,
          title: row.title,
          start,
          end: start,
          allDay: false,
          timeZone: zone,
          color: REMINDER_COLOR,
          attendees,
        });
      }
    }
    return out;
  }
}

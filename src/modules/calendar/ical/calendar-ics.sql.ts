import { statement } from '../../../database/sql';
import type { EventRangeRow } from '../calendar.sql';

/*
 * The calendar's reads for iCalendar (feeds, CalDAV, exports): whole events with their exceptions,
 * under the private-event rule (the user $2 sees the group $1's events and their own private ones).
 */

/** An event as the range reads give it (calendar.sql.ts), with what iCalendar writes besides. */
export interface IcsEventRow extends EventRangeRow {
  description: string | null;
  reminders: number[];
  version: number;
  created_date: Date;
  updated_date: Date;
}

export interface IcsExceptionRow {
  event_id: string;
  original_start: string;
  title: string;
  description: string | null;
  location: string | null;
  start_value: string;
  end_value: string;
}

const COLUMNS = `e.id, e.uid, e.title, e.description, e.location, e.all_day, e.start_value, e.end_value, e.time_zone, e.rrule, e.exdates,
       e.attendee_ids, e.color, e.is_private, e.reminders, e.created_by, e.version, e.created_date, e.updated_date`;
const VISIBLE = `e.group_id = $1 AND (NOT e.is_private OR e.created_by = $2)`;

/** Every event the user sees; with $3 true only theirs (made by them or naming them as an attendee). */
export const ICS_EVENTS_VISIBLE = statement(
  'ics_events_visible',
  `SELECT ${COLUMNS} FROM calendar_events e
    WHERE ${VISIBLE} AND (NOT $3::boolean OR e.created_by = $2 OR $2 = ANY(e.attendee_ids))
    ORDER BY e.uid`,
);

/** The events the user sees among the UIDs $3. */
export const ICS_EVENTS_BY_UID = statement(
  'ics_events_by_uid',
  `SELECT ${COLUMNS} FROM calendar_events e WHERE ${VISIBLE} AND e.uid = ANY($3::text[]) ORDER BY e.uid`,
);

/** The events the user sees among the ids $3. */
export const ICS_EVENTS_BY_ID = statement(
  'ics_events_by_id',
  `SELECT ${COLUMNS} FROM calendar_events e WHERE ${VISIBLE} AND e.id = ANY($3::uuid[]) ORDER BY e.uid`,
);

/** The user's events with an occurrence that may fall in [$3, $4) (the bounds kept on each event and its exceptions). */
export const ICS_EVENTS_IN_RANGE = statement(
  'ics_events_in_range',
  `SELECT ${COLUMNS} FROM calendar_events e
    WHERE ${VISIBLE}
      AND ((e.range_start < $4 AND (e.range_end IS NULL OR e.range_end > $3))
           OR e.id IN (SELECT x.event_id FROM calendar_event_exceptions x WHERE x.group_id = $1 AND x.range_start < $4 AND x.range_end > $3))
    ORDER BY e.uid`,
);

/** The exceptions of the events $1 (ids). */
export const ICS_EXCEPTIONS_OF_EVENTS = statement(
  'ics_exceptions_of_events',
  `SELECT x.event_id, x.original_start, x.title, x.description, x.location, x.start_value, x.end_value
     FROM calendar_event_exceptions x WHERE x.event_id = ANY($1::uuid[]) ORDER BY x.event_id, x.original_start`,
);

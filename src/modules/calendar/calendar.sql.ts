import { bySlots, SearchParams, searchMatches, searchScore } from '../../common/search/search-sql';
import { isoTimestamp, statement } from '../../database/sql';

/*
 * The statements of the calendar's tables (CalendarRepository). Writes of events go through save()
 * (the history records each); these are the reads of a range, the change log and its sync reads.
 */

/** An event row as the occurrence reads need it. */
export interface EventRangeRow {
  id: string;
  uid: string;
  title: string;
  location: string | null;
  all_day: boolean;
  start_value: string;
  end_value: string;
  time_zone: string;
  rrule: string | null;
  exdates: string[];
  attendee_ids: string[] | null;
  color: string;
  is_private: boolean;
  created_by: string | null;
}

/** An exception row. */
export interface ExceptionRow {
  event_id: string;
  original_start: string;
  title: string;
  description: string | null;
  location: string | null;
  marker_id: string | null;
  start_value: string;
  end_value: string;
  attendee_ids: string[] | null;
  color: string;
}

/** Whom the event e shows to: the user $2 sees the group's and their own private ones. */
const VISIBLE = `(NOT e.is_private OR e.created_by = $2)`;

/**
 * The events of the group $1 the user $2 sees with an occurrence (or a changed one) that may fall
 * in [$3, $4): by the bounds kept on each event and its exceptions.
 */
export const CALENDAR_EVENTS_IN_RANGE = statement(
  'calendar_events_in_range',
  `SELECT e.id, e.uid, e.title, e.location, e.all_day, e.start_value, e.end_value, e.time_zone, e.rrule, e.exdates, e.attendee_ids,
          e.color, e.is_private, e.created_by
     FROM calendar_events e
    WHERE e.group_id = $1 AND ${VISIBLE}
      AND ((e.range_start < $4 AND (e.range_end IS NULL OR e.range_end > $3))
           OR e.id IN (SELECT x.event_id FROM calendar_event_exceptions x WHERE x.group_id = $1 AND x.range_start < $4 AND x.range_end > $3))`,
);

const EXCEPTION_COLUMNS = `x.event_id, x.original_start, x.title, x.description, x.location, x.marker_id, x.start_value, x.end_value, x.attendee_ids, x.color`;

/** The exceptions of the events $1 (ids). */
export const CALENDAR_EXCEPTIONS_OF_EVENTS = statement(
  'calendar_exceptions_of_events',
  `SELECT ${EXCEPTION_COLUMNS} FROM calendar_event_exceptions x WHERE x.event_id = ANY($1::uuid[]) ORDER BY x.event_id, x.original_start`,
);

/**
 * Records a change of the event $1 (group $2, UID $3) in the change log: a new sequence number, and
 * whether it is deleted ($4) or private to its creator ($5).
 */
export const CALENDAR_CHANGE_RECORD = statement(
  'calendar_change_record',
  `INSERT INTO calendar_changes (event_id, group_id, uid, deleted, private_to) VALUES ($1, $2, $3, $4, $5)
   ON CONFLICT (event_id) DO UPDATE SET seq = nextval('calendar_change_seq'), uid = EXCLUDED.uid, deleted = EXCLUDED.deleted, private_to = EXCLUDED.private_to
   RETURNING seq::text AS seq`,
);

/** A row of the change log. */
export interface ChangeRow {
  event_id: string;
  uid: string;
  seq: string;
  deleted: boolean;
  private_to: string | null;
}

/** The changes of the group $1 after the sequence number $2, in order. */
export const CALENDAR_CHANGES_SINCE = statement(
  'calendar_changes_since',
  `SELECT c.event_id, c.uid, c.seq::text AS seq, c.deleted, c.private_to FROM calendar_changes c WHERE c.group_id = $1 AND c.seq > $2 ORDER BY c.seq`,
);

/** The group $1's latest sequence number (0 before any change): its calendar's ctag and current sync token. */
export const CALENDAR_LATEST_SEQ = statement(
  'calendar_latest_seq',
  `SELECT coalesce(max(c.seq), 0)::text AS seq FROM calendar_changes c WHERE c.group_id = $1`,
);

/** Whether $1 is a place of the group $2's map (not in the trash). */
export const CALENDAR_MARKER_IN_GROUP = statement(
  'calendar_marker_in_group',
  `SELECT 1 AS found FROM markers m WHERE m.id = $1 AND m.group_id = $2 AND m.deleted_date IS NULL`,
);

/** The scheduler's read: the events $1 with reminders, locked, and whether their group has the Calendar module. */
export const CALENDAR_REMINDERS_LOCK_DUE = statement(
  'calendar_reminders_lock_due',
  `SELECT e.id, e.group_id, e.title, e.all_day, e.start_value, e.end_value, e.time_zone, e.rrule, e.exdates, e.attendee_ids, e.is_private,
          e.created_by, e.reminders, e.reminder_cursor, ('Calendar' = ANY(g.modules)) AS module_on
     FROM calendar_events e JOIN groups g ON g.id = e.group_id
    WHERE e.id = ANY($1::uuid[]) AND cardinality(e.reminders) > 0
      FOR UPDATE OF e`,
);

/** A row of CALENDAR_REMINDERS_LOCK_DUE. */
export interface DueEventRow {
  id: string;
  group_id: string;
  title: string;
  all_day: boolean;
  start_value: string;
  end_value: string;
  time_zone: string;
  rrule: string | null;
  exdates: string[];
  attendee_ids: string[] | null;
  is_private: boolean;
  created_by: string | null;
  reminders: number[];
  reminder_cursor: string | null;
  module_on: boolean;
}

/** Moves the reminder cursors: $1 event ids, $2 cursors (null: no reminder left). Not part of the history. */
export const CALENDAR_REMINDERS_MOVE = statement(
  'calendar_reminders_move',
  `UPDATE calendar_events e SET reminder_cursor = c.cursor FROM unnest($1::uuid[], $2::text[]) AS c(id, cursor) WHERE e.id = c.id`,
);

/** The events with reminders that may remind the user $1 (they attend; a private one: its creator). */
export const CALENDAR_REMINDERS_OF_RECIPIENT = statement(
  'calendar_reminders_of_recipient',
  `SELECT e.id FROM calendar_events e JOIN users u ON u.id = $1 AND u.group_id = e.group_id
    WHERE cardinality(e.reminders) > 0 AND e.reminder_cursor IS NOT NULL
      AND CASE WHEN e.is_private THEN e.created_by = $1 WHEN e.attendee_ids IS NULL THEN true ELSE $1 = ANY(e.attendee_ids) END`,
);

/** The privacy and title of the event $1, for its exceptions' history rows. */
export const CALENDAR_EVENT_PRIVACY = statement('calendar_event_privacy', `SELECT e.is_private, e.created_by, e.title FROM calendar_events e WHERE e.id = $1`);

/**
 * GET /search, events: the best `$3` events the user $2 may see in the group $1 whose title,
 * description or place matches (the search's parameters from $4 on), ranked as notes are; `context`
 * is the event's first start, `body` its description.
 */
export const CALENDAR_EVENTS_SEARCH_SQL = bySlots((slots) => {
  const p = new SearchParams(4, slots);
  return `WITH c AS (
  SELECT e.id, e.title, concat_ws(' · ', e.location, e.description) AS body, e.start_value, e.updated_date, e.search_vector, e.search_text
    FROM calendar_events e
   WHERE e.group_id = $1 AND ${VISIBLE} AND ${searchMatches({ alias: 'e', title: 'e.title', typoText: 'search_fold(e.title)' }, p)}
   ORDER BY e.updated_date DESC, e.id DESC
   LIMIT ${p.candidates})
SELECT c.id, NULL::uuid AS parent_id, c.title, c.body, c.start_value AS context, ${isoTimestamp('c.updated_date')} AS date,
       ${searchScore({ alias: 'c', title: 'c.title' }, p)} AS score, (SELECT count(*) FROM c)::int AS total
  FROM c
 ORDER BY score DESC, c.updated_date DESC, c.id DESC
 LIMIT $3`;
});

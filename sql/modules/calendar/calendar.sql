-- calendar_change_record
INSERT INTO calendar_changes (event_id, group_id, uid, deleted, private_to) VALUES ($1, $2, $3, $4, $5)
   ON CONFLICT (event_id) DO UPDATE SET seq = nextval('calendar_change_seq'), uid = EXCLUDED.uid, deleted = EXCLUDED.deleted, private_to = EXCLUDED.private_to
   RETURNING seq::text AS seq;

-- calendar_changes_since
SELECT c.event_id, c.uid, c.seq::text AS seq, c.deleted, c.private_to FROM calendar_changes c WHERE c.group_id = $1 AND c.seq > $2 ORDER BY c.seq;

-- calendar_event_privacy
SELECT e.is_private, e.created_by, e.title FROM calendar_events e WHERE e.id = $1;

-- calendar_events_in_range
SELECT e.id, e.uid, e.title, e.location, e.all_day, e.start_value, e.end_value, e.time_zone, e.rrule, e.exdates, e.attendee_ids,
          e.color, e.is_private, e.created_by
     FROM calendar_events e
    WHERE e.group_id = $1 AND (NOT e.is_private OR e.created_by = $2)
      AND ((e.range_start < $4 AND (e.range_end IS NULL OR e.range_end > $3))
           OR e.id IN (SELECT x.event_id FROM calendar_event_exceptions x WHERE x.group_id = $1 AND x.range_start < $4 AND x.range_end > $3));

-- calendar_exceptions_of_events
SELECT x.event_id, x.original_start, x.title, x.description, x.location, x.marker_id, x.start_value, x.end_value, x.attendee_ids, x.color FROM calendar_event_exceptions x WHERE x.event_id = ANY($1::uuid[]) ORDER BY x.event_id, x.original_start;

-- calendar_latest_seq
SELECT coalesce(max(c.seq), 0)::text AS seq FROM calendar_changes c WHERE c.group_id = $1;

-- calendar_marker_in_group
SELECT 1 AS found FROM markers m WHERE m.id = $1 AND m.group_id = $2 AND m.deleted_date IS NULL;

-- calendar_reminders_lock_due
SELECT e.id, e.group_id, e.title, e.all_day, e.start_value, e.end_value, e.time_zone, e.rrule, e.exdates, e.attendee_ids, e.is_private,
          e.created_by, e.reminders, e.reminder_cursor, ('Calendar' = ANY(g.modules)) AS module_on
     FROM calendar_events e JOIN groups g ON g.id = e.group_id
    WHERE e.id = ANY($1::uuid[]) AND cardinality(e.reminders) > 0
      FOR UPDATE OF e;

-- calendar_reminders_move
UPDATE calendar_events e SET reminder_cursor = c.cursor FROM unnest($1::uuid[], $2::text[]) AS c(id, cursor) WHERE e.id = c.id;

-- calendar_reminders_of_recipient
SELECT e.id FROM calendar_events e JOIN users u ON u.id = $1 AND u.group_id = e.group_id
    WHERE cardinality(e.reminders) > 0 AND e.reminder_cursor IS NOT NULL
      AND CASE WHEN e.is_private THEN e.created_by = $1 WHEN e.attendee_ids IS NULL THEN true ELSE $1 = ANY(e.attendee_ids) END;

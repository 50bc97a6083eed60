-- ics_events_by_id
SELECT e.id, e.uid, e.title, e.description, e.location, e.all_day, e.start_value, e.end_value, e.time_zone, e.rrule, e.exdates,
       e.attendee_ids, e.color, e.is_private, e.reminders, e.created_by, e.version, e.created_date, e.updated_date FROM calendar_events e WHERE e.group_id = $1 AND (NOT e.is_private OR e.created_by = $2) AND e.id = ANY($3::uuid[]) ORDER BY e.uid;

-- ics_events_by_uid
SELECT e.id, e.uid, e.title, e.description, e.location, e.all_day, e.start_value, e.end_value, e.time_zone, e.rrule, e.exdates,
       e.attendee_ids, e.color, e.is_private, e.reminders, e.created_by, e.version, e.created_date, e.updated_date FROM calendar_events e WHERE e.group_id = $1 AND (NOT e.is_private OR e.created_by = $2) AND e.uid = ANY($3::text[]) ORDER BY e.uid;

-- ics_events_in_range
SELECT e.id, e.uid, e.title, e.description, e.location, e.all_day, e.start_value, e.end_value, e.time_zone, e.rrule, e.exdates,
       e.attendee_ids, e.color, e.is_private, e.reminders, e.created_by, e.version, e.created_date, e.updated_date FROM calendar_events e
    WHERE e.group_id = $1 AND (NOT e.is_private OR e.created_by = $2)
      AND ((e.range_start < $4 AND (e.range_end IS NULL OR e.range_end > $3))
           OR e.id IN (SELECT x.event_id FROM calendar_event_exceptions x WHERE x.group_id = $1 AND x.range_start < $4 AND x.range_end > $3))
    ORDER BY e.uid;

-- ics_events_visible
SELECT e.id, e.uid, e.title, e.description, e.location, e.all_day, e.start_value, e.end_value, e.time_zone, e.rrule, e.exdates,
       e.attendee_ids, e.color, e.is_private, e.reminders, e.created_by, e.version, e.created_date, e.updated_date FROM calendar_events e
    WHERE e.group_id = $1 AND (NOT e.is_private OR e.created_by = $2) AND (NOT $3::boolean OR e.created_by = $2 OR $2 = ANY(e.attendee_ids))
    ORDER BY e.uid;

-- ics_exceptions_of_events
SELECT x.event_id, x.original_start, x.title, x.description, x.location, x.start_value, x.end_value
     FROM calendar_event_exceptions x WHERE x.event_id = ANY($1::uuid[]) ORDER BY x.event_id, x.original_start;

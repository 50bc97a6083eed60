-- CALENDAR_EVENTS_SEARCH_SQL.0
WITH c AS (
  SELECT e.id, e.title, concat_ws(' · ', e.location, e.description) AS body, e.start_value, e.updated_date, e.search_vector, e.search_text
    FROM calendar_events e
   WHERE e.group_id = $1 AND (NOT e.is_private OR e.created_by = $2) AND ((NOT $5::boolean AND false)
   OR ($5::boolean AND search_fold(e.title) ~ ($6::text[])[1] AND search_fold(e.title) ~ ALL($6::text[])))
   ORDER BY e.updated_date DESC, e.id DESC
   LIMIT $7::int)
SELECT c.id, NULL::uuid AS parent_id, c.title, c.body, c.start_value AS context, to_char(c.updated_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS date,
       CASE WHEN $5::boolean THEN 1
       ELSE round(((0) / greatest($4::int, 1))::numeric, 3) END AS score, (SELECT count(*) FROM c)::int AS total
  FROM c
 ORDER BY score DESC, c.updated_date DESC, c.id DESC
 LIMIT $3;

-- CALENDAR_EVENTS_SEARCH_SQL.1
WITH c AS (
  SELECT e.id, e.title, concat_ws(' · ', e.location, e.description) AS body, e.start_value, e.updated_date, e.search_vector, e.search_text
    FROM calendar_events e
   WHERE e.group_id = $1 AND (NOT e.is_private OR e.created_by = $2) AND ((NOT $11::boolean AND (e.search_vector @@ $5::tsquery OR ($6::boolean AND e.search_text LIKE '%' || $4::text || '%') OR ($7::boolean AND e.search_vector @@ $9::tsquery)))
   OR ($11::boolean AND search_fold(e.title) ~ ($12::text[])[1] AND search_fold(e.title) ~ ALL($12::text[])))
   ORDER BY e.updated_date DESC, e.id DESC
   LIMIT $13::int)
SELECT c.id, NULL::uuid AS parent_id, c.title, c.body, c.start_value AS context, to_char(c.updated_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS date,
       CASE WHEN $11::boolean THEN 1
       ELSE round(((greatest(CASE WHEN ts_filter(c.search_vector, '{a}') @@ $5::tsquery THEN 1
            WHEN search_fold(c.title) ~ $8::text THEN 0.6
            WHEN $6::boolean AND strpos(search_fold(c.title), $4::text) > 0 THEN 0.4
            WHEN $7::boolean AND ts_filter(c.search_vector, '{a}') @@ $9::tsquery THEN 0.25 ELSE 0 END,
        0.5 * (CASE WHEN ts_filter(c.search_vector, '{b}') @@ $5::tsquery THEN 1
            WHEN c.search_text ~ $8::text THEN 0.6
            WHEN $6::boolean AND strpos(c.search_text, $4::text) > 0 THEN 0.4
            WHEN $7::boolean AND ts_filter(c.search_vector, '{b}') @@ $9::tsquery THEN 0.25 ELSE 0 END))) / greatest($10::int, 1))::numeric, 3) END AS score, (SELECT count(*) FROM c)::int AS total
  FROM c
 ORDER BY score DESC, c.updated_date DESC, c.id DESC
 LIMIT $3;

-- CALENDAR_EVENTS_SEARCH_SQL.2
WITH c AS (
  SELECT e.id, e.title, concat_ws(' · ', e.location, e.description) AS body, e.start_value, e.updated_date, e.search_vector, e.search_text
    FROM calendar_events e
   WHERE e.group_id = $1 AND (NOT e.is_private OR e.created_by = $2) AND ((NOT $17::boolean AND (e.search_vector @@ $5::tsquery OR ($6::boolean AND e.search_text LIKE '%' || $4::text || '%') OR ($7::boolean AND e.search_vector @@ $9::tsquery))
   AND (e.search_vector @@ $11::tsquery OR ($12::boolean AND e.search_text LIKE '%' || $10::text || '%') OR ($13::boolean AND e.search_vector @@ $15::tsquery)))
   OR ($17::boolean AND search_fold(e.title) ~ ($18::text[])[1] AND search_fold(e.title) ~ ALL($18::text[])))
   ORDER BY e.updated_date DESC, e.id DESC
   LIMIT $19::int)
SELECT c.id, NULL::uuid AS parent_id, c.title, c.body, c.start_value AS context, to_char(c.updated_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS date,
       CASE WHEN $17::boolean THEN 1
       ELSE round(((greatest(CASE WHEN ts_filter(c.search_vector, '{a}') @@ $5::tsquery THEN 1
            WHEN search_fold(c.title) ~ $8::text THEN 0.6
            WHEN $6::boolean AND strpos(search_fold(c.title), $4::text) > 0 THEN 0.4
            WHEN $7::boolean AND ts_filter(c.search_vector, '{a}') @@ $9::tsquery THEN 0.25 ELSE 0 END,
        0.5 * (CASE WHEN ts_filter(c.search_vector, '{b}') @@ $5::tsquery THEN 1
            WHEN c.search_text ~ $8::text THEN 0.6
            WHEN $6::boolean AND strpos(c.search_text, $4::text) > 0 THEN 0.4
            WHEN $7::boolean AND ts_filter(c.search_vector, '{b}') @@ $9::tsquery THEN 0.25 ELSE 0 END))
     + greatest(CASE WHEN ts_filter(c.search_vector, '{a}') @@ $11::tsquery THEN 1
            WHEN search_fold(c.title) ~ $14::text THEN 0.6
            WHEN $12::boolean AND strpos(search_fold(c.title), $10::text) > 0 THEN 0.4
            WHEN $13::boolean AND ts_filter(c.search_vector, '{a}') @@ $15::tsquery THEN 0.25 ELSE 0 END,
        0.5 * (CASE WHEN ts_filter(c.search_vector, '{b}') @@ $11::tsquery THEN 1
            WHEN c.search_text ~ $14::text THEN 0.6
            WHEN $12::boolean AND strpos(c.search_text, $10::text) > 0 THEN 0.4
            WHEN $13::boolean AND ts_filter(c.search_vector, '{b}') @@ $15::tsquery THEN 0.25 ELSE 0 END))) / greatest($16::int, 1))::numeric, 3) END AS score, (SELECT count(*) FROM c)::int AS total
  FROM c
 ORDER BY score DESC, c.updated_date DESC, c.id DESC
 LIMIT $3;

-- CALENDAR_EVENTS_SEARCH_SQL.3
WITH c AS (
  SELECT e.id, e.title, concat_ws(' · ', e.location, e.description) AS body, e.start_value, e.updated_date, e.search_vector, e.search_text
    FROM calendar_events e
   WHERE e.group_id = $1 AND (NOT e.is_private OR e.created_by = $2) AND ((NOT $23::boolean AND (e.search_vector @@ $5::tsquery OR ($6::boolean AND e.search_text LIKE '%' || $4::text || '%') OR ($7::boolean AND e.search_vector @@ $9::tsquery))
   AND (e.search_vector @@ $11::tsquery OR ($12::boolean AND e.search_text LIKE '%' || $10::text || '%') OR ($13::boolean AND e.search_vector @@ $15::tsquery))
   AND (e.search_vector @@ $17::tsquery OR ($18::boolean AND e.search_text LIKE '%' || $16::text || '%') OR ($19::boolean AND e.search_vector @@ $21::tsquery)))
   OR ($23::boolean AND search_fold(e.title) ~ ($24::text[])[1] AND search_fold(e.title) ~ ALL($24::text[])))
   ORDER BY e.updated_date DESC, e.id DESC
   LIMIT $25::int)
SELECT c.id, NULL::uuid AS parent_id, c.title, c.body, c.start_value AS context, to_char(c.updated_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS date,
       CASE WHEN $23::boolean THEN 1
       ELSE round(((greatest(CASE WHEN ts_filter(c.search_vector, '{a}') @@ $5::tsquery THEN 1
            WHEN search_fold(c.title) ~ $8::text THEN 0.6
            WHEN $6::boolean AND strpos(search_fold(c.title), $4::text) > 0 THEN 0.4
            WHEN $7::boolean AND ts_filter(c.search_vector, '{a}') @@ $9::tsquery THEN 0.25 ELSE 0 END,
        0.5 * (CASE WHEN ts_filter(c.search_vector, '{b}') @@ $5::tsquery THEN 1
            WHEN c.search_text ~ $8::text THEN 0.6
            WHEN $6::boolean AND strpos(c.search_text, $4::text) > 0 THEN 0.4
            WHEN $7::boolean AND ts_filter(c.search_vector, '{b}') @@ $9::tsquery THEN 0.25 ELSE 0 END))
     + greatest(CASE WHEN ts_filter(c.search_vector, '{a}') @@ $11::tsquery THEN 1
            WHEN search_fold(c.title) ~ $14::text THEN 0.6
            WHEN $12::boolean AND strpos(search_fold(c.title), $10::text) > 0 THEN 0.4
            WHEN $13::boolean AND ts_filter(c.search_vector, '{a}') @@ $15::tsquery THEN 0.25 ELSE 0 END,
        0.5 * (CASE WHEN ts_filter(c.search_vector, '{b}') @@ $11::tsquery THEN 1
            WHEN c.search_text ~ $14::text THEN 0.6
            WHEN $12::boolean AND strpos(c.search_text, $10::text) > 0 THEN 0.4
            WHEN $13::boolean AND ts_filter(c.search_vector, '{b}') @@ $15::tsquery THEN 0.25 ELSE 0 END))
     + greatest(CASE WHEN ts_filter(c.search_vector, '{a}') @@ $17::tsquery THEN 1
            WHEN search_fold(c.title) ~ $20::text THEN 0.6
            WHEN $18::boolean AND strpos(search_fold(c.title), $16::text) > 0 THEN 0.4
            WHEN $19::boolean AND ts_filter(c.search_vector, '{a}') @@ $21::tsquery THEN 0.25 ELSE 0 END,
        0.5 * (CASE WHEN ts_filter(c.search_vector, '{b}') @@ $17::tsquery THEN 1
            WHEN c.search_text ~ $20::text THEN 0.6
            WHEN $18::boolean AND strpos(c.search_text, $16::text) > 0 THEN 0.4
            WHEN $19::boolean AND ts_filter(c.search_vector, '{b}') @@ $21::tsquery THEN 0.25 ELSE 0 END))) / greatest($22::int, 1))::numeric, 3) END AS score, (SELECT count(*) FROM c)::int AS total
  FROM c
 ORDER BY score DESC, c.updated_date DESC, c.id DESC
 LIMIT $3;

-- CALENDAR_EVENTS_SEARCH_SQL.4
WITH c AS (
  SELECT e.id, e.title, concat_ws(' · ', e.location, e.description) AS body, e.start_value, e.updated_date, e.search_vector, e.search_text
    FROM calendar_events e
   WHERE e.group_id = $1 AND (NOT e.is_private OR e.created_by = $2) AND ((NOT $29::boolean AND (e.search_vector @@ $5::tsquery OR ($6::boolean AND e.search_text LIKE '%' || $4::text || '%') OR ($7::boolean AND e.search_vector @@ $9::tsquery))
   AND (e.search_vector @@ $11::tsquery OR ($12::boolean AND e.search_text LIKE '%' || $10::text || '%') OR ($13::boolean AND e.search_vector @@ $15::tsquery))
   AND (e.search_vector @@ $17::tsquery OR ($18::boolean AND e.search_text LIKE '%' || $16::text || '%') OR ($19::boolean AND e.search_vector @@ $21::tsquery))
   AND (e.search_vector @@ $23::tsquery OR ($24::boolean AND e.search_text LIKE '%' || $22::text || '%') OR ($25::boolean AND e.search_vector @@ $27::tsquery)))
   OR ($29::boolean AND search_fold(e.title) ~ ($30::text[])[1] AND search_fold(e.title) ~ ALL($30::text[])))
   ORDER BY e.updated_date DESC, e.id DESC
   LIMIT $31::int)
SELECT c.id, NULL::uuid AS parent_id, c.title, c.body, c.start_value AS context, to_char(c.updated_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS date,
       CASE WHEN $29::boolean THEN 1
       ELSE round(((greatest(CASE WHEN ts_filter(c.search_vector, '{a}') @@ $5::tsquery THEN 1
            WHEN search_fold(c.title) ~ $8::text THEN 0.6
            WHEN $6::boolean AND strpos(search_fold(c.title), $4::text) > 0 THEN 0.4
            WHEN $7::boolean AND ts_filter(c.search_vector, '{a}') @@ $9::tsquery THEN 0.25 ELSE 0 END,
        0.5 * (CASE WHEN ts_filter(c.search_vector, '{b}') @@ $5::tsquery THEN 1
            WHEN c.search_text ~ $8::text THEN 0.6
            WHEN $6::boolean AND strpos(c.search_text, $4::text) > 0 THEN 0.4
            WHEN $7::boolean AND ts_filter(c.search_vector, '{b}') @@ $9::tsquery THEN 0.25 ELSE 0 END))
     + greatest(CASE WHEN ts_filter(c.search_vector, '{a}') @@ $11::tsquery THEN 1
            WHEN search_fold(c.title) ~ $14::text THEN 0.6
            WHEN $12::boolean AND strpos(search_fold(c.title), $10::text) > 0 THEN 0.4
            WHEN $13::boolean AND ts_filter(c.search_vector, '{a}') @@ $15::tsquery THEN 0.25 ELSE 0 END,
        0.5 * (CASE WHEN ts_filter(c.search_vector, '{b}') @@ $11::tsquery THEN 1
            WHEN c.search_text ~ $14::text THEN 0.6
            WHEN $12::boolean AND strpos(c.search_text, $10::text) > 0 THEN 0.4
            WHEN $13::boolean AND ts_filter(c.search_vector, '{b}') @@ $15::tsquery THEN 0.25 ELSE 0 END))
     + greatest(CASE WHEN ts_filter(c.search_vector, '{a}') @@ $17::tsquery THEN 1
            WHEN search_fold(c.title) ~ $20::text THEN 0.6
            WHEN $18::boolean AND strpos(search_fold(c.title), $16::text) > 0 THEN 0.4
            WHEN $19::boolean AND ts_filter(c.search_vector, '{a}') @@ $21::tsquery THEN 0.25 ELSE 0 END,
        0.5 * (CASE WHEN ts_filter(c.search_vector, '{b}') @@ $17::tsquery THEN 1
            WHEN c.search_text ~ $20::text THEN 0.6
            WHEN $18::boolean AND strpos(c.search_text, $16::text) > 0 THEN 0.4
            WHEN $19::boolean AND ts_filter(c.search_vector, '{b}') @@ $21::tsquery THEN 0.25 ELSE 0 END))
     + greatest(CASE WHEN ts_filter(c.search_vector, '{a}') @@ $23::tsquery THEN 1
            WHEN search_fold(c.title) ~ $26::text THEN 0.6
            WHEN $24::boolean AND strpos(search_fold(c.title), $22::text) > 0 THEN 0.4
            WHEN $25::boolean AND ts_filter(c.search_vector, '{a}') @@ $27::tsquery THEN 0.25 ELSE 0 END,
        0.5 * (CASE WHEN ts_filter(c.search_vector, '{b}') @@ $23::tsquery THEN 1
            WHEN c.search_text ~ $26::text THEN 0.6
            WHEN $24::boolean AND strpos(c.search_text, $22::text) > 0 THEN 0.4
            WHEN $25::boolean AND ts_filter(c.search_vector, '{b}') @@ $27::tsquery THEN 0.25 ELSE 0 END))) / greatest($28::int, 1))::numeric, 3) END AS score, (SELECT count(*) FROM c)::int AS total
  FROM c
 ORDER BY score DESC, c.updated_date DESC, c.id DESC
 LIMIT $3;

-- CALENDAR_EVENTS_SEARCH_SQL.5
WITH c AS (
  SELECT e.id, e.title, concat_ws(' · ', e.location, e.description) AS body, e.start_value, e.updated_date, e.search_vector, e.search_text
    FROM calendar_events e
   WHERE e.group_id = $1 AND (NOT e.is_private OR e.created_by = $2) AND ((NOT $35::boolean AND (e.search_vector @@ $5::tsquery OR ($6::boolean AND e.search_text LIKE '%' || $4::text || '%') OR ($7::boolean AND e.search_vector @@ $9::tsquery))
   AND (e.search_vector @@ $11::tsquery OR ($12::boolean AND e.search_text LIKE '%' || $10::text || '%') OR ($13::boolean AND e.search_vector @@ $15::tsquery))
   AND (e.search_vector @@ $17::tsquery OR ($18::boolean AND e.search_text LIKE '%' || $16::text || '%') OR ($19::boolean AND e.search_vector @@ $21::tsquery))
   AND (e.search_vector @@ $23::tsquery OR ($24::boolean AND e.search_text LIKE '%' || $22::text || '%') OR ($25::boolean AND e.search_vector @@ $27::tsquery))
   AND (e.search_vector @@ $29::tsquery OR ($30::boolean AND e.search_text LIKE '%' || $28::text || '%') OR ($31::boolean AND e.search_vector @@ $33::tsquery)))
   OR ($35::boolean AND search_fold(e.title) ~ ($36::text[])[1] AND search_fold(e.title) ~ ALL($36::text[])))
   ORDER BY e.updated_date DESC, e.id DESC
   LIMIT $37::int)
SELECT c.id, NULL::uuid AS parent_id, c.title, c.body, c.start_value AS context, to_char(c.updated_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS date,
       CASE WHEN $35::boolean THEN 1
       ELSE round(((greatest(CASE WHEN ts_filter(c.search_vector, '{a}') @@ $5::tsquery THEN 1
            WHEN search_fold(c.title) ~ $8::text THEN 0.6
            WHEN $6::boolean AND strpos(search_fold(c.title), $4::text) > 0 THEN 0.4
            WHEN $7::boolean AND ts_filter(c.search_vector, '{a}') @@ $9::tsquery THEN 0.25 ELSE 0 END,
        0.5 * (CASE WHEN ts_filter(c.search_vector, '{b}') @@ $5::tsquery THEN 1
            WHEN c.search_text ~ $8::text THEN 0.6
            WHEN $6::boolean AND strpos(c.search_text, $4::text) > 0 THEN 0.4
            WHEN $7::boolean AND ts_filter(c.search_vector, '{b}') @@ $9::tsquery THEN 0.25 ELSE 0 END))
     + greatest(CASE WHEN ts_filter(c.search_vector, '{a}') @@ $11::tsquery THEN 1
            WHEN search_fold(c.title) ~ $14::text THEN 0.6
            WHEN $12::boolean AND strpos(search_fold(c.title), $10::text) > 0 THEN 0.4
            WHEN $13::boolean AND ts_filter(c.search_vector, '{a}') @@ $15::tsquery THEN 0.25 ELSE 0 END,
        0.5 * (CASE WHEN ts_filter(c.search_vector, '{b}') @@ $11::tsquery THEN 1
            WHEN c.search_text ~ $14::text THEN 0.6
            WHEN $12::boolean AND strpos(c.search_text, $10::text) > 0 THEN 0.4
            WHEN $13::boolean AND ts_filter(c.search_vector, '{b}') @@ $15::tsquery THEN 0.25 ELSE 0 END))
     + greatest(CASE WHEN ts_filter(c.search_vector, '{a}') @@ $17::tsquery THEN 1
            WHEN search_fold(c.title) ~ $20::text THEN 0.6
            WHEN $18::boolean AND strpos(search_fold(c.title), $16::text) > 0 THEN 0.4
            WHEN $19::boolean AND ts_filter(c.search_vector, '{a}') @@ $21::tsquery THEN 0.25 ELSE 0 END,
        0.5 * (CASE WHEN ts_filter(c.search_vector, '{b}') @@ $17::tsquery THEN 1
            WHEN c.search_text ~ $20::text THEN 0.6
            WHEN $18::boolean AND strpos(c.search_text, $16::text) > 0 THEN 0.4
            WHEN $19::boolean AND ts_filter(c.search_vector, '{b}') @@ $21::tsquery THEN 0.25 ELSE 0 END))
     + greatest(CASE WHEN ts_filter(c.search_vector, '{a}') @@ $23::tsquery THEN 1
            WHEN search_fold(c.title) ~ $26::text THEN 0.6
            WHEN $24::boolean AND strpos(search_fold(c.title), $22::text) > 0 THEN 0.4
            WHEN $25::boolean AND ts_filter(c.search_vector, '{a}') @@ $27::tsquery THEN 0.25 ELSE 0 END,
        0.5 * (CASE WHEN ts_filter(c.search_vector, '{b}') @@ $23::tsquery THEN 1
            WHEN c.search_text ~ $26::text THEN 0.6
            WHEN $24::boolean AND strpos(c.search_text, $22::text) > 0 THEN 0.4
            WHEN $25::boolean AND ts_filter(c.search_vector, '{b}') @@ $27::tsquery THEN 0.25 ELSE 0 END))
     + greatest(CASE WHEN ts_filter(c.search_vector, '{a}') @@ $29::tsquery THEN 1
            WHEN search_fold(c.title) ~ $32::text THEN 0.6
            WHEN $30::boolean AND strpos(search_fold(c.title), $28::text) > 0 THEN 0.4
            WHEN $31::boolean AND ts_filter(c.search_vector, '{a}') @@ $33::tsquery THEN 0.25 ELSE 0 END,
        0.5 * (CASE WHEN ts_filter(c.search_vector, '{b}') @@ $29::tsquery THEN 1
            WHEN c.search_text ~ $32::text THEN 0.6
            WHEN $30::boolean AND strpos(c.search_text, $28::text) > 0 THEN 0.4
            WHEN $31::boolean AND ts_filter(c.search_vector, '{b}') @@ $33::tsquery THEN 0.25 ELSE 0 END))) / greatest($34::int, 1))::numeric, 3) END AS score, (SELECT count(*) FROM c)::int AS total
  FROM c
 ORDER BY score DESC, c.updated_date DESC, c.id DESC
 LIMIT $3;

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

-- NOTES_SEARCH_SQL.0
WITH c AS (
  SELECT n.id, n.title, n.content, n.updated_date, n.search_vector, n.search_text
    FROM notes n
   WHERE n.group_id = $1 AND (n.is_private = false OR n.created_by = $2) AND ((NOT $5::boolean AND false)
   OR ($5::boolean AND search_fold(n.title) ~ ($6::text[])[1] AND search_fold(n.title) ~ ALL($6::text[])))
   ORDER BY n.updated_date DESC, n.id DESC
   LIMIT $7::int)
SELECT c.id, NULL::uuid AS parent_id, c.title, c.content AS body, NULL::text AS context, to_char(c.updated_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS date,
       CASE WHEN $5::boolean THEN 1
       ELSE round(((0) / greatest($4::int, 1))::numeric, 3) END AS score, (SELECT count(*) FROM c)::int AS total
  FROM c
 ORDER BY score DESC, c.updated_date DESC, c.id DESC
 LIMIT $3;

-- NOTES_SEARCH_SQL.1
WITH c AS (
  SELECT n.id, n.title, n.content, n.updated_date, n.search_vector, n.search_text
    FROM notes n
   WHERE n.group_id = $1 AND (n.is_private = false OR n.created_by = $2) AND ((NOT $11::boolean AND (n.search_vector @@ $5::tsquery OR ($6::boolean AND n.search_text LIKE '%' || $4::text || '%') OR ($7::boolean AND n.search_vector @@ $9::tsquery)))
   OR ($11::boolean AND search_fold(n.title) ~ ($12::text[])[1] AND search_fold(n.title) ~ ALL($12::text[])))
   ORDER BY n.updated_date DESC, n.id DESC
   LIMIT $13::int)
SELECT c.id, NULL::uuid AS parent_id, c.title, c.content AS body, NULL::text AS context, to_char(c.updated_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS date,
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

-- NOTES_SEARCH_SQL.2
WITH c AS (
  SELECT n.id, n.title, n.content, n.updated_date, n.search_vector, n.search_text
    FROM notes n
   WHERE n.group_id = $1 AND (n.is_private = false OR n.created_by = $2) AND ((NOT $17::boolean AND (n.search_vector @@ $5::tsquery OR ($6::boolean AND n.search_text LIKE '%' || $4::text || '%') OR ($7::boolean AND n.search_vector @@ $9::tsquery))
   AND (n.search_vector @@ $11::tsquery OR ($12::boolean AND n.search_text LIKE '%' || $10::text || '%') OR ($13::boolean AND n.search_vector @@ $15::tsquery)))
   OR ($17::boolean AND search_fold(n.title) ~ ($18::text[])[1] AND search_fold(n.title) ~ ALL($18::text[])))
   ORDER BY n.updated_date DESC, n.id DESC
   LIMIT $19::int)
SELECT c.id, NULL::uuid AS parent_id, c.title, c.content AS body, NULL::text AS context, to_char(c.updated_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS date,
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

-- NOTES_SEARCH_SQL.3
WITH c AS (
  SELECT n.id, n.title, n.content, n.updated_date, n.search_vector, n.search_text
    FROM notes n
   WHERE n.group_id = $1 AND (n.is_private = false OR n.created_by = $2) AND ((NOT $23::boolean AND (n.search_vector @@ $5::tsquery OR ($6::boolean AND n.search_text LIKE '%' || $4::text || '%') OR ($7::boolean AND n.search_vector @@ $9::tsquery))
   AND (n.search_vector @@ $11::tsquery OR ($12::boolean AND n.search_text LIKE '%' || $10::text || '%') OR ($13::boolean AND n.search_vector @@ $15::tsquery))
   AND (n.search_vector @@ $17::tsquery OR ($18::boolean AND n.search_text LIKE '%' || $16::text || '%') OR ($19::boolean AND n.search_vector @@ $21::tsquery)))
   OR ($23::boolean AND search_fold(n.title) ~ ($24::text[])[1] AND search_fold(n.title) ~ ALL($24::text[])))
   ORDER BY n.updated_date DESC, n.id DESC
   LIMIT $25::int)
SELECT c.id, NULL::uuid AS parent_id, c.title, c.content AS body, NULL::text AS context, to_char(c.updated_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS date,
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

-- NOTES_SEARCH_SQL.4
WITH c AS (
  SELECT n.id, n.title, n.content, n.updated_date, n.search_vector, n.search_text
    FROM notes n
   WHERE n.group_id = $1 AND (n.is_private = false OR n.created_by = $2) AND ((NOT $29::boolean AND (n.search_vector @@ $5::tsquery OR ($6::boolean AND n.search_text LIKE '%' || $4::text || '%') OR ($7::boolean AND n.search_vector @@ $9::tsquery))
   AND (n.search_vector @@ $11::tsquery OR ($12::boolean AND n.search_text LIKE '%' || $10::text || '%') OR ($13::boolean AND n.search_vector @@ $15::tsquery))
   AND (n.search_vector @@ $17::tsquery OR ($18::boolean AND n.search_text LIKE '%' || $16::text || '%') OR ($19::boolean AND n.search_vector @@ $21::tsquery))
   AND (n.search_vector @@ $23::tsquery OR ($24::boolean AND n.search_text LIKE '%' || $22::text || '%') OR ($25::boolean AND n.search_vector @@ $27::tsquery)))
   OR ($29::boolean AND search_fold(n.title) ~ ($30::text[])[1] AND search_fold(n.title) ~ ALL($30::text[])))
   ORDER BY n.updated_date DESC, n.id DESC
   LIMIT $31::int)
SELECT c.id, NULL::uuid AS parent_id, c.title, c.content AS body, NULL::text AS context, to_char(c.updated_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS date,
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

-- NOTES_SEARCH_SQL.5
WITH c AS (
  SELECT n.id, n.title, n.content, n.updated_date, n.search_vector, n.search_text
    FROM notes n
   WHERE n.group_id = $1 AND (n.is_private = false OR n.created_by = $2) AND ((NOT $35::boolean AND (n.search_vector @@ $5::tsquery OR ($6::boolean AND n.search_text LIKE '%' || $4::text || '%') OR ($7::boolean AND n.search_vector @@ $9::tsquery))
   AND (n.search_vector @@ $11::tsquery OR ($12::boolean AND n.search_text LIKE '%' || $10::text || '%') OR ($13::boolean AND n.search_vector @@ $15::tsquery))
   AND (n.search_vector @@ $17::tsquery OR ($18::boolean AND n.search_text LIKE '%' || $16::text || '%') OR ($19::boolean AND n.search_vector @@ $21::tsquery))
   AND (n.search_vector @@ $23::tsquery OR ($24::boolean AND n.search_text LIKE '%' || $22::text || '%') OR ($25::boolean AND n.search_vector @@ $27::tsquery))
   AND (n.search_vector @@ $29::tsquery OR ($30::boolean AND n.search_text LIKE '%' || $28::text || '%') OR ($31::boolean AND n.search_vector @@ $33::tsquery)))
   OR ($35::boolean AND search_fold(n.title) ~ ($36::text[])[1] AND search_fold(n.title) ~ ALL($36::text[])))
   ORDER BY n.updated_date DESC, n.id DESC
   LIMIT $37::int)
SELECT c.id, NULL::uuid AS parent_id, c.title, c.content AS body, NULL::text AS context, to_char(c.updated_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS date,
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

-- NOTE_ITEMS_SEARCH_SQL.0
WITH c AS (
  SELECT i.id, i.note_id, i.text, n.title AS note_title, i.updated_date, i.search_vector, i.search_text
    FROM note_items i JOIN notes n ON n.id = i.note_id
   WHERE i.group_id = $1 AND n.group_id = $1 AND (n.is_private = false OR n.created_by = $2) AND ((NOT $5::boolean AND false)
   OR ($5::boolean AND i.search_text ~ ($6::text[])[1] AND i.search_text ~ ALL($6::text[])))
   ORDER BY i.updated_date DESC, i.id DESC
   LIMIT $7::int)
SELECT c.id, c.note_id AS parent_id, c.text AS title, NULL::text AS body, c.note_title AS context, to_char(c.updated_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS date,
       CASE WHEN $5::boolean THEN 1
       ELSE round(((0) / greatest($4::int, 1))::numeric, 3) END AS score, (SELECT count(*) FROM c)::int AS total
  FROM c
 ORDER BY score DESC, c.updated_date DESC, c.id DESC
 LIMIT $3;

-- NOTE_ITEMS_SEARCH_SQL.1
WITH c AS (
  SELECT i.id, i.note_id, i.text, n.title AS note_title, i.updated_date, i.search_vector, i.search_text
    FROM note_items i JOIN notes n ON n.id = i.note_id
   WHERE i.group_id = $1 AND n.group_id = $1 AND (n.is_private = false OR n.created_by = $2) AND ((NOT $11::boolean AND (i.search_vector @@ $5::tsquery OR ($6::boolean AND i.search_text LIKE '%' || $4::text || '%') OR ($7::boolean AND i.search_vector @@ $9::tsquery)))
   OR ($11::boolean AND i.search_text ~ ($12::text[])[1] AND i.search_text ~ ALL($12::text[])))
   ORDER BY i.updated_date DESC, i.id DESC
   LIMIT $13::int)
SELECT c.id, c.note_id AS parent_id, c.text AS title, NULL::text AS body, c.note_title AS context, to_char(c.updated_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS date,
       CASE WHEN $11::boolean THEN 1
       ELSE round(((greatest(CASE WHEN ts_filter(c.search_vector, '{a}') @@ $5::tsquery THEN 1
            WHEN search_fold(c.text) ~ $8::text THEN 0.6
            WHEN $6::boolean AND strpos(search_fold(c.text), $4::text) > 0 THEN 0.4
            WHEN $7::boolean AND ts_filter(c.search_vector, '{a}') @@ $9::tsquery THEN 0.25 ELSE 0 END,
        0.5 * (CASE WHEN ts_filter(c.search_vector, '{b}') @@ $5::tsquery THEN 1
            WHEN c.search_text ~ $8::text THEN 0.6
            WHEN $6::boolean AND strpos(c.search_text, $4::text) > 0 THEN 0.4
            WHEN $7::boolean AND ts_filter(c.search_vector, '{b}') @@ $9::tsquery THEN 0.25 ELSE 0 END))) / greatest($10::int, 1))::numeric, 3) END AS score, (SELECT count(*) FROM c)::int AS total
  FROM c
 ORDER BY score DESC, c.updated_date DESC, c.id DESC
 LIMIT $3;

-- NOTE_ITEMS_SEARCH_SQL.2
WITH c AS (
  SELECT i.id, i.note_id, i.text, n.title AS note_title, i.updated_date, i.search_vector, i.search_text
    FROM note_items i JOIN notes n ON n.id = i.note_id
   WHERE i.group_id = $1 AND n.group_id = $1 AND (n.is_private = false OR n.created_by = $2) AND ((NOT $17::boolean AND (i.search_vector @@ $5::tsquery OR ($6::boolean AND i.search_text LIKE '%' || $4::text || '%') OR ($7::boolean AND i.search_vector @@ $9::tsquery))
   AND (i.search_vector @@ $11::tsquery OR ($12::boolean AND i.search_text LIKE '%' || $10::text || '%') OR ($13::boolean AND i.search_vector @@ $15::tsquery)))
   OR ($17::boolean AND i.search_text ~ ($18::text[])[1] AND i.search_text ~ ALL($18::text[])))
   ORDER BY i.updated_date DESC, i.id DESC
   LIMIT $19::int)
SELECT c.id, c.note_id AS parent_id, c.text AS title, NULL::text AS body, c.note_title AS context, to_char(c.updated_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS date,
       CASE WHEN $17::boolean THEN 1
       ELSE round(((greatest(CASE WHEN ts_filter(c.search_vector, '{a}') @@ $5::tsquery THEN 1
            WHEN search_fold(c.text) ~ $8::text THEN 0.6
            WHEN $6::boolean AND strpos(search_fold(c.text), $4::text) > 0 THEN 0.4
            WHEN $7::boolean AND ts_filter(c.search_vector, '{a}') @@ $9::tsquery THEN 0.25 ELSE 0 END,
        0.5 * (CASE WHEN ts_filter(c.search_vector, '{b}') @@ $5::tsquery THEN 1
            WHEN c.search_text ~ $8::text THEN 0.6
            WHEN $6::boolean AND strpos(c.search_text, $4::text) > 0 THEN 0.4
            WHEN $7::boolean AND ts_filter(c.search_vector, '{b}') @@ $9::tsquery THEN 0.25 ELSE 0 END))
     + greatest(CASE WHEN ts_filter(c.search_vector, '{a}') @@ $11::tsquery THEN 1
            WHEN search_fold(c.text) ~ $14::text THEN 0.6
            WHEN $12::boolean AND strpos(search_fold(c.text), $10::text) > 0 THEN 0.4
            WHEN $13::boolean AND ts_filter(c.search_vector, '{a}') @@ $15::tsquery THEN 0.25 ELSE 0 END,
        0.5 * (CASE WHEN ts_filter(c.search_vector, '{b}') @@ $11::tsquery THEN 1
            WHEN c.search_text ~ $14::text THEN 0.6
            WHEN $12::boolean AND strpos(c.search_text, $10::text) > 0 THEN 0.4
            WHEN $13::boolean AND ts_filter(c.search_vector, '{b}') @@ $15::tsquery THEN 0.25 ELSE 0 END))) / greatest($16::int, 1))::numeric, 3) END AS score, (SELECT count(*) FROM c)::int AS total
  FROM c
 ORDER BY score DESC, c.updated_date DESC, c.id DESC
 LIMIT $3;

-- NOTE_ITEMS_SEARCH_SQL.3
WITH c AS (
  SELECT i.id, i.note_id, i.text, n.title AS note_title, i.updated_date, i.search_vector, i.search_text
    FROM note_items i JOIN notes n ON n.id = i.note_id
   WHERE i.group_id = $1 AND n.group_id = $1 AND (n.is_private = false OR n.created_by = $2) AND ((NOT $23::boolean AND (i.search_vector @@ $5::tsquery OR ($6::boolean AND i.search_text LIKE '%' || $4::text || '%') OR ($7::boolean AND i.search_vector @@ $9::tsquery))
   AND (i.search_vector @@ $11::tsquery OR ($12::boolean AND i.search_text LIKE '%' || $10::text || '%') OR ($13::boolean AND i.search_vector @@ $15::tsquery))
   AND (i.search_vector @@ $17::tsquery OR ($18::boolean AND i.search_text LIKE '%' || $16::text || '%') OR ($19::boolean AND i.search_vector @@ $21::tsquery)))
   OR ($23::boolean AND i.search_text ~ ($24::text[])[1] AND i.search_text ~ ALL($24::text[])))
   ORDER BY i.updated_date DESC, i.id DESC
   LIMIT $25::int)
SELECT c.id, c.note_id AS parent_id, c.text AS title, NULL::text AS body, c.note_title AS context, to_char(c.updated_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS date,
       CASE WHEN $23::boolean THEN 1
       ELSE round(((greatest(CASE WHEN ts_filter(c.search_vector, '{a}') @@ $5::tsquery THEN 1
            WHEN search_fold(c.text) ~ $8::text THEN 0.6
            WHEN $6::boolean AND strpos(search_fold(c.text), $4::text) > 0 THEN 0.4
            WHEN $7::boolean AND ts_filter(c.search_vector, '{a}') @@ $9::tsquery THEN 0.25 ELSE 0 END,
        0.5 * (CASE WHEN ts_filter(c.search_vector, '{b}') @@ $5::tsquery THEN 1
            WHEN c.search_text ~ $8::text THEN 0.6
            WHEN $6::boolean AND strpos(c.search_text, $4::text) > 0 THEN 0.4
            WHEN $7::boolean AND ts_filter(c.search_vector, '{b}') @@ $9::tsquery THEN 0.25 ELSE 0 END))
     + greatest(CASE WHEN ts_filter(c.search_vector, '{a}') @@ $11::tsquery THEN 1
            WHEN search_fold(c.text) ~ $14::text THEN 0.6
            WHEN $12::boolean AND strpos(search_fold(c.text), $10::text) > 0 THEN 0.4
            WHEN $13::boolean AND ts_filter(c.search_vector, '{a}') @@ $15::tsquery THEN 0.25 ELSE 0 END,
        0.5 * (CASE WHEN ts_filter(c.search_vector, '{b}') @@ $11::tsquery THEN 1
            WHEN c.search_text ~ $14::text THEN 0.6
            WHEN $12::boolean AND strpos(c.search_text, $10::text) > 0 THEN 0.4
            WHEN $13::boolean AND ts_filter(c.search_vector, '{b}') @@ $15::tsquery THEN 0.25 ELSE 0 END))
     + greatest(CASE WHEN ts_filter(c.search_vector, '{a}') @@ $17::tsquery THEN 1
            WHEN search_fold(c.text) ~ $20::text THEN 0.6
            WHEN $18::boolean AND strpos(search_fold(c.text), $16::text) > 0 THEN 0.4
            WHEN $19::boolean AND ts_filter(c.search_vector, '{a}') @@ $21::tsquery THEN 0.25 ELSE 0 END,
        0.5 * (CASE WHEN ts_filter(c.search_vector, '{b}') @@ $17::tsquery THEN 1
            WHEN c.search_text ~ $20::text THEN 0.6
            WHEN $18::boolean AND strpos(c.search_text, $16::text) > 0 THEN 0.4
            WHEN $19::boolean AND ts_filter(c.search_vector, '{b}') @@ $21::tsquery THEN 0.25 ELSE 0 END))) / greatest($22::int, 1))::numeric, 3) END AS score, (SELECT count(*) FROM c)::int AS total
  FROM c
 ORDER BY score DESC, c.updated_date DESC, c.id DESC
 LIMIT $3;

-- NOTE_ITEMS_SEARCH_SQL.4
WITH c AS (
  SELECT i.id, i.note_id, i.text, n.title AS note_title, i.updated_date, i.search_vector, i.search_text
    FROM note_items i JOIN notes n ON n.id = i.note_id
   WHERE i.group_id = $1 AND n.group_id = $1 AND (n.is_private = false OR n.created_by = $2) AND ((NOT $29::boolean AND (i.search_vector @@ $5::tsquery OR ($6::boolean AND i.search_text LIKE '%' || $4::text || '%') OR ($7::boolean AND i.search_vector @@ $9::tsquery))
   AND (i.search_vector @@ $11::tsquery OR ($12::boolean AND i.search_text LIKE '%' || $10::text || '%') OR ($13::boolean AND i.search_vector @@ $15::tsquery))
   AND (i.search_vector @@ $17::tsquery OR ($18::boolean AND i.search_text LIKE '%' || $16::text || '%') OR ($19::boolean AND i.search_vector @@ $21::tsquery))
   AND (i.search_vector @@ $23::tsquery OR ($24::boolean AND i.search_text LIKE '%' || $22::text || '%') OR ($25::boolean AND i.search_vector @@ $27::tsquery)))
   OR ($29::boolean AND i.search_text ~ ($30::text[])[1] AND i.search_text ~ ALL($30::text[])))
   ORDER BY i.updated_date DESC, i.id DESC
   LIMIT $31::int)
SELECT c.id, c.note_id AS parent_id, c.text AS title, NULL::text AS body, c.note_title AS context, to_char(c.updated_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS date,
       CASE WHEN $29::boolean THEN 1
       ELSE round(((greatest(CASE WHEN ts_filter(c.search_vector, '{a}') @@ $5::tsquery THEN 1
            WHEN search_fold(c.text) ~ $8::text THEN 0.6
            WHEN $6::boolean AND strpos(search_fold(c.text), $4::text) > 0 THEN 0.4
            WHEN $7::boolean AND ts_filter(c.search_vector, '{a}') @@ $9::tsquery THEN 0.25 ELSE 0 END,
        0.5 * (CASE WHEN ts_filter(c.search_vector, '{b}') @@ $5::tsquery THEN 1
            WHEN c.search_text ~ $8::text THEN 0.6
            WHEN $6::boolean AND strpos(c.search_text, $4::text) > 0 THEN 0.4
            WHEN $7::boolean AND ts_filter(c.search_vector, '{b}') @@ $9::tsquery THEN 0.25 ELSE 0 END))
     + greatest(CASE WHEN ts_filter(c.search_vector, '{a}') @@ $11::tsquery THEN 1
            WHEN search_fold(c.text) ~ $14::text THEN 0.6
            WHEN $12::boolean AND strpos(search_fold(c.text), $10::text) > 0 THEN 0.4
            WHEN $13::boolean AND ts_filter(c.search_vector, '{a}') @@ $15::tsquery THEN 0.25 ELSE 0 END,
        0.5 * (CASE WHEN ts_filter(c.search_vector, '{b}') @@ $11::tsquery THEN 1
            WHEN c.search_text ~ $14::text THEN 0.6
            WHEN $12::boolean AND strpos(c.search_text, $10::text) > 0 THEN 0.4
            WHEN $13::boolean AND ts_filter(c.search_vector, '{b}') @@ $15::tsquery THEN 0.25 ELSE 0 END))
     + greatest(CASE WHEN ts_filter(c.search_vector, '{a}') @@ $17::tsquery THEN 1
            WHEN search_fold(c.text) ~ $20::text THEN 0.6
            WHEN $18::boolean AND strpos(search_fold(c.text), $16::text) > 0 THEN 0.4
            WHEN $19::boolean AND ts_filter(c.search_vector, '{a}') @@ $21::tsquery THEN 0.25 ELSE 0 END,
        0.5 * (CASE WHEN ts_filter(c.search_vector, '{b}') @@ $17::tsquery THEN 1
            WHEN c.search_text ~ $20::text THEN 0.6
            WHEN $18::boolean AND strpos(c.search_text, $16::text) > 0 THEN 0.4
            WHEN $19::boolean AND ts_filter(c.search_vector, '{b}') @@ $21::tsquery THEN 0.25 ELSE 0 END))
     + greatest(CASE WHEN ts_filter(c.search_vector, '{a}') @@ $23::tsquery THEN 1
            WHEN search_fold(c.text) ~ $26::text THEN 0.6
            WHEN $24::boolean AND strpos(search_fold(c.text), $22::text) > 0 THEN 0.4
            WHEN $25::boolean AND ts_filter(c.search_vector, '{a}') @@ $27::tsquery THEN 0.25 ELSE 0 END,
        0.5 * (CASE WHEN ts_filter(c.search_vector, '{b}') @@ $23::tsquery THEN 1
            WHEN c.search_text ~ $26::text THEN 0.6
            WHEN $24::boolean AND strpos(c.search_text, $22::text) > 0 THEN 0.4
            WHEN $25::boolean AND ts_filter(c.search_vector, '{b}') @@ $27::tsquery THEN 0.25 ELSE 0 END))) / greatest($28::int, 1))::numeric, 3) END AS score, (SELECT count(*) FROM c)::int AS total
  FROM c
 ORDER BY score DESC, c.updated_date DESC, c.id DESC
 LIMIT $3;

-- NOTE_ITEMS_SEARCH_SQL.5
WITH c AS (
  SELECT i.id, i.note_id, i.text, n.title AS note_title, i.updated_date, i.search_vector, i.search_text
    FROM note_items i JOIN notes n ON n.id = i.note_id
   WHERE i.group_id = $1 AND n.group_id = $1 AND (n.is_private = false OR n.created_by = $2) AND ((NOT $35::boolean AND (i.search_vector @@ $5::tsquery OR ($6::boolean AND i.search_text LIKE '%' || $4::text || '%') OR ($7::boolean AND i.search_vector @@ $9::tsquery))
   AND (i.search_vector @@ $11::tsquery OR ($12::boolean AND i.search_text LIKE '%' || $10::text || '%') OR ($13::boolean AND i.search_vector @@ $15::tsquery))
   AND (i.search_vector @@ $17::tsquery OR ($18::boolean AND i.search_text LIKE '%' || $16::text || '%') OR ($19::boolean AND i.search_vector @@ $21::tsquery))
   AND (i.search_vector @@ $23::tsquery OR ($24::boolean AND i.search_text LIKE '%' || $22::text || '%') OR ($25::boolean AND i.search_vector @@ $27::tsquery))
   AND (i.search_vector @@ $29::tsquery OR ($30::boolean AND i.search_text LIKE '%' || $28::text || '%') OR ($31::boolean AND i.search_vector @@ $33::tsquery)))
   OR ($35::boolean AND i.search_text ~ ($36::text[])[1] AND i.search_text ~ ALL($36::text[])))
   ORDER BY i.updated_date DESC, i.id DESC
   LIMIT $37::int)
SELECT c.id, c.note_id AS parent_id, c.text AS title, NULL::text AS body, c.note_title AS context, to_char(c.updated_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS date,
       CASE WHEN $35::boolean THEN 1
       ELSE round(((greatest(CASE WHEN ts_filter(c.search_vector, '{a}') @@ $5::tsquery THEN 1
            WHEN search_fold(c.text) ~ $8::text THEN 0.6
            WHEN $6::boolean AND strpos(search_fold(c.text), $4::text) > 0 THEN 0.4
            WHEN $7::boolean AND ts_filter(c.search_vector, '{a}') @@ $9::tsquery THEN 0.25 ELSE 0 END,
        0.5 * (CASE WHEN ts_filter(c.search_vector, '{b}') @@ $5::tsquery THEN 1
            WHEN c.search_text ~ $8::text THEN 0.6
            WHEN $6::boolean AND strpos(c.search_text, $4::text) > 0 THEN 0.4
            WHEN $7::boolean AND ts_filter(c.search_vector, '{b}') @@ $9::tsquery THEN 0.25 ELSE 0 END))
     + greatest(CASE WHEN ts_filter(c.search_vector, '{a}') @@ $11::tsquery THEN 1
            WHEN search_fold(c.text) ~ $14::text THEN 0.6
            WHEN $12::boolean AND strpos(search_fold(c.text), $10::text) > 0 THEN 0.4
            WHEN $13::boolean AND ts_filter(c.search_vector, '{a}') @@ $15::tsquery THEN 0.25 ELSE 0 END,
        0.5 * (CASE WHEN ts_filter(c.search_vector, '{b}') @@ $11::tsquery THEN 1
            WHEN c.search_text ~ $14::text THEN 0.6
            WHEN $12::boolean AND strpos(c.search_text, $10::text) > 0 THEN 0.4
            WHEN $13::boolean AND ts_filter(c.search_vector, '{b}') @@ $15::tsquery THEN 0.25 ELSE 0 END))
     + greatest(CASE WHEN ts_filter(c.search_vector, '{a}') @@ $17::tsquery THEN 1
            WHEN search_fold(c.text) ~ $20::text THEN 0.6
            WHEN $18::boolean AND strpos(search_fold(c.text), $16::text) > 0 THEN 0.4
            WHEN $19::boolean AND ts_filter(c.search_vector, '{a}') @@ $21::tsquery THEN 0.25 ELSE 0 END,
        0.5 * (CASE WHEN ts_filter(c.search_vector, '{b}') @@ $17::tsquery THEN 1
            WHEN c.search_text ~ $20::text THEN 0.6
            WHEN $18::boolean AND strpos(c.search_text, $16::text) > 0 THEN 0.4
            WHEN $19::boolean AND ts_filter(c.search_vector, '{b}') @@ $21::tsquery THEN 0.25 ELSE 0 END))
     + greatest(CASE WHEN ts_filter(c.search_vector, '{a}') @@ $23::tsquery THEN 1
            WHEN search_fold(c.text) ~ $26::text THEN 0.6
            WHEN $24::boolean AND strpos(search_fold(c.text), $22::text) > 0 THEN 0.4
            WHEN $25::boolean AND ts_filter(c.search_vector, '{a}') @@ $27::tsquery THEN 0.25 ELSE 0 END,
        0.5 * (CASE WHEN ts_filter(c.search_vector, '{b}') @@ $23::tsquery THEN 1
            WHEN c.search_text ~ $26::text THEN 0.6
            WHEN $24::boolean AND strpos(c.search_text, $22::text) > 0 THEN 0.4
            WHEN $25::boolean AND ts_filter(c.search_vector, '{b}') @@ $27::tsquery THEN 0.25 ELSE 0 END))
     + greatest(CASE WHEN ts_filter(c.search_vector, '{a}') @@ $29::tsquery THEN 1
            WHEN search_fold(c.text) ~ $32::text THEN 0.6
            WHEN $30::boolean AND strpos(search_fold(c.text), $28::text) > 0 THEN 0.4
            WHEN $31::boolean AND ts_filter(c.search_vector, '{a}') @@ $33::tsquery THEN 0.25 ELSE 0 END,
        0.5 * (CASE WHEN ts_filter(c.search_vector, '{b}') @@ $29::tsquery THEN 1
            WHEN c.search_text ~ $32::text THEN 0.6
            WHEN $30::boolean AND strpos(c.search_text, $28::text) > 0 THEN 0.4
            WHEN $31::boolean AND ts_filter(c.search_vector, '{b}') @@ $33::tsquery THEN 0.25 ELSE 0 END))) / greatest($34::int, 1))::numeric, 3) END AS score, (SELECT count(*) FROM c)::int AS total
  FROM c
 ORDER BY score DESC, c.updated_date DESC, c.id DESC
 LIMIT $3;

-- note_create
WITH n AS (
  INSERT INTO notes (id, group_id, title, content, color, icon, is_private, is_pinned, created_by, kind)
  VALUES ($1, $2, $3, $4, $5, $6, $7, false, $8, $15)
  ON CONFLICT (id) DO NOTHING
  RETURNING *
), history AS (
  INSERT INTO action_histories (id, group_id, admin_only, private_to_user_id, entity_type, entity_id, action, changes, user_id, user_nickname, entity_label)
  SELECT $9::uuid, n.group_id, false, $10::uuid, 'Note', n.id, 'Created', $11::jsonb, $12::uuid, $13::varchar, $14::varchar FROM n
)
SELECT n.id, n.title, n.content, n.color, n.icon, n.is_private, n.is_pinned, n.created_by,
       to_char(n.created_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_date, to_char(n.updated_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS updated_date, n.version, n.kind FROM n;

-- note_item_creator
SELECT user_id FROM action_histories WHERE entity_id = $1 AND entity_type = 'NoteItem' AND action = 'Created' LIMIT 1;

-- note_items_count
SELECT count(*)::int AS count, max("order") FILTER (WHERE NOT is_completed) AS last_open
  FROM note_items WHERE note_id = $1;

-- note_items_shift
UPDATE note_items SET "order" = "order" + $3::int, updated_date = CURRENT_TIMESTAMP WHERE note_id = $1 AND "order" >= $2;

-- note_privacy
SELECT is_private, created_by, title FROM notes WHERE id = $1;

-- notes_list_createdDate_asc
SELECT n.id, n.title, n.content, n.color, n.icon, n.is_private, n.is_pinned, n.created_by,
       to_char(n.created_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_date, to_char(n.updated_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS updated_date, n.version, n.kind
  FROM notes n
 WHERE n.group_id = $1 AND (n.is_private = false OR n.created_by = $2)
 ORDER BY n.is_pinned DESC, n.created_date ASC, n.id ASC;

-- notes_list_createdDate_desc
SELECT n.id, n.title, n.content, n.color, n.icon, n.is_private, n.is_pinned, n.created_by,
       to_char(n.created_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_date, to_char(n.updated_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS updated_date, n.version, n.kind
  FROM notes n
 WHERE n.group_id = $1 AND (n.is_private = false OR n.created_by = $2)
 ORDER BY n.is_pinned DESC, n.created_date DESC, n.id DESC;

-- notes_list_items
SELECT i.note_id, i.id, i.text, i.url, i.is_completed, i."order", i.version, i.quantity, i.aisle, i.catalog_item_id, i.added_during_trip
  FROM note_items i JOIN notes n ON n.id = i.note_id
 WHERE i.group_id = $1 AND n.group_id = $1 AND (n.is_private = false OR n.created_by = $2)
 ORDER BY i.note_id, i."order";

-- notes_list_title_asc
SELECT n.id, n.title, n.content, n.color, n.icon, n.is_private, n.is_pinned, n.created_by,
       to_char(n.created_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_date, to_char(n.updated_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS updated_date, n.version, n.kind
  FROM notes n
 WHERE n.group_id = $1 AND (n.is_private = false OR n.created_by = $2)
 ORDER BY n.is_pinned DESC, lower(n.title) ASC, n.id ASC;

-- notes_list_title_desc
SELECT n.id, n.title, n.content, n.color, n.icon, n.is_private, n.is_pinned, n.created_by,
       to_char(n.created_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_date, to_char(n.updated_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS updated_date, n.version, n.kind
  FROM notes n
 WHERE n.group_id = $1 AND (n.is_private = false OR n.created_by = $2)
 ORDER BY n.is_pinned DESC, lower(n.title) DESC, n.id DESC;

-- notes_list_updatedDate_asc
SELECT n.id, n.title, n.content, n.color, n.icon, n.is_private, n.is_pinned, n.created_by,
       to_char(n.created_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_date, to_char(n.updated_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS updated_date, n.version, n.kind
  FROM notes n
 WHERE n.group_id = $1 AND (n.is_private = false OR n.created_by = $2)
 ORDER BY n.is_pinned DESC, n.updated_date ASC, n.id ASC;

-- notes_list_updatedDate_desc
SELECT n.id, n.title, n.content, n.color, n.icon, n.is_private, n.is_pinned, n.created_by,
       to_char(n.created_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_date, to_char(n.updated_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS updated_date, n.version, n.kind
  FROM notes n
 WHERE n.group_id = $1 AND (n.is_private = false OR n.created_by = $2)
 ORDER BY n.is_pinned DESC, n.updated_date DESC, n.id DESC;

-- MARKERS_SEARCH_SQL.0
WITH c AS (
  SELECT m.id, m.title, m.description, m.address, m.date, m.search_vector, m.search_text
    FROM markers m
   WHERE m.group_id = $1 AND m.deleted_date IS NULL AND ((NOT $4::boolean AND false)
   OR ($4::boolean AND search_fold(m.title) ~ ($5::text[])[1] AND search_fold(m.title) ~ ALL($5::text[])))
   ORDER BY m.date DESC, m.id DESC
   LIMIT $6::int)
SELECT c.id, NULL::uuid AS parent_id, c.title, concat_ws(' · ', nullif(trim(search_html_text(c.description)), ''), c.address) AS body,
       NULL::text AS context, to_char(c.date, 'YYYY-MM-DD') AS date,
       CASE WHEN $4::boolean THEN 1
       ELSE round(((0) / greatest($3::int, 1))::numeric, 3) END AS score, (SELECT count(*) FROM c)::int AS total
  FROM c
 ORDER BY score DESC, c.date DESC, c.id DESC
 LIMIT $2;

-- MARKERS_SEARCH_SQL.1
WITH c AS (
  SELECT m.id, m.title, m.description, m.address, m.date, m.search_vector, m.search_text
    FROM markers m
   WHERE m.group_id = $1 AND m.deleted_date IS NULL AND ((NOT $10::boolean AND (m.search_vector @@ $4::tsquery OR ($5::boolean AND m.search_text LIKE '%' || $3::text || '%') OR ($6::boolean AND m.search_vector @@ $8::tsquery)))
   OR ($10::boolean AND search_fold(m.title) ~ ($11::text[])[1] AND search_fold(m.title) ~ ALL($11::text[])))
   ORDER BY m.date DESC, m.id DESC
   LIMIT $12::int)
SELECT c.id, NULL::uuid AS parent_id, c.title, concat_ws(' · ', nullif(trim(search_html_text(c.description)), ''), c.address) AS body,
       NULL::text AS context, to_char(c.date, 'YYYY-MM-DD') AS date,
       CASE WHEN $10::boolean THEN 1
       ELSE round(((greatest(CASE WHEN ts_filter(c.search_vector, '{a}') @@ $4::tsquery THEN 1
            WHEN search_fold(c.title) ~ $7::text THEN 0.6
            WHEN $5::boolean AND strpos(search_fold(c.title), $3::text) > 0 THEN 0.4
            WHEN $6::boolean AND ts_filter(c.search_vector, '{a}') @@ $8::tsquery THEN 0.25 ELSE 0 END,
        0.5 * (CASE WHEN ts_filter(c.search_vector, '{b}') @@ $4::tsquery THEN 1
            WHEN c.search_text ~ $7::text THEN 0.6
            WHEN $5::boolean AND strpos(c.search_text, $3::text) > 0 THEN 0.4
            WHEN $6::boolean AND ts_filter(c.search_vector, '{b}') @@ $8::tsquery THEN 0.25 ELSE 0 END))) / greatest($9::int, 1))::numeric, 3) END AS score, (SELECT count(*) FROM c)::int AS total
  FROM c
 ORDER BY score DESC, c.date DESC, c.id DESC
 LIMIT $2;

-- MARKERS_SEARCH_SQL.2
WITH c AS (
  SELECT m.id, m.title, m.description, m.address, m.date, m.search_vector, m.search_text
    FROM markers m
   WHERE m.group_id = $1 AND m.deleted_date IS NULL AND ((NOT $16::boolean AND (m.search_vector @@ $4::tsquery OR ($5::boolean AND m.search_text LIKE '%' || $3::text || '%') OR ($6::boolean AND m.search_vector @@ $8::tsquery))
   AND (m.search_vector @@ $10::tsquery OR ($11::boolean AND m.search_text LIKE '%' || $9::text || '%') OR ($12::boolean AND m.search_vector @@ $14::tsquery)))
   OR ($16::boolean AND search_fold(m.title) ~ ($17::text[])[1] AND search_fold(m.title) ~ ALL($17::text[])))
   ORDER BY m.date DESC, m.id DESC
   LIMIT $18::int)
SELECT c.id, NULL::uuid AS parent_id, c.title, concat_ws(' · ', nullif(trim(search_html_text(c.description)), ''), c.address) AS body,
       NULL::text AS context, to_char(c.date, 'YYYY-MM-DD') AS date,
       CASE WHEN $16::boolean THEN 1
       ELSE round(((greatest(CASE WHEN ts_filter(c.search_vector, '{a}') @@ $4::tsquery THEN 1
            WHEN search_fold(c.title) ~ $7::text THEN 0.6
            WHEN $5::boolean AND strpos(search_fold(c.title), $3::text) > 0 THEN 0.4
            WHEN $6::boolean AND ts_filter(c.search_vector, '{a}') @@ $8::tsquery THEN 0.25 ELSE 0 END,
        0.5 * (CASE WHEN ts_filter(c.search_vector, '{b}') @@ $4::tsquery THEN 1
            WHEN c.search_text ~ $7::text THEN 0.6
            WHEN $5::boolean AND strpos(c.search_text, $3::text) > 0 THEN 0.4
            WHEN $6::boolean AND ts_filter(c.search_vector, '{b}') @@ $8::tsquery THEN 0.25 ELSE 0 END))
     + greatest(CASE WHEN ts_filter(c.search_vector, '{a}') @@ $10::tsquery THEN 1
            WHEN search_fold(c.title) ~ $13::text THEN 0.6
            WHEN $11::boolean AND strpos(search_fold(c.title), $9::text) > 0 THEN 0.4
            WHEN $12::boolean AND ts_filter(c.search_vector, '{a}') @@ $14::tsquery THEN 0.25 ELSE 0 END,
        0.5 * (CASE WHEN ts_filter(c.search_vector, '{b}') @@ $10::tsquery THEN 1
            WHEN c.search_text ~ $13::text THEN 0.6
            WHEN $11::boolean AND strpos(c.search_text, $9::text) > 0 THEN 0.4
            WHEN $12::boolean AND ts_filter(c.search_vector, '{b}') @@ $14::tsquery THEN 0.25 ELSE 0 END))) / greatest($15::int, 1))::numeric, 3) END AS score, (SELECT count(*) FROM c)::int AS total
  FROM c
 ORDER BY score DESC, c.date DESC, c.id DESC
 LIMIT $2;

-- MARKERS_SEARCH_SQL.3
WITH c AS (
  SELECT m.id, m.title, m.description, m.address, m.date, m.search_vector, m.search_text
    FROM markers m
   WHERE m.group_id = $1 AND m.deleted_date IS NULL AND ((NOT $22::boolean AND (m.search_vector @@ $4::tsquery OR ($5::boolean AND m.search_text LIKE '%' || $3::text || '%') OR ($6::boolean AND m.search_vector @@ $8::tsquery))
   AND (m.search_vector @@ $10::tsquery OR ($11::boolean AND m.search_text LIKE '%' || $9::text || '%') OR ($12::boolean AND m.search_vector @@ $14::tsquery))
   AND (m.search_vector @@ $16::tsquery OR ($17::boolean AND m.search_text LIKE '%' || $15::text || '%') OR ($18::boolean AND m.search_vector @@ $20::tsquery)))
   OR ($22::boolean AND search_fold(m.title) ~ ($23::text[])[1] AND search_fold(m.title) ~ ALL($23::text[])))
   ORDER BY m.date DESC, m.id DESC
   LIMIT $24::int)
SELECT c.id, NULL::uuid AS parent_id, c.title, concat_ws(' · ', nullif(trim(search_html_text(c.description)), ''), c.address) AS body,
       NULL::text AS context, to_char(c.date, 'YYYY-MM-DD') AS date,
       CASE WHEN $22::boolean THEN 1
       ELSE round(((greatest(CASE WHEN ts_filter(c.search_vector, '{a}') @@ $4::tsquery THEN 1
            WHEN search_fold(c.title) ~ $7::text THEN 0.6
            WHEN $5::boolean AND strpos(search_fold(c.title), $3::text) > 0 THEN 0.4
            WHEN $6::boolean AND ts_filter(c.search_vector, '{a}') @@ $8::tsquery THEN 0.25 ELSE 0 END,
        0.5 * (CASE WHEN ts_filter(c.search_vector, '{b}') @@ $4::tsquery THEN 1
            WHEN c.search_text ~ $7::text THEN 0.6
            WHEN $5::boolean AND strpos(c.search_text, $3::text) > 0 THEN 0.4
            WHEN $6::boolean AND ts_filter(c.search_vector, '{b}') @@ $8::tsquery THEN 0.25 ELSE 0 END))
     + greatest(CASE WHEN ts_filter(c.search_vector, '{a}') @@ $10::tsquery THEN 1
            WHEN search_fold(c.title) ~ $13::text THEN 0.6
            WHEN $11::boolean AND strpos(search_fold(c.title), $9::text) > 0 THEN 0.4
            WHEN $12::boolean AND ts_filter(c.search_vector, '{a}') @@ $14::tsquery THEN 0.25 ELSE 0 END,
        0.5 * (CASE WHEN ts_filter(c.search_vector, '{b}') @@ $10::tsquery THEN 1
            WHEN c.search_text ~ $13::text THEN 0.6
            WHEN $11::boolean AND strpos(c.search_text, $9::text) > 0 THEN 0.4
            WHEN $12::boolean AND ts_filter(c.search_vector, '{b}') @@ $14::tsquery THEN 0.25 ELSE 0 END))
     + greatest(CASE WHEN ts_filter(c.search_vector, '{a}') @@ $16::tsquery THEN 1
            WHEN search_fold(c.title) ~ $19::text THEN 0.6
            WHEN $17::boolean AND strpos(search_fold(c.title), $15::text) > 0 THEN 0.4
            WHEN $18::boolean AND ts_filter(c.search_vector, '{a}') @@ $20::tsquery THEN 0.25 ELSE 0 END,
        0.5 * (CASE WHEN ts_filter(c.search_vector, '{b}') @@ $16::tsquery THEN 1
            WHEN c.search_text ~ $19::text THEN 0.6
            WHEN $17::boolean AND strpos(c.search_text, $15::text) > 0 THEN 0.4
            WHEN $18::boolean AND ts_filter(c.search_vector, '{b}') @@ $20::tsquery THEN 0.25 ELSE 0 END))) / greatest($21::int, 1))::numeric, 3) END AS score, (SELECT count(*) FROM c)::int AS total
  FROM c
 ORDER BY score DESC, c.date DESC, c.id DESC
 LIMIT $2;

-- MARKERS_SEARCH_SQL.4
WITH c AS (
  SELECT m.id, m.title, m.description, m.address, m.date, m.search_vector, m.search_text
    FROM markers m
   WHERE m.group_id = $1 AND m.deleted_date IS NULL AND ((NOT $28::boolean AND (m.search_vector @@ $4::tsquery OR ($5::boolean AND m.search_text LIKE '%' || $3::text || '%') OR ($6::boolean AND m.search_vector @@ $8::tsquery))
   AND (m.search_vector @@ $10::tsquery OR ($11::boolean AND m.search_text LIKE '%' || $9::text || '%') OR ($12::boolean AND m.search_vector @@ $14::tsquery))
   AND (m.search_vector @@ $16::tsquery OR ($17::boolean AND m.search_text LIKE '%' || $15::text || '%') OR ($18::boolean AND m.search_vector @@ $20::tsquery))
   AND (m.search_vector @@ $22::tsquery OR ($23::boolean AND m.search_text LIKE '%' || $21::text || '%') OR ($24::boolean AND m.search_vector @@ $26::tsquery)))
   OR ($28::boolean AND search_fold(m.title) ~ ($29::text[])[1] AND search_fold(m.title) ~ ALL($29::text[])))
   ORDER BY m.date DESC, m.id DESC
   LIMIT $30::int)
SELECT c.id, NULL::uuid AS parent_id, c.title, concat_ws(' · ', nullif(trim(search_html_text(c.description)), ''), c.address) AS body,
       NULL::text AS context, to_char(c.date, 'YYYY-MM-DD') AS date,
       CASE WHEN $28::boolean THEN 1
       ELSE round(((greatest(CASE WHEN ts_filter(c.search_vector, '{a}') @@ $4::tsquery THEN 1
            WHEN search_fold(c.title) ~ $7::text THEN 0.6
            WHEN $5::boolean AND strpos(search_fold(c.title), $3::text) > 0 THEN 0.4
            WHEN $6::boolean AND ts_filter(c.search_vector, '{a}') @@ $8::tsquery THEN 0.25 ELSE 0 END,
        0.5 * (CASE WHEN ts_filter(c.search_vector, '{b}') @@ $4::tsquery THEN 1
            WHEN c.search_text ~ $7::text THEN 0.6
            WHEN $5::boolean AND strpos(c.search_text, $3::text) > 0 THEN 0.4
            WHEN $6::boolean AND ts_filter(c.search_vector, '{b}') @@ $8::tsquery THEN 0.25 ELSE 0 END))
     + greatest(CASE WHEN ts_filter(c.search_vector, '{a}') @@ $10::tsquery THEN 1
            WHEN search_fold(c.title) ~ $13::text THEN 0.6
            WHEN $11::boolean AND strpos(search_fold(c.title), $9::text) > 0 THEN 0.4
            WHEN $12::boolean AND ts_filter(c.search_vector, '{a}') @@ $14::tsquery THEN 0.25 ELSE 0 END,
        0.5 * (CASE WHEN ts_filter(c.search_vector, '{b}') @@ $10::tsquery THEN 1
            WHEN c.search_text ~ $13::text THEN 0.6
            WHEN $11::boolean AND strpos(c.search_text, $9::text) > 0 THEN 0.4
            WHEN $12::boolean AND ts_filter(c.search_vector, '{b}') @@ $14::tsquery THEN 0.25 ELSE 0 END))
     + greatest(CASE WHEN ts_filter(c.search_vector, '{a}') @@ $16::tsquery THEN 1
            WHEN search_fold(c.title) ~ $19::text THEN 0.6
            WHEN $17::boolean AND strpos(search_fold(c.title), $15::text) > 0 THEN 0.4
            WHEN $18::boolean AND ts_filter(c.search_vector, '{a}') @@ $20::tsquery THEN 0.25 ELSE 0 END,
        0.5 * (CASE WHEN ts_filter(c.search_vector, '{b}') @@ $16::tsquery THEN 1
            WHEN c.search_text ~ $19::text THEN 0.6
            WHEN $17::boolean AND strpos(c.search_text, $15::text) > 0 THEN 0.4
            WHEN $18::boolean AND ts_filter(c.search_vector, '{b}') @@ $20::tsquery THEN 0.25 ELSE 0 END))
     + greatest(CASE WHEN ts_filter(c.search_vector, '{a}') @@ $22::tsquery THEN 1
            WHEN search_fold(c.title) ~ $25::text THEN 0.6
            WHEN $23::boolean AND strpos(search_fold(c.title), $21::text) > 0 THEN 0.4
            WHEN $24::boolean AND ts_filter(c.search_vector, '{a}') @@ $26::tsquery THEN 0.25 ELSE 0 END,
        0.5 * (CASE WHEN ts_filter(c.search_vector, '{b}') @@ $22::tsquery THEN 1
            WHEN c.search_text ~ $25::text THEN 0.6
            WHEN $23::boolean AND strpos(c.search_text, $21::text) > 0 THEN 0.4
            WHEN $24::boolean AND ts_filter(c.search_vector, '{b}') @@ $26::tsquery THEN 0.25 ELSE 0 END))) / greatest($27::int, 1))::numeric, 3) END AS score, (SELECT count(*) FROM c)::int AS total
  FROM c
 ORDER BY score DESC, c.date DESC, c.id DESC
 LIMIT $2;

-- MARKERS_SEARCH_SQL.5
WITH c AS (
  SELECT m.id, m.title, m.description, m.address, m.date, m.search_vector, m.search_text
    FROM markers m
   WHERE m.group_id = $1 AND m.deleted_date IS NULL AND ((NOT $34::boolean AND (m.search_vector @@ $4::tsquery OR ($5::boolean AND m.search_text LIKE '%' || $3::text || '%') OR ($6::boolean AND m.search_vector @@ $8::tsquery))
   AND (m.search_vector @@ $10::tsquery OR ($11::boolean AND m.search_text LIKE '%' || $9::text || '%') OR ($12::boolean AND m.search_vector @@ $14::tsquery))
   AND (m.search_vector @@ $16::tsquery OR ($17::boolean AND m.search_text LIKE '%' || $15::text || '%') OR ($18::boolean AND m.search_vector @@ $20::tsquery))
   AND (m.search_vector @@ $22::tsquery OR ($23::boolean AND m.search_text LIKE '%' || $21::text || '%') OR ($24::boolean AND m.search_vector @@ $26::tsquery))
   AND (m.search_vector @@ $28::tsquery OR ($29::boolean AND m.search_text LIKE '%' || $27::text || '%') OR ($30::boolean AND m.search_vector @@ $32::tsquery)))
   OR ($34::boolean AND search_fold(m.title) ~ ($35::text[])[1] AND search_fold(m.title) ~ ALL($35::text[])))
   ORDER BY m.date DESC, m.id DESC
   LIMIT $36::int)
SELECT c.id, NULL::uuid AS parent_id, c.title, concat_ws(' · ', nullif(trim(search_html_text(c.description)), ''), c.address) AS body,
       NULL::text AS context, to_char(c.date, 'YYYY-MM-DD') AS date,
       CASE WHEN $34::boolean THEN 1
       ELSE round(((greatest(CASE WHEN ts_filter(c.search_vector, '{a}') @@ $4::tsquery THEN 1
            WHEN search_fold(c.title) ~ $7::text THEN 0.6
            WHEN $5::boolean AND strpos(search_fold(c.title), $3::text) > 0 THEN 0.4
            WHEN $6::boolean AND ts_filter(c.search_vector, '{a}') @@ $8::tsquery THEN 0.25 ELSE 0 END,
        0.5 * (CASE WHEN ts_filter(c.search_vector, '{b}') @@ $4::tsquery THEN 1
            WHEN c.search_text ~ $7::text THEN 0.6
            WHEN $5::boolean AND strpos(c.search_text, $3::text) > 0 THEN 0.4
            WHEN $6::boolean AND ts_filter(c.search_vector, '{b}') @@ $8::tsquery THEN 0.25 ELSE 0 END))
     + greatest(CASE WHEN ts_filter(c.search_vector, '{a}') @@ $10::tsquery THEN 1
            WHEN search_fold(c.title) ~ $13::text THEN 0.6
            WHEN $11::boolean AND strpos(search_fold(c.title), $9::text) > 0 THEN 0.4
            WHEN $12::boolean AND ts_filter(c.search_vector, '{a}') @@ $14::tsquery THEN 0.25 ELSE 0 END,
        0.5 * (CASE WHEN ts_filter(c.search_vector, '{b}') @@ $10::tsquery THEN 1
            WHEN c.search_text ~ $13::text THEN 0.6
            WHEN $11::boolean AND strpos(c.search_text, $9::text) > 0 THEN 0.4
            WHEN $12::boolean AND ts_filter(c.search_vector, '{b}') @@ $14::tsquery THEN 0.25 ELSE 0 END))
     + greatest(CASE WHEN ts_filter(c.search_vector, '{a}') @@ $16::tsquery THEN 1
            WHEN search_fold(c.title) ~ $19::text THEN 0.6
            WHEN $17::boolean AND strpos(search_fold(c.title), $15::text) > 0 THEN 0.4
            WHEN $18::boolean AND ts_filter(c.search_vector, '{a}') @@ $20::tsquery THEN 0.25 ELSE 0 END,
        0.5 * (CASE WHEN ts_filter(c.search_vector, '{b}') @@ $16::tsquery THEN 1
            WHEN c.search_text ~ $19::text THEN 0.6
            WHEN $17::boolean AND strpos(c.search_text, $15::text) > 0 THEN 0.4
            WHEN $18::boolean AND ts_filter(c.search_vector, '{b}') @@ $20::tsquery THEN 0.25 ELSE 0 END))
     + greatest(CASE WHEN ts_filter(c.search_vector, '{a}') @@ $22::tsquery THEN 1
            WHEN search_fold(c.title) ~ $25::text THEN 0.6
            WHEN $23::boolean AND strpos(search_fold(c.title), $21::text) > 0 THEN 0.4
            WHEN $24::boolean AND ts_filter(c.search_vector, '{a}') @@ $26::tsquery THEN 0.25 ELSE 0 END,
        0.5 * (CASE WHEN ts_filter(c.search_vector, '{b}') @@ $22::tsquery THEN 1
            WHEN c.search_text ~ $25::text THEN 0.6
            WHEN $23::boolean AND strpos(c.search_text, $21::text) > 0 THEN 0.4
            WHEN $24::boolean AND ts_filter(c.search_vector, '{b}') @@ $26::tsquery THEN 0.25 ELSE 0 END))
     + greatest(CASE WHEN ts_filter(c.search_vector, '{a}') @@ $28::tsquery THEN 1
            WHEN search_fold(c.title) ~ $31::text THEN 0.6
            WHEN $29::boolean AND strpos(search_fold(c.title), $27::text) > 0 THEN 0.4
            WHEN $30::boolean AND ts_filter(c.search_vector, '{a}') @@ $32::tsquery THEN 0.25 ELSE 0 END,
        0.5 * (CASE WHEN ts_filter(c.search_vector, '{b}') @@ $28::tsquery THEN 1
            WHEN c.search_text ~ $31::text THEN 0.6
            WHEN $29::boolean AND strpos(c.search_text, $27::text) > 0 THEN 0.4
            WHEN $30::boolean AND ts_filter(c.search_vector, '{b}') @@ $32::tsquery THEN 0.25 ELSE 0 END))) / greatest($33::int, 1))::numeric, 3) END AS score, (SELECT count(*) FROM c)::int AS total
  FROM c
 ORDER BY score DESC, c.date DESC, c.id DESC
 LIMIT $2;

-- MARKERS_TRASH_SEARCH_SQL.0
WITH c AS (
  SELECT m.id, m.title, m.description, m.address, m.date, m.search_vector, m.search_text
    FROM markers m
   WHERE m.group_id = $1 AND m.deleted_date IS NOT NULL AND ((NOT $4::boolean AND false)
   OR ($4::boolean AND search_fold(m.title) ~ ($5::text[])[1] AND search_fold(m.title) ~ ALL($5::text[])))
   ORDER BY m.date DESC, m.id DESC
   LIMIT $6::int)
SELECT c.id, NULL::uuid AS parent_id, c.title, concat_ws(' · ', nullif(trim(search_html_text(c.description)), ''), c.address) AS body,
       NULL::text AS context, to_char(c.date, 'YYYY-MM-DD') AS date,
       CASE WHEN $4::boolean THEN 1
       ELSE round(((0) / greatest($3::int, 1))::numeric, 3) END AS score, (SELECT count(*) FROM c)::int AS total
  FROM c
 ORDER BY score DESC, c.date DESC, c.id DESC
 LIMIT $2;

-- MARKERS_TRASH_SEARCH_SQL.1
WITH c AS (
  SELECT m.id, m.title, m.description, m.address, m.date, m.search_vector, m.search_text
    FROM markers m
   WHERE m.group_id = $1 AND m.deleted_date IS NOT NULL AND ((NOT $10::boolean AND (m.search_vector @@ $4::tsquery OR ($5::boolean AND m.search_text LIKE '%' || $3::text || '%') OR ($6::boolean AND m.search_vector @@ $8::tsquery)))
   OR ($10::boolean AND search_fold(m.title) ~ ($11::text[])[1] AND search_fold(m.title) ~ ALL($11::text[])))
   ORDER BY m.date DESC, m.id DESC
   LIMIT $12::int)
SELECT c.id, NULL::uuid AS parent_id, c.title, concat_ws(' · ', nullif(trim(search_html_text(c.description)), ''), c.address) AS body,
       NULL::text AS context, to_char(c.date, 'YYYY-MM-DD') AS date,
       CASE WHEN $10::boolean THEN 1
       ELSE round(((greatest(CASE WHEN ts_filter(c.search_vector, '{a}') @@ $4::tsquery THEN 1
            WHEN search_fold(c.title) ~ $7::text THEN 0.6
            WHEN $5::boolean AND strpos(search_fold(c.title), $3::text) > 0 THEN 0.4
            WHEN $6::boolean AND ts_filter(c.search_vector, '{a}') @@ $8::tsquery THEN 0.25 ELSE 0 END,
        0.5 * (CASE WHEN ts_filter(c.search_vector, '{b}') @@ $4::tsquery THEN 1
            WHEN c.search_text ~ $7::text THEN 0.6
            WHEN $5::boolean AND strpos(c.search_text, $3::text) > 0 THEN 0.4
            WHEN $6::boolean AND ts_filter(c.search_vector, '{b}') @@ $8::tsquery THEN 0.25 ELSE 0 END))) / greatest($9::int, 1))::numeric, 3) END AS score, (SELECT count(*) FROM c)::int AS total
  FROM c
 ORDER BY score DESC, c.date DESC, c.id DESC
 LIMIT $2;

-- MARKERS_TRASH_SEARCH_SQL.2
WITH c AS (
  SELECT m.id, m.title, m.description, m.address, m.date, m.search_vector, m.search_text
    FROM markers m
   WHERE m.group_id = $1 AND m.deleted_date IS NOT NULL AND ((NOT $16::boolean AND (m.search_vector @@ $4::tsquery OR ($5::boolean AND m.search_text LIKE '%' || $3::text || '%') OR ($6::boolean AND m.search_vector @@ $8::tsquery))
   AND (m.search_vector @@ $10::tsquery OR ($11::boolean AND m.search_text LIKE '%' || $9::text || '%') OR ($12::boolean AND m.search_vector @@ $14::tsquery)))
   OR ($16::boolean AND search_fold(m.title) ~ ($17::text[])[1] AND search_fold(m.title) ~ ALL($17::text[])))
   ORDER BY m.date DESC, m.id DESC
   LIMIT $18::int)
SELECT c.id, NULL::uuid AS parent_id, c.title, concat_ws(' · ', nullif(trim(search_html_text(c.description)), ''), c.address) AS body,
       NULL::text AS context, to_char(c.date, 'YYYY-MM-DD') AS date,
       CASE WHEN $16::boolean THEN 1
       ELSE round(((greatest(CASE WHEN ts_filter(c.search_vector, '{a}') @@ $4::tsquery THEN 1
            WHEN search_fold(c.title) ~ $7::text THEN 0.6
            WHEN $5::boolean AND strpos(search_fold(c.title), $3::text) > 0 THEN 0.4
            WHEN $6::boolean AND ts_filter(c.search_vector, '{a}') @@ $8::tsquery THEN 0.25 ELSE 0 END,
        0.5 * (CASE WHEN ts_filter(c.search_vector, '{b}') @@ $4::tsquery THEN 1
            WHEN c.search_text ~ $7::text THEN 0.6
            WHEN $5::boolean AND strpos(c.search_text, $3::text) > 0 THEN 0.4
            WHEN $6::boolean AND ts_filter(c.search_vector, '{b}') @@ $8::tsquery THEN 0.25 ELSE 0 END))
     + greatest(CASE WHEN ts_filter(c.search_vector, '{a}') @@ $10::tsquery THEN 1
            WHEN search_fold(c.title) ~ $13::text THEN 0.6
            WHEN $11::boolean AND strpos(search_fold(c.title), $9::text) > 0 THEN 0.4
            WHEN $12::boolean AND ts_filter(c.search_vector, '{a}') @@ $14::tsquery THEN 0.25 ELSE 0 END,
        0.5 * (CASE WHEN ts_filter(c.search_vector, '{b}') @@ $10::tsquery THEN 1
            WHEN c.search_text ~ $13::text THEN 0.6
            WHEN $11::boolean AND strpos(c.search_text, $9::text) > 0 THEN 0.4
            WHEN $12::boolean AND ts_filter(c.search_vector, '{b}') @@ $14::tsquery THEN 0.25 ELSE 0 END))) / greatest($15::int, 1))::numeric, 3) END AS score, (SELECT count(*) FROM c)::int AS total
  FROM c
 ORDER BY score DESC, c.date DESC, c.id DESC
 LIMIT $2;

-- MARKERS_TRASH_SEARCH_SQL.3
WITH c AS (
  SELECT m.id, m.title, m.description, m.address, m.date, m.search_vector, m.search_text
    FROM markers m
   WHERE m.group_id = $1 AND m.deleted_date IS NOT NULL AND ((NOT $22::boolean AND (m.search_vector @@ $4::tsquery OR ($5::boolean AND m.search_text LIKE '%' || $3::text || '%') OR ($6::boolean AND m.search_vector @@ $8::tsquery))
   AND (m.search_vector @@ $10::tsquery OR ($11::boolean AND m.search_text LIKE '%' || $9::text || '%') OR ($12::boolean AND m.search_vector @@ $14::tsquery))
   AND (m.search_vector @@ $16::tsquery OR ($17::boolean AND m.search_text LIKE '%' || $15::text || '%') OR ($18::boolean AND m.search_vector @@ $20::tsquery)))
   OR ($22::boolean AND search_fold(m.title) ~ ($23::text[])[1] AND search_fold(m.title) ~ ALL($23::text[])))
   ORDER BY m.date DESC, m.id DESC
   LIMIT $24::int)
SELECT c.id, NULL::uuid AS parent_id, c.title, concat_ws(' · ', nullif(trim(search_html_text(c.description)), ''), c.address) AS body,
       NULL::text AS context, to_char(c.date, 'YYYY-MM-DD') AS date,
       CASE WHEN $22::boolean THEN 1
       ELSE round(((greatest(CASE WHEN ts_filter(c.search_vector, '{a}') @@ $4::tsquery THEN 1
            WHEN search_fold(c.title) ~ $7::text THEN 0.6
            WHEN $5::boolean AND strpos(search_fold(c.title), $3::text) > 0 THEN 0.4
            WHEN $6::boolean AND ts_filter(c.search_vector, '{a}') @@ $8::tsquery THEN 0.25 ELSE 0 END,
        0.5 * (CASE WHEN ts_filter(c.search_vector, '{b}') @@ $4::tsquery THEN 1
            WHEN c.search_text ~ $7::text THEN 0.6
            WHEN $5::boolean AND strpos(c.search_text, $3::text) > 0 THEN 0.4
            WHEN $6::boolean AND ts_filter(c.search_vector, '{b}') @@ $8::tsquery THEN 0.25 ELSE 0 END))
     + greatest(CASE WHEN ts_filter(c.search_vector, '{a}') @@ $10::tsquery THEN 1
            WHEN search_fold(c.title) ~ $13::text THEN 0.6
            WHEN $11::boolean AND strpos(search_fold(c.title), $9::text) > 0 THEN 0.4
            WHEN $12::boolean AND ts_filter(c.search_vector, '{a}') @@ $14::tsquery THEN 0.25 ELSE 0 END,
        0.5 * (CASE WHEN ts_filter(c.search_vector, '{b}') @@ $10::tsquery THEN 1
            WHEN c.search_text ~ $13::text THEN 0.6
            WHEN $11::boolean AND strpos(c.search_text, $9::text) > 0 THEN 0.4
            WHEN $12::boolean AND ts_filter(c.search_vector, '{b}') @@ $14::tsquery THEN 0.25 ELSE 0 END))
     + greatest(CASE WHEN ts_filter(c.search_vector, '{a}') @@ $16::tsquery THEN 1
            WHEN search_fold(c.title) ~ $19::text THEN 0.6
            WHEN $17::boolean AND strpos(search_fold(c.title), $15::text) > 0 THEN 0.4
            WHEN $18::boolean AND ts_filter(c.search_vector, '{a}') @@ $20::tsquery THEN 0.25 ELSE 0 END,
        0.5 * (CASE WHEN ts_filter(c.search_vector, '{b}') @@ $16::tsquery THEN 1
            WHEN c.search_text ~ $19::text THEN 0.6
            WHEN $17::boolean AND strpos(c.search_text, $15::text) > 0 THEN 0.4
            WHEN $18::boolean AND ts_filter(c.search_vector, '{b}') @@ $20::tsquery THEN 0.25 ELSE 0 END))) / greatest($21::int, 1))::numeric, 3) END AS score, (SELECT count(*) FROM c)::int AS total
  FROM c
 ORDER BY score DESC, c.date DESC, c.id DESC
 LIMIT $2;

-- MARKERS_TRASH_SEARCH_SQL.4
WITH c AS (
  SELECT m.id, m.title, m.description, m.address, m.date, m.search_vector, m.search_text
    FROM markers m
   WHERE m.group_id = $1 AND m.deleted_date IS NOT NULL AND ((NOT $28::boolean AND (m.search_vector @@ $4::tsquery OR ($5::boolean AND m.search_text LIKE '%' || $3::text || '%') OR ($6::boolean AND m.search_vector @@ $8::tsquery))
   AND (m.search_vector @@ $10::tsquery OR ($11::boolean AND m.search_text LIKE '%' || $9::text || '%') OR ($12::boolean AND m.search_vector @@ $14::tsquery))
   AND (m.search_vector @@ $16::tsquery OR ($17::boolean AND m.search_text LIKE '%' || $15::text || '%') OR ($18::boolean AND m.search_vector @@ $20::tsquery))
   AND (m.search_vector @@ $22::tsquery OR ($23::boolean AND m.search_text LIKE '%' || $21::text || '%') OR ($24::boolean AND m.search_vector @@ $26::tsquery)))
   OR ($28::boolean AND search_fold(m.title) ~ ($29::text[])[1] AND search_fold(m.title) ~ ALL($29::text[])))
   ORDER BY m.date DESC, m.id DESC
   LIMIT $30::int)
SELECT c.id, NULL::uuid AS parent_id, c.title, concat_ws(' · ', nullif(trim(search_html_text(c.description)), ''), c.address) AS body,
       NULL::text AS context, to_char(c.date, 'YYYY-MM-DD') AS date,
       CASE WHEN $28::boolean THEN 1
       ELSE round(((greatest(CASE WHEN ts_filter(c.search_vector, '{a}') @@ $4::tsquery THEN 1
            WHEN search_fold(c.title) ~ $7::text THEN 0.6
            WHEN $5::boolean AND strpos(search_fold(c.title), $3::text) > 0 THEN 0.4
            WHEN $6::boolean AND ts_filter(c.search_vector, '{a}') @@ $8::tsquery THEN 0.25 ELSE 0 END,
        0.5 * (CASE WHEN ts_filter(c.search_vector, '{b}') @@ $4::tsquery THEN 1
            WHEN c.search_text ~ $7::text THEN 0.6
            WHEN $5::boolean AND strpos(c.search_text, $3::text) > 0 THEN 0.4
            WHEN $6::boolean AND ts_filter(c.search_vector, '{b}') @@ $8::tsquery THEN 0.25 ELSE 0 END))
     + greatest(CASE WHEN ts_filter(c.search_vector, '{a}') @@ $10::tsquery THEN 1
            WHEN search_fold(c.title) ~ $13::text THEN 0.6
            WHEN $11::boolean AND strpos(search_fold(c.title), $9::text) > 0 THEN 0.4
            WHEN $12::boolean AND ts_filter(c.search_vector, '{a}') @@ $14::tsquery THEN 0.25 ELSE 0 END,
        0.5 * (CASE WHEN ts_filter(c.search_vector, '{b}') @@ $10::tsquery THEN 1
            WHEN c.search_text ~ $13::text THEN 0.6
            WHEN $11::boolean AND strpos(c.search_text, $9::text) > 0 THEN 0.4
            WHEN $12::boolean AND ts_filter(c.search_vector, '{b}') @@ $14::tsquery THEN 0.25 ELSE 0 END))
     + greatest(CASE WHEN ts_filter(c.search_vector, '{a}') @@ $16::tsquery THEN 1
            WHEN search_fold(c.title) ~ $19::text THEN 0.6
            WHEN $17::boolean AND strpos(search_fold(c.title), $15::text) > 0 THEN 0.4
            WHEN $18::boolean AND ts_filter(c.search_vector, '{a}') @@ $20::tsquery THEN 0.25 ELSE 0 END,
        0.5 * (CASE WHEN ts_filter(c.search_vector, '{b}') @@ $16::tsquery THEN 1
            WHEN c.search_text ~ $19::text THEN 0.6
            WHEN $17::boolean AND strpos(c.search_text, $15::text) > 0 THEN 0.4
            WHEN $18::boolean AND ts_filter(c.search_vector, '{b}') @@ $20::tsquery THEN 0.25 ELSE 0 END))
     + greatest(CASE WHEN ts_filter(c.search_vector, '{a}') @@ $22::tsquery THEN 1
            WHEN search_fold(c.title) ~ $25::text THEN 0.6
            WHEN $23::boolean AND strpos(search_fold(c.title), $21::text) > 0 THEN 0.4
            WHEN $24::boolean AND ts_filter(c.search_vector, '{a}') @@ $26::tsquery THEN 0.25 ELSE 0 END,
        0.5 * (CASE WHEN ts_filter(c.search_vector, '{b}') @@ $22::tsquery THEN 1
            WHEN c.search_text ~ $25::text THEN 0.6
            WHEN $23::boolean AND strpos(c.search_text, $21::text) > 0 THEN 0.4
            WHEN $24::boolean AND ts_filter(c.search_vector, '{b}') @@ $26::tsquery THEN 0.25 ELSE 0 END))) / greatest($27::int, 1))::numeric, 3) END AS score, (SELECT count(*) FROM c)::int AS total
  FROM c
 ORDER BY score DESC, c.date DESC, c.id DESC
 LIMIT $2;

-- MARKERS_TRASH_SEARCH_SQL.5
WITH c AS (
  SELECT m.id, m.title, m.description, m.address, m.date, m.search_vector, m.search_text
    FROM markers m
   WHERE m.group_id = $1 AND m.deleted_date IS NOT NULL AND ((NOT $34::boolean AND (m.search_vector @@ $4::tsquery OR ($5::boolean AND m.search_text LIKE '%' || $3::text || '%') OR ($6::boolean AND m.search_vector @@ $8::tsquery))
   AND (m.search_vector @@ $10::tsquery OR ($11::boolean AND m.search_text LIKE '%' || $9::text || '%') OR ($12::boolean AND m.search_vector @@ $14::tsquery))
   AND (m.search_vector @@ $16::tsquery OR ($17::boolean AND m.search_text LIKE '%' || $15::text || '%') OR ($18::boolean AND m.search_vector @@ $20::tsquery))
   AND (m.search_vector @@ $22::tsquery OR ($23::boolean AND m.search_text LIKE '%' || $21::text || '%') OR ($24::boolean AND m.search_vector @@ $26::tsquery))
   AND (m.search_vector @@ $28::tsquery OR ($29::boolean AND m.search_text LIKE '%' || $27::text || '%') OR ($30::boolean AND m.search_vector @@ $32::tsquery)))
   OR ($34::boolean AND search_fold(m.title) ~ ($35::text[])[1] AND search_fold(m.title) ~ ALL($35::text[])))
   ORDER BY m.date DESC, m.id DESC
   LIMIT $36::int)
SELECT c.id, NULL::uuid AS parent_id, c.title, concat_ws(' · ', nullif(trim(search_html_text(c.description)), ''), c.address) AS body,
       NULL::text AS context, to_char(c.date, 'YYYY-MM-DD') AS date,
       CASE WHEN $34::boolean THEN 1
       ELSE round(((greatest(CASE WHEN ts_filter(c.search_vector, '{a}') @@ $4::tsquery THEN 1
            WHEN search_fold(c.title) ~ $7::text THEN 0.6
            WHEN $5::boolean AND strpos(search_fold(c.title), $3::text) > 0 THEN 0.4
            WHEN $6::boolean AND ts_filter(c.search_vector, '{a}') @@ $8::tsquery THEN 0.25 ELSE 0 END,
        0.5 * (CASE WHEN ts_filter(c.search_vector, '{b}') @@ $4::tsquery THEN 1
            WHEN c.search_text ~ $7::text THEN 0.6
            WHEN $5::boolean AND strpos(c.search_text, $3::text) > 0 THEN 0.4
            WHEN $6::boolean AND ts_filter(c.search_vector, '{b}') @@ $8::tsquery THEN 0.25 ELSE 0 END))
     + greatest(CASE WHEN ts_filter(c.search_vector, '{a}') @@ $10::tsquery THEN 1
            WHEN search_fold(c.title) ~ $13::text THEN 0.6
            WHEN $11::boolean AND strpos(search_fold(c.title), $9::text) > 0 THEN 0.4
            WHEN $12::boolean AND ts_filter(c.search_vector, '{a}') @@ $14::tsquery THEN 0.25 ELSE 0 END,
        0.5 * (CASE WHEN ts_filter(c.search_vector, '{b}') @@ $10::tsquery THEN 1
            WHEN c.search_text ~ $13::text THEN 0.6
            WHEN $11::boolean AND strpos(c.search_text, $9::text) > 0 THEN 0.4
            WHEN $12::boolean AND ts_filter(c.search_vector, '{b}') @@ $14::tsquery THEN 0.25 ELSE 0 END))
     + greatest(CASE WHEN ts_filter(c.search_vector, '{a}') @@ $16::tsquery THEN 1
            WHEN search_fold(c.title) ~ $19::text THEN 0.6
            WHEN $17::boolean AND strpos(search_fold(c.title), $15::text) > 0 THEN 0.4
            WHEN $18::boolean AND ts_filter(c.search_vector, '{a}') @@ $20::tsquery THEN 0.25 ELSE 0 END,
        0.5 * (CASE WHEN ts_filter(c.search_vector, '{b}') @@ $16::tsquery THEN 1
            WHEN c.search_text ~ $19::text THEN 0.6
            WHEN $17::boolean AND strpos(c.search_text, $15::text) > 0 THEN 0.4
            WHEN $18::boolean AND ts_filter(c.search_vector, '{b}') @@ $20::tsquery THEN 0.25 ELSE 0 END))
     + greatest(CASE WHEN ts_filter(c.search_vector, '{a}') @@ $22::tsquery THEN 1
            WHEN search_fold(c.title) ~ $25::text THEN 0.6
            WHEN $23::boolean AND strpos(search_fold(c.title), $21::text) > 0 THEN 0.4
            WHEN $24::boolean AND ts_filter(c.search_vector, '{a}') @@ $26::tsquery THEN 0.25 ELSE 0 END,
        0.5 * (CASE WHEN ts_filter(c.search_vector, '{b}') @@ $22::tsquery THEN 1
            WHEN c.search_text ~ $25::text THEN 0.6
            WHEN $23::boolean AND strpos(c.search_text, $21::text) > 0 THEN 0.4
            WHEN $24::boolean AND ts_filter(c.search_vector, '{b}') @@ $26::tsquery THEN 0.25 ELSE 0 END))
     + greatest(CASE WHEN ts_filter(c.search_vector, '{a}') @@ $28::tsquery THEN 1
            WHEN search_fold(c.title) ~ $31::text THEN 0.6
            WHEN $29::boolean AND strpos(search_fold(c.title), $27::text) > 0 THEN 0.4
            WHEN $30::boolean AND ts_filter(c.search_vector, '{a}') @@ $32::tsquery THEN 0.25 ELSE 0 END,
        0.5 * (CASE WHEN ts_filter(c.search_vector, '{b}') @@ $28::tsquery THEN 1
            WHEN c.search_text ~ $31::text THEN 0.6
            WHEN $29::boolean AND strpos(c.search_text, $27::text) > 0 THEN 0.4
            WHEN $30::boolean AND ts_filter(c.search_vector, '{b}') @@ $32::tsquery THEN 0.25 ELSE 0 END))) / greatest($33::int, 1))::numeric, 3) END AS score, (SELECT count(*) FROM c)::int AS total
  FROM c
 ORDER BY score DESC, c.date DESC, c.id DESC
 LIMIT $2;

-- marker_detail
SELECT m.id, m.title, to_char(m.date, 'YYYY-MM-DD') AS date, m.rating, m.description, m.latitude, m.longitude,
       m.address, m.created_by AS "createdBy", to_char(m.created_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdDate",
       to_char(m.updated_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedDate", to_char(m.deleted_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "deletedDate",
       mi.id AS image_id, mi.position AS image_order, f.status AS image_status, f.storage_key AS image_storage_key,
       f.thumbnail_key AS image_thumbnail_key, f.content_type AS image_content_type, f.size AS image_size,
       f.width AS image_width, f.height AS image_height, to_char(mi.created_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS image_created_date
  FROM markers m
  LEFT JOIN (marker_images mi JOIN files f ON f.id = mi.file_id) ON mi.marker_id = m.id AND mi.group_id = m.group_id
 WHERE m.id = $2 AND m.group_id = $1 AND m.deleted_date IS NULL
 ORDER BY mi.position, mi.id;

-- marker_images_confirmed_others
SELECT count(*)::int AS confirmed FROM marker_images mi JOIN files f ON f.id = mi.file_id
    WHERE mi.marker_id = $1 AND mi.id <> $2 AND f.status <> 'Pending';

-- marker_images_count
SELECT count(*)::int AS count, max(position) AS last FROM marker_images WHERE marker_id = $1;

-- marker_locations
SELECT coalesce(json_agg(l), '[]')::text AS body
  FROM (SELECT id, title, latitude, longitude, rating FROM markers WHERE group_id = $1 AND deleted_date IS NULL) l;

-- marker_locations_in_box
SELECT coalesce(json_agg(l), '[]')::text AS body
  FROM (SELECT id, title, latitude, longitude, rating FROM markers WHERE group_id = $1 AND deleted_date IS NULL AND latitude BETWEEN $2 AND $3 AND longitude BETWEEN $4 AND $5) l;

-- marker_locations_in_box_across_180
SELECT coalesce(json_agg(l), '[]')::text AS body
  FROM (SELECT id, title, latitude, longitude, rating FROM markers WHERE group_id = $1 AND deleted_date IS NULL AND latitude BETWEEN $2 AND $3 AND (longitude >= $4 OR longitude <= $5)) l;

-- marker_title
SELECT title FROM markers WHERE id = $1;

-- markers_lock_trashed_before
SELECT id FROM markers WHERE deleted_date < $1 ORDER BY deleted_date LIMIT $2 FOR UPDATE SKIP LOCKED;

-- markers_page_createdDate_asc_live
SELECT t.total, p.*, c.image_count, cover.storage_key AS cover_storage_key, cover.thumbnail_key AS cover_thumbnail_key
  FROM (SELECT count(*)::int AS total FROM markers m WHERE m.group_id = $1 AND m.deleted_date IS NULL) t
  LEFT JOIN LATERAL (
    SELECT m.id, m.title, to_char(m.date, 'YYYY-MM-DD') AS date, m.rating, m.description, m.latitude, m.longitude,
       m.address, m.created_by AS "createdBy", to_char(m.created_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdDate",
       to_char(m.updated_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedDate", to_char(m.deleted_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "deletedDate", row_number() OVER (ORDER BY m.created_date ASC, m.id ASC)::int AS n
      FROM markers m
     WHERE m.group_id = $1 AND m.deleted_date IS NULL
     ORDER BY m.created_date ASC, m.id ASC
     LIMIT $2 OFFSET $3) p ON true
  LEFT JOIN LATERAL (SELECT count(*)::int AS image_count FROM marker_images mi WHERE mi.marker_id = p.id AND mi.group_id = $1) c ON p.id IS NOT NULL
  LEFT JOIN LATERAL (
    SELECT f.storage_key, f.thumbnail_key
      FROM marker_images mi JOIN files f ON f.id = mi.file_id
     WHERE mi.marker_id = p.id AND mi.group_id = $1 AND f.status = 'Completed'
     ORDER BY mi.position, mi.id
     LIMIT 1) cover ON p.id IS NOT NULL
 ORDER BY p.n;

-- markers_page_createdDate_asc_live_search
SELECT t.total, p.*, c.image_count, cover.storage_key AS cover_storage_key, cover.thumbnail_key AS cover_thumbnail_key
  FROM (SELECT count(*)::int AS total FROM markers m WHERE m.group_id = $1 AND m.deleted_date IS NULL AND (m.title ILIKE $4 OR m.description ILIKE $4)) t
  LEFT JOIN LATERAL (
    SELECT m.id, m.title, to_char(m.date, 'YYYY-MM-DD') AS date, m.rating, m.description, m.latitude, m.longitude,
       m.address, m.created_by AS "createdBy", to_char(m.created_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdDate",
       to_char(m.updated_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedDate", to_char(m.deleted_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "deletedDate", row_number() OVER (ORDER BY m.created_date ASC, m.id ASC)::int AS n
      FROM markers m
     WHERE m.group_id = $1 AND m.deleted_date IS NULL AND (m.title ILIKE $4 OR m.description ILIKE $4)
     ORDER BY m.created_date ASC, m.id ASC
     LIMIT $2 OFFSET $3) p ON true
  LEFT JOIN LATERAL (SELECT count(*)::int AS image_count FROM marker_images mi WHERE mi.marker_id = p.id AND mi.group_id = $1) c ON p.id IS NOT NULL
  LEFT JOIN LATERAL (
    SELECT f.storage_key, f.thumbnail_key
      FROM marker_images mi JOIN files f ON f.id = mi.file_id
     WHERE mi.marker_id = p.id AND mi.group_id = $1 AND f.status = 'Completed'
     ORDER BY mi.position, mi.id
     LIMIT 1) cover ON p.id IS NOT NULL
 ORDER BY p.n;

-- markers_page_createdDate_asc_trash
SELECT t.total, p.*, c.image_count, cover.storage_key AS cover_storage_key, cover.thumbnail_key AS cover_thumbnail_key
  FROM (SELECT count(*)::int AS total FROM markers m WHERE m.group_id = $1 AND m.deleted_date IS NOT NULL) t
  LEFT JOIN LATERAL (
    SELECT m.id, m.title, to_char(m.date, 'YYYY-MM-DD') AS date, m.rating, m.description, m.latitude, m.longitude,
       m.address, m.created_by AS "createdBy", to_char(m.created_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdDate",
       to_char(m.updated_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedDate", to_char(m.deleted_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "deletedDate", row_number() OVER (ORDER BY m.created_date ASC, m.id ASC)::int AS n
      FROM markers m
     WHERE m.group_id = $1 AND m.deleted_date IS NOT NULL
     ORDER BY m.created_date ASC, m.id ASC
     LIMIT $2 OFFSET $3) p ON true
  LEFT JOIN LATERAL (SELECT count(*)::int AS image_count FROM marker_images mi WHERE mi.marker_id = p.id AND mi.group_id = $1) c ON p.id IS NOT NULL
  LEFT JOIN LATERAL (
    SELECT f.storage_key, f.thumbnail_key
      FROM marker_images mi JOIN files f ON f.id = mi.file_id
     WHERE mi.marker_id = p.id AND mi.group_id = $1 AND f.status = 'Completed'
     ORDER BY mi.position, mi.id
     LIMIT 1) cover ON p.id IS NOT NULL
 ORDER BY p.n;

-- markers_page_createdDate_asc_trash_search
SELECT t.total, p.*, c.image_count, cover.storage_key AS cover_storage_key, cover.thumbnail_key AS cover_thumbnail_key
  FROM (SELECT count(*)::int AS total FROM markers m WHERE m.group_id = $1 AND m.deleted_date IS NOT NULL AND (m.title ILIKE $4 OR m.description ILIKE $4)) t
  LEFT JOIN LATERAL (
    SELECT m.id, m.title, to_char(m.date, 'YYYY-MM-DD') AS date, m.rating, m.description, m.latitude, m.longitude,
       m.address, m.created_by AS "createdBy", to_char(m.created_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdDate",
       to_char(m.updated_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedDate", to_char(m.deleted_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "deletedDate", row_number() OVER (ORDER BY m.created_date ASC, m.id ASC)::int AS n
      FROM markers m
     WHERE m.group_id = $1 AND m.deleted_date IS NOT NULL AND (m.title ILIKE $4 OR m.description ILIKE $4)
     ORDER BY m.created_date ASC, m.id ASC
     LIMIT $2 OFFSET $3) p ON true
  LEFT JOIN LATERAL (SELECT count(*)::int AS image_count FROM marker_images mi WHERE mi.marker_id = p.id AND mi.group_id = $1) c ON p.id IS NOT NULL
  LEFT JOIN LATERAL (
    SELECT f.storage_key, f.thumbnail_key
      FROM marker_images mi JOIN files f ON f.id = mi.file_id
     WHERE mi.marker_id = p.id AND mi.group_id = $1 AND f.status = 'Completed'
     ORDER BY mi.position, mi.id
     LIMIT 1) cover ON p.id IS NOT NULL
 ORDER BY p.n;

-- markers_page_createdDate_desc_live
SELECT t.total, p.*, c.image_count, cover.storage_key AS cover_storage_key, cover.thumbnail_key AS cover_thumbnail_key
  FROM (SELECT count(*)::int AS total FROM markers m WHERE m.group_id = $1 AND m.deleted_date IS NULL) t
  LEFT JOIN LATERAL (
    SELECT m.id, m.title, to_char(m.date, 'YYYY-MM-DD') AS date, m.rating, m.description, m.latitude, m.longitude,
       m.address, m.created_by AS "createdBy", to_char(m.created_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdDate",
       to_char(m.updated_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedDate", to_char(m.deleted_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "deletedDate", row_number() OVER (ORDER BY m.created_date DESC, m.id DESC)::int AS n
      FROM markers m
     WHERE m.group_id = $1 AND m.deleted_date IS NULL
     ORDER BY m.created_date DESC, m.id DESC
     LIMIT $2 OFFSET $3) p ON true
  LEFT JOIN LATERAL (SELECT count(*)::int AS image_count FROM marker_images mi WHERE mi.marker_id = p.id AND mi.group_id = $1) c ON p.id IS NOT NULL
  LEFT JOIN LATERAL (
    SELECT f.storage_key, f.thumbnail_key
      FROM marker_images mi JOIN files f ON f.id = mi.file_id
     WHERE mi.marker_id = p.id AND mi.group_id = $1 AND f.status = 'Completed'
     ORDER BY mi.position, mi.id
     LIMIT 1) cover ON p.id IS NOT NULL
 ORDER BY p.n;

-- markers_page_createdDate_desc_live_search
SELECT t.total, p.*, c.image_count, cover.storage_key AS cover_storage_key, cover.thumbnail_key AS cover_thumbnail_key
  FROM (SELECT count(*)::int AS total FROM markers m WHERE m.group_id = $1 AND m.deleted_date IS NULL AND (m.title ILIKE $4 OR m.description ILIKE $4)) t
  LEFT JOIN LATERAL (
    SELECT m.id, m.title, to_char(m.date, 'YYYY-MM-DD') AS date, m.rating, m.description, m.latitude, m.longitude,
       m.address, m.created_by AS "createdBy", to_char(m.created_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdDate",
       to_char(m.updated_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedDate", to_char(m.deleted_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "deletedDate", row_number() OVER (ORDER BY m.created_date DESC, m.id DESC)::int AS n
      FROM markers m
     WHERE m.group_id = $1 AND m.deleted_date IS NULL AND (m.title ILIKE $4 OR m.description ILIKE $4)
     ORDER BY m.created_date DESC, m.id DESC
     LIMIT $2 OFFSET $3) p ON true
  LEFT JOIN LATERAL (SELECT count(*)::int AS image_count FROM marker_images mi WHERE mi.marker_id = p.id AND mi.group_id = $1) c ON p.id IS NOT NULL
  LEFT JOIN LATERAL (
    SELECT f.storage_key, f.thumbnail_key
      FROM marker_images mi JOIN files f ON f.id = mi.file_id
     WHERE mi.marker_id = p.id AND mi.group_id = $1 AND f.status = 'Completed'
     ORDER BY mi.position, mi.id
     LIMIT 1) cover ON p.id IS NOT NULL
 ORDER BY p.n;

-- markers_page_createdDate_desc_trash
SELECT t.total, p.*, c.image_count, cover.storage_key AS cover_storage_key, cover.thumbnail_key AS cover_thumbnail_key
  FROM (SELECT count(*)::int AS total FROM markers m WHERE m.group_id = $1 AND m.deleted_date IS NOT NULL) t
  LEFT JOIN LATERAL (
    SELECT m.id, m.title, to_char(m.date, 'YYYY-MM-DD') AS date, m.rating, m.description, m.latitude, m.longitude,
       m.address, m.created_by AS "createdBy", to_char(m.created_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdDate",
       to_char(m.updated_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedDate", to_char(m.deleted_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "deletedDate", row_number() OVER (ORDER BY m.created_date DESC, m.id DESC)::int AS n
      FROM markers m
     WHERE m.group_id = $1 AND m.deleted_date IS NOT NULL
     ORDER BY m.created_date DESC, m.id DESC
     LIMIT $2 OFFSET $3) p ON true
  LEFT JOIN LATERAL (SELECT count(*)::int AS image_count FROM marker_images mi WHERE mi.marker_id = p.id AND mi.group_id = $1) c ON p.id IS NOT NULL
  LEFT JOIN LATERAL (
    SELECT f.storage_key, f.thumbnail_key
      FROM marker_images mi JOIN files f ON f.id = mi.file_id
     WHERE mi.marker_id = p.id AND mi.group_id = $1 AND f.status = 'Completed'
     ORDER BY mi.position, mi.id
     LIMIT 1) cover ON p.id IS NOT NULL
 ORDER BY p.n;

-- markers_page_createdDate_desc_trash_search
SELECT t.total, p.*, c.image_count, cover.storage_key AS cover_storage_key, cover.thumbnail_key AS cover_thumbnail_key
  FROM (SELECT count(*)::int AS total FROM markers m WHERE m.group_id = $1 AND m.deleted_date IS NOT NULL AND (m.title ILIKE $4 OR m.description ILIKE $4)) t
  LEFT JOIN LATERAL (
    SELECT m.id, m.title, to_char(m.date, 'YYYY-MM-DD') AS date, m.rating, m.description, m.latitude, m.longitude,
       m.address, m.created_by AS "createdBy", to_char(m.created_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdDate",
       to_char(m.updated_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedDate", to_char(m.deleted_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "deletedDate", row_number() OVER (ORDER BY m.created_date DESC, m.id DESC)::int AS n
      FROM markers m
     WHERE m.group_id = $1 AND m.deleted_date IS NOT NULL AND (m.title ILIKE $4 OR m.description ILIKE $4)
     ORDER BY m.created_date DESC, m.id DESC
     LIMIT $2 OFFSET $3) p ON true
  LEFT JOIN LATERAL (SELECT count(*)::int AS image_count FROM marker_images mi WHERE mi.marker_id = p.id AND mi.group_id = $1) c ON p.id IS NOT NULL
  LEFT JOIN LATERAL (
    SELECT f.storage_key, f.thumbnail_key
      FROM marker_images mi JOIN files f ON f.id = mi.file_id
     WHERE mi.marker_id = p.id AND mi.group_id = $1 AND f.status = 'Completed'
     ORDER BY mi.position, mi.id
     LIMIT 1) cover ON p.id IS NOT NULL
 ORDER BY p.n;

-- markers_page_date_asc_live
SELECT t.total, p.*, c.image_count, cover.storage_key AS cover_storage_key, cover.thumbnail_key AS cover_thumbnail_key
  FROM (SELECT count(*)::int AS total FROM markers m WHERE m.group_id = $1 AND m.deleted_date IS NULL) t
  LEFT JOIN LATERAL (
    SELECT m.id, m.title, to_char(m.date, 'YYYY-MM-DD') AS date, m.rating, m.description, m.latitude, m.longitude,
       m.address, m.created_by AS "createdBy", to_char(m.created_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdDate",
       to_char(m.updated_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedDate", to_char(m.deleted_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "deletedDate", row_number() OVER (ORDER BY m.date ASC, m.id ASC)::int AS n
      FROM markers m
     WHERE m.group_id = $1 AND m.deleted_date IS NULL
     ORDER BY m.date ASC, m.id ASC
     LIMIT $2 OFFSET $3) p ON true
  LEFT JOIN LATERAL (SELECT count(*)::int AS image_count FROM marker_images mi WHERE mi.marker_id = p.id AND mi.group_id = $1) c ON p.id IS NOT NULL
  LEFT JOIN LATERAL (
    SELECT f.storage_key, f.thumbnail_key
      FROM marker_images mi JOIN files f ON f.id = mi.file_id
     WHERE mi.marker_id = p.id AND mi.group_id = $1 AND f.status = 'Completed'
     ORDER BY mi.position, mi.id
     LIMIT 1) cover ON p.id IS NOT NULL
 ORDER BY p.n;

-- markers_page_date_asc_live_search
SELECT t.total, p.*, c.image_count, cover.storage_key AS cover_storage_key, cover.thumbnail_key AS cover_thumbnail_key
  FROM (SELECT count(*)::int AS total FROM markers m WHERE m.group_id = $1 AND m.deleted_date IS NULL AND (m.title ILIKE $4 OR m.description ILIKE $4)) t
  LEFT JOIN LATERAL (
    SELECT m.id, m.title, to_char(m.date, 'YYYY-MM-DD') AS date, m.rating, m.description, m.latitude, m.longitude,
       m.address, m.created_by AS "createdBy", to_char(m.created_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdDate",
       to_char(m.updated_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedDate", to_char(m.deleted_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "deletedDate", row_number() OVER (ORDER BY m.date ASC, m.id ASC)::int AS n
      FROM markers m
     WHERE m.group_id = $1 AND m.deleted_date IS NULL AND (m.title ILIKE $4 OR m.description ILIKE $4)
     ORDER BY m.date ASC, m.id ASC
     LIMIT $2 OFFSET $3) p ON true
  LEFT JOIN LATERAL (SELECT count(*)::int AS image_count FROM marker_images mi WHERE mi.marker_id = p.id AND mi.group_id = $1) c ON p.id IS NOT NULL
  LEFT JOIN LATERAL (
    SELECT f.storage_key, f.thumbnail_key
      FROM marker_images mi JOIN files f ON f.id = mi.file_id
     WHERE mi.marker_id = p.id AND mi.group_id = $1 AND f.status = 'Completed'
     ORDER BY mi.position, mi.id
     LIMIT 1) cover ON p.id IS NOT NULL
 ORDER BY p.n;

-- markers_page_date_asc_trash
SELECT t.total, p.*, c.image_count, cover.storage_key AS cover_storage_key, cover.thumbnail_key AS cover_thumbnail_key
  FROM (SELECT count(*)::int AS total FROM markers m WHERE m.group_id = $1 AND m.deleted_date IS NOT NULL) t
  LEFT JOIN LATERAL (
    SELECT m.id, m.title, to_char(m.date, 'YYYY-MM-DD') AS date, m.rating, m.description, m.latitude, m.longitude,
       m.address, m.created_by AS "createdBy", to_char(m.created_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdDate",
       to_char(m.updated_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedDate", to_char(m.deleted_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "deletedDate", row_number() OVER (ORDER BY m.date ASC, m.id ASC)::int AS n
      FROM markers m
     WHERE m.group_id = $1 AND m.deleted_date IS NOT NULL
     ORDER BY m.date ASC, m.id ASC
     LIMIT $2 OFFSET $3) p ON true
  LEFT JOIN LATERAL (SELECT count(*)::int AS image_count FROM marker_images mi WHERE mi.marker_id = p.id AND mi.group_id = $1) c ON p.id IS NOT NULL
  LEFT JOIN LATERAL (
    SELECT f.storage_key, f.thumbnail_key
      FROM marker_images mi JOIN files f ON f.id = mi.file_id
     WHERE mi.marker_id = p.id AND mi.group_id = $1 AND f.status = 'Completed'
     ORDER BY mi.position, mi.id
     LIMIT 1) cover ON p.id IS NOT NULL
 ORDER BY p.n;

-- markers_page_date_asc_trash_search
SELECT t.total, p.*, c.image_count, cover.storage_key AS cover_storage_key, cover.thumbnail_key AS cover_thumbnail_key
  FROM (SELECT count(*)::int AS total FROM markers m WHERE m.group_id = $1 AND m.deleted_date IS NOT NULL AND (m.title ILIKE $4 OR m.description ILIKE $4)) t
  LEFT JOIN LATERAL (
    SELECT m.id, m.title, to_char(m.date, 'YYYY-MM-DD') AS date, m.rating, m.description, m.latitude, m.longitude,
       m.address, m.created_by AS "createdBy", to_char(m.created_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdDate",
       to_char(m.updated_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedDate", to_char(m.deleted_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "deletedDate", row_number() OVER (ORDER BY m.date ASC, m.id ASC)::int AS n
      FROM markers m
     WHERE m.group_id = $1 AND m.deleted_date IS NOT NULL AND (m.title ILIKE $4 OR m.description ILIKE $4)
     ORDER BY m.date ASC, m.id ASC
     LIMIT $2 OFFSET $3) p ON true
  LEFT JOIN LATERAL (SELECT count(*)::int AS image_count FROM marker_images mi WHERE mi.marker_id = p.id AND mi.group_id = $1) c ON p.id IS NOT NULL
  LEFT JOIN LATERAL (
    SELECT f.storage_key, f.thumbnail_key
      FROM marker_images mi JOIN files f ON f.id = mi.file_id
     WHERE mi.marker_id = p.id AND mi.group_id = $1 AND f.status = 'Completed'
     ORDER BY mi.position, mi.id
     LIMIT 1) cover ON p.id IS NOT NULL
 ORDER BY p.n;

-- markers_page_date_desc_live
SELECT t.total, p.*, c.image_count, cover.storage_key AS cover_storage_key, cover.thumbnail_key AS cover_thumbnail_key
  FROM (SELECT count(*)::int AS total FROM markers m WHERE m.group_id = $1 AND m.deleted_date IS NULL) t
  LEFT JOIN LATERAL (
    SELECT m.id, m.title, to_char(m.date, 'YYYY-MM-DD') AS date, m.rating, m.description, m.latitude, m.longitude,
       m.address, m.created_by AS "createdBy", to_char(m.created_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdDate",
       to_char(m.updated_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedDate", to_char(m.deleted_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "deletedDate", row_number() OVER (ORDER BY m.date DESC, m.id DESC)::int AS n
      FROM markers m
     WHERE m.group_id = $1 AND m.deleted_date IS NULL
     ORDER BY m.date DESC, m.id DESC
     LIMIT $2 OFFSET $3) p ON true
  LEFT JOIN LATERAL (SELECT count(*)::int AS image_count FROM marker_images mi WHERE mi.marker_id = p.id AND mi.group_id = $1) c ON p.id IS NOT NULL
  LEFT JOIN LATERAL (
    SELECT f.storage_key, f.thumbnail_key
      FROM marker_images mi JOIN files f ON f.id = mi.file_id
     WHERE mi.marker_id = p.id AND mi.group_id = $1 AND f.status = 'Completed'
     ORDER BY mi.position, mi.id
     LIMIT 1) cover ON p.id IS NOT NULL
 ORDER BY p.n;

-- markers_page_date_desc_live_search
SELECT t.total, p.*, c.image_count, cover.storage_key AS cover_storage_key, cover.thumbnail_key AS cover_thumbnail_key
  FROM (SELECT count(*)::int AS total FROM markers m WHERE m.group_id = $1 AND m.deleted_date IS NULL AND (m.title ILIKE $4 OR m.description ILIKE $4)) t
  LEFT JOIN LATERAL (
    SELECT m.id, m.title, to_char(m.date, 'YYYY-MM-DD') AS date, m.rating, m.description, m.latitude, m.longitude,
       m.address, m.created_by AS "createdBy", to_char(m.created_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdDate",
       to_char(m.updated_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedDate", to_char(m.deleted_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "deletedDate", row_number() OVER (ORDER BY m.date DESC, m.id DESC)::int AS n
      FROM markers m
     WHERE m.group_id = $1 AND m.deleted_date IS NULL AND (m.title ILIKE $4 OR m.description ILIKE $4)
     ORDER BY m.date DESC, m.id DESC
     LIMIT $2 OFFSET $3) p ON true
  LEFT JOIN LATERAL (SELECT count(*)::int AS image_count FROM marker_images mi WHERE mi.marker_id = p.id AND mi.group_id = $1) c ON p.id IS NOT NULL
  LEFT JOIN LATERAL (
    SELECT f.storage_key, f.thumbnail_key
      FROM marker_images mi JOIN files f ON f.id = mi.file_id
     WHERE mi.marker_id = p.id AND mi.group_id = $1 AND f.status = 'Completed'
     ORDER BY mi.position, mi.id
     LIMIT 1) cover ON p.id IS NOT NULL
 ORDER BY p.n;

-- markers_page_date_desc_trash
SELECT t.total, p.*, c.image_count, cover.storage_key AS cover_storage_key, cover.thumbnail_key AS cover_thumbnail_key
  FROM (SELECT count(*)::int AS total FROM markers m WHERE m.group_id = $1 AND m.deleted_date IS NOT NULL) t
  LEFT JOIN LATERAL (
    SELECT m.id, m.title, to_char(m.date, 'YYYY-MM-DD') AS date, m.rating, m.description, m.latitude, m.longitude,
       m.address, m.created_by AS "createdBy", to_char(m.created_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdDate",
       to_char(m.updated_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedDate", to_char(m.deleted_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "deletedDate", row_number() OVER (ORDER BY m.date DESC, m.id DESC)::int AS n
      FROM markers m
     WHERE m.group_id = $1 AND m.deleted_date IS NOT NULL
     ORDER BY m.date DESC, m.id DESC
     LIMIT $2 OFFSET $3) p ON true
  LEFT JOIN LATERAL (SELECT count(*)::int AS image_count FROM marker_images mi WHERE mi.marker_id = p.id AND mi.group_id = $1) c ON p.id IS NOT NULL
  LEFT JOIN LATERAL (
    SELECT f.storage_key, f.thumbnail_key
      FROM marker_images mi JOIN files f ON f.id = mi.file_id
     WHERE mi.marker_id = p.id AND mi.group_id = $1 AND f.status = 'Completed'
     ORDER BY mi.position, mi.id
     LIMIT 1) cover ON p.id IS NOT NULL
 ORDER BY p.n;

-- markers_page_date_desc_trash_search
SELECT t.total, p.*, c.image_count, cover.storage_key AS cover_storage_key, cover.thumbnail_key AS cover_thumbnail_key
  FROM (SELECT count(*)::int AS total FROM markers m WHERE m.group_id = $1 AND m.deleted_date IS NOT NULL AND (m.title ILIKE $4 OR m.description ILIKE $4)) t
  LEFT JOIN LATERAL (
    SELECT m.id, m.title, to_char(m.date, 'YYYY-MM-DD') AS date, m.rating, m.description, m.latitude, m.longitude,
       m.address, m.created_by AS "createdBy", to_char(m.created_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdDate",
       to_char(m.updated_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedDate", to_char(m.deleted_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "deletedDate", row_number() OVER (ORDER BY m.date DESC, m.id DESC)::int AS n
      FROM markers m
     WHERE m.group_id = $1 AND m.deleted_date IS NOT NULL AND (m.title ILIKE $4 OR m.description ILIKE $4)
     ORDER BY m.date DESC, m.id DESC
     LIMIT $2 OFFSET $3) p ON true
  LEFT JOIN LATERAL (SELECT count(*)::int AS image_count FROM marker_images mi WHERE mi.marker_id = p.id AND mi.group_id = $1) c ON p.id IS NOT NULL
  LEFT JOIN LATERAL (
    SELECT f.storage_key, f.thumbnail_key
      FROM marker_images mi JOIN files f ON f.id = mi.file_id
     WHERE mi.marker_id = p.id AND mi.group_id = $1 AND f.status = 'Completed'
     ORDER BY mi.position, mi.id
     LIMIT 1) cover ON p.id IS NOT NULL
 ORDER BY p.n;

-- markers_page_deletedDate_asc_live
SELECT t.total, p.*, c.image_count, cover.storage_key AS cover_storage_key, cover.thumbnail_key AS cover_thumbnail_key
  FROM (SELECT count(*)::int AS total FROM markers m WHERE m.group_id = $1 AND m.deleted_date IS NULL) t
  LEFT JOIN LATERAL (
    SELECT m.id, m.title, to_char(m.date, 'YYYY-MM-DD') AS date, m.rating, m.description, m.latitude, m.longitude,
       m.address, m.created_by AS "createdBy", to_char(m.created_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdDate",
       to_char(m.updated_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedDate", to_char(m.deleted_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "deletedDate", row_number() OVER (ORDER BY m.deleted_date ASC, m.id ASC)::int AS n
      FROM markers m
     WHERE m.group_id = $1 AND m.deleted_date IS NULL
     ORDER BY m.deleted_date ASC, m.id ASC
     LIMIT $2 OFFSET $3) p ON true
  LEFT JOIN LATERAL (SELECT count(*)::int AS image_count FROM marker_images mi WHERE mi.marker_id = p.id AND mi.group_id = $1) c ON p.id IS NOT NULL
  LEFT JOIN LATERAL (
    SELECT f.storage_key, f.thumbnail_key
      FROM marker_images mi JOIN files f ON f.id = mi.file_id
     WHERE mi.marker_id = p.id AND mi.group_id = $1 AND f.status = 'Completed'
     ORDER BY mi.position, mi.id
     LIMIT 1) cover ON p.id IS NOT NULL
 ORDER BY p.n;

-- markers_page_deletedDate_asc_live_search
SELECT t.total, p.*, c.image_count, cover.storage_key AS cover_storage_key, cover.thumbnail_key AS cover_thumbnail_key
  FROM (SELECT count(*)::int AS total FROM markers m WHERE m.group_id = $1 AND m.deleted_date IS NULL AND (m.title ILIKE $4 OR m.description ILIKE $4)) t
  LEFT JOIN LATERAL (
    SELECT m.id, m.title, to_char(m.date, 'YYYY-MM-DD') AS date, m.rating, m.description, m.latitude, m.longitude,
       m.address, m.created_by AS "createdBy", to_char(m.created_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdDate",
       to_char(m.updated_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedDate", to_char(m.deleted_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "deletedDate", row_number() OVER (ORDER BY m.deleted_date ASC, m.id ASC)::int AS n
      FROM markers m
     WHERE m.group_id = $1 AND m.deleted_date IS NULL AND (m.title ILIKE $4 OR m.description ILIKE $4)
     ORDER BY m.deleted_date ASC, m.id ASC
     LIMIT $2 OFFSET $3) p ON true
  LEFT JOIN LATERAL (SELECT count(*)::int AS image_count FROM marker_images mi WHERE mi.marker_id = p.id AND mi.group_id = $1) c ON p.id IS NOT NULL
  LEFT JOIN LATERAL (
    SELECT f.storage_key, f.thumbnail_key
      FROM marker_images mi JOIN files f ON f.id = mi.file_id
     WHERE mi.marker_id = p.id AND mi.group_id = $1 AND f.status = 'Completed'
     ORDER BY mi.position, mi.id
     LIMIT 1) cover ON p.id IS NOT NULL
 ORDER BY p.n;

-- markers_page_deletedDate_asc_trash
SELECT t.total, p.*, c.image_count, cover.storage_key AS cover_storage_key, cover.thumbnail_key AS cover_thumbnail_key
  FROM (SELECT count(*)::int AS total FROM markers m WHERE m.group_id = $1 AND m.deleted_date IS NOT NULL) t
  LEFT JOIN LATERAL (
    SELECT m.id, m.title, to_char(m.date, 'YYYY-MM-DD') AS date, m.rating, m.description, m.latitude, m.longitude,
       m.address, m.created_by AS "createdBy", to_char(m.created_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdDate",
       to_char(m.updated_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedDate", to_char(m.deleted_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "deletedDate", row_number() OVER (ORDER BY m.deleted_date ASC, m.id ASC)::int AS n
      FROM markers m
     WHERE m.group_id = $1 AND m.deleted_date IS NOT NULL
     ORDER BY m.deleted_date ASC, m.id ASC
     LIMIT $2 OFFSET $3) p ON true
  LEFT JOIN LATERAL (SELECT count(*)::int AS image_count FROM marker_images mi WHERE mi.marker_id = p.id AND mi.group_id = $1) c ON p.id IS NOT NULL
  LEFT JOIN LATERAL (
    SELECT f.storage_key, f.thumbnail_key
      FROM marker_images mi JOIN files f ON f.id = mi.file_id
     WHERE mi.marker_id = p.id AND mi.group_id = $1 AND f.status = 'Completed'
     ORDER BY mi.position, mi.id
     LIMIT 1) cover ON p.id IS NOT NULL
 ORDER BY p.n;

-- markers_page_deletedDate_asc_trash_search
SELECT t.total, p.*, c.image_count, cover.storage_key AS cover_storage_key, cover.thumbnail_key AS cover_thumbnail_key
  FROM (SELECT count(*)::int AS total FROM markers m WHERE m.group_id = $1 AND m.deleted_date IS NOT NULL AND (m.title ILIKE $4 OR m.description ILIKE $4)) t
  LEFT JOIN LATERAL (
    SELECT m.id, m.title, to_char(m.date, 'YYYY-MM-DD') AS date, m.rating, m.description, m.latitude, m.longitude,
       m.address, m.created_by AS "createdBy", to_char(m.created_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdDate",
       to_char(m.updated_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedDate", to_char(m.deleted_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "deletedDate", row_number() OVER (ORDER BY m.deleted_date ASC, m.id ASC)::int AS n
      FROM markers m
     WHERE m.group_id = $1 AND m.deleted_date IS NOT NULL AND (m.title ILIKE $4 OR m.description ILIKE $4)
     ORDER BY m.deleted_date ASC, m.id ASC
     LIMIT $2 OFFSET $3) p ON true
  LEFT JOIN LATERAL (SELECT count(*)::int AS image_count FROM marker_images mi WHERE mi.marker_id = p.id AND mi.group_id = $1) c ON p.id IS NOT NULL
  LEFT JOIN LATERAL (
    SELECT f.storage_key, f.thumbnail_key
      FROM marker_images mi JOIN files f ON f.id = mi.file_id
     WHERE mi.marker_id = p.id AND mi.group_id = $1 AND f.status = 'Completed'
     ORDER BY mi.position, mi.id
     LIMIT 1) cover ON p.id IS NOT NULL
 ORDER BY p.n;

-- markers_page_deletedDate_desc_live
SELECT t.total, p.*, c.image_count, cover.storage_key AS cover_storage_key, cover.thumbnail_key AS cover_thumbnail_key
  FROM (SELECT count(*)::int AS total FROM markers m WHERE m.group_id = $1 AND m.deleted_date IS NULL) t
  LEFT JOIN LATERAL (
    SELECT m.id, m.title, to_char(m.date, 'YYYY-MM-DD') AS date, m.rating, m.description, m.latitude, m.longitude,
       m.address, m.created_by AS "createdBy", to_char(m.created_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdDate",
       to_char(m.updated_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedDate", to_char(m.deleted_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "deletedDate", row_number() OVER (ORDER BY m.deleted_date DESC, m.id DESC)::int AS n
      FROM markers m
     WHERE m.group_id = $1 AND m.deleted_date IS NULL
     ORDER BY m.deleted_date DESC, m.id DESC
     LIMIT $2 OFFSET $3) p ON true
  LEFT JOIN LATERAL (SELECT count(*)::int AS image_count FROM marker_images mi WHERE mi.marker_id = p.id AND mi.group_id = $1) c ON p.id IS NOT NULL
  LEFT JOIN LATERAL (
    SELECT f.storage_key, f.thumbnail_key
      FROM marker_images mi JOIN files f ON f.id = mi.file_id
     WHERE mi.marker_id = p.id AND mi.group_id = $1 AND f.status = 'Completed'
     ORDER BY mi.position, mi.id
     LIMIT 1) cover ON p.id IS NOT NULL
 ORDER BY p.n;

-- markers_page_deletedDate_desc_live_search
SELECT t.total, p.*, c.image_count, cover.storage_key AS cover_storage_key, cover.thumbnail_key AS cover_thumbnail_key
  FROM (SELECT count(*)::int AS total FROM markers m WHERE m.group_id = $1 AND m.deleted_date IS NULL AND (m.title ILIKE $4 OR m.description ILIKE $4)) t
  LEFT JOIN LATERAL (
    SELECT m.id, m.title, to_char(m.date, 'YYYY-MM-DD') AS date, m.rating, m.description, m.latitude, m.longitude,
       m.address, m.created_by AS "createdBy", to_char(m.created_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdDate",
       to_char(m.updated_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedDate", to_char(m.deleted_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "deletedDate", row_number() OVER (ORDER BY m.deleted_date DESC, m.id DESC)::int AS n
      FROM markers m
     WHERE m.group_id = $1 AND m.deleted_date IS NULL AND (m.title ILIKE $4 OR m.description ILIKE $4)
     ORDER BY m.deleted_date DESC, m.id DESC
     LIMIT $2 OFFSET $3) p ON true
  LEFT JOIN LATERAL (SELECT count(*)::int AS image_count FROM marker_images mi WHERE mi.marker_id = p.id AND mi.group_id = $1) c ON p.id IS NOT NULL
  LEFT JOIN LATERAL (
    SELECT f.storage_key, f.thumbnail_key
      FROM marker_images mi JOIN files f ON f.id = mi.file_id
     WHERE mi.marker_id = p.id AND mi.group_id = $1 AND f.status = 'Completed'
     ORDER BY mi.position, mi.id
     LIMIT 1) cover ON p.id IS NOT NULL
 ORDER BY p.n;

-- markers_page_deletedDate_desc_trash
SELECT t.total, p.*, c.image_count, cover.storage_key AS cover_storage_key, cover.thumbnail_key AS cover_thumbnail_key
  FROM (SELECT count(*)::int AS total FROM markers m WHERE m.group_id = $1 AND m.deleted_date IS NOT NULL) t
  LEFT JOIN LATERAL (
    SELECT m.id, m.title, to_char(m.date, 'YYYY-MM-DD') AS date, m.rating, m.description, m.latitude, m.longitude,
       m.address, m.created_by AS "createdBy", to_char(m.created_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdDate",
       to_char(m.updated_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedDate", to_char(m.deleted_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "deletedDate", row_number() OVER (ORDER BY m.deleted_date DESC, m.id DESC)::int AS n
      FROM markers m
     WHERE m.group_id = $1 AND m.deleted_date IS NOT NULL
     ORDER BY m.deleted_date DESC, m.id DESC
     LIMIT $2 OFFSET $3) p ON true
  LEFT JOIN LATERAL (SELECT count(*)::int AS image_count FROM marker_images mi WHERE mi.marker_id = p.id AND mi.group_id = $1) c ON p.id IS NOT NULL
  LEFT JOIN LATERAL (
    SELECT f.storage_key, f.thumbnail_key
      FROM marker_images mi JOIN files f ON f.id = mi.file_id
     WHERE mi.marker_id = p.id AND mi.group_id = $1 AND f.status = 'Completed'
     ORDER BY mi.position, mi.id
     LIMIT 1) cover ON p.id IS NOT NULL
 ORDER BY p.n;

-- markers_page_deletedDate_desc_trash_search
SELECT t.total, p.*, c.image_count, cover.storage_key AS cover_storage_key, cover.thumbnail_key AS cover_thumbnail_key
  FROM (SELECT count(*)::int AS total FROM markers m WHERE m.group_id = $1 AND m.deleted_date IS NOT NULL AND (m.title ILIKE $4 OR m.description ILIKE $4)) t
  LEFT JOIN LATERAL (
    SELECT m.id, m.title, to_char(m.date, 'YYYY-MM-DD') AS date, m.rating, m.description, m.latitude, m.longitude,
       m.address, m.created_by AS "createdBy", to_char(m.created_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdDate",
       to_char(m.updated_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedDate", to_char(m.deleted_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "deletedDate", row_number() OVER (ORDER BY m.deleted_date DESC, m.id DESC)::int AS n
      FROM markers m
     WHERE m.group_id = $1 AND m.deleted_date IS NOT NULL AND (m.title ILIKE $4 OR m.description ILIKE $4)
     ORDER BY m.deleted_date DESC, m.id DESC
     LIMIT $2 OFFSET $3) p ON true
  LEFT JOIN LATERAL (SELECT count(*)::int AS image_count FROM marker_images mi WHERE mi.marker_id = p.id AND mi.group_id = $1) c ON p.id IS NOT NULL
  LEFT JOIN LATERAL (
    SELECT f.storage_key, f.thumbnail_key
      FROM marker_images mi JOIN files f ON f.id = mi.file_id
     WHERE mi.marker_id = p.id AND mi.group_id = $1 AND f.status = 'Completed'
     ORDER BY mi.position, mi.id
     LIMIT 1) cover ON p.id IS NOT NULL
 ORDER BY p.n;

-- markers_page_rating_asc_live
SELECT t.total, p.*, c.image_count, cover.storage_key AS cover_storage_key, cover.thumbnail_key AS cover_thumbnail_key
  FROM (SELECT count(*)::int AS total FROM markers m WHERE m.group_id = $1 AND m.deleted_date IS NULL) t
  LEFT JOIN LATERAL (
    SELECT m.id, m.title, to_char(m.date, 'YYYY-MM-DD') AS date, m.rating, m.description, m.latitude, m.longitude,
       m.address, m.created_by AS "createdBy", to_char(m.created_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdDate",
       to_char(m.updated_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedDate", to_char(m.deleted_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "deletedDate", row_number() OVER (ORDER BY m.rating ASC, m.id ASC)::int AS n
      FROM markers m
     WHERE m.group_id = $1 AND m.deleted_date IS NULL
     ORDER BY m.rating ASC, m.id ASC
     LIMIT $2 OFFSET $3) p ON true
  LEFT JOIN LATERAL (SELECT count(*)::int AS image_count FROM marker_images mi WHERE mi.marker_id = p.id AND mi.group_id = $1) c ON p.id IS NOT NULL
  LEFT JOIN LATERAL (
    SELECT f.storage_key, f.thumbnail_key
      FROM marker_images mi JOIN files f ON f.id = mi.file_id
     WHERE mi.marker_id = p.id AND mi.group_id = $1 AND f.status = 'Completed'
     ORDER BY mi.position, mi.id
     LIMIT 1) cover ON p.id IS NOT NULL
 ORDER BY p.n;

-- markers_page_rating_asc_live_search
SELECT t.total, p.*, c.image_count, cover.storage_key AS cover_storage_key, cover.thumbnail_key AS cover_thumbnail_key
  FROM (SELECT count(*)::int AS total FROM markers m WHERE m.group_id = $1 AND m.deleted_date IS NULL AND (m.title ILIKE $4 OR m.description ILIKE $4)) t
  LEFT JOIN LATERAL (
    SELECT m.id, m.title, to_char(m.date, 'YYYY-MM-DD') AS date, m.rating, m.description, m.latitude, m.longitude,
       m.address, m.created_by AS "createdBy", to_char(m.created_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdDate",
       to_char(m.updated_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedDate", to_char(m.deleted_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "deletedDate", row_number() OVER (ORDER BY m.rating ASC, m.id ASC)::int AS n
      FROM markers m
     WHERE m.group_id = $1 AND m.deleted_date IS NULL AND (m.title ILIKE $4 OR m.description ILIKE $4)
     ORDER BY m.rating ASC, m.id ASC
     LIMIT $2 OFFSET $3) p ON true
  LEFT JOIN LATERAL (SELECT count(*)::int AS image_count FROM marker_images mi WHERE mi.marker_id = p.id AND mi.group_id = $1) c ON p.id IS NOT NULL
  LEFT JOIN LATERAL (
    SELECT f.storage_key, f.thumbnail_key
      FROM marker_images mi JOIN files f ON f.id = mi.file_id
     WHERE mi.marker_id = p.id AND mi.group_id = $1 AND f.status = 'Completed'
     ORDER BY mi.position, mi.id
     LIMIT 1) cover ON p.id IS NOT NULL
 ORDER BY p.n;

-- markers_page_rating_asc_trash
SELECT t.total, p.*, c.image_count, cover.storage_key AS cover_storage_key, cover.thumbnail_key AS cover_thumbnail_key
  FROM (SELECT count(*)::int AS total FROM markers m WHERE m.group_id = $1 AND m.deleted_date IS NOT NULL) t
  LEFT JOIN LATERAL (
    SELECT m.id, m.title, to_char(m.date, 'YYYY-MM-DD') AS date, m.rating, m.description, m.latitude, m.longitude,
       m.address, m.created_by AS "createdBy", to_char(m.created_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdDate",
       to_char(m.updated_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedDate", to_char(m.deleted_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "deletedDate", row_number() OVER (ORDER BY m.rating ASC, m.id ASC)::int AS n
      FROM markers m
     WHERE m.group_id = $1 AND m.deleted_date IS NOT NULL
     ORDER BY m.rating ASC, m.id ASC
     LIMIT $2 OFFSET $3) p ON true
  LEFT JOIN LATERAL (SELECT count(*)::int AS image_count FROM marker_images mi WHERE mi.marker_id = p.id AND mi.group_id = $1) c ON p.id IS NOT NULL
  LEFT JOIN LATERAL (
    SELECT f.storage_key, f.thumbnail_key
      FROM marker_images mi JOIN files f ON f.id = mi.file_id
     WHERE mi.marker_id = p.id AND mi.group_id = $1 AND f.status = 'Completed'
     ORDER BY mi.position, mi.id
     LIMIT 1) cover ON p.id IS NOT NULL
 ORDER BY p.n;

-- markers_page_rating_asc_trash_search
SELECT t.total, p.*, c.image_count, cover.storage_key AS cover_storage_key, cover.thumbnail_key AS cover_thumbnail_key
  FROM (SELECT count(*)::int AS total FROM markers m WHERE m.group_id = $1 AND m.deleted_date IS NOT NULL AND (m.title ILIKE $4 OR m.description ILIKE $4)) t
  LEFT JOIN LATERAL (
    SELECT m.id, m.title, to_char(m.date, 'YYYY-MM-DD') AS date, m.rating, m.description, m.latitude, m.longitude,
       m.address, m.created_by AS "createdBy", to_char(m.created_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdDate",
       to_char(m.updated_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedDate", to_char(m.deleted_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "deletedDate", row_number() OVER (ORDER BY m.rating ASC, m.id ASC)::int AS n
      FROM markers m
     WHERE m.group_id = $1 AND m.deleted_date IS NOT NULL AND (m.title ILIKE $4 OR m.description ILIKE $4)
     ORDER BY m.rating ASC, m.id ASC
     LIMIT $2 OFFSET $3) p ON true
  LEFT JOIN LATERAL (SELECT count(*)::int AS image_count FROM marker_images mi WHERE mi.marker_id = p.id AND mi.group_id = $1) c ON p.id IS NOT NULL
  LEFT JOIN LATERAL (
    SELECT f.storage_key, f.thumbnail_key
      FROM marker_images mi JOIN files f ON f.id = mi.file_id
     WHERE mi.marker_id = p.id AND mi.group_id = $1 AND f.status = 'Completed'
     ORDER BY mi.position, mi.id
     LIMIT 1) cover ON p.id IS NOT NULL
 ORDER BY p.n;

-- markers_page_rating_desc_live
SELECT t.total, p.*, c.image_count, cover.storage_key AS cover_storage_key, cover.thumbnail_key AS cover_thumbnail_key
  FROM (SELECT count(*)::int AS total FROM markers m WHERE m.group_id = $1 AND m.deleted_date IS NULL) t
  LEFT JOIN LATERAL (
    SELECT m.id, m.title, to_char(m.date, 'YYYY-MM-DD') AS date, m.rating, m.description, m.latitude, m.longitude,
       m.address, m.created_by AS "createdBy", to_char(m.created_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdDate",
       to_char(m.updated_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedDate", to_char(m.deleted_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "deletedDate", row_number() OVER (ORDER BY m.rating DESC, m.id DESC)::int AS n
      FROM markers m
     WHERE m.group_id = $1 AND m.deleted_date IS NULL
     ORDER BY m.rating DESC, m.id DESC
     LIMIT $2 OFFSET $3) p ON true
  LEFT JOIN LATERAL (SELECT count(*)::int AS image_count FROM marker_images mi WHERE mi.marker_id = p.id AND mi.group_id = $1) c ON p.id IS NOT NULL
  LEFT JOIN LATERAL (
    SELECT f.storage_key, f.thumbnail_key
      FROM marker_images mi JOIN files f ON f.id = mi.file_id
     WHERE mi.marker_id = p.id AND mi.group_id = $1 AND f.status = 'Completed'
     ORDER BY mi.position, mi.id
     LIMIT 1) cover ON p.id IS NOT NULL
 ORDER BY p.n;

-- markers_page_rating_desc_live_search
SELECT t.total, p.*, c.image_count, cover.storage_key AS cover_storage_key, cover.thumbnail_key AS cover_thumbnail_key
  FROM (SELECT count(*)::int AS total FROM markers m WHERE m.group_id = $1 AND m.deleted_date IS NULL AND (m.title ILIKE $4 OR m.description ILIKE $4)) t
  LEFT JOIN LATERAL (
    SELECT m.id, m.title, to_char(m.date, 'YYYY-MM-DD') AS date, m.rating, m.description, m.latitude, m.longitude,
       m.address, m.created_by AS "createdBy", to_char(m.created_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdDate",
       to_char(m.updated_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedDate", to_char(m.deleted_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "deletedDate", row_number() OVER (ORDER BY m.rating DESC, m.id DESC)::int AS n
      FROM markers m
     WHERE m.group_id = $1 AND m.deleted_date IS NULL AND (m.title ILIKE $4 OR m.description ILIKE $4)
     ORDER BY m.rating DESC, m.id DESC
     LIMIT $2 OFFSET $3) p ON true
  LEFT JOIN LATERAL (SELECT count(*)::int AS image_count FROM marker_images mi WHERE mi.marker_id = p.id AND mi.group_id = $1) c ON p.id IS NOT NULL
  LEFT JOIN LATERAL (
    SELECT f.storage_key, f.thumbnail_key
      FROM marker_images mi JOIN files f ON f.id = mi.file_id
     WHERE mi.marker_id = p.id AND mi.group_id = $1 AND f.status = 'Completed'
     ORDER BY mi.position, mi.id
     LIMIT 1) cover ON p.id IS NOT NULL
 ORDER BY p.n;

-- markers_page_rating_desc_trash
SELECT t.total, p.*, c.image_count, cover.storage_key AS cover_storage_key, cover.thumbnail_key AS cover_thumbnail_key
  FROM (SELECT count(*)::int AS total FROM markers m WHERE m.group_id = $1 AND m.deleted_date IS NOT NULL) t
  LEFT JOIN LATERAL (
    SELECT m.id, m.title, to_char(m.date, 'YYYY-MM-DD') AS date, m.rating, m.description, m.latitude, m.longitude,
       m.address, m.created_by AS "createdBy", to_char(m.created_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdDate",
       to_char(m.updated_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedDate", to_char(m.deleted_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "deletedDate", row_number() OVER (ORDER BY m.rating DESC, m.id DESC)::int AS n
      FROM markers m
     WHERE m.group_id = $1 AND m.deleted_date IS NOT NULL
     ORDER BY m.rating DESC, m.id DESC
     LIMIT $2 OFFSET $3) p ON true
  LEFT JOIN LATERAL (SELECT count(*)::int AS image_count FROM marker_images mi WHERE mi.marker_id = p.id AND mi.group_id = $1) c ON p.id IS NOT NULL
  LEFT JOIN LATERAL (
    SELECT f.storage_key, f.thumbnail_key
      FROM marker_images mi JOIN files f ON f.id = mi.file_id
     WHERE mi.marker_id = p.id AND mi.group_id = $1 AND f.status = 'Completed'
     ORDER BY mi.position, mi.id
     LIMIT 1) cover ON p.id IS NOT NULL
 ORDER BY p.n;

-- markers_page_rating_desc_trash_search
SELECT t.total, p.*, c.image_count, cover.storage_key AS cover_storage_key, cover.thumbnail_key AS cover_thumbnail_key
  FROM (SELECT count(*)::int AS total FROM markers m WHERE m.group_id = $1 AND m.deleted_date IS NOT NULL AND (m.title ILIKE $4 OR m.description ILIKE $4)) t
  LEFT JOIN LATERAL (
    SELECT m.id, m.title, to_char(m.date, 'YYYY-MM-DD') AS date, m.rating, m.description, m.latitude, m.longitude,
       m.address, m.created_by AS "createdBy", to_char(m.created_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdDate",
       to_char(m.updated_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedDate", to_char(m.deleted_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "deletedDate", row_number() OVER (ORDER BY m.rating DESC, m.id DESC)::int AS n
      FROM markers m
     WHERE m.group_id = $1 AND m.deleted_date IS NOT NULL AND (m.title ILIKE $4 OR m.description ILIKE $4)
     ORDER BY m.rating DESC, m.id DESC
     LIMIT $2 OFFSET $3) p ON true
  LEFT JOIN LATERAL (SELECT count(*)::int AS image_count FROM marker_images mi WHERE mi.marker_id = p.id AND mi.group_id = $1) c ON p.id IS NOT NULL
  LEFT JOIN LATERAL (
    SELECT f.storage_key, f.thumbnail_key
      FROM marker_images mi JOIN files f ON f.id = mi.file_id
     WHERE mi.marker_id = p.id AND mi.group_id = $1 AND f.status = 'Completed'
     ORDER BY mi.position, mi.id
     LIMIT 1) cover ON p.id IS NOT NULL
 ORDER BY p.n;

-- markers_page_title_asc_live
SELECT t.total, p.*, c.image_count, cover.storage_key AS cover_storage_key, cover.thumbnail_key AS cover_thumbnail_key
  FROM (SELECT count(*)::int AS total FROM markers m WHERE m.group_id = $1 AND m.deleted_date IS NULL) t
  LEFT JOIN LATERAL (
    SELECT m.id, m.title, to_char(m.date, 'YYYY-MM-DD') AS date, m.rating, m.description, m.latitude, m.longitude,
       m.address, m.created_by AS "createdBy", to_char(m.created_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdDate",
       to_char(m.updated_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedDate", to_char(m.deleted_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "deletedDate", row_number() OVER (ORDER BY m.title ASC, m.id ASC)::int AS n
      FROM markers m
     WHERE m.group_id = $1 AND m.deleted_date IS NULL
     ORDER BY m.title ASC, m.id ASC
     LIMIT $2 OFFSET $3) p ON true
  LEFT JOIN LATERAL (SELECT count(*)::int AS image_count FROM marker_images mi WHERE mi.marker_id = p.id AND mi.group_id = $1) c ON p.id IS NOT NULL
  LEFT JOIN LATERAL (
    SELECT f.storage_key, f.thumbnail_key
      FROM marker_images mi JOIN files f ON f.id = mi.file_id
     WHERE mi.marker_id = p.id AND mi.group_id = $1 AND f.status = 'Completed'
     ORDER BY mi.position, mi.id
     LIMIT 1) cover ON p.id IS NOT NULL
 ORDER BY p.n;

-- markers_page_title_asc_live_search
SELECT t.total, p.*, c.image_count, cover.storage_key AS cover_storage_key, cover.thumbnail_key AS cover_thumbnail_key
  FROM (SELECT count(*)::int AS total FROM markers m WHERE m.group_id = $1 AND m.deleted_date IS NULL AND (m.title ILIKE $4 OR m.description ILIKE $4)) t
  LEFT JOIN LATERAL (
    SELECT m.id, m.title, to_char(m.date, 'YYYY-MM-DD') AS date, m.rating, m.description, m.latitude, m.longitude,
       m.address, m.created_by AS "createdBy", to_char(m.created_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdDate",
       to_char(m.updated_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedDate", to_char(m.deleted_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "deletedDate", row_number() OVER (ORDER BY m.title ASC, m.id ASC)::int AS n
      FROM markers m
     WHERE m.group_id = $1 AND m.deleted_date IS NULL AND (m.title ILIKE $4 OR m.description ILIKE $4)
     ORDER BY m.title ASC, m.id ASC
     LIMIT $2 OFFSET $3) p ON true
  LEFT JOIN LATERAL (SELECT count(*)::int AS image_count FROM marker_images mi WHERE mi.marker_id = p.id AND mi.group_id = $1) c ON p.id IS NOT NULL
  LEFT JOIN LATERAL (
    SELECT f.storage_key, f.thumbnail_key
      FROM marker_images mi JOIN files f ON f.id = mi.file_id
     WHERE mi.marker_id = p.id AND mi.group_id = $1 AND f.status = 'Completed'
     ORDER BY mi.position, mi.id
     LIMIT 1) cover ON p.id IS NOT NULL
 ORDER BY p.n;

-- markers_page_title_asc_trash
SELECT t.total, p.*, c.image_count, cover.storage_key AS cover_storage_key, cover.thumbnail_key AS cover_thumbnail_key
  FROM (SELECT count(*)::int AS total FROM markers m WHERE m.group_id = $1 AND m.deleted_date IS NOT NULL) t
  LEFT JOIN LATERAL (
    SELECT m.id, m.title, to_char(m.date, 'YYYY-MM-DD') AS date, m.rating, m.description, m.latitude, m.longitude,
       m.address, m.created_by AS "createdBy", to_char(m.created_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdDate",
       to_char(m.updated_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedDate", to_char(m.deleted_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "deletedDate", row_number() OVER (ORDER BY m.title ASC, m.id ASC)::int AS n
      FROM markers m
     WHERE m.group_id = $1 AND m.deleted_date IS NOT NULL
     ORDER BY m.title ASC, m.id ASC
     LIMIT $2 OFFSET $3) p ON true
  LEFT JOIN LATERAL (SELECT count(*)::int AS image_count FROM marker_images mi WHERE mi.marker_id = p.id AND mi.group_id = $1) c ON p.id IS NOT NULL
  LEFT JOIN LATERAL (
    SELECT f.storage_key, f.thumbnail_key
      FROM marker_images mi JOIN files f ON f.id = mi.file_id
     WHERE mi.marker_id = p.id AND mi.group_id = $1 AND f.status = 'Completed'
     ORDER BY mi.position, mi.id
     LIMIT 1) cover ON p.id IS NOT NULL
 ORDER BY p.n;

-- markers_page_title_asc_trash_search
SELECT t.total, p.*, c.image_count, cover.storage_key AS cover_storage_key, cover.thumbnail_key AS cover_thumbnail_key
  FROM (SELECT count(*)::int AS total FROM markers m WHERE m.group_id = $1 AND m.deleted_date IS NOT NULL AND (m.title ILIKE $4 OR m.description ILIKE $4)) t
  LEFT JOIN LATERAL (
    SELECT m.id, m.title, to_char(m.date, 'YYYY-MM-DD') AS date, m.rating, m.description, m.latitude, m.longitude,
       m.address, m.created_by AS "createdBy", to_char(m.created_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdDate",
       to_char(m.updated_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedDate", to_char(m.deleted_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "deletedDate", row_number() OVER (ORDER BY m.title ASC, m.id ASC)::int AS n
      FROM markers m
     WHERE m.group_id = $1 AND m.deleted_date IS NOT NULL AND (m.title ILIKE $4 OR m.description ILIKE $4)
     ORDER BY m.title ASC, m.id ASC
     LIMIT $2 OFFSET $3) p ON true
  LEFT JOIN LATERAL (SELECT count(*)::int AS image_count FROM marker_images mi WHERE mi.marker_id = p.id AND mi.group_id = $1) c ON p.id IS NOT NULL
  LEFT JOIN LATERAL (
    SELECT f.storage_key, f.thumbnail_key
      FROM marker_images mi JOIN files f ON f.id = mi.file_id
     WHERE mi.marker_id = p.id AND mi.group_id = $1 AND f.status = 'Completed'
     ORDER BY mi.position, mi.id
     LIMIT 1) cover ON p.id IS NOT NULL
 ORDER BY p.n;

-- markers_page_title_desc_live
SELECT t.total, p.*, c.image_count, cover.storage_key AS cover_storage_key, cover.thumbnail_key AS cover_thumbnail_key
  FROM (SELECT count(*)::int AS total FROM markers m WHERE m.group_id = $1 AND m.deleted_date IS NULL) t
  LEFT JOIN LATERAL (
    SELECT m.id, m.title, to_char(m.date, 'YYYY-MM-DD') AS date, m.rating, m.description, m.latitude, m.longitude,
       m.address, m.created_by AS "createdBy", to_char(m.created_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdDate",
       to_char(m.updated_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedDate", to_char(m.deleted_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "deletedDate", row_number() OVER (ORDER BY m.title DESC, m.id DESC)::int AS n
      FROM markers m
     WHERE m.group_id = $1 AND m.deleted_date IS NULL
     ORDER BY m.title DESC, m.id DESC
     LIMIT $2 OFFSET $3) p ON true
  LEFT JOIN LATERAL (SELECT count(*)::int AS image_count FROM marker_images mi WHERE mi.marker_id = p.id AND mi.group_id = $1) c ON p.id IS NOT NULL
  LEFT JOIN LATERAL (
    SELECT f.storage_key, f.thumbnail_key
      FROM marker_images mi JOIN files f ON f.id = mi.file_id
     WHERE mi.marker_id = p.id AND mi.group_id = $1 AND f.status = 'Completed'
     ORDER BY mi.position, mi.id
     LIMIT 1) cover ON p.id IS NOT NULL
 ORDER BY p.n;

-- markers_page_title_desc_live_search
SELECT t.total, p.*, c.image_count, cover.storage_key AS cover_storage_key, cover.thumbnail_key AS cover_thumbnail_key
  FROM (SELECT count(*)::int AS total FROM markers m WHERE m.group_id = $1 AND m.deleted_date IS NULL AND (m.title ILIKE $4 OR m.description ILIKE $4)) t
  LEFT JOIN LATERAL (
    SELECT m.id, m.title, to_char(m.date, 'YYYY-MM-DD') AS date, m.rating, m.description, m.latitude, m.longitude,
       m.address, m.created_by AS "createdBy", to_char(m.created_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdDate",
       to_char(m.updated_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedDate", to_char(m.deleted_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "deletedDate", row_number() OVER (ORDER BY m.title DESC, m.id DESC)::int AS n
      FROM markers m
     WHERE m.group_id = $1 AND m.deleted_date IS NULL AND (m.title ILIKE $4 OR m.description ILIKE $4)
     ORDER BY m.title DESC, m.id DESC
     LIMIT $2 OFFSET $3) p ON true
  LEFT JOIN LATERAL (SELECT count(*)::int AS image_count FROM marker_images mi WHERE mi.marker_id = p.id AND mi.group_id = $1) c ON p.id IS NOT NULL
  LEFT JOIN LATERAL (
    SELECT f.storage_key, f.thumbnail_key
      FROM marker_images mi JOIN files f ON f.id = mi.file_id
     WHERE mi.marker_id = p.id AND mi.group_id = $1 AND f.status = 'Completed'
     ORDER BY mi.position, mi.id
     LIMIT 1) cover ON p.id IS NOT NULL
 ORDER BY p.n;

-- markers_page_title_desc_trash
SELECT t.total, p.*, c.image_count, cover.storage_key AS cover_storage_key, cover.thumbnail_key AS cover_thumbnail_key
  FROM (SELECT count(*)::int AS total FROM markers m WHERE m.group_id = $1 AND m.deleted_date IS NOT NULL) t
  LEFT JOIN LATERAL (
    SELECT m.id, m.title, to_char(m.date, 'YYYY-MM-DD') AS date, m.rating, m.description, m.latitude, m.longitude,
       m.address, m.created_by AS "createdBy", to_char(m.created_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdDate",
       to_char(m.updated_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedDate", to_char(m.deleted_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "deletedDate", row_number() OVER (ORDER BY m.title DESC, m.id DESC)::int AS n
      FROM markers m
     WHERE m.group_id = $1 AND m.deleted_date IS NOT NULL
     ORDER BY m.title DESC, m.id DESC
     LIMIT $2 OFFSET $3) p ON true
  LEFT JOIN LATERAL (SELECT count(*)::int AS image_count FROM marker_images mi WHERE mi.marker_id = p.id AND mi.group_id = $1) c ON p.id IS NOT NULL
  LEFT JOIN LATERAL (
    SELECT f.storage_key, f.thumbnail_key
      FROM marker_images mi JOIN files f ON f.id = mi.file_id
     WHERE mi.marker_id = p.id AND mi.group_id = $1 AND f.status = 'Completed'
     ORDER BY mi.position, mi.id
     LIMIT 1) cover ON p.id IS NOT NULL
 ORDER BY p.n;

-- markers_page_title_desc_trash_search
SELECT t.total, p.*, c.image_count, cover.storage_key AS cover_storage_key, cover.thumbnail_key AS cover_thumbnail_key
  FROM (SELECT count(*)::int AS total FROM markers m WHERE m.group_id = $1 AND m.deleted_date IS NOT NULL AND (m.title ILIKE $4 OR m.description ILIKE $4)) t
  LEFT JOIN LATERAL (
    SELECT m.id, m.title, to_char(m.date, 'YYYY-MM-DD') AS date, m.rating, m.description, m.latitude, m.longitude,
       m.address, m.created_by AS "createdBy", to_char(m.created_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdDate",
       to_char(m.updated_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedDate", to_char(m.deleted_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "deletedDate", row_number() OVER (ORDER BY m.title DESC, m.id DESC)::int AS n
      FROM markers m
     WHERE m.group_id = $1 AND m.deleted_date IS NOT NULL AND (m.title ILIKE $4 OR m.description ILIKE $4)
     ORDER BY m.title DESC, m.id DESC
     LIMIT $2 OFFSET $3) p ON true
  LEFT JOIN LATERAL (SELECT count(*)::int AS image_count FROM marker_images mi WHERE mi.marker_id = p.id AND mi.group_id = $1) c ON p.id IS NOT NULL
  LEFT JOIN LATERAL (
    SELECT f.storage_key, f.thumbnail_key
      FROM marker_images mi JOIN files f ON f.id = mi.file_id
     WHERE mi.marker_id = p.id AND mi.group_id = $1 AND f.status = 'Completed'
     ORDER BY mi.position, mi.id
     LIMIT 1) cover ON p.id IS NOT NULL
 ORDER BY p.n;

-- markers_page_updatedDate_asc_live
SELECT t.total, p.*, c.image_count, cover.storage_key AS cover_storage_key, cover.thumbnail_key AS cover_thumbnail_key
  FROM (SELECT count(*)::int AS total FROM markers m WHERE m.group_id = $1 AND m.deleted_date IS NULL) t
  LEFT JOIN LATERAL (
    SELECT m.id, m.title, to_char(m.date, 'YYYY-MM-DD') AS date, m.rating, m.description, m.latitude, m.longitude,
       m.address, m.created_by AS "createdBy", to_char(m.created_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdDate",
       to_char(m.updated_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedDate", to_char(m.deleted_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "deletedDate", row_number() OVER (ORDER BY m.updated_date ASC, m.id ASC)::int AS n
      FROM markers m
     WHERE m.group_id = $1 AND m.deleted_date IS NULL
     ORDER BY m.updated_date ASC, m.id ASC
     LIMIT $2 OFFSET $3) p ON true
  LEFT JOIN LATERAL (SELECT count(*)::int AS image_count FROM marker_images mi WHERE mi.marker_id = p.id AND mi.group_id = $1) c ON p.id IS NOT NULL
  LEFT JOIN LATERAL (
    SELECT f.storage_key, f.thumbnail_key
      FROM marker_images mi JOIN files f ON f.id = mi.file_id
     WHERE mi.marker_id = p.id AND mi.group_id = $1 AND f.status = 'Completed'
     ORDER BY mi.position, mi.id
     LIMIT 1) cover ON p.id IS NOT NULL
 ORDER BY p.n;

-- markers_page_updatedDate_asc_live_search
SELECT t.total, p.*, c.image_count, cover.storage_key AS cover_storage_key, cover.thumbnail_key AS cover_thumbnail_key
  FROM (SELECT count(*)::int AS total FROM markers m WHERE m.group_id = $1 AND m.deleted_date IS NULL AND (m.title ILIKE $4 OR m.description ILIKE $4)) t
  LEFT JOIN LATERAL (
    SELECT m.id, m.title, to_char(m.date, 'YYYY-MM-DD') AS date, m.rating, m.description, m.latitude, m.longitude,
       m.address, m.created_by AS "createdBy", to_char(m.created_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdDate",
       to_char(m.updated_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedDate", to_char(m.deleted_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "deletedDate", row_number() OVER (ORDER BY m.updated_date ASC, m.id ASC)::int AS n
      FROM markers m
     WHERE m.group_id = $1 AND m.deleted_date IS NULL AND (m.title ILIKE $4 OR m.description ILIKE $4)
     ORDER BY m.updated_date ASC, m.id ASC
     LIMIT $2 OFFSET $3) p ON true
  LEFT JOIN LATERAL (SELECT count(*)::int AS image_count FROM marker_images mi WHERE mi.marker_id = p.id AND mi.group_id = $1) c ON p.id IS NOT NULL
  LEFT JOIN LATERAL (
    SELECT f.storage_key, f.thumbnail_key
      FROM marker_images mi JOIN files f ON f.id = mi.file_id
     WHERE mi.marker_id = p.id AND mi.group_id = $1 AND f.status = 'Completed'
     ORDER BY mi.position, mi.id
     LIMIT 1) cover ON p.id IS NOT NULL
 ORDER BY p.n;

-- markers_page_updatedDate_asc_trash
SELECT t.total, p.*, c.image_count, cover.storage_key AS cover_storage_key, cover.thumbnail_key AS cover_thumbnail_key
  FROM (SELECT count(*)::int AS total FROM markers m WHERE m.group_id = $1 AND m.deleted_date IS NOT NULL) t
  LEFT JOIN LATERAL (
    SELECT m.id, m.title, to_char(m.date, 'YYYY-MM-DD') AS date, m.rating, m.description, m.latitude, m.longitude,
       m.address, m.created_by AS "createdBy", to_char(m.created_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdDate",
       to_char(m.updated_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedDate", to_char(m.deleted_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "deletedDate", row_number() OVER (ORDER BY m.updated_date ASC, m.id ASC)::int AS n
      FROM markers m
     WHERE m.group_id = $1 AND m.deleted_date IS NOT NULL
     ORDER BY m.updated_date ASC, m.id ASC
     LIMIT $2 OFFSET $3) p ON true
  LEFT JOIN LATERAL (SELECT count(*)::int AS image_count FROM marker_images mi WHERE mi.marker_id = p.id AND mi.group_id = $1) c ON p.id IS NOT NULL
  LEFT JOIN LATERAL (
    SELECT f.storage_key, f.thumbnail_key
      FROM marker_images mi JOIN files f ON f.id = mi.file_id
     WHERE mi.marker_id = p.id AND mi.group_id = $1 AND f.status = 'Completed'
     ORDER BY mi.position, mi.id
     LIMIT 1) cover ON p.id IS NOT NULL
 ORDER BY p.n;

-- markers_page_updatedDate_asc_trash_search
SELECT t.total, p.*, c.image_count, cover.storage_key AS cover_storage_key, cover.thumbnail_key AS cover_thumbnail_key
  FROM (SELECT count(*)::int AS total FROM markers m WHERE m.group_id = $1 AND m.deleted_date IS NOT NULL AND (m.title ILIKE $4 OR m.description ILIKE $4)) t
  LEFT JOIN LATERAL (
    SELECT m.id, m.title, to_char(m.date, 'YYYY-MM-DD') AS date, m.rating, m.description, m.latitude, m.longitude,
       m.address, m.created_by AS "createdBy", to_char(m.created_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdDate",
       to_char(m.updated_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedDate", to_char(m.deleted_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "deletedDate", row_number() OVER (ORDER BY m.updated_date ASC, m.id ASC)::int AS n
      FROM markers m
     WHERE m.group_id = $1 AND m.deleted_date IS NOT NULL AND (m.title ILIKE $4 OR m.description ILIKE $4)
     ORDER BY m.updated_date ASC, m.id ASC
     LIMIT $2 OFFSET $3) p ON true
  LEFT JOIN LATERAL (SELECT count(*)::int AS image_count FROM marker_images mi WHERE mi.marker_id = p.id AND mi.group_id = $1) c ON p.id IS NOT NULL
  LEFT JOIN LATERAL (
    SELECT f.storage_key, f.thumbnail_key
      FROM marker_images mi JOIN files f ON f.id = mi.file_id
     WHERE mi.marker_id = p.id AND mi.group_id = $1 AND f.status = 'Completed'
     ORDER BY mi.position, mi.id
     LIMIT 1) cover ON p.id IS NOT NULL
 ORDER BY p.n;

-- markers_page_updatedDate_desc_live
SELECT t.total, p.*, c.image_count, cover.storage_key AS cover_storage_key, cover.thumbnail_key AS cover_thumbnail_key
  FROM (SELECT count(*)::int AS total FROM markers m WHERE m.group_id = $1 AND m.deleted_date IS NULL) t
  LEFT JOIN LATERAL (
    SELECT m.id, m.title, to_char(m.date, 'YYYY-MM-DD') AS date, m.rating, m.description, m.latitude, m.longitude,
       m.address, m.created_by AS "createdBy", to_char(m.created_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdDate",
       to_char(m.updated_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedDate", to_char(m.deleted_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "deletedDate", row_number() OVER (ORDER BY m.updated_date DESC, m.id DESC)::int AS n
      FROM markers m
     WHERE m.group_id = $1 AND m.deleted_date IS NULL
     ORDER BY m.updated_date DESC, m.id DESC
     LIMIT $2 OFFSET $3) p ON true
  LEFT JOIN LATERAL (SELECT count(*)::int AS image_count FROM marker_images mi WHERE mi.marker_id = p.id AND mi.group_id = $1) c ON p.id IS NOT NULL
  LEFT JOIN LATERAL (
    SELECT f.storage_key, f.thumbnail_key
      FROM marker_images mi JOIN files f ON f.id = mi.file_id
     WHERE mi.marker_id = p.id AND mi.group_id = $1 AND f.status = 'Completed'
     ORDER BY mi.position, mi.id
     LIMIT 1) cover ON p.id IS NOT NULL
 ORDER BY p.n;

-- markers_page_updatedDate_desc_live_search
SELECT t.total, p.*, c.image_count, cover.storage_key AS cover_storage_key, cover.thumbnail_key AS cover_thumbnail_key
  FROM (SELECT count(*)::int AS total FROM markers m WHERE m.group_id = $1 AND m.deleted_date IS NULL AND (m.title ILIKE $4 OR m.description ILIKE $4)) t
  LEFT JOIN LATERAL (
    SELECT m.id, m.title, to_char(m.date, 'YYYY-MM-DD') AS date, m.rating, m.description, m.latitude, m.longitude,
       m.address, m.created_by AS "createdBy", to_char(m.created_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdDate",
       to_char(m.updated_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedDate", to_char(m.deleted_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "deletedDate", row_number() OVER (ORDER BY m.updated_date DESC, m.id DESC)::int AS n
      FROM markers m
     WHERE m.group_id = $1 AND m.deleted_date IS NULL AND (m.title ILIKE $4 OR m.description ILIKE $4)
     ORDER BY m.updated_date DESC, m.id DESC
     LIMIT $2 OFFSET $3) p ON true
  LEFT JOIN LATERAL (SELECT count(*)::int AS image_count FROM marker_images mi WHERE mi.marker_id = p.id AND mi.group_id = $1) c ON p.id IS NOT NULL
  LEFT JOIN LATERAL (
    SELECT f.storage_key, f.thumbnail_key
      FROM marker_images mi JOIN files f ON f.id = mi.file_id
     WHERE mi.marker_id = p.id AND mi.group_id = $1 AND f.status = 'Completed'
     ORDER BY mi.position, mi.id
     LIMIT 1) cover ON p.id IS NOT NULL
 ORDER BY p.n;

-- markers_page_updatedDate_desc_trash
SELECT t.total, p.*, c.image_count, cover.storage_key AS cover_storage_key, cover.thumbnail_key AS cover_thumbnail_key
  FROM (SELECT count(*)::int AS total FROM markers m WHERE m.group_id = $1 AND m.deleted_date IS NOT NULL) t
  LEFT JOIN LATERAL (
    SELECT m.id, m.title, to_char(m.date, 'YYYY-MM-DD') AS date, m.rating, m.description, m.latitude, m.longitude,
       m.address, m.created_by AS "createdBy", to_char(m.created_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdDate",
       to_char(m.updated_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedDate", to_char(m.deleted_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "deletedDate", row_number() OVER (ORDER BY m.updated_date DESC, m.id DESC)::int AS n
      FROM markers m
     WHERE m.group_id = $1 AND m.deleted_date IS NOT NULL
     ORDER BY m.updated_date DESC, m.id DESC
     LIMIT $2 OFFSET $3) p ON true
  LEFT JOIN LATERAL (SELECT count(*)::int AS image_count FROM marker_images mi WHERE mi.marker_id = p.id AND mi.group_id = $1) c ON p.id IS NOT NULL
  LEFT JOIN LATERAL (
    SELECT f.storage_key, f.thumbnail_key
      FROM marker_images mi JOIN files f ON f.id = mi.file_id
     WHERE mi.marker_id = p.id AND mi.group_id = $1 AND f.status = 'Completed'
     ORDER BY mi.position, mi.id
     LIMIT 1) cover ON p.id IS NOT NULL
 ORDER BY p.n;

-- markers_page_updatedDate_desc_trash_search
SELECT t.total, p.*, c.image_count, cover.storage_key AS cover_storage_key, cover.thumbnail_key AS cover_thumbnail_key
  FROM (SELECT count(*)::int AS total FROM markers m WHERE m.group_id = $1 AND m.deleted_date IS NOT NULL AND (m.title ILIKE $4 OR m.description ILIKE $4)) t
  LEFT JOIN LATERAL (
    SELECT m.id, m.title, to_char(m.date, 'YYYY-MM-DD') AS date, m.rating, m.description, m.latitude, m.longitude,
       m.address, m.created_by AS "createdBy", to_char(m.created_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdDate",
       to_char(m.updated_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedDate", to_char(m.deleted_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "deletedDate", row_number() OVER (ORDER BY m.updated_date DESC, m.id DESC)::int AS n
      FROM markers m
     WHERE m.group_id = $1 AND m.deleted_date IS NOT NULL AND (m.title ILIKE $4 OR m.description ILIKE $4)
     ORDER BY m.updated_date DESC, m.id DESC
     LIMIT $2 OFFSET $3) p ON true
  LEFT JOIN LATERAL (SELECT count(*)::int AS image_count FROM marker_images mi WHERE mi.marker_id = p.id AND mi.group_id = $1) c ON p.id IS NOT NULL
  LEFT JOIN LATERAL (
    SELECT f.storage_key, f.thumbnail_key
      FROM marker_images mi JOIN files f ON f.id = mi.file_id
     WHERE mi.marker_id = p.id AND mi.group_id = $1 AND f.status = 'Completed'
     ORDER BY mi.position, mi.id
     LIMIT 1) cover ON p.id IS NOT NULL
 ORDER BY p.n;

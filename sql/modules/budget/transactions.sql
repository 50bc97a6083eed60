-- TRANSACTIONS_PAGE_BY_AMOUNT_SQL.account.ASC
SELECT t.id, t.type, t.amount, t.date::text AS date, t.description, t.category_id AS "categoryId",
  t.budget_account_id AS "budgetAccountId", t.target_budget_account_id AS "targetBudgetAccountId",
  t.recurring_transaction_id AS "recurringTransactionId", t.created_by_id AS "createdById", to_char(t.created_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdDate", t.split, t.original
       FROM (SELECT id, amount AS k FROM transactions
              WHERE group_id = $7::uuid AND (budget_account_id = $1 OR target_budget_account_id = $1) AND ($2::date IS NULL OR date >= $2::date) AND ($3::date IS NULL OR date <= $3::date) AND ($4::varchar IS NULL OR type = $4::varchar)
              ORDER BY amount ASC, id ASC LIMIT $6::int OFFSET $5::bigint) p
       JOIN transactions t ON t.id = p.id
      ORDER BY p.k ASC, p.id ASC;

-- TRANSACTIONS_PAGE_BY_AMOUNT_SQL.account.DESC
SELECT t.id, t.type, t.amount, t.date::text AS date, t.description, t.category_id AS "categoryId",
  t.budget_account_id AS "budgetAccountId", t.target_budget_account_id AS "targetBudgetAccountId",
  t.recurring_transaction_id AS "recurringTransactionId", t.created_by_id AS "createdById", to_char(t.created_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdDate", t.split, t.original
       FROM (SELECT id, amount AS k FROM transactions
              WHERE group_id = $7::uuid AND (budget_account_id = $1 OR target_budget_account_id = $1) AND ($2::date IS NULL OR date >= $2::date) AND ($3::date IS NULL OR date <= $3::date) AND ($4::varchar IS NULL OR type = $4::varchar)
              ORDER BY amount DESC, id DESC LIMIT $6::int OFFSET $5::bigint) p
       JOIN transactions t ON t.id = p.id
      ORDER BY p.k DESC, p.id DESC;

-- TRANSACTIONS_PAGE_BY_AMOUNT_SQL.category.ASC
SELECT t.id, t.type, t.amount, t.date::text AS date, t.description, t.category_id AS "categoryId",
  t.budget_account_id AS "budgetAccountId", t.target_budget_account_id AS "targetBudgetAccountId",
  t.recurring_transaction_id AS "recurringTransactionId", t.created_by_id AS "createdById", to_char(t.created_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdDate", t.split, t.original
       FROM (SELECT id, amount AS k FROM transactions
              WHERE group_id = $7::uuid AND category_id = $1 AND ($2::date IS NULL OR date >= $2::date) AND ($3::date IS NULL OR date <= $3::date) AND ($4::varchar IS NULL OR type = $4::varchar)
              ORDER BY amount ASC, id ASC LIMIT $6::int OFFSET $5::bigint) p
       JOIN transactions t ON t.id = p.id
      ORDER BY p.k ASC, p.id ASC;

-- TRANSACTIONS_PAGE_BY_AMOUNT_SQL.category.DESC
SELECT t.id, t.type, t.amount, t.date::text AS date, t.description, t.category_id AS "categoryId",
  t.budget_account_id AS "budgetAccountId", t.target_budget_account_id AS "targetBudgetAccountId",
  t.recurring_transaction_id AS "recurringTransactionId", t.created_by_id AS "createdById", to_char(t.created_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdDate", t.split, t.original
       FROM (SELECT id, amount AS k FROM transactions
              WHERE group_id = $7::uuid AND category_id = $1 AND ($2::date IS NULL OR date >= $2::date) AND ($3::date IS NULL OR date <= $3::date) AND ($4::varchar IS NULL OR type = $4::varchar)
              ORDER BY amount DESC, id DESC LIMIT $6::int OFFSET $5::bigint) p
       JOIN transactions t ON t.id = p.id
      ORDER BY p.k DESC, p.id DESC;

-- TRANSACTIONS_PAGE_BY_AMOUNT_SQL.group.ASC
SELECT t.id, t.type, t.amount, t.date::text AS date, t.description, t.category_id AS "categoryId",
  t.budget_account_id AS "budgetAccountId", t.target_budget_account_id AS "targetBudgetAccountId",
  t.recurring_transaction_id AS "recurringTransactionId", t.created_by_id AS "createdById", to_char(t.created_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdDate", t.split, t.original
       FROM (SELECT id, amount AS k FROM transactions
              WHERE group_id = $7::uuid AND group_id = $1 AND ($2::date IS NULL OR date >= $2::date) AND ($3::date IS NULL OR date <= $3::date) AND ($4::varchar IS NULL OR type = $4::varchar)
              ORDER BY amount ASC, id ASC LIMIT $6::int OFFSET $5::bigint) p
       JOIN transactions t ON t.id = p.id
      ORDER BY p.k ASC, p.id ASC;

-- TRANSACTIONS_PAGE_BY_AMOUNT_SQL.group.DESC
SELECT t.id, t.type, t.amount, t.date::text AS date, t.description, t.category_id AS "categoryId",
  t.budget_account_id AS "budgetAccountId", t.target_budget_account_id AS "targetBudgetAccountId",
  t.recurring_transaction_id AS "recurringTransactionId", t.created_by_id AS "createdById", to_char(t.created_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdDate", t.split, t.original
       FROM (SELECT id, amount AS k FROM transactions
              WHERE group_id = $7::uuid AND group_id = $1 AND ($2::date IS NULL OR date >= $2::date) AND ($3::date IS NULL OR date <= $3::date) AND ($4::varchar IS NULL OR type = $4::varchar)
              ORDER BY amount DESC, id DESC LIMIT $6::int OFFSET $5::bigint) p
       JOIN transactions t ON t.id = p.id
      ORDER BY p.k DESC, p.id DESC;

-- TRANSACTIONS_SEARCH_SQL.0
WITH recent AS MATERIALIZED (
  SELECT * FROM (SELECT t.id, t.group_id, t.description, t.amount, t.original, t.date, t.search_vector, t.search_text FROM transactions t WHERE t.group_id = $1 ORDER BY t.date DESC, t.id DESC LIMIT 5000) t
   WHERE ((NOT $4::boolean AND false)
   OR ($4::boolean AND ($5::text[] IS NULL AND false)))
   ORDER BY t.date DESC, t.id DESC
   LIMIT $6::int),
edge AS MATERIALIZED (SELECT date, id FROM transactions WHERE group_id = $1 ORDER BY date DESC, id DESC OFFSET 4999 LIMIT 1),
more AS MATERIALIZED (
  SELECT * FROM (
    SELECT t.id, t.group_id, t.description, t.amount, t.original, t.date, t.search_vector, t.search_text FROM transactions t
     WHERE (SELECT count(*) FROM recent) BETWEEN 25 AND $6::int - 1
       AND t.group_id = $1 AND (t.date, t.id) < ((SELECT date FROM edge), (SELECT id FROM edge))
     ORDER BY t.date DESC, t.id DESC
     LIMIT 20000) t
   WHERE ((NOT $4::boolean AND false)
   OR ($4::boolean AND ($5::text[] IS NULL AND false)))
   ORDER BY t.date DESC, t.id DESC
   LIMIT $6::int - (SELECT count(*) FROM recent)),
short_found AS MATERIALIZED (
  -- the group's rows that have every word without a prefix, from those words' own indexes (planned
  -- for all of them, read only as far as short_few asks)
  SELECT t.id, t.group_id, t.description, t.amount, t.original, t.date, t.search_vector, t.search_text FROM transactions t
   WHERE false AND t.group_id = $1 AND true),
short_few AS MATERIALIZED (SELECT id FROM short_found LIMIT 2000 + 1),
older_by_words AS MATERIALIZED (
  SELECT t.id, t.group_id, t.description, t.amount, t.original, t.date, t.search_vector, t.search_text
    FROM transactions t
   WHERE (SELECT count(*) FROM recent) + (SELECT count(*) FROM more) < $6::int AND NOT (false AND (SELECT count(*) FROM short_few) <= 2000)
     AND t.group_id = $1 AND (t.date, t.id) < ((SELECT date FROM edge), (SELECT id FROM edge))
     AND true
     AND ((NOT $4::boolean AND false)
   OR ($4::boolean AND ($5::text[] IS NULL AND false)))
   -- not in the index's order: the indexes of the words, not a walk through every older row
   ORDER BY t.date + 0 DESC, t.id DESC
   LIMIT $6::int - (SELECT count(*) FROM recent)),
older_by_short AS MATERIALIZED (
  SELECT * FROM short_found t
   WHERE (SELECT count(*) FROM recent) + (SELECT count(*) FROM more) < $6::int AND (false AND (SELECT count(*) FROM short_few) <= 2000) AND (t.date, t.id) < ((SELECT date FROM edge), (SELECT id FROM edge)) AND ((NOT $4::boolean AND false)
   OR ($4::boolean AND ($5::text[] IS NULL AND false)))
   ORDER BY t.date DESC, t.id DESC
   LIMIT $6::int - (SELECT count(*) FROM recent)),
older AS (SELECT * FROM older_by_words UNION ALL SELECT * FROM older_by_short),
c AS (SELECT * FROM recent
      UNION ALL (SELECT * FROM more WHERE NOT EXISTS (SELECT FROM older))
      UNION ALL SELECT * FROM older)
SELECT c.id, NULL::uuid AS parent_id, coalesce(c.description, '') AS title, NULL::text AS body, c.amount::text AS amount, NULL::text AS context,
       c.date::text AS date, CASE WHEN $4::boolean THEN 1
       ELSE round(((0) / greatest($3::int, 1))::numeric, 3) END AS score,
       (SELECT count(*) FROM c)::int AS total
  FROM c
 ORDER BY score DESC, c.date DESC, c.id DESC
 LIMIT $2;

-- TRANSACTIONS_SEARCH_SQL.1
WITH recent AS MATERIALIZED (
  SELECT * FROM (SELECT t.id, t.group_id, t.description, t.amount, t.original, t.date, t.search_vector, t.search_text FROM transactions t WHERE t.group_id = $1 ORDER BY t.date DESC, t.id DESC LIMIT 5000) t
   WHERE ((NOT $10::boolean AND (t.search_vector @@ $4::tsquery OR ($5::boolean AND t.search_text LIKE '%' || $3::text || '%') OR ($6::boolean AND t.search_vector @@ $8::tsquery) OR ($13::numeric IS NOT NULL AND t.group_id = $1 AND (t.amount = $13::numeric OR (t.original IS NOT NULL AND ((t.original->>'amount')::numeric) = $13::numeric)))))
   OR ($10::boolean AND ($11::text[] IS NULL AND false)))
   ORDER BY t.date DESC, t.id DESC
   LIMIT $12::int),
edge AS MATERIALIZED (SELECT date, id FROM transactions WHERE group_id = $1 ORDER BY date DESC, id DESC OFFSET 4999 LIMIT 1),
more AS MATERIALIZED (
  SELECT * FROM (
    SELECT t.id, t.group_id, t.description, t.amount, t.original, t.date, t.search_vector, t.search_text FROM transactions t
     WHERE (SELECT count(*) FROM recent) BETWEEN 25 AND $12::int - 1
       AND t.group_id = $1 AND (t.date, t.id) < ((SELECT date FROM edge), (SELECT id FROM edge))
     ORDER BY t.date DESC, t.id DESC
     LIMIT 20000) t
   WHERE ((NOT $10::boolean AND (t.search_vector @@ $4::tsquery OR ($5::boolean AND t.search_text LIKE '%' || $3::text || '%') OR ($6::boolean AND t.search_vector @@ $8::tsquery) OR ($13::numeric IS NOT NULL AND t.group_id = $1 AND (t.amount = $13::numeric OR (t.original IS NOT NULL AND ((t.original->>'amount')::numeric) = $13::numeric)))))
   OR ($10::boolean AND ($11::text[] IS NULL AND false)))
   ORDER BY t.date DESC, t.id DESC
   LIMIT $12::int - (SELECT count(*) FROM recent)),
short_found AS MATERIALIZED (
  -- the group's rows that have every word without a prefix, from those words' own indexes (planned
  -- for all of them, read only as far as short_few asks)
  SELECT t.id, t.group_id, t.description, t.amount, t.original, t.date, t.search_vector, t.search_text FROM transactions t
   WHERE (($14::text IS NULL AND $13::numeric IS NOT NULL)) AND t.group_id = $1 AND ($14::text IS NOT NULL OR t.search_vector @@ $4::tsquery OR ($5::boolean AND t.search_text LIKE '%' || $3::text || '%') OR ($13::numeric IS NOT NULL AND t.group_id = $1 AND (t.amount = $13::numeric OR (t.original IS NOT NULL AND ((t.original->>'amount')::numeric) = $13::numeric))) OR ($6::boolean AND t.search_vector @@ $8::tsquery))),
short_few AS MATERIALIZED (SELECT id FROM short_found LIMIT 2000 + 1),
older_by_words AS MATERIALIZED (
  SELECT t.id, t.group_id, t.description, t.amount, t.original, t.date, t.search_vector, t.search_text
    FROM transactions t
   WHERE (SELECT count(*) FROM recent) + (SELECT count(*) FROM more) < $12::int AND NOT ((($14::text IS NULL AND $13::numeric IS NOT NULL)) AND (SELECT count(*) FROM short_few) <= 2000)
     AND t.group_id = $1 AND (t.date, t.id) < ((SELECT date FROM edge), (SELECT id FROM edge))
     AND (($14::text IS NOT NULL AND (t.search_text || ' ' || strip(t.search_vector)::text) LIKE '%' || $14::text || '%')
        OR ($14::text IS NULL AND (t.search_vector @@ $4::tsquery OR ($5::boolean AND (t.search_text || ' ' || strip(t.search_vector)::text) LIKE '%' || $3::text || '%') OR ($13::numeric IS NOT NULL AND t.group_id = $1 AND (t.amount = $13::numeric OR (t.original IS NOT NULL AND ((t.original->>'amount')::numeric) = $13::numeric))) OR ($6::boolean AND t.search_vector @@ $8::tsquery)))
        OR ($13::numeric IS NOT NULL AND t.group_id = $1 AND (t.amount = $13::numeric OR (t.original IS NOT NULL AND ((t.original->>'amount')::numeric) = $13::numeric))) OR ($6::boolean AND t.search_vector @@ $8::tsquery))
     AND ((NOT $10::boolean AND (t.search_vector @@ $4::tsquery OR ($5::boolean AND t.search_text LIKE '%' || $3::text || '%') OR ($6::boolean AND t.search_vector @@ $8::tsquery) OR ($13::numeric IS NOT NULL AND t.group_id = $1 AND (t.amount = $13::numeric OR (t.original IS NOT NULL AND ((t.original->>'amount')::numeric) = $13::numeric)))))
   OR ($10::boolean AND ($11::text[] IS NULL AND false)))
   -- not in the index's order: the indexes of the words, not a walk through every older row
   ORDER BY t.date + 0 DESC, t.id DESC
   LIMIT $12::int - (SELECT count(*) FROM recent)),
older_by_short AS MATERIALIZED (
  SELECT * FROM short_found t
   WHERE (SELECT count(*) FROM recent) + (SELECT count(*) FROM more) < $12::int AND ((($14::text IS NULL AND $13::numeric IS NOT NULL)) AND (SELECT count(*) FROM short_few) <= 2000) AND (t.date, t.id) < ((SELECT date FROM edge), (SELECT id FROM edge)) AND ((NOT $10::boolean AND (t.search_vector @@ $4::tsquery OR ($5::boolean AND t.search_text LIKE '%' || $3::text || '%') OR ($6::boolean AND t.search_vector @@ $8::tsquery) OR ($13::numeric IS NOT NULL AND t.group_id = $1 AND (t.amount = $13::numeric OR (t.original IS NOT NULL AND ((t.original->>'amount')::numeric) = $13::numeric)))))
   OR ($10::boolean AND ($11::text[] IS NULL AND false)))
   ORDER BY t.date DESC, t.id DESC
   LIMIT $12::int - (SELECT count(*) FROM recent)),
older AS (SELECT * FROM older_by_words UNION ALL SELECT * FROM older_by_short),
c AS (SELECT * FROM recent
      UNION ALL (SELECT * FROM more WHERE NOT EXISTS (SELECT FROM older))
      UNION ALL SELECT * FROM older)
SELECT c.id, NULL::uuid AS parent_id, coalesce(c.description, '') AS title, NULL::text AS body, c.amount::text AS amount, NULL::text AS context,
       c.date::text AS date, CASE WHEN $10::boolean THEN 1
       ELSE round(((greatest(CASE WHEN ts_filter(c.search_vector, '{a}') @@ $4::tsquery THEN 1
            WHEN search_fold(c.description) ~ $7::text THEN 0.6
            WHEN $5::boolean AND strpos(search_fold(c.description), $3::text) > 0 THEN 0.4
            WHEN $6::boolean AND ts_filter(c.search_vector, '{a}') @@ $8::tsquery THEN 0.25 ELSE 0 END,
        0.5 * (CASE WHEN ts_filter(c.search_vector, '{b}') @@ $4::tsquery THEN 1
            WHEN c.search_text ~ $7::text THEN 0.6
            WHEN $5::boolean AND strpos(c.search_text, $3::text) > 0 THEN 0.4
            WHEN $6::boolean AND ts_filter(c.search_vector, '{b}') @@ $8::tsquery THEN 0.25 ELSE 0 END),
        CASE WHEN c.amount = $13::numeric OR ((c.original->>'amount')::numeric) = $13::numeric THEN 1 ELSE 0 END)) / greatest($9::int, 1))::numeric, 3) END AS score,
       (SELECT count(*) FROM c)::int AS total
  FROM c
 ORDER BY score DESC, c.date DESC, c.id DESC
 LIMIT $2;

-- TRANSACTIONS_SEARCH_SQL.2
WITH recent AS MATERIALIZED (
  SELECT * FROM (SELECT t.id, t.group_id, t.description, t.amount, t.original, t.date, t.search_vector, t.search_text FROM transactions t WHERE t.group_id = $1 ORDER BY t.date DESC, t.id DESC LIMIT 5000) t
   WHERE ((NOT $16::boolean AND (t.search_vector @@ $4::tsquery OR ($5::boolean AND t.search_text LIKE '%' || $3::text || '%') OR ($6::boolean AND t.search_vector @@ $8::tsquery) OR ($19::numeric IS NOT NULL AND t.group_id = $1 AND (t.amount = $19::numeric OR (t.original IS NOT NULL AND ((t.original->>'amount')::numeric) = $19::numeric))))
   AND (t.search_vector @@ $10::tsquery OR ($11::boolean AND t.search_text LIKE '%' || $9::text || '%') OR ($12::boolean AND t.search_vector @@ $14::tsquery) OR ($20::numeric IS NOT NULL AND t.group_id = $1 AND (t.amount = $20::numeric OR (t.original IS NOT NULL AND ((t.original->>'amount')::numeric) = $20::numeric)))))
   OR ($16::boolean AND ($17::text[] IS NULL AND false)))
   ORDER BY t.date DESC, t.id DESC
   LIMIT $18::int),
edge AS MATERIALIZED (SELECT date, id FROM transactions WHERE group_id = $1 ORDER BY date DESC, id DESC OFFSET 4999 LIMIT 1),
more AS MATERIALIZED (
  SELECT * FROM (
    SELECT t.id, t.group_id, t.description, t.amount, t.original, t.date, t.search_vector, t.search_text FROM transactions t
     WHERE (SELECT count(*) FROM recent) BETWEEN 25 AND $18::int - 1
       AND t.group_id = $1 AND (t.date, t.id) < ((SELECT date FROM edge), (SELECT id FROM edge))
     ORDER BY t.date DESC, t.id DESC
     LIMIT 20000) t
   WHERE ((NOT $16::boolean AND (t.search_vector @@ $4::tsquery OR ($5::boolean AND t.search_text LIKE '%' || $3::text || '%') OR ($6::boolean AND t.search_vector @@ $8::tsquery) OR ($19::numeric IS NOT NULL AND t.group_id = $1 AND (t.amount = $19::numeric OR (t.original IS NOT NULL AND ((t.original->>'amount')::numeric) = $19::numeric))))
   AND (t.search_vector @@ $10::tsquery OR ($11::boolean AND t.search_text LIKE '%' || $9::text || '%') OR ($12::boolean AND t.search_vector @@ $14::tsquery) OR ($20::numeric IS NOT NULL AND t.group_id = $1 AND (t.amount = $20::numeric OR (t.original IS NOT NULL AND ((t.original->>'amount')::numeric) = $20::numeric)))))
   OR ($16::boolean AND ($17::text[] IS NULL AND false)))
   ORDER BY t.date DESC, t.id DESC
   LIMIT $18::int - (SELECT count(*) FROM recent)),
short_found AS MATERIALIZED (
  -- the group's rows that have every word without a prefix, from those words' own indexes (planned
  -- for all of them, read only as far as short_few asks)
  SELECT t.id, t.group_id, t.description, t.amount, t.original, t.date, t.search_vector, t.search_text FROM transactions t
   WHERE (($21::text IS NULL AND $19::numeric IS NOT NULL) OR ($22::text IS NULL AND $20::numeric IS NOT NULL)) AND t.group_id = $1 AND ($21::text IS NOT NULL OR t.search_vector @@ $4::tsquery OR ($5::boolean AND t.search_text LIKE '%' || $3::text || '%') OR ($19::numeric IS NOT NULL AND t.group_id = $1 AND (t.amount = $19::numeric OR (t.original IS NOT NULL AND ((t.original->>'amount')::numeric) = $19::numeric))) OR ($6::boolean AND t.search_vector @@ $8::tsquery)) AND ($22::text IS NOT NULL OR t.search_vector @@ $10::tsquery OR ($11::boolean AND t.search_text LIKE '%' || $9::text || '%') OR ($20::numeric IS NOT NULL AND t.group_id = $1 AND (t.amount = $20::numeric OR (t.original IS NOT NULL AND ((t.original->>'amount')::numeric) = $20::numeric))) OR ($12::boolean AND t.search_vector @@ $14::tsquery))),
short_few AS MATERIALIZED (SELECT id FROM short_found LIMIT 2000 + 1),
older_by_words AS MATERIALIZED (
  SELECT t.id, t.group_id, t.description, t.amount, t.original, t.date, t.search_vector, t.search_text
    FROM transactions t
   WHERE (SELECT count(*) FROM recent) + (SELECT count(*) FROM more) < $18::int AND NOT ((($21::text IS NULL AND $19::numeric IS NOT NULL) OR ($22::text IS NULL AND $20::numeric IS NOT NULL)) AND (SELECT count(*) FROM short_few) <= 2000)
     AND t.group_id = $1 AND (t.date, t.id) < ((SELECT date FROM edge), (SELECT id FROM edge))
     AND (($21::text IS NOT NULL AND (t.search_text || ' ' || strip(t.search_vector)::text) LIKE '%' || $21::text || '%')
        OR ($21::text IS NULL AND (t.search_vector @@ $4::tsquery OR ($5::boolean AND (t.search_text || ' ' || strip(t.search_vector)::text) LIKE '%' || $3::text || '%') OR ($19::numeric IS NOT NULL AND t.group_id = $1 AND (t.amount = $19::numeric OR (t.original IS NOT NULL AND ((t.original->>'amount')::numeric) = $19::numeric))) OR ($6::boolean AND t.search_vector @@ $8::tsquery)))
        OR ($19::numeric IS NOT NULL AND t.group_id = $1 AND (t.amount = $19::numeric OR (t.original IS NOT NULL AND ((t.original->>'amount')::numeric) = $19::numeric))) OR ($6::boolean AND t.search_vector @@ $8::tsquery))
     AND (($22::text IS NOT NULL AND (t.search_text || ' ' || strip(t.search_vector)::text) LIKE '%' || $22::text || '%')
        OR ($22::text IS NULL AND (t.search_vector @@ $10::tsquery OR ($11::boolean AND (t.search_text || ' ' || strip(t.search_vector)::text) LIKE '%' || $9::text || '%') OR ($20::numeric IS NOT NULL AND t.group_id = $1 AND (t.amount = $20::numeric OR (t.original IS NOT NULL AND ((t.original->>'amount')::numeric) = $20::numeric))) OR ($12::boolean AND t.search_vector @@ $14::tsquery)))
        OR ($20::numeric IS NOT NULL AND t.group_id = $1 AND (t.amount = $20::numeric OR (t.original IS NOT NULL AND ((t.original->>'amount')::numeric) = $20::numeric))) OR ($12::boolean AND t.search_vector @@ $14::tsquery))
     AND ((NOT $16::boolean AND (t.search_vector @@ $4::tsquery OR ($5::boolean AND t.search_text LIKE '%' || $3::text || '%') OR ($6::boolean AND t.search_vector @@ $8::tsquery) OR ($19::numeric IS NOT NULL AND t.group_id = $1 AND (t.amount = $19::numeric OR (t.original IS NOT NULL AND ((t.original->>'amount')::numeric) = $19::numeric))))
   AND (t.search_vector @@ $10::tsquery OR ($11::boolean AND t.search_text LIKE '%' || $9::text || '%') OR ($12::boolean AND t.search_vector @@ $14::tsquery) OR ($20::numeric IS NOT NULL AND t.group_id = $1 AND (t.amount = $20::numeric OR (t.original IS NOT NULL AND ((t.original->>'amount')::numeric) = $20::numeric)))))
   OR ($16::boolean AND ($17::text[] IS NULL AND false)))
   -- not in the index's order: the indexes of the words, not a walk through every older row
   ORDER BY t.date + 0 DESC, t.id DESC
   LIMIT $18::int - (SELECT count(*) FROM recent)),
older_by_short AS MATERIALIZED (
  SELECT * FROM short_found t
   WHERE (SELECT count(*) FROM recent) + (SELECT count(*) FROM more) < $18::int AND ((($21::text IS NULL AND $19::numeric IS NOT NULL) OR ($22::text IS NULL AND $20::numeric IS NOT NULL)) AND (SELECT count(*) FROM short_few) <= 2000) AND (t.date, t.id) < ((SELECT date FROM edge), (SELECT id FROM edge)) AND ((NOT $16::boolean AND (t.search_vector @@ $4::tsquery OR ($5::boolean AND t.search_text LIKE '%' || $3::text || '%') OR ($6::boolean AND t.search_vector @@ $8::tsquery) OR ($19::numeric IS NOT NULL AND t.group_id = $1 AND (t.amount = $19::numeric OR (t.original IS NOT NULL AND ((t.original->>'amount')::numeric) = $19::numeric))))
   AND (t.search_vector @@ $10::tsquery OR ($11::boolean AND t.search_text LIKE '%' || $9::text || '%') OR ($12::boolean AND t.search_vector @@ $14::tsquery) OR ($20::numeric IS NOT NULL AND t.group_id = $1 AND (t.amount = $20::numeric OR (t.original IS NOT NULL AND ((t.original->>'amount')::numeric) = $20::numeric)))))
   OR ($16::boolean AND ($17::text[] IS NULL AND false)))
   ORDER BY t.date DESC, t.id DESC
   LIMIT $18::int - (SELECT count(*) FROM recent)),
older AS (SELECT * FROM older_by_words UNION ALL SELECT * FROM older_by_short),
c AS (SELECT * FROM recent
      UNION ALL (SELECT * FROM more WHERE NOT EXISTS (SELECT FROM older))
      UNION ALL SELECT * FROM older)
SELECT c.id, NULL::uuid AS parent_id, coalesce(c.description, '') AS title, NULL::text AS body, c.amount::text AS amount, NULL::text AS context,
       c.date::text AS date, CASE WHEN $16::boolean THEN 1
       ELSE round(((greatest(CASE WHEN ts_filter(c.search_vector, '{a}') @@ $4::tsquery THEN 1
            WHEN search_fold(c.description) ~ $7::text THEN 0.6
            WHEN $5::boolean AND strpos(search_fold(c.description), $3::text) > 0 THEN 0.4
            WHEN $6::boolean AND ts_filter(c.search_vector, '{a}') @@ $8::tsquery THEN 0.25 ELSE 0 END,
        0.5 * (CASE WHEN ts_filter(c.search_vector, '{b}') @@ $4::tsquery THEN 1
            WHEN c.search_text ~ $7::text THEN 0.6
            WHEN $5::boolean AND strpos(c.search_text, $3::text) > 0 THEN 0.4
            WHEN $6::boolean AND ts_filter(c.search_vector, '{b}') @@ $8::tsquery THEN 0.25 ELSE 0 END),
        CASE WHEN c.amount = $19::numeric OR ((c.original->>'amount')::numeric) = $19::numeric THEN 1 ELSE 0 END)
     + greatest(CASE WHEN ts_filter(c.search_vector, '{a}') @@ $10::tsquery THEN 1
            WHEN search_fold(c.description) ~ $13::text THEN 0.6
            WHEN $11::boolean AND strpos(search_fold(c.description), $9::text) > 0 THEN 0.4
            WHEN $12::boolean AND ts_filter(c.search_vector, '{a}') @@ $14::tsquery THEN 0.25 ELSE 0 END,
        0.5 * (CASE WHEN ts_filter(c.search_vector, '{b}') @@ $10::tsquery THEN 1
            WHEN c.search_text ~ $13::text THEN 0.6
            WHEN $11::boolean AND strpos(c.search_text, $9::text) > 0 THEN 0.4
            WHEN $12::boolean AND ts_filter(c.search_vector, '{b}') @@ $14::tsquery THEN 0.25 ELSE 0 END),
        CASE WHEN c.amount = $20::numeric OR ((c.original->>'amount')::numeric) = $20::numeric THEN 1 ELSE 0 END)) / greatest($15::int, 1))::numeric, 3) END AS score,
       (SELECT count(*) FROM c)::int AS total
  FROM c
 ORDER BY score DESC, c.date DESC, c.id DESC
 LIMIT $2;

-- TRANSACTIONS_SEARCH_SQL.3
WITH recent AS MATERIALIZED (
  SELECT * FROM (SELECT t.id, t.group_id, t.description, t.amount, t.original, t.date, t.search_vector, t.search_text FROM transactions t WHERE t.group_id = $1 ORDER BY t.date DESC, t.id DESC LIMIT 5000) t
   WHERE ((NOT $22::boolean AND (t.search_vector @@ $4::tsquery OR ($5::boolean AND t.search_text LIKE '%' || $3::text || '%') OR ($6::boolean AND t.search_vector @@ $8::tsquery) OR ($25::numeric IS NOT NULL AND t.group_id = $1 AND (t.amount = $25::numeric OR (t.original IS NOT NULL AND ((t.original->>'amount')::numeric) = $25::numeric))))
   AND (t.search_vector @@ $10::tsquery OR ($11::boolean AND t.search_text LIKE '%' || $9::text || '%') OR ($12::boolean AND t.search_vector @@ $14::tsquery) OR ($26::numeric IS NOT NULL AND t.group_id = $1 AND (t.amount = $26::numeric OR (t.original IS NOT NULL AND ((t.original->>'amount')::numeric) = $26::numeric))))
   AND (t.search_vector @@ $16::tsquery OR ($17::boolean AND t.search_text LIKE '%' || $15::text || '%') OR ($18::boolean AND t.search_vector @@ $20::tsquery) OR ($27::numeric IS NOT NULL AND t.group_id = $1 AND (t.amount = $27::numeric OR (t.original IS NOT NULL AND ((t.original->>'amount')::numeric) = $27::numeric)))))
   OR ($22::boolean AND ($23::text[] IS NULL AND false)))
   ORDER BY t.date DESC, t.id DESC
   LIMIT $24::int),
edge AS MATERIALIZED (SELECT date, id FROM transactions WHERE group_id = $1 ORDER BY date DESC, id DESC OFFSET 4999 LIMIT 1),
more AS MATERIALIZED (
  SELECT * FROM (
    SELECT t.id, t.group_id, t.description, t.amount, t.original, t.date, t.search_vector, t.search_text FROM transactions t
     WHERE (SELECT count(*) FROM recent) BETWEEN 25 AND $24::int - 1
       AND t.group_id = $1 AND (t.date, t.id) < ((SELECT date FROM edge), (SELECT id FROM edge))
     ORDER BY t.date DESC, t.id DESC
     LIMIT 20000) t
   WHERE ((NOT $22::boolean AND (t.search_vector @@ $4::tsquery OR ($5::boolean AND t.search_text LIKE '%' || $3::text || '%') OR ($6::boolean AND t.search_vector @@ $8::tsquery) OR ($25::numeric IS NOT NULL AND t.group_id = $1 AND (t.amount = $25::numeric OR (t.original IS NOT NULL AND ((t.original->>'amount')::numeric) = $25::numeric))))
   AND (t.search_vector @@ $10::tsquery OR ($11::boolean AND t.search_text LIKE '%' || $9::text || '%') OR ($12::boolean AND t.search_vector @@ $14::tsquery) OR ($26::numeric IS NOT NULL AND t.group_id = $1 AND (t.amount = $26::numeric OR (t.original IS NOT NULL AND ((t.original->>'amount')::numeric) = $26::numeric))))
   AND (t.search_vector @@ $16::tsquery OR ($17::boolean AND t.search_text LIKE '%' || $15::text || '%') OR ($18::boolean AND t.search_vector @@ $20::tsquery) OR ($27::numeric IS NOT NULL AND t.group_id = $1 AND (t.amount = $27::numeric OR (t.original IS NOT NULL AND ((t.original->>'amount')::numeric) = $27::numeric)))))
   OR ($22::boolean AND ($23::text[] IS NULL AND false)))
   ORDER BY t.date DESC, t.id DESC
   LIMIT $24::int - (SELECT count(*) FROM recent)),
short_found AS MATERIALIZED (
  -- the group's rows that have every word without a prefix, from those words' own indexes (planned
  -- for all of them, read only as far as short_few asks)
  SELECT t.id, t.group_id, t.description, t.amount, t.original, t.date, t.search_vector, t.search_text FROM transactions t
   WHERE (($28::text IS NULL AND $25::numeric IS NOT NULL) OR ($29::text IS NULL AND $26::numeric IS NOT NULL) OR ($30::text IS NULL AND $27::numeric IS NOT NULL)) AND t.group_id = $1 AND ($28::text IS NOT NULL OR t.search_vector @@ $4::tsquery OR ($5::boolean AND t.search_text LIKE '%' || $3::text || '%') OR ($25::numeric IS NOT NULL AND t.group_id = $1 AND (t.amount = $25::numeric OR (t.original IS NOT NULL AND ((t.original->>'amount')::numeric) = $25::numeric))) OR ($6::boolean AND t.search_vector @@ $8::tsquery)) AND ($29::text IS NOT NULL OR t.search_vector @@ $10::tsquery OR ($11::boolean AND t.search_text LIKE '%' || $9::text || '%') OR ($26::numeric IS NOT NULL AND t.group_id = $1 AND (t.amount = $26::numeric OR (t.original IS NOT NULL AND ((t.original->>'amount')::numeric) = $26::numeric))) OR ($12::boolean AND t.search_vector @@ $14::tsquery)) AND ($30::text IS NOT NULL OR t.search_vector @@ $16::tsquery OR ($17::boolean AND t.search_text LIKE '%' || $15::text || '%') OR ($27::numeric IS NOT NULL AND t.group_id = $1 AND (t.amount = $27::numeric OR (t.original IS NOT NULL AND ((t.original->>'amount')::numeric) = $27::numeric))) OR ($18::boolean AND t.search_vector @@ $20::tsquery))),
short_few AS MATERIALIZED (SELECT id FROM short_found LIMIT 2000 + 1),
older_by_words AS MATERIALIZED (
  SELECT t.id, t.group_id, t.description, t.amount, t.original, t.date, t.search_vector, t.search_text
    FROM transactions t
   WHERE (SELECT count(*) FROM recent) + (SELECT count(*) FROM more) < $24::int AND NOT ((($28::text IS NULL AND $25::numeric IS NOT NULL) OR ($29::text IS NULL AND $26::numeric IS NOT NULL) OR ($30::text IS NULL AND $27::numeric IS NOT NULL)) AND (SELECT count(*) FROM short_few) <= 2000)
     AND t.group_id = $1 AND (t.date, t.id) < ((SELECT date FROM edge), (SELECT id FROM edge))
     AND (($28::text IS NOT NULL AND (t.search_text || ' ' || strip(t.search_vector)::text) LIKE '%' || $28::text || '%')
        OR ($28::text IS NULL AND (t.search_vector @@ $4::tsquery OR ($5::boolean AND (t.search_text || ' ' || strip(t.search_vector)::text) LIKE '%' || $3::text || '%') OR ($25::numeric IS NOT NULL AND t.group_id = $1 AND (t.amount = $25::numeric OR (t.original IS NOT NULL AND ((t.original->>'amount')::numeric) = $25::numeric))) OR ($6::boolean AND t.search_vector @@ $8::tsquery)))
        OR ($25::numeric IS NOT NULL AND t.group_id = $1 AND (t.amount = $25::numeric OR (t.original IS NOT NULL AND ((t.original->>'amount')::numeric) = $25::numeric))) OR ($6::boolean AND t.search_vector @@ $8::tsquery))
     AND (($29::text IS NOT NULL AND (t.search_text || ' ' || strip(t.search_vector)::text) LIKE '%' || $29::text || '%')
        OR ($29::text IS NULL AND (t.search_vector @@ $10::tsquery OR ($11::boolean AND (t.search_text || ' ' || strip(t.search_vector)::text) LIKE '%' || $9::text || '%') OR ($26::numeric IS NOT NULL AND t.group_id = $1 AND (t.amount = $26::numeric OR (t.original IS NOT NULL AND ((t.original->>'amount')::numeric) = $26::numeric))) OR ($12::boolean AND t.search_vector @@ $14::tsquery)))
        OR ($26::numeric IS NOT NULL AND t.group_id = $1 AND (t.amount = $26::numeric OR (t.original IS NOT NULL AND ((t.original->>'amount')::numeric) = $26::numeric))) OR ($12::boolean AND t.search_vector @@ $14::tsquery))
     AND (($30::text IS NOT NULL AND (t.search_text || ' ' || strip(t.search_vector)::text) LIKE '%' || $30::text || '%')
        OR ($30::text IS NULL AND (t.search_vector @@ $16::tsquery OR ($17::boolean AND (t.search_text || ' ' || strip(t.search_vector)::text) LIKE '%' || $15::text || '%') OR ($27::numeric IS NOT NULL AND t.group_id = $1 AND (t.amount = $27::numeric OR (t.original IS NOT NULL AND ((t.original->>'amount')::numeric) = $27::numeric))) OR ($18::boolean AND t.search_vector @@ $20::tsquery)))
        OR ($27::numeric IS NOT NULL AND t.group_id = $1 AND (t.amount = $27::numeric OR (t.original IS NOT NULL AND ((t.original->>'amount')::numeric) = $27::numeric))) OR ($18::boolean AND t.search_vector @@ $20::tsquery))
     AND ((NOT $22::boolean AND (t.search_vector @@ $4::tsquery OR ($5::boolean AND t.search_text LIKE '%' || $3::text || '%') OR ($6::boolean AND t.search_vector @@ $8::tsquery) OR ($25::numeric IS NOT NULL AND t.group_id = $1 AND (t.amount = $25::numeric OR (t.original IS NOT NULL AND ((t.original->>'amount')::numeric) = $25::numeric))))
   AND (t.search_vector @@ $10::tsquery OR ($11::boolean AND t.search_text LIKE '%' || $9::text || '%') OR ($12::boolean AND t.search_vector @@ $14::tsquery) OR ($26::numeric IS NOT NULL AND t.group_id = $1 AND (t.amount = $26::numeric OR (t.original IS NOT NULL AND ((t.original->>'amount')::numeric) = $26::numeric))))
   AND (t.search_vector @@ $16::tsquery OR ($17::boolean AND t.search_text LIKE '%' || $15::text || '%') OR ($18::boolean AND t.search_vector @@ $20::tsquery) OR ($27::numeric IS NOT NULL AND t.group_id = $1 AND (t.amount = $27::numeric OR (t.original IS NOT NULL AND ((t.original->>'amount')::numeric) = $27::numeric)))))
   OR ($22::boolean AND ($23::text[] IS NULL AND false)))
   -- not in the index's order: the indexes of the words, not a walk through every older row
   ORDER BY t.date + 0 DESC, t.id DESC
   LIMIT $24::int - (SELECT count(*) FROM recent)),
older_by_short AS MATERIALIZED (
  SELECT * FROM short_found t
   WHERE (SELECT count(*) FROM recent) + (SELECT count(*) FROM more) < $24::int AND ((($28::text IS NULL AND $25::numeric IS NOT NULL) OR ($29::text IS NULL AND $26::numeric IS NOT NULL) OR ($30::text IS NULL AND $27::numeric IS NOT NULL)) AND (SELECT count(*) FROM short_few) <= 2000) AND (t.date, t.id) < ((SELECT date FROM edge), (SELECT id FROM edge)) AND ((NOT $22::boolean AND (t.search_vector @@ $4::tsquery OR ($5::boolean AND t.search_text LIKE '%' || $3::text || '%') OR ($6::boolean AND t.search_vector @@ $8::tsquery) OR ($25::numeric IS NOT NULL AND t.group_id = $1 AND (t.amount = $25::numeric OR (t.original IS NOT NULL AND ((t.original->>'amount')::numeric) = $25::numeric))))
   AND (t.search_vector @@ $10::tsquery OR ($11::boolean AND t.search_text LIKE '%' || $9::text || '%') OR ($12::boolean AND t.search_vector @@ $14::tsquery) OR ($26::numeric IS NOT NULL AND t.group_id = $1 AND (t.amount = $26::numeric OR (t.original IS NOT NULL AND ((t.original->>'amount')::numeric) = $26::numeric))))
   AND (t.search_vector @@ $16::tsquery OR ($17::boolean AND t.search_text LIKE '%' || $15::text || '%') OR ($18::boolean AND t.search_vector @@ $20::tsquery) OR ($27::numeric IS NOT NULL AND t.group_id = $1 AND (t.amount = $27::numeric OR (t.original IS NOT NULL AND ((t.original->>'amount')::numeric) = $27::numeric)))))
   OR ($22::boolean AND ($23::text[] IS NULL AND false)))
   ORDER BY t.date DESC, t.id DESC
   LIMIT $24::int - (SELECT count(*) FROM recent)),
older AS (SELECT * FROM older_by_words UNION ALL SELECT * FROM older_by_short),
c AS (SELECT * FROM recent
      UNION ALL (SELECT * FROM more WHERE NOT EXISTS (SELECT FROM older))
      UNION ALL SELECT * FROM older)
SELECT c.id, NULL::uuid AS parent_id, coalesce(c.description, '') AS title, NULL::text AS body, c.amount::text AS amount, NULL::text AS context,
       c.date::text AS date, CASE WHEN $22::boolean THEN 1
       ELSE round(((greatest(CASE WHEN ts_filter(c.search_vector, '{a}') @@ $4::tsquery THEN 1
            WHEN search_fold(c.description) ~ $7::text THEN 0.6
            WHEN $5::boolean AND strpos(search_fold(c.description), $3::text) > 0 THEN 0.4
            WHEN $6::boolean AND ts_filter(c.search_vector, '{a}') @@ $8::tsquery THEN 0.25 ELSE 0 END,
        0.5 * (CASE WHEN ts_filter(c.search_vector, '{b}') @@ $4::tsquery THEN 1
            WHEN c.search_text ~ $7::text THEN 0.6
            WHEN $5::boolean AND strpos(c.search_text, $3::text) > 0 THEN 0.4
            WHEN $6::boolean AND ts_filter(c.search_vector, '{b}') @@ $8::tsquery THEN 0.25 ELSE 0 END),
        CASE WHEN c.amount = $25::numeric OR ((c.original->>'amount')::numeric) = $25::numeric THEN 1 ELSE 0 END)
     + greatest(CASE WHEN ts_filter(c.search_vector, '{a}') @@ $10::tsquery THEN 1
            WHEN search_fold(c.description) ~ $13::text THEN 0.6
            WHEN $11::boolean AND strpos(search_fold(c.description), $9::text) > 0 THEN 0.4
            WHEN $12::boolean AND ts_filter(c.search_vector, '{a}') @@ $14::tsquery THEN 0.25 ELSE 0 END,
        0.5 * (CASE WHEN ts_filter(c.search_vector, '{b}') @@ $10::tsquery THEN 1
            WHEN c.search_text ~ $13::text THEN 0.6
            WHEN $11::boolean AND strpos(c.search_text, $9::text) > 0 THEN 0.4
            WHEN $12::boolean AND ts_filter(c.search_vector, '{b}') @@ $14::tsquery THEN 0.25 ELSE 0 END),
        CASE WHEN c.amount = $26::numeric OR ((c.original->>'amount')::numeric) = $26::numeric THEN 1 ELSE 0 END)
     + greatest(CASE WHEN ts_filter(c.search_vector, '{a}') @@ $16::tsquery THEN 1
            WHEN search_fold(c.description) ~ $19::text THEN 0.6
            WHEN $17::boolean AND strpos(search_fold(c.description), $15::text) > 0 THEN 0.4
            WHEN $18::boolean AND ts_filter(c.search_vector, '{a}') @@ $20::tsquery THEN 0.25 ELSE 0 END,
        0.5 * (CASE WHEN ts_filter(c.search_vector, '{b}') @@ $16::tsquery THEN 1
            WHEN c.search_text ~ $19::text THEN 0.6
            WHEN $17::boolean AND strpos(c.search_text, $15::text) > 0 THEN 0.4
            WHEN $18::boolean AND ts_filter(c.search_vector, '{b}') @@ $20::tsquery THEN 0.25 ELSE 0 END),
        CASE WHEN c.amount = $27::numeric OR ((c.original->>'amount')::numeric) = $27::numeric THEN 1 ELSE 0 END)) / greatest($21::int, 1))::numeric, 3) END AS score,
       (SELECT count(*) FROM c)::int AS total
  FROM c
 ORDER BY score DESC, c.date DESC, c.id DESC
 LIMIT $2;

-- TRANSACTIONS_SEARCH_SQL.4
WITH recent AS MATERIALIZED (
  SELECT * FROM (SELECT t.id, t.group_id, t.description, t.amount, t.original, t.date, t.search_vector, t.search_text FROM transactions t WHERE t.group_id = $1 ORDER BY t.date DESC, t.id DESC LIMIT 5000) t
   WHERE ((NOT $28::boolean AND (t.search_vector @@ $4::tsquery OR ($5::boolean AND t.search_text LIKE '%' || $3::text || '%') OR ($6::boolean AND t.search_vector @@ $8::tsquery) OR ($31::numeric IS NOT NULL AND t.group_id = $1 AND (t.amount = $31::numeric OR (t.original IS NOT NULL AND ((t.original->>'amount')::numeric) = $31::numeric))))
   AND (t.search_vector @@ $10::tsquery OR ($11::boolean AND t.search_text LIKE '%' || $9::text || '%') OR ($12::boolean AND t.search_vector @@ $14::tsquery) OR ($32::numeric IS NOT NULL AND t.group_id = $1 AND (t.amount = $32::numeric OR (t.original IS NOT NULL AND ((t.original->>'amount')::numeric) = $32::numeric))))
   AND (t.search_vector @@ $16::tsquery OR ($17::boolean AND t.search_text LIKE '%' || $15::text || '%') OR ($18::boolean AND t.search_vector @@ $20::tsquery) OR ($33::numeric IS NOT NULL AND t.group_id = $1 AND (t.amount = $33::numeric OR (t.original IS NOT NULL AND ((t.original->>'amount')::numeric) = $33::numeric))))
   AND (t.search_vector @@ $22::tsquery OR ($23::boolean AND t.search_text LIKE '%' || $21::text || '%') OR ($24::boolean AND t.search_vector @@ $26::tsquery) OR ($34::numeric IS NOT NULL AND t.group_id = $1 AND (t.amount = $34::numeric OR (t.original IS NOT NULL AND ((t.original->>'amount')::numeric) = $34::numeric)))))
   OR ($28::boolean AND ($29::text[] IS NULL AND false)))
   ORDER BY t.date DESC, t.id DESC
   LIMIT $30::int),
edge AS MATERIALIZED (SELECT date, id FROM transactions WHERE group_id = $1 ORDER BY date DESC, id DESC OFFSET 4999 LIMIT 1),
more AS MATERIALIZED (
  SELECT * FROM (
    SELECT t.id, t.group_id, t.description, t.amount, t.original, t.date, t.search_vector, t.search_text FROM transactions t
     WHERE (SELECT count(*) FROM recent) BETWEEN 25 AND $30::int - 1
       AND t.group_id = $1 AND (t.date, t.id) < ((SELECT date FROM edge), (SELECT id FROM edge))
     ORDER BY t.date DESC, t.id DESC
     LIMIT 20000) t
   WHERE ((NOT $28::boolean AND (t.search_vector @@ $4::tsquery OR ($5::boolean AND t.search_text LIKE '%' || $3::text || '%') OR ($6::boolean AND t.search_vector @@ $8::tsquery) OR ($31::numeric IS NOT NULL AND t.group_id = $1 AND (t.amount = $31::numeric OR (t.original IS NOT NULL AND ((t.original->>'amount')::numeric) = $31::numeric))))
   AND (t.search_vector @@ $10::tsquery OR ($11::boolean AND t.search_text LIKE '%' || $9::text || '%') OR ($12::boolean AND t.search_vector @@ $14::tsquery) OR ($32::numeric IS NOT NULL AND t.group_id = $1 AND (t.amount = $32::numeric OR (t.original IS NOT NULL AND ((t.original->>'amount')::numeric) = $32::numeric))))
   AND (t.search_vector @@ $16::tsquery OR ($17::boolean AND t.search_text LIKE '%' || $15::text || '%') OR ($18::boolean AND t.search_vector @@ $20::tsquery) OR ($33::numeric IS NOT NULL AND t.group_id = $1 AND (t.amount = $33::numeric OR (t.original IS NOT NULL AND ((t.original->>'amount')::numeric) = $33::numeric))))
   AND (t.search_vector @@ $22::tsquery OR ($23::boolean AND t.search_text LIKE '%' || $21::text || '%') OR ($24::boolean AND t.search_vector @@ $26::tsquery) OR ($34::numeric IS NOT NULL AND t.group_id = $1 AND (t.amount = $34::numeric OR (t.original IS NOT NULL AND ((t.original->>'amount')::numeric) = $34::numeric)))))
   OR ($28::boolean AND ($29::text[] IS NULL AND false)))
   ORDER BY t.date DESC, t.id DESC
   LIMIT $30::int - (SELECT count(*) FROM recent)),
short_found AS MATERIALIZED (
  -- the group's rows that have every word without a prefix, from those words' own indexes (planned
  -- for all of them, read only as far as short_few asks)
  SELECT t.id, t.group_id, t.description, t.amount, t.original, t.date, t.search_vector, t.search_text FROM transactions t
   WHERE (($35::text IS NULL AND $31::numeric IS NOT NULL) OR ($36::text IS NULL AND $32::numeric IS NOT NULL) OR ($37::text IS NULL AND $33::numeric IS NOT NULL) OR ($38::text IS NULL AND $34::numeric IS NOT NULL)) AND t.group_id = $1 AND ($35::text IS NOT NULL OR t.search_vector @@ $4::tsquery OR ($5::boolean AND t.search_text LIKE '%' || $3::text || '%') OR ($31::numeric IS NOT NULL AND t.group_id = $1 AND (t.amount = $31::numeric OR (t.original IS NOT NULL AND ((t.original->>'amount')::numeric) = $31::numeric))) OR ($6::boolean AND t.search_vector @@ $8::tsquery)) AND ($36::text IS NOT NULL OR t.search_vector @@ $10::tsquery OR ($11::boolean AND t.search_text LIKE '%' || $9::text || '%') OR ($32::numeric IS NOT NULL AND t.group_id = $1 AND (t.amount = $32::numeric OR (t.original IS NOT NULL AND ((t.original->>'amount')::numeric) = $32::numeric))) OR ($12::boolean AND t.search_vector @@ $14::tsquery)) AND ($37::text IS NOT NULL OR t.search_vector @@ $16::tsquery OR ($17::boolean AND t.search_text LIKE '%' || $15::text || '%') OR ($33::numeric IS NOT NULL AND t.group_id = $1 AND (t.amount = $33::numeric OR (t.original IS NOT NULL AND ((t.original->>'amount')::numeric) = $33::numeric))) OR ($18::boolean AND t.search_vector @@ $20::tsquery)) AND ($38::text IS NOT NULL OR t.search_vector @@ $22::tsquery OR ($23::boolean AND t.search_text LIKE '%' || $21::text || '%') OR ($34::numeric IS NOT NULL AND t.group_id = $1 AND (t.amount = $34::numeric OR (t.original IS NOT NULL AND ((t.original->>'amount')::numeric) = $34::numeric))) OR ($24::boolean AND t.search_vector @@ $26::tsquery))),
short_few AS MATERIALIZED (SELECT id FROM short_found LIMIT 2000 + 1),
older_by_words AS MATERIALIZED (
  SELECT t.id, t.group_id, t.description, t.amount, t.original, t.date, t.search_vector, t.search_text
    FROM transactions t
   WHERE (SELECT count(*) FROM recent) + (SELECT count(*) FROM more) < $30::int AND NOT ((($35::text IS NULL AND $31::numeric IS NOT NULL) OR ($36::text IS NULL AND $32::numeric IS NOT NULL) OR ($37::text IS NULL AND $33::numeric IS NOT NULL) OR ($38::text IS NULL AND $34::numeric IS NOT NULL)) AND (SELECT count(*) FROM short_few) <= 2000)
     AND t.group_id = $1 AND (t.date, t.id) < ((SELECT date FROM edge), (SELECT id FROM edge))
     AND (($35::text IS NOT NULL AND (t.search_text || ' ' || strip(t.search_vector)::text) LIKE '%' || $35::text || '%')
        OR ($35::text IS NULL AND (t.search_vector @@ $4::tsquery OR ($5::boolean AND (t.search_text || ' ' || strip(t.search_vector)::text) LIKE '%' || $3::text || '%') OR ($31::numeric IS NOT NULL AND t.group_id = $1 AND (t.amount = $31::numeric OR (t.original IS NOT NULL AND ((t.original->>'amount')::numeric) = $31::numeric))) OR ($6::boolean AND t.search_vector @@ $8::tsquery)))
        OR ($31::numeric IS NOT NULL AND t.group_id = $1 AND (t.amount = $31::numeric OR (t.original IS NOT NULL AND ((t.original->>'amount')::numeric) = $31::numeric))) OR ($6::boolean AND t.search_vector @@ $8::tsquery))
     AND (($36::text IS NOT NULL AND (t.search_text || ' ' || strip(t.search_vector)::text) LIKE '%' || $36::text || '%')
        OR ($36::text IS NULL AND (t.search_vector @@ $10::tsquery OR ($11::boolean AND (t.search_text || ' ' || strip(t.search_vector)::text) LIKE '%' || $9::text || '%') OR ($32::numeric IS NOT NULL AND t.group_id = $1 AND (t.amount = $32::numeric OR (t.original IS NOT NULL AND ((t.original->>'amount')::numeric) = $32::numeric))) OR ($12::boolean AND t.search_vector @@ $14::tsquery)))
        OR ($32::numeric IS NOT NULL AND t.group_id = $1 AND (t.amount = $32::numeric OR (t.original IS NOT NULL AND ((t.original->>'amount')::numeric) = $32::numeric))) OR ($12::boolean AND t.search_vector @@ $14::tsquery))
     AND (($37::text IS NOT NULL AND (t.search_text || ' ' || strip(t.search_vector)::text) LIKE '%' || $37::text || '%')
        OR ($37::text IS NULL AND (t.search_vector @@ $16::tsquery OR ($17::boolean AND (t.search_text || ' ' || strip(t.search_vector)::text) LIKE '%' || $15::text || '%') OR ($33::numeric IS NOT NULL AND t.group_id = $1 AND (t.amount = $33::numeric OR (t.original IS NOT NULL AND ((t.original->>'amount')::numeric) = $33::numeric))) OR ($18::boolean AND t.search_vector @@ $20::tsquery)))
        OR ($33::numeric IS NOT NULL AND t.group_id = $1 AND (t.amount = $33::numeric OR (t.original IS NOT NULL AND ((t.original->>'amount')::numeric) = $33::numeric))) OR ($18::boolean AND t.search_vector @@ $20::tsquery))
     AND (($38::text IS NOT NULL AND (t.search_text || ' ' || strip(t.search_vector)::text) LIKE '%' || $38::text || '%')
        OR ($38::text IS NULL AND (t.search_vector @@ $22::tsquery OR ($23::boolean AND (t.search_text || ' ' || strip(t.search_vector)::text) LIKE '%' || $21::text || '%') OR ($34::numeric IS NOT NULL AND t.group_id = $1 AND (t.amount = $34::numeric OR (t.original IS NOT NULL AND ((t.original->>'amount')::numeric) = $34::numeric))) OR ($24::boolean AND t.search_vector @@ $26::tsquery)))
        OR ($34::numeric IS NOT NULL AND t.group_id = $1 AND (t.amount = $34::numeric OR (t.original IS NOT NULL AND ((t.original->>'amount')::numeric) = $34::numeric))) OR ($24::boolean AND t.search_vector @@ $26::tsquery))
     AND ((NOT $28::boolean AND (t.search_vector @@ $4::tsquery OR ($5::boolean AND t.search_text LIKE '%' || $3::text || '%') OR ($6::boolean AND t.search_vector @@ $8::tsquery) OR ($31::numeric IS NOT NULL AND t.group_id = $1 AND (t.amount = $31::numeric OR (t.original IS NOT NULL AND ((t.original->>'amount')::numeric) = $31::numeric))))
   AND (t.search_vector @@ $10::tsquery OR ($11::boolean AND t.search_text LIKE '%' || $9::text || '%') OR ($12::boolean AND t.search_vector @@ $14::tsquery) OR ($32::numeric IS NOT NULL AND t.group_id = $1 AND (t.amount = $32::numeric OR (t.original IS NOT NULL AND ((t.original->>'amount')::numeric) = $32::numeric))))
   AND (t.search_vector @@ $16::tsquery OR ($17::boolean AND t.search_text LIKE '%' || $15::text || '%') OR ($18::boolean AND t.search_vector @@ $20::tsquery) OR ($33::numeric IS NOT NULL AND t.group_id = $1 AND (t.amount = $33::numeric OR (t.original IS NOT NULL AND ((t.original->>'amount')::numeric) = $33::numeric))))
   AND (t.search_vector @@ $22::tsquery OR ($23::boolean AND t.search_text LIKE '%' || $21::text || '%') OR ($24::boolean AND t.search_vector @@ $26::tsquery) OR ($34::numeric IS NOT NULL AND t.group_id = $1 AND (t.amount = $34::numeric OR (t.original IS NOT NULL AND ((t.original->>'amount')::numeric) = $34::numeric)))))
   OR ($28::boolean AND ($29::text[] IS NULL AND false)))
   -- not in the index's order: the indexes of the words, not a walk through every older row
   ORDER BY t.date + 0 DESC, t.id DESC
   LIMIT $30::int - (SELECT count(*) FROM recent)),
older_by_short AS MATERIALIZED (
  SELECT * FROM short_found t
   WHERE (SELECT count(*) FROM recent) + (SELECT count(*) FROM more) < $30::int AND ((($35::text IS NULL AND $31::numeric IS NOT NULL) OR ($36::text IS NULL AND $32::numeric IS NOT NULL) OR ($37::text IS NULL AND $33::numeric IS NOT NULL) OR ($38::text IS NULL AND $34::numeric IS NOT NULL)) AND (SELECT count(*) FROM short_few) <= 2000) AND (t.date, t.id) < ((SELECT date FROM edge), (SELECT id FROM edge)) AND ((NOT $28::boolean AND (t.search_vector @@ $4::tsquery OR ($5::boolean AND t.search_text LIKE '%' || $3::text || '%') OR ($6::boolean AND t.search_vector @@ $8::tsquery) OR ($31::numeric IS NOT NULL AND t.group_id = $1 AND (t.amount = $31::numeric OR (t.original IS NOT NULL AND ((t.original->>'amount')::numeric) = $31::numeric))))
   AND (t.search_vector @@ $10::tsquery OR ($11::boolean AND t.search_text LIKE '%' || $9::text || '%') OR ($12::boolean AND t.search_vector @@ $14::tsquery) OR ($32::numeric IS NOT NULL AND t.group_id = $1 AND (t.amount = $32::numeric OR (t.original IS NOT NULL AND ((t.original->>'amount')::numeric) = $32::numeric))))
   AND (t.search_vector @@ $16::tsquery OR ($17::boolean AND t.search_text LIKE '%' || $15::text || '%') OR ($18::boolean AND t.search_vector @@ $20::tsquery) OR ($33::numeric IS NOT NULL AND t.group_id = $1 AND (t.amount = $33::numeric OR (t.original IS NOT NULL AND ((t.original->>'amount')::numeric) = $33::numeric))))
   AND (t.search_vector @@ $22::tsquery OR ($23::boolean AND t.search_text LIKE '%' || $21::text || '%') OR ($24::boolean AND t.search_vector @@ $26::tsquery) OR ($34::numeric IS NOT NULL AND t.group_id = $1 AND (t.amount = $34::numeric OR (t.original IS NOT NULL AND ((t.original->>'amount')::numeric) = $34::numeric)))))
   OR ($28::boolean AND ($29::text[] IS NULL AND false)))
   ORDER BY t.date DESC, t.id DESC
   LIMIT $30::int - (SELECT count(*) FROM recent)),
older AS (SELECT * FROM older_by_words UNION ALL SELECT * FROM older_by_short),
c AS (SELECT * FROM recent
      UNION ALL (SELECT * FROM more WHERE NOT EXISTS (SELECT FROM older))
      UNION ALL SELECT * FROM older)
SELECT c.id, NULL::uuid AS parent_id, coalesce(c.description, '') AS title, NULL::text AS body, c.amount::text AS amount, NULL::text AS context,
       c.date::text AS date, CASE WHEN $28::boolean THEN 1
       ELSE round(((greatest(CASE WHEN ts_filter(c.search_vector, '{a}') @@ $4::tsquery THEN 1
            WHEN search_fold(c.description) ~ $7::text THEN 0.6
            WHEN $5::boolean AND strpos(search_fold(c.description), $3::text) > 0 THEN 0.4
            WHEN $6::boolean AND ts_filter(c.search_vector, '{a}') @@ $8::tsquery THEN 0.25 ELSE 0 END,
        0.5 * (CASE WHEN ts_filter(c.search_vector, '{b}') @@ $4::tsquery THEN 1
            WHEN c.search_text ~ $7::text THEN 0.6
            WHEN $5::boolean AND strpos(c.search_text, $3::text) > 0 THEN 0.4
            WHEN $6::boolean AND ts_filter(c.search_vector, '{b}') @@ $8::tsquery THEN 0.25 ELSE 0 END),
        CASE WHEN c.amount = $31::numeric OR ((c.original->>'amount')::numeric) = $31::numeric THEN 1 ELSE 0 END)
     + greatest(CASE WHEN ts_filter(c.search_vector, '{a}') @@ $10::tsquery THEN 1
            WHEN search_fold(c.description) ~ $13::text THEN 0.6
            WHEN $11::boolean AND strpos(search_fold(c.description), $9::text) > 0 THEN 0.4
            WHEN $12::boolean AND ts_filter(c.search_vector, '{a}') @@ $14::tsquery THEN 0.25 ELSE 0 END,
        0.5 * (CASE WHEN ts_filter(c.search_vector, '{b}') @@ $10::tsquery THEN 1
            WHEN c.search_text ~ $13::text THEN 0.6
            WHEN $11::boolean AND strpos(c.search_text, $9::text) > 0 THEN 0.4
            WHEN $12::boolean AND ts_filter(c.search_vector, '{b}') @@ $14::tsquery THEN 0.25 ELSE 0 END),
        CASE WHEN c.amount = $32::numeric OR ((c.original->>'amount')::numeric) = $32::numeric THEN 1 ELSE 0 END)
     + greatest(CASE WHEN ts_filter(c.search_vector, '{a}') @@ $16::tsquery THEN 1
            WHEN search_fold(c.description) ~ $19::text THEN 0.6
            WHEN $17::boolean AND strpos(search_fold(c.description), $15::text) > 0 THEN 0.4
            WHEN $18::boolean AND ts_filter(c.search_vector, '{a}') @@ $20::tsquery THEN 0.25 ELSE 0 END,
        0.5 * (CASE WHEN ts_filter(c.search_vector, '{b}') @@ $16::tsquery THEN 1
            WHEN c.search_text ~ $19::text THEN 0.6
            WHEN $17::boolean AND strpos(c.search_text, $15::text) > 0 THEN 0.4
            WHEN $18::boolean AND ts_filter(c.search_vector, '{b}') @@ $20::tsquery THEN 0.25 ELSE 0 END),
        CASE WHEN c.amount = $33::numeric OR ((c.original->>'amount')::numeric) = $33::numeric THEN 1 ELSE 0 END)
     + greatest(CASE WHEN ts_filter(c.search_vector, '{a}') @@ $22::tsquery THEN 1
            WHEN search_fold(c.description) ~ $25::text THEN 0.6
            WHEN $23::boolean AND strpos(search_fold(c.description), $21::text) > 0 THEN 0.4
            WHEN $24::boolean AND ts_filter(c.search_vector, '{a}') @@ $26::tsquery THEN 0.25 ELSE 0 END,
        0.5 * (CASE WHEN ts_filter(c.search_vector, '{b}') @@ $22::tsquery THEN 1
            WHEN c.search_text ~ $25::text THEN 0.6
            WHEN $23::boolean AND strpos(c.search_text, $21::text) > 0 THEN 0.4
            WHEN $24::boolean AND ts_filter(c.search_vector, '{b}') @@ $26::tsquery THEN 0.25 ELSE 0 END),
        CASE WHEN c.amount = $34::numeric OR ((c.original->>'amount')::numeric) = $34::numeric THEN 1 ELSE 0 END)) / greatest($27::int, 1))::numeric, 3) END AS score,
       (SELECT count(*) FROM c)::int AS total
  FROM c
 ORDER BY score DESC, c.date DESC, c.id DESC
 LIMIT $2;

-- TRANSACTIONS_SEARCH_SQL.5
WITH recent AS MATERIALIZED (
  SELECT * FROM (SELECT t.id, t.group_id, t.description, t.amount, t.original, t.date, t.search_vector, t.search_text FROM transactions t WHERE t.group_id = $1 ORDER BY t.date DESC, t.id DESC LIMIT 5000) t
   WHERE ((NOT $34::boolean AND (t.search_vector @@ $4::tsquery OR ($5::boolean AND t.search_text LIKE '%' || $3::text || '%') OR ($6::boolean AND t.search_vector @@ $8::tsquery) OR ($37::numeric IS NOT NULL AND t.group_id = $1 AND (t.amount = $37::numeric OR (t.original IS NOT NULL AND ((t.original->>'amount')::numeric) = $37::numeric))))
   AND (t.search_vector @@ $10::tsquery OR ($11::boolean AND t.search_text LIKE '%' || $9::text || '%') OR ($12::boolean AND t.search_vector @@ $14::tsquery) OR ($38::numeric IS NOT NULL AND t.group_id = $1 AND (t.amount = $38::numeric OR (t.original IS NOT NULL AND ((t.original->>'amount')::numeric) = $38::numeric))))
   AND (t.search_vector @@ $16::tsquery OR ($17::boolean AND t.search_text LIKE '%' || $15::text || '%') OR ($18::boolean AND t.search_vector @@ $20::tsquery) OR ($39::numeric IS NOT NULL AND t.group_id = $1 AND (t.amount = $39::numeric OR (t.original IS NOT NULL AND ((t.original->>'amount')::numeric) = $39::numeric))))
   AND (t.search_vector @@ $22::tsquery OR ($23::boolean AND t.search_text LIKE '%' || $21::text || '%') OR ($24::boolean AND t.search_vector @@ $26::tsquery) OR ($40::numeric IS NOT NULL AND t.group_id = $1 AND (t.amount = $40::numeric OR (t.original IS NOT NULL AND ((t.original->>'amount')::numeric) = $40::numeric))))
   AND (t.search_vector @@ $28::tsquery OR ($29::boolean AND t.search_text LIKE '%' || $27::text || '%') OR ($30::boolean AND t.search_vector @@ $32::tsquery) OR ($41::numeric IS NOT NULL AND t.group_id = $1 AND (t.amount = $41::numeric OR (t.original IS NOT NULL AND ((t.original->>'amount')::numeric) = $41::numeric)))))
   OR ($34::boolean AND ($35::text[] IS NULL AND false)))
   ORDER BY t.date DESC, t.id DESC
   LIMIT $36::int),
edge AS MATERIALIZED (SELECT date, id FROM transactions WHERE group_id = $1 ORDER BY date DESC, id DESC OFFSET 4999 LIMIT 1),
more AS MATERIALIZED (
  SELECT * FROM (
    SELECT t.id, t.group_id, t.description, t.amount, t.original, t.date, t.search_vector, t.search_text FROM transactions t
     WHERE (SELECT count(*) FROM recent) BETWEEN 25 AND $36::int - 1
       AND t.group_id = $1 AND (t.date, t.id) < ((SELECT date FROM edge), (SELECT id FROM edge))
     ORDER BY t.date DESC, t.id DESC
     LIMIT 20000) t
   WHERE ((NOT $34::boolean AND (t.search_vector @@ $4::tsquery OR ($5::boolean AND t.search_text LIKE '%' || $3::text || '%') OR ($6::boolean AND t.search_vector @@ $8::tsquery) OR ($37::numeric IS NOT NULL AND t.group_id = $1 AND (t.amount = $37::numeric OR (t.original IS NOT NULL AND ((t.original->>'amount')::numeric) = $37::numeric))))
   AND (t.search_vector @@ $10::tsquery OR ($11::boolean AND t.search_text LIKE '%' || $9::text || '%') OR ($12::boolean AND t.search_vector @@ $14::tsquery) OR ($38::numeric IS NOT NULL AND t.group_id = $1 AND (t.amount = $38::numeric OR (t.original IS NOT NULL AND ((t.original->>'amount')::numeric) = $38::numeric))))
   AND (t.search_vector @@ $16::tsquery OR ($17::boolean AND t.search_text LIKE '%' || $15::text || '%') OR ($18::boolean AND t.search_vector @@ $20::tsquery) OR ($39::numeric IS NOT NULL AND t.group_id = $1 AND (t.amount = $39::numeric OR (t.original IS NOT NULL AND ((t.original->>'amount')::numeric) = $39::numeric))))
   AND (t.search_vector @@ $22::tsquery OR ($23::boolean AND t.search_text LIKE '%' || $21::text || '%') OR ($24::boolean AND t.search_vector @@ $26::tsquery) OR ($40::numeric IS NOT NULL AND t.group_id = $1 AND (t.amount = $40::numeric OR (t.original IS NOT NULL AND ((t.original->>'amount')::numeric) = $40::numeric))))
   AND (t.search_vector @@ $28::tsquery OR ($29::boolean AND t.search_text LIKE '%' || $27::text || '%') OR ($30::boolean AND t.search_vector @@ $32::tsquery) OR ($41::numeric IS NOT NULL AND t.group_id = $1 AND (t.amount = $41::numeric OR (t.original IS NOT NULL AND ((t.original->>'amount')::numeric) = $41::numeric)))))
   OR ($34::boolean AND ($35::text[] IS NULL AND false)))
   ORDER BY t.date DESC, t.id DESC
   LIMIT $36::int - (SELECT count(*) FROM recent)),
short_found AS MATERIALIZED (
  -- the group's rows that have every word without a prefix, from those words' own indexes (planned
  -- for all of them, read only as far as short_few asks)
  SELECT t.id, t.group_id, t.description, t.amount, t.original, t.date, t.search_vector, t.search_text FROM transactions t
   WHERE (($42::text IS NULL AND $37::numeric IS NOT NULL) OR ($43::text IS NULL AND $38::numeric IS NOT NULL) OR ($44::text IS NULL AND $39::numeric IS NOT NULL) OR ($45::text IS NULL AND $40::numeric IS NOT NULL) OR ($46::text IS NULL AND $41::numeric IS NOT NULL)) AND t.group_id = $1 AND ($42::text IS NOT NULL OR t.search_vector @@ $4::tsquery OR ($5::boolean AND t.search_text LIKE '%' || $3::text || '%') OR ($37::numeric IS NOT NULL AND t.group_id = $1 AND (t.amount = $37::numeric OR (t.original IS NOT NULL AND ((t.original->>'amount')::numeric) = $37::numeric))) OR ($6::boolean AND t.search_vector @@ $8::tsquery)) AND ($43::text IS NOT NULL OR t.search_vector @@ $10::tsquery OR ($11::boolean AND t.search_text LIKE '%' || $9::text || '%') OR ($38::numeric IS NOT NULL AND t.group_id = $1 AND (t.amount = $38::numeric OR (t.original IS NOT NULL AND ((t.original->>'amount')::numeric) = $38::numeric))) OR ($12::boolean AND t.search_vector @@ $14::tsquery)) AND ($44::text IS NOT NULL OR t.search_vector @@ $16::tsquery OR ($17::boolean AND t.search_text LIKE '%' || $15::text || '%') OR ($39::numeric IS NOT NULL AND t.group_id = $1 AND (t.amount = $39::numeric OR (t.original IS NOT NULL AND ((t.original->>'amount')::numeric) = $39::numeric))) OR ($18::boolean AND t.search_vector @@ $20::tsquery)) AND ($45::text IS NOT NULL OR t.search_vector @@ $22::tsquery OR ($23::boolean AND t.search_text LIKE '%' || $21::text || '%') OR ($40::numeric IS NOT NULL AND t.group_id = $1 AND (t.amount = $40::numeric OR (t.original IS NOT NULL AND ((t.original->>'amount')::numeric) = $40::numeric))) OR ($24::boolean AND t.search_vector @@ $26::tsquery)) AND ($46::text IS NOT NULL OR t.search_vector @@ $28::tsquery OR ($29::boolean AND t.search_text LIKE '%' || $27::text || '%') OR ($41::numeric IS NOT NULL AND t.group_id = $1 AND (t.amount = $41::numeric OR (t.original IS NOT NULL AND ((t.original->>'amount')::numeric) = $41::numeric))) OR ($30::boolean AND t.search_vector @@ $32::tsquery))),
short_few AS MATERIALIZED (SELECT id FROM short_found LIMIT 2000 + 1),
older_by_words AS MATERIALIZED (
  SELECT t.id, t.group_id, t.description, t.amount, t.original, t.date, t.search_vector, t.search_text
    FROM transactions t
   WHERE (SELECT count(*) FROM recent) + (SELECT count(*) FROM more) < $36::int AND NOT ((($42::text IS NULL AND $37::numeric IS NOT NULL) OR ($43::text IS NULL AND $38::numeric IS NOT NULL) OR ($44::text IS NULL AND $39::numeric IS NOT NULL) OR ($45::text IS NULL AND $40::numeric IS NOT NULL) OR ($46::text IS NULL AND $41::numeric IS NOT NULL)) AND (SELECT count(*) FROM short_few) <= 2000)
     AND t.group_id = $1 AND (t.date, t.id) < ((SELECT date FROM edge), (SELECT id FROM edge))
     AND (($42::text IS NOT NULL AND (t.search_text || ' ' || strip(t.search_vector)::text) LIKE '%' || $42::text || '%')
        OR ($42::text IS NULL AND (t.search_vector @@ $4::tsquery OR ($5::boolean AND (t.search_text || ' ' || strip(t.search_vector)::text) LIKE '%' || $3::text || '%') OR ($37::numeric IS NOT NULL AND t.group_id = $1 AND (t.amount = $37::numeric OR (t.original IS NOT NULL AND ((t.original->>'amount')::numeric) = $37::numeric))) OR ($6::boolean AND t.search_vector @@ $8::tsquery)))
        OR ($37::numeric IS NOT NULL AND t.group_id = $1 AND (t.amount = $37::numeric OR (t.original IS NOT NULL AND ((t.original->>'amount')::numeric) = $37::numeric))) OR ($6::boolean AND t.search_vector @@ $8::tsquery))
     AND (($43::text IS NOT NULL AND (t.search_text || ' ' || strip(t.search_vector)::text) LIKE '%' || $43::text || '%')
        OR ($43::text IS NULL AND (t.search_vector @@ $10::tsquery OR ($11::boolean AND (t.search_text || ' ' || strip(t.search_vector)::text) LIKE '%' || $9::text || '%') OR ($38::numeric IS NOT NULL AND t.group_id = $1 AND (t.amount = $38::numeric OR (t.original IS NOT NULL AND ((t.original->>'amount')::numeric) = $38::numeric))) OR ($12::boolean AND t.search_vector @@ $14::tsquery)))
        OR ($38::numeric IS NOT NULL AND t.group_id = $1 AND (t.amount = $38::numeric OR (t.original IS NOT NULL AND ((t.original->>'amount')::numeric) = $38::numeric))) OR ($12::boolean AND t.search_vector @@ $14::tsquery))
     AND (($44::text IS NOT NULL AND (t.search_text || ' ' || strip(t.search_vector)::text) LIKE '%' || $44::text || '%')
        OR ($44::text IS NULL AND (t.search_vector @@ $16::tsquery OR ($17::boolean AND (t.search_text || ' ' || strip(t.search_vector)::text) LIKE '%' || $15::text || '%') OR ($39::numeric IS NOT NULL AND t.group_id = $1 AND (t.amount = $39::numeric OR (t.original IS NOT NULL AND ((t.original->>'amount')::numeric) = $39::numeric))) OR ($18::boolean AND t.search_vector @@ $20::tsquery)))
        OR ($39::numeric IS NOT NULL AND t.group_id = $1 AND (t.amount = $39::numeric OR (t.original IS NOT NULL AND ((t.original->>'amount')::numeric) = $39::numeric))) OR ($18::boolean AND t.search_vector @@ $20::tsquery))
     AND (($45::text IS NOT NULL AND (t.search_text || ' ' || strip(t.search_vector)::text) LIKE '%' || $45::text || '%')
        OR ($45::text IS NULL AND (t.search_vector @@ $22::tsquery OR ($23::boolean AND (t.search_text || ' ' || strip(t.search_vector)::text) LIKE '%' || $21::text || '%') OR ($40::numeric IS NOT NULL AND t.group_id = $1 AND (t.amount = $40::numeric OR (t.original IS NOT NULL AND ((t.original->>'amount')::numeric) = $40::numeric))) OR ($24::boolean AND t.search_vector @@ $26::tsquery)))
        OR ($40::numeric IS NOT NULL AND t.group_id = $1 AND (t.amount = $40::numeric OR (t.original IS NOT NULL AND ((t.original->>'amount')::numeric) = $40::numeric))) OR ($24::boolean AND t.search_vector @@ $26::tsquery))
     AND (($46::text IS NOT NULL AND (t.search_text || ' ' || strip(t.search_vector)::text) LIKE '%' || $46::text || '%')
        OR ($46::text IS NULL AND (t.search_vector @@ $28::tsquery OR ($29::boolean AND (t.search_text || ' ' || strip(t.search_vector)::text) LIKE '%' || $27::text || '%') OR ($41::numeric IS NOT NULL AND t.group_id = $1 AND (t.amount = $41::numeric OR (t.original IS NOT NULL AND ((t.original->>'amount')::numeric) = $41::numeric))) OR ($30::boolean AND t.search_vector @@ $32::tsquery)))
        OR ($41::numeric IS NOT NULL AND t.group_id = $1 AND (t.amount = $41::numeric OR (t.original IS NOT NULL AND ((t.original->>'amount')::numeric) = $41::numeric))) OR ($30::boolean AND t.search_vector @@ $32::tsquery))
     AND ((NOT $34::boolean AND (t.search_vector @@ $4::tsquery OR ($5::boolean AND t.search_text LIKE '%' || $3::text || '%') OR ($6::boolean AND t.search_vector @@ $8::tsquery) OR ($37::numeric IS NOT NULL AND t.group_id = $1 AND (t.amount = $37::numeric OR (t.original IS NOT NULL AND ((t.original->>'amount')::numeric) = $37::numeric))))
   AND (t.search_vector @@ $10::tsquery OR ($11::boolean AND t.search_text LIKE '%' || $9::text || '%') OR ($12::boolean AND t.search_vector @@ $14::tsquery) OR ($38::numeric IS NOT NULL AND t.group_id = $1 AND (t.amount = $38::numeric OR (t.original IS NOT NULL AND ((t.original->>'amount')::numeric) = $38::numeric))))
   AND (t.search_vector @@ $16::tsquery OR ($17::boolean AND t.search_text LIKE '%' || $15::text || '%') OR ($18::boolean AND t.search_vector @@ $20::tsquery) OR ($39::numeric IS NOT NULL AND t.group_id = $1 AND (t.amount = $39::numeric OR (t.original IS NOT NULL AND ((t.original->>'amount')::numeric) = $39::numeric))))
   AND (t.search_vector @@ $22::tsquery OR ($23::boolean AND t.search_text LIKE '%' || $21::text || '%') OR ($24::boolean AND t.search_vector @@ $26::tsquery) OR ($40::numeric IS NOT NULL AND t.group_id = $1 AND (t.amount = $40::numeric OR (t.original IS NOT NULL AND ((t.original->>'amount')::numeric) = $40::numeric))))
   AND (t.search_vector @@ $28::tsquery OR ($29::boolean AND t.search_text LIKE '%' || $27::text || '%') OR ($30::boolean AND t.search_vector @@ $32::tsquery) OR ($41::numeric IS NOT NULL AND t.group_id = $1 AND (t.amount = $41::numeric OR (t.original IS NOT NULL AND ((t.original->>'amount')::numeric) = $41::numeric)))))
   OR ($34::boolean AND ($35::text[] IS NULL AND false)))
   -- not in the index's order: the indexes of the words, not a walk through every older row
   ORDER BY t.date + 0 DESC, t.id DESC
   LIMIT $36::int - (SELECT count(*) FROM recent)),
older_by_short AS MATERIALIZED (
  SELECT * FROM short_found t
   WHERE (SELECT count(*) FROM recent) + (SELECT count(*) FROM more) < $36::int AND ((($42::text IS NULL AND $37::numeric IS NOT NULL) OR ($43::text IS NULL AND $38::numeric IS NOT NULL) OR ($44::text IS NULL AND $39::numeric IS NOT NULL) OR ($45::text IS NULL AND $40::numeric IS NOT NULL) OR ($46::text IS NULL AND $41::numeric IS NOT NULL)) AND (SELECT count(*) FROM short_few) <= 2000) AND (t.date, t.id) < ((SELECT date FROM edge), (SELECT id FROM edge)) AND ((NOT $34::boolean AND (t.search_vector @@ $4::tsquery OR ($5::boolean AND t.search_text LIKE '%' || $3::text || '%') OR ($6::boolean AND t.search_vector @@ $8::tsquery) OR ($37::numeric IS NOT NULL AND t.group_id = $1 AND (t.amount = $37::numeric OR (t.original IS NOT NULL AND ((t.original->>'amount')::numeric) = $37::numeric))))
   AND (t.search_vector @@ $10::tsquery OR ($11::boolean AND t.search_text LIKE '%' || $9::text || '%') OR ($12::boolean AND t.search_vector @@ $14::tsquery) OR ($38::numeric IS NOT NULL AND t.group_id = $1 AND (t.amount = $38::numeric OR (t.original IS NOT NULL AND ((t.original->>'amount')::numeric) = $38::numeric))))
   AND (t.search_vector @@ $16::tsquery OR ($17::boolean AND t.search_text LIKE '%' || $15::text || '%') OR ($18::boolean AND t.search_vector @@ $20::tsquery) OR ($39::numeric IS NOT NULL AND t.group_id = $1 AND (t.amount = $39::numeric OR (t.original IS NOT NULL AND ((t.original->>'amount')::numeric) = $39::numeric))))
   AND (t.search_vector @@ $22::tsquery OR ($23::boolean AND t.search_text LIKE '%' || $21::text || '%') OR ($24::boolean AND t.search_vector @@ $26::tsquery) OR ($40::numeric IS NOT NULL AND t.group_id = $1 AND (t.amount = $40::numeric OR (t.original IS NOT NULL AND ((t.original->>'amount')::numeric) = $40::numeric))))
   AND (t.search_vector @@ $28::tsquery OR ($29::boolean AND t.search_text LIKE '%' || $27::text || '%') OR ($30::boolean AND t.search_vector @@ $32::tsquery) OR ($41::numeric IS NOT NULL AND t.group_id = $1 AND (t.amount = $41::numeric OR (t.original IS NOT NULL AND ((t.original->>'amount')::numeric) = $41::numeric)))))
   OR ($34::boolean AND ($35::text[] IS NULL AND false)))
   ORDER BY t.date DESC, t.id DESC
   LIMIT $36::int - (SELECT count(*) FROM recent)),
older AS (SELECT * FROM older_by_words UNION ALL SELECT * FROM older_by_short),
c AS (SELECT * FROM recent
      UNION ALL (SELECT * FROM more WHERE NOT EXISTS (SELECT FROM older))
      UNION ALL SELECT * FROM older)
SELECT c.id, NULL::uuid AS parent_id, coalesce(c.description, '') AS title, NULL::text AS body, c.amount::text AS amount, NULL::text AS context,
       c.date::text AS date, CASE WHEN $34::boolean THEN 1
       ELSE round(((greatest(CASE WHEN ts_filter(c.search_vector, '{a}') @@ $4::tsquery THEN 1
            WHEN search_fold(c.description) ~ $7::text THEN 0.6
            WHEN $5::boolean AND strpos(search_fold(c.description), $3::text) > 0 THEN 0.4
            WHEN $6::boolean AND ts_filter(c.search_vector, '{a}') @@ $8::tsquery THEN 0.25 ELSE 0 END,
        0.5 * (CASE WHEN ts_filter(c.search_vector, '{b}') @@ $4::tsquery THEN 1
            WHEN c.search_text ~ $7::text THEN 0.6
            WHEN $5::boolean AND strpos(c.search_text, $3::text) > 0 THEN 0.4
            WHEN $6::boolean AND ts_filter(c.search_vector, '{b}') @@ $8::tsquery THEN 0.25 ELSE 0 END),
        CASE WHEN c.amount = $37::numeric OR ((c.original->>'amount')::numeric) = $37::numeric THEN 1 ELSE 0 END)
     + greatest(CASE WHEN ts_filter(c.search_vector, '{a}') @@ $10::tsquery THEN 1
            WHEN search_fold(c.description) ~ $13::text THEN 0.6
            WHEN $11::boolean AND strpos(search_fold(c.description), $9::text) > 0 THEN 0.4
            WHEN $12::boolean AND ts_filter(c.search_vector, '{a}') @@ $14::tsquery THEN 0.25 ELSE 0 END,
        0.5 * (CASE WHEN ts_filter(c.search_vector, '{b}') @@ $10::tsquery THEN 1
            WHEN c.search_text ~ $13::text THEN 0.6
            WHEN $11::boolean AND strpos(c.search_text, $9::text) > 0 THEN 0.4
            WHEN $12::boolean AND ts_filter(c.search_vector, '{b}') @@ $14::tsquery THEN 0.25 ELSE 0 END),
        CASE WHEN c.amount = $38::numeric OR ((c.original->>'amount')::numeric) = $38::numeric THEN 1 ELSE 0 END)
     + greatest(CASE WHEN ts_filter(c.search_vector, '{a}') @@ $16::tsquery THEN 1
            WHEN search_fold(c.description) ~ $19::text THEN 0.6
            WHEN $17::boolean AND strpos(search_fold(c.description), $15::text) > 0 THEN 0.4
            WHEN $18::boolean AND ts_filter(c.search_vector, '{a}') @@ $20::tsquery THEN 0.25 ELSE 0 END,
        0.5 * (CASE WHEN ts_filter(c.search_vector, '{b}') @@ $16::tsquery THEN 1
            WHEN c.search_text ~ $19::text THEN 0.6
            WHEN $17::boolean AND strpos(c.search_text, $15::text) > 0 THEN 0.4
            WHEN $18::boolean AND ts_filter(c.search_vector, '{b}') @@ $20::tsquery THEN 0.25 ELSE 0 END),
        CASE WHEN c.amount = $39::numeric OR ((c.original->>'amount')::numeric) = $39::numeric THEN 1 ELSE 0 END)
     + greatest(CASE WHEN ts_filter(c.search_vector, '{a}') @@ $22::tsquery THEN 1
            WHEN search_fold(c.description) ~ $25::text THEN 0.6
            WHEN $23::boolean AND strpos(search_fold(c.description), $21::text) > 0 THEN 0.4
            WHEN $24::boolean AND ts_filter(c.search_vector, '{a}') @@ $26::tsquery THEN 0.25 ELSE 0 END,
        0.5 * (CASE WHEN ts_filter(c.search_vector, '{b}') @@ $22::tsquery THEN 1
            WHEN c.search_text ~ $25::text THEN 0.6
            WHEN $23::boolean AND strpos(c.search_text, $21::text) > 0 THEN 0.4
            WHEN $24::boolean AND ts_filter(c.search_vector, '{b}') @@ $26::tsquery THEN 0.25 ELSE 0 END),
        CASE WHEN c.amount = $40::numeric OR ((c.original->>'amount')::numeric) = $40::numeric THEN 1 ELSE 0 END)
     + greatest(CASE WHEN ts_filter(c.search_vector, '{a}') @@ $28::tsquery THEN 1
            WHEN search_fold(c.description) ~ $31::text THEN 0.6
            WHEN $29::boolean AND strpos(search_fold(c.description), $27::text) > 0 THEN 0.4
            WHEN $30::boolean AND ts_filter(c.search_vector, '{a}') @@ $32::tsquery THEN 0.25 ELSE 0 END,
        0.5 * (CASE WHEN ts_filter(c.search_vector, '{b}') @@ $28::tsquery THEN 1
            WHEN c.search_text ~ $31::text THEN 0.6
            WHEN $29::boolean AND strpos(c.search_text, $27::text) > 0 THEN 0.4
            WHEN $30::boolean AND ts_filter(c.search_vector, '{b}') @@ $32::tsquery THEN 0.25 ELSE 0 END),
        CASE WHEN c.amount = $41::numeric OR ((c.original->>'amount')::numeric) = $41::numeric THEN 1 ELSE 0 END)) / greatest($33::int, 1))::numeric, 3) END AS score,
       (SELECT count(*) FROM c)::int AS total
  FROM c
 ORDER BY score DESC, c.date DESC, c.id DESC
 LIMIT $2;

-- budget_account_in_group
SELECT 1 FROM budget_accounts WHERE id = $1 AND group_id = $2;

-- budget_category_in_group
SELECT 1 FROM categories WHERE id = $1 AND group_id = $2;

-- budget_transaction_by_id
SELECT t.id, t.type, t.amount, t.date::text AS date, t.description, t.category_id AS "categoryId",
  t.budget_account_id AS "budgetAccountId", t.target_budget_account_id AS "targetBudgetAccountId",
  t.recurring_transaction_id AS "recurringTransactionId", t.created_by_id AS "createdById", to_char(t.created_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdDate", t.split, t.original FROM transactions t WHERE t.id = $1 AND t.group_id = $2;

-- budget_transaction_create
WITH t AS (
  INSERT INTO transactions (id, group_id, type, amount, date, description, category_id, budget_account_id, target_budget_account_id,
                            recurring_transaction_id, occurrence_date, import_ref, created_by_id, split, original)
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9,
          NULL, NULL, NULL, $10, $11::jsonb, $12::jsonb)
  RETURNING id, group_id, created_date
), history AS (
  INSERT INTO action_histories (id, group_id, admin_only, private_to_user_id, entity_type, entity_id, parent_id, action, changes,
                                user_id, user_nickname, entity_label, parent_label)
  SELECT $13::uuid, t.group_id, $14::boolean, $15::uuid, $16::varchar, t.id, $17::uuid, 'Created', $18::jsonb,
         $19::uuid, $20::varchar, $21::varchar, $22::varchar FROM t
)
SELECT to_char(t.created_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_date FROM t;

-- budget_transaction_create_facts
WITH source AS (
  SELECT COALESCE($1::uuid, (SELECT id FROM budget_accounts WHERE group_id = $2 AND is_default)) AS id
), settings AS (
  SELECT shared_by_default, mode, weights FROM (SELECT shared_by_default, mode, weights FROM split_settings WHERE group_id = $2) s WHERE $3::boolean
), named AS (
  SELECT unnest($4::uuid[]) AS id
  UNION
  SELECT (w->>'userId')::uuid FROM settings s CROSS JOIN LATERAL jsonb_array_elements(s.weights) w WHERE s.shared_by_default
)
SELECT s.id AS source_id,
       COALESCE(a.ids, '{}') AS account_ids, COALESCE(a.disabled, '{}') AS account_disabled,
       c.id IS NOT NULL AS category_found, c.name AS category_name,
       st.shared_by_default, st.mode, st.weights,
       ARRAY(SELECT n.id FROM named n
              WHERE EXISTS (SELECT 1 FROM users u WHERE u.id = n.id AND u.group_id = $2 AND u.status = 'Active')
                 OR EXISTS (SELECT 1 FROM member_day_balances b WHERE b.group_id = $2 AND b.user_id = n.id)) AS members,
       ARRAY(SELECT (w->>'userId')::uuid FROM settings s CROSS JOIN LATERAL jsonb_array_elements(s.weights) w
              WHERE s.shared_by_default AND EXISTS (SELECT 1 FROM users u WHERE u.id = (w->>'userId')::uuid AND u.group_id = $2 AND u.status = 'Active')) AS current_weighted
  FROM source s
  CROSS JOIN LATERAL (SELECT array_agg(a.id) AS ids, array_agg(a.is_disabled) AS disabled
                        FROM (SELECT id, is_disabled FROM budget_accounts WHERE group_id = $2) a WHERE a.id IN (s.id, $5::uuid)) a
  LEFT JOIN (SELECT id, name FROM categories WHERE group_id = $2) c ON c.id = $6::uuid
  LEFT JOIN settings st ON true;

-- budget_transaction_lock
SELECT t.id, t.type, t.amount, t.date::text AS date, t.description, t.category_id AS "categoryId",
  t.budget_account_id AS "budgetAccountId", t.target_budget_account_id AS "targetBudgetAccountId",
  t.recurring_transaction_id AS "recurringTransactionId", t.created_by_id AS "createdById", to_char(t.created_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdDate", t.split, t.original, t.group_id AS "groupId", t.import_ref AS "importRef"
     FROM transactions t WHERE t.id = $1 AND t.group_id = $2 FOR UPDATE;

-- budget_transaction_update
WITH t AS (
  UPDATE transactions
     SET type = $1, amount = $2, date = $3, description = $4, category_id = $5,
         budget_account_id = $6, target_budget_account_id = $7, split = $8::jsonb,
         original = $9::jsonb, updated_date = now()
   WHERE id = $10
  RETURNING id, group_id
), history AS (
  INSERT INTO action_histories (id, group_id, admin_only, private_to_user_id, entity_type, entity_id, parent_id, action, changes,
                                user_id, user_nickname, entity_label, parent_label)
  SELECT $11::uuid, t.group_id, $12::boolean, $13::uuid, $14::varchar, t.id, $15::uuid, 'Updated', $16::jsonb,
         $17::uuid, $18::varchar, $19::varchar, $20::varchar FROM t
)
SELECT true AS updated FROM t;

-- budget_transactions_by_import_refs
SELECT id, import_ref, date::text AS date, type, amount::text AS amount
     FROM transactions WHERE budget_account_id = $1 AND import_ref = ANY($2::varchar[]);

-- budget_transactions_categorised_history
SELECT description, type, category_id FROM transactions
    WHERE group_id = $1 AND category_id IS NOT NULL AND description IS NOT NULL
    ORDER BY date DESC, id DESC LIMIT $2;

-- budget_transactions_count_account
SELECT COALESCE(SUM(count), 0)::int AS total FROM (SELECT date, count FROM transaction_account_day_counts WHERE budget_account_id = $1 AND date >= COALESCE($2::date, '-infinity') AND date <= COALESCE($3::date, 'infinity') AND ($4::varchar IS NULL OR type = $4::varchar)) c;

-- budget_transactions_count_category
SELECT COALESCE(SUM(count), 0)::int AS total FROM (SELECT date, count FROM transaction_day_sums WHERE category_id = $1 AND date >= COALESCE($2::date, '-infinity') AND date <= COALESCE($3::date, 'infinity') AND ($4::varchar IS NULL OR type = $4::varchar)) c;

-- budget_transactions_count_group
SELECT COALESCE(SUM(count), 0)::int AS total FROM (SELECT date, count FROM transaction_day_counts WHERE group_id = $1 AND date >= COALESCE($2::date, '-infinity') AND date <= COALESCE($3::date, 'infinity') AND ($4::varchar IS NULL OR type = $4::varchar)) c;

-- budget_transactions_last_occurrence
SELECT MAX(occurrence_date)::text AS last FROM transactions WHERE recurring_transaction_id = $1;

-- budget_transactions_not_imported
SELECT id, date::text AS date, type, amount::text AS amount FROM transactions
    WHERE budget_account_id = $1 AND date BETWEEN $2 AND $3 AND import_ref IS NULL AND type <> 'Transfer';

-- budget_transactions_page_account_date_asc
WITH days AS (SELECT date, SUM(count) AS count FROM (SELECT date, count FROM transaction_account_day_counts WHERE budget_account_id = $1 AND date >= COALESCE($2::date, '-infinity') AND date <= COALESCE($3::date, 'infinity') AND ($4::varchar IS NULL OR type = $4::varchar)) c GROUP BY date),
          anchor AS (SELECT date, $5::bigint - (running - count) AS skip
                       FROM (SELECT date, count, SUM(count) OVER (ORDER BY date ASC) AS running FROM days) d
                      WHERE running > $5::bigint
                      ORDER BY date ASC LIMIT 1)
     SELECT t.id, t.type, t.amount, t.date::text AS date, t.description, t.category_id AS "categoryId",
  t.budget_account_id AS "budgetAccountId", t.target_budget_account_id AS "targetBudgetAccountId",
  t.recurring_transaction_id AS "recurringTransactionId", t.created_by_id AS "createdById", to_char(t.created_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdDate", t.split, t.original
       FROM (SELECT id, date AS k
               FROM ((SELECT id, date FROM transactions WHERE budget_account_id = $1 AND date >= COALESCE($2::date, '-infinity') AND date <= COALESCE($3::date, 'infinity') AND ($4::varchar IS NULL OR type = $4::varchar) AND date >= (SELECT date FROM anchor) ORDER BY date ASC, id ASC LIMIT (SELECT skip FROM anchor) + $6::int)
       UNION ALL
       (SELECT id, date FROM transactions WHERE target_budget_account_id = $1 AND date >= COALESCE($2::date, '-infinity') AND date <= COALESCE($3::date, 'infinity') AND ($4::varchar IS NULL OR type = $4::varchar) AND date >= (SELECT date FROM anchor) ORDER BY date ASC, id ASC LIMIT (SELECT skip FROM anchor) + $6::int)) r
              ORDER BY date ASC, id ASC
              LIMIT $6::int OFFSET (SELECT skip FROM anchor)) p
       JOIN transactions t ON t.id = p.id
      ORDER BY p.k ASC, p.id ASC;

-- budget_transactions_page_account_date_desc
WITH days AS (SELECT date, SUM(count) AS count FROM (SELECT date, count FROM transaction_account_day_counts WHERE budget_account_id = $1 AND date >= COALESCE($2::date, '-infinity') AND date <= COALESCE($3::date, 'infinity') AND ($4::varchar IS NULL OR type = $4::varchar)) c GROUP BY date),
          anchor AS (SELECT date, $5::bigint - (running - count) AS skip
                       FROM (SELECT date, count, SUM(count) OVER (ORDER BY date DESC) AS running FROM days) d
                      WHERE running > $5::bigint
                      ORDER BY date DESC LIMIT 1)
     SELECT t.id, t.type, t.amount, t.date::text AS date, t.description, t.category_id AS "categoryId",
  t.budget_account_id AS "budgetAccountId", t.target_budget_account_id AS "targetBudgetAccountId",
  t.recurring_transaction_id AS "recurringTransactionId", t.created_by_id AS "createdById", to_char(t.created_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdDate", t.split, t.original
       FROM (SELECT id, date AS k
               FROM ((SELECT id, date FROM transactions WHERE budget_account_id = $1 AND date >= COALESCE($2::date, '-infinity') AND date <= COALESCE($3::date, 'infinity') AND ($4::varchar IS NULL OR type = $4::varchar) AND date <= (SELECT date FROM anchor) ORDER BY date DESC, id DESC LIMIT (SELECT skip FROM anchor) + $6::int)
       UNION ALL
       (SELECT id, date FROM transactions WHERE target_budget_account_id = $1 AND date >= COALESCE($2::date, '-infinity') AND date <= COALESCE($3::date, 'infinity') AND ($4::varchar IS NULL OR type = $4::varchar) AND date <= (SELECT date FROM anchor) ORDER BY date DESC, id DESC LIMIT (SELECT skip FROM anchor) + $6::int)) r
              ORDER BY date DESC, id DESC
              LIMIT $6::int OFFSET (SELECT skip FROM anchor)) p
       JOIN transactions t ON t.id = p.id
      ORDER BY p.k DESC, p.id DESC;

-- budget_transactions_page_category_date_asc
WITH days AS (SELECT date, SUM(count) AS count FROM (SELECT date, count FROM transaction_day_sums WHERE category_id = $1 AND date >= COALESCE($2::date, '-infinity') AND date <= COALESCE($3::date, 'infinity') AND ($4::varchar IS NULL OR type = $4::varchar)) c GROUP BY date),
          anchor AS (SELECT date, $5::bigint - (running - count) AS skip
                       FROM (SELECT date, count, SUM(count) OVER (ORDER BY date ASC) AS running FROM days) d
                      WHERE running > $5::bigint
                      ORDER BY date ASC LIMIT 1)
     SELECT t.id, t.type, t.amount, t.date::text AS date, t.description, t.category_id AS "categoryId",
  t.budget_account_id AS "budgetAccountId", t.target_budget_account_id AS "targetBudgetAccountId",
  t.recurring_transaction_id AS "recurringTransactionId", t.created_by_id AS "createdById", to_char(t.created_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdDate", t.split, t.original
       FROM (SELECT id, date AS k
               FROM (SELECT id, date FROM transactions WHERE category_id = $1 AND date >= COALESCE($2::date, '-infinity') AND date <= COALESCE($3::date, 'infinity') AND ($4::varchar IS NULL OR type = $4::varchar) AND date >= (SELECT date FROM anchor) ORDER BY date ASC, id ASC LIMIT (SELECT skip FROM anchor) + $6::int) r
              ORDER BY date ASC, id ASC
              LIMIT $6::int OFFSET (SELECT skip FROM anchor)) p
       JOIN transactions t ON t.id = p.id
      ORDER BY p.k ASC, p.id ASC;

-- budget_transactions_page_category_date_desc
WITH days AS (SELECT date, SUM(count) AS count FROM (SELECT date, count FROM transaction_day_sums WHERE category_id = $1 AND date >= COALESCE($2::date, '-infinity') AND date <= COALESCE($3::date, 'infinity') AND ($4::varchar IS NULL OR type = $4::varchar)) c GROUP BY date),
          anchor AS (SELECT date, $5::bigint - (running - count) AS skip
                       FROM (SELECT date, count, SUM(count) OVER (ORDER BY date DESC) AS running FROM days) d
                      WHERE running > $5::bigint
                      ORDER BY date DESC LIMIT 1)
     SELECT t.id, t.type, t.amount, t.date::text AS date, t.description, t.category_id AS "categoryId",
  t.budget_account_id AS "budgetAccountId", t.target_budget_account_id AS "targetBudgetAccountId",
  t.recurring_transaction_id AS "recurringTransactionId", t.created_by_id AS "createdById", to_char(t.created_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdDate", t.split, t.original
       FROM (SELECT id, date AS k
               FROM (SELECT id, date FROM transactions WHERE category_id = $1 AND date >= COALESCE($2::date, '-infinity') AND date <= COALESCE($3::date, 'infinity') AND ($4::varchar IS NULL OR type = $4::varchar) AND date <= (SELECT date FROM anchor) ORDER BY date DESC, id DESC LIMIT (SELECT skip FROM anchor) + $6::int) r
              ORDER BY date DESC, id DESC
              LIMIT $6::int OFFSET (SELECT skip FROM anchor)) p
       JOIN transactions t ON t.id = p.id
      ORDER BY p.k DESC, p.id DESC;

-- budget_transactions_page_group_date_asc
WITH days AS (SELECT date, SUM(count) AS count FROM (SELECT date, count FROM transaction_day_counts WHERE group_id = $1 AND date >= COALESCE($2::date, '-infinity') AND date <= COALESCE($3::date, 'infinity') AND ($4::varchar IS NULL OR type = $4::varchar)) c GROUP BY date),
          anchor AS (SELECT date, $5::bigint - (running - count) AS skip
                       FROM (SELECT date, count, SUM(count) OVER (ORDER BY date ASC) AS running FROM days) d
                      WHERE running > $5::bigint
                      ORDER BY date ASC LIMIT 1)
     SELECT t.id, t.type, t.amount, t.date::text AS date, t.description, t.category_id AS "categoryId",
  t.budget_account_id AS "budgetAccountId", t.target_budget_account_id AS "targetBudgetAccountId",
  t.recurring_transaction_id AS "recurringTransactionId", t.created_by_id AS "createdById", to_char(t.created_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdDate", t.split, t.original
       FROM (SELECT id, date AS k
               FROM (SELECT id, date FROM transactions WHERE group_id = $1 AND date >= COALESCE($2::date, '-infinity') AND date <= COALESCE($3::date, 'infinity') AND ($4::varchar IS NULL OR type = $4::varchar) AND date >= (SELECT date FROM anchor) ORDER BY date ASC, id ASC LIMIT (SELECT skip FROM anchor) + $6::int) r
              ORDER BY date ASC, id ASC
              LIMIT $6::int OFFSET (SELECT skip FROM anchor)) p
       JOIN transactions t ON t.id = p.id
      ORDER BY p.k ASC, p.id ASC;

-- budget_transactions_page_group_date_desc
WITH days AS (SELECT date, SUM(count) AS count FROM (SELECT date, count FROM transaction_day_counts WHERE group_id = $1 AND date >= COALESCE($2::date, '-infinity') AND date <= COALESCE($3::date, 'infinity') AND ($4::varchar IS NULL OR type = $4::varchar)) c GROUP BY date),
          anchor AS (SELECT date, $5::bigint - (running - count) AS skip
                       FROM (SELECT date, count, SUM(count) OVER (ORDER BY date DESC) AS running FROM days) d
                      WHERE running > $5::bigint
                      ORDER BY date DESC LIMIT 1)
     SELECT t.id, t.type, t.amount, t.date::text AS date, t.description, t.category_id AS "categoryId",
  t.budget_account_id AS "budgetAccountId", t.target_budget_account_id AS "targetBudgetAccountId",
  t.recurring_transaction_id AS "recurringTransactionId", t.created_by_id AS "createdById", to_char(t.created_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdDate", t.split, t.original
       FROM (SELECT id, date AS k
               FROM (SELECT id, date FROM transactions WHERE group_id = $1 AND date >= COALESCE($2::date, '-infinity') AND date <= COALESCE($3::date, 'infinity') AND ($4::varchar IS NULL OR type = $4::varchar) AND date <= (SELECT date FROM anchor) ORDER BY date DESC, id DESC LIMIT (SELECT skip FROM anchor) + $6::int) r
              ORDER BY date DESC, id DESC
              LIMIT $6::int OFFSET (SELECT skip FROM anchor)) p
       JOIN transactions t ON t.id = p.id
      ORDER BY p.k DESC, p.id DESC;

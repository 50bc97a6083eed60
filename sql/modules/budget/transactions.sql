-- TRANSACTIONS_PAGE_BY_AMOUNT_SQL.account.ASC
SELECT t.id, t.type, t.amount, t.date::text AS date, t.description, t.category_id AS "categoryId",
  t.budget_account_id AS "budgetAccountId", t.target_budget_account_id AS "targetBudgetAccountId",
  t.recurring_transaction_id AS "recurringTransactionId", t.created_by_id AS "createdById", to_char(t.created_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdDate", t.split
       FROM (SELECT id, amount AS k FROM transactions
              WHERE group_id = $7::uuid AND (budget_account_id = $1 OR target_budget_account_id = $1) AND ($2::date IS NULL OR date >= $2::date) AND ($3::date IS NULL OR date <= $3::date) AND ($4::varchar IS NULL OR type = $4::varchar)
              ORDER BY amount ASC, id ASC LIMIT $6::int OFFSET $5::bigint) p
       JOIN transactions t ON t.id = p.id
      ORDER BY p.k ASC, p.id ASC;

-- TRANSACTIONS_PAGE_BY_AMOUNT_SQL.account.DESC
SELECT t.id, t.type, t.amount, t.date::text AS date, t.description, t.category_id AS "categoryId",
  t.budget_account_id AS "budgetAccountId", t.target_budget_account_id AS "targetBudgetAccountId",
  t.recurring_transaction_id AS "recurringTransactionId", t.created_by_id AS "createdById", to_char(t.created_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdDate", t.split
       FROM (SELECT id, amount AS k FROM transactions
              WHERE group_id = $7::uuid AND (budget_account_id = $1 OR target_budget_account_id = $1) AND ($2::date IS NULL OR date >= $2::date) AND ($3::date IS NULL OR date <= $3::date) AND ($4::varchar IS NULL OR type = $4::varchar)
              ORDER BY amount DESC, id DESC LIMIT $6::int OFFSET $5::bigint) p
       JOIN transactions t ON t.id = p.id
      ORDER BY p.k DESC, p.id DESC;

-- TRANSACTIONS_PAGE_BY_AMOUNT_SQL.category.ASC
SELECT t.id, t.type, t.amount, t.date::text AS date, t.description, t.category_id AS "categoryId",
  t.budget_account_id AS "budgetAccountId", t.target_budget_account_id AS "targetBudgetAccountId",
  t.recurring_transaction_id AS "recurringTransactionId", t.created_by_id AS "createdById", to_char(t.created_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdDate", t.split
       FROM (SELECT id, amount AS k FROM transactions
              WHERE group_id = $7::uuid AND category_id = $1 AND ($2::date IS NULL OR date >= $2::date) AND ($3::date IS NULL OR date <= $3::date) AND ($4::varchar IS NULL OR type = $4::varchar)
              ORDER BY amount ASC, id ASC LIMIT $6::int OFFSET $5::bigint) p
       JOIN transactions t ON t.id = p.id
      ORDER BY p.k ASC, p.id ASC;

-- TRANSACTIONS_PAGE_BY_AMOUNT_SQL.category.DESC
SELECT t.id, t.type, t.amount, t.date::text AS date, t.description, t.category_id AS "categoryId",
  t.budget_account_id AS "budgetAccountId", t.target_budget_account_id AS "targetBudgetAccountId",
  t.recurring_transaction_id AS "recurringTransactionId", t.created_by_id AS "createdById", to_char(t.created_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdDate", t.split
       FROM (SELECT id, amount AS k FROM transactions
              WHERE group_id = $7::uuid AND category_id = $1 AND ($2::date IS NULL OR date >= $2::date) AND ($3::date IS NULL OR date <= $3::date) AND ($4::varchar IS NULL OR type = $4::varchar)
              ORDER BY amount DESC, id DESC LIMIT $6::int OFFSET $5::bigint) p
       JOIN transactions t ON t.id = p.id
      ORDER BY p.k DESC, p.id DESC;

-- TRANSACTIONS_PAGE_BY_AMOUNT_SQL.group.ASC
SELECT t.id, t.type, t.amount, t.date::text AS date, t.description, t.category_id AS "categoryId",
  t.budget_account_id AS "budgetAccountId", t.target_budget_account_id AS "targetBudgetAccountId",
  t.recurring_transaction_id AS "recurringTransactionId", t.created_by_id AS "createdById", to_char(t.created_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdDate", t.split
       FROM (SELECT id, amount AS k FROM transactions
              WHERE group_id = $7::uuid AND group_id = $1 AND ($2::date IS NULL OR date >= $2::date) AND ($3::date IS NULL OR date <= $3::date) AND ($4::varchar IS NULL OR type = $4::varchar)
              ORDER BY amount ASC, id ASC LIMIT $6::int OFFSET $5::bigint) p
       JOIN transactions t ON t.id = p.id
      ORDER BY p.k ASC, p.id ASC;

-- TRANSACTIONS_PAGE_BY_AMOUNT_SQL.group.DESC
SELECT t.id, t.type, t.amount, t.date::text AS date, t.description, t.category_id AS "categoryId",
  t.budget_account_id AS "budgetAccountId", t.target_budget_account_id AS "targetBudgetAccountId",
  t.recurring_transaction_id AS "recurringTransactionId", t.created_by_id AS "createdById", to_char(t.created_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdDate", t.split
       FROM (SELECT id, amount AS k FROM transactions
              WHERE group_id = $7::uuid AND group_id = $1 AND ($2::date IS NULL OR date >= $2::date) AND ($3::date IS NULL OR date <= $3::date) AND ($4::varchar IS NULL OR type = $4::varchar)
              ORDER BY amount DESC, id DESC LIMIT $6::int OFFSET $5::bigint) p
       JOIN transactions t ON t.id = p.id
      ORDER BY p.k DESC, p.id DESC;

-- TRANSACTIONS_SEARCH_SQL
WITH edge AS MATERIALIZED (SELECT (SELECT date FROM transactions WHERE group_id = $1 ORDER BY date DESC, id DESC OFFSET 9999 LIMIT 1) AS recent, (SELECT date FROM transactions WHERE group_id = $1 ORDER BY date DESC, id DESC OFFSET 1999 LIMIT 1) AS typos),
recent AS MATERIALIZED (
  SELECT t.id, t.description, t.amount, t.date, t.search_vector, t.search_text
    FROM transactions t
   WHERE t.group_id = $1 AND t.date >= coalesce((SELECT recent FROM edge), '-infinity')
     AND ((NOT $34::boolean AND ($3::text IS NULL OR t.search_vector @@ $4::tsquery OR ($5::boolean AND t.search_text LIKE '%' || $3::text || '%') OR (t.date >= coalesce((SELECT typos FROM edge), '-infinity') AND $6::boolean AND $3::text <% t.search_text AND strict_word_similarity($3::text, t.search_text) >= $8::real) OR ($37::numeric IS NOT NULL AND t.group_id = $1 AND t.amount = $37::numeric))
   AND ($9::text IS NULL OR t.search_vector @@ $10::tsquery OR ($11::boolean AND t.search_text LIKE '%' || $9::text || '%') OR (t.date >= coalesce((SELECT typos FROM edge), '-infinity') AND $12::boolean AND $9::text <% t.search_text AND strict_word_similarity($9::text, t.search_text) >= $14::real) OR ($38::numeric IS NOT NULL AND t.group_id = $1 AND t.amount = $38::numeric))
   AND ($15::text IS NULL OR t.search_vector @@ $16::tsquery OR ($17::boolean AND t.search_text LIKE '%' || $15::text || '%') OR (t.date >= coalesce((SELECT typos FROM edge), '-infinity') AND $18::boolean AND $15::text <% t.search_text AND strict_word_similarity($15::text, t.search_text) >= $20::real) OR ($39::numeric IS NOT NULL AND t.group_id = $1 AND t.amount = $39::numeric))
   AND ($21::text IS NULL OR t.search_vector @@ $22::tsquery OR ($23::boolean AND t.search_text LIKE '%' || $21::text || '%') OR (t.date >= coalesce((SELECT typos FROM edge), '-infinity') AND $24::boolean AND $21::text <% t.search_text AND strict_word_similarity($21::text, t.search_text) >= $26::real) OR ($40::numeric IS NOT NULL AND t.group_id = $1 AND t.amount = $40::numeric))
   AND ($27::text IS NULL OR t.search_vector @@ $28::tsquery OR ($29::boolean AND t.search_text LIKE '%' || $27::text || '%') OR (t.date >= coalesce((SELECT typos FROM edge), '-infinity') AND $30::boolean AND $27::text <% t.search_text AND strict_word_similarity($27::text, t.search_text) >= $32::real) OR ($41::numeric IS NOT NULL AND t.group_id = $1 AND t.amount = $41::numeric)))
   OR ($34::boolean AND ($35::text[] IS NULL AND false)))
   ORDER BY t.date DESC, t.id DESC
   LIMIT $36::int),
older AS MATERIALIZED (
  SELECT t.id, t.description, t.amount, t.date, t.search_vector, t.search_text
    FROM transactions t
   WHERE (SELECT count(*) FROM recent) < $36::int
     AND t.group_id = $1 AND t.date < (SELECT recent FROM edge)
     AND ((NOT $34::boolean AND ($3::text IS NULL OR t.search_vector @@ $4::tsquery OR ($5::boolean AND t.search_text LIKE '%' || $3::text || '%') OR ($37::numeric IS NOT NULL AND t.group_id = $1 AND t.amount = $37::numeric))
   AND ($9::text IS NULL OR t.search_vector @@ $10::tsquery OR ($11::boolean AND t.search_text LIKE '%' || $9::text || '%') OR ($38::numeric IS NOT NULL AND t.group_id = $1 AND t.amount = $38::numeric))
   AND ($15::text IS NULL OR t.search_vector @@ $16::tsquery OR ($17::boolean AND t.search_text LIKE '%' || $15::text || '%') OR ($39::numeric IS NOT NULL AND t.group_id = $1 AND t.amount = $39::numeric))
   AND ($21::text IS NULL OR t.search_vector @@ $22::tsquery OR ($23::boolean AND t.search_text LIKE '%' || $21::text || '%') OR ($40::numeric IS NOT NULL AND t.group_id = $1 AND t.amount = $40::numeric))
   AND ($27::text IS NULL OR t.search_vector @@ $28::tsquery OR ($29::boolean AND t.search_text LIKE '%' || $27::text || '%') OR ($41::numeric IS NOT NULL AND t.group_id = $1 AND t.amount = $41::numeric)) AND ($6::boolean IS NOT NULL AND $8::real IS NOT NULL AND $12::boolean IS NOT NULL AND $14::real IS NOT NULL AND $18::boolean IS NOT NULL AND $20::real IS NOT NULL AND $24::boolean IS NOT NULL AND $26::real IS NOT NULL AND $30::boolean IS NOT NULL AND $32::real IS NOT NULL))
   OR ($34::boolean AND ($35::text[] IS NULL AND false)))
   -- not in the index's order: the indexes of the words, not a walk through every older row
   ORDER BY t.date + 0 DESC, t.id DESC
   LIMIT $36::int),
c AS (SELECT * FROM recent UNION ALL (SELECT * FROM older LIMIT $36::int - (SELECT count(*) FROM recent)))
SELECT c.id, NULL::uuid AS parent_id, coalesce(c.description, '') AS title, c.amount::text AS body, NULL::text AS context,
       c.date::text AS date, CASE WHEN $34::boolean THEN 1
       ELSE round(((CASE WHEN $3::text IS NULL THEN 0 ELSE greatest(CASE WHEN ts_filter(c.search_vector, '{a}') @@ $4::tsquery THEN 1
            WHEN search_fold(c.description) ~ $7::text THEN 0.6
            WHEN $5::boolean AND strpos(search_fold(c.description), $3::text) > 0 THEN 0.4
            WHEN $6::boolean AND strict_word_similarity($3::text, search_fold(c.description)) >= $8::real THEN 0.25 ELSE 0 END,
        0.5 * (CASE WHEN ts_filter(c.search_vector, '{b}') @@ $4::tsquery THEN 1
            WHEN c.search_text ~ $7::text THEN 0.6
            WHEN $5::boolean AND strpos(c.search_text, $3::text) > 0 THEN 0.4
            WHEN $6::boolean AND strict_word_similarity($3::text, c.search_text) >= $8::real THEN 0.25 ELSE 0 END),
        CASE WHEN c.amount = $37::numeric THEN 1 ELSE 0 END) END
     + CASE WHEN $9::text IS NULL THEN 0 ELSE greatest(CASE WHEN ts_filter(c.search_vector, '{a}') @@ $10::tsquery THEN 1
            WHEN search_fold(c.description) ~ $13::text THEN 0.6
            WHEN $11::boolean AND strpos(search_fold(c.description), $9::text) > 0 THEN 0.4
            WHEN $12::boolean AND strict_word_similarity($9::text, search_fold(c.description)) >= $14::real THEN 0.25 ELSE 0 END,
        0.5 * (CASE WHEN ts_filter(c.search_vector, '{b}') @@ $10::tsquery THEN 1
            WHEN c.search_text ~ $13::text THEN 0.6
            WHEN $11::boolean AND strpos(c.search_text, $9::text) > 0 THEN 0.4
            WHEN $12::boolean AND strict_word_similarity($9::text, c.search_text) >= $14::real THEN 0.25 ELSE 0 END),
        CASE WHEN c.amount = $38::numeric THEN 1 ELSE 0 END) END
     + CASE WHEN $15::text IS NULL THEN 0 ELSE greatest(CASE WHEN ts_filter(c.search_vector, '{a}') @@ $16::tsquery THEN 1
            WHEN search_fold(c.description) ~ $19::text THEN 0.6
            WHEN $17::boolean AND strpos(search_fold(c.description), $15::text) > 0 THEN 0.4
            WHEN $18::boolean AND strict_word_similarity($15::text, search_fold(c.description)) >= $20::real THEN 0.25 ELSE 0 END,
        0.5 * (CASE WHEN ts_filter(c.search_vector, '{b}') @@ $16::tsquery THEN 1
            WHEN c.search_text ~ $19::text THEN 0.6
            WHEN $17::boolean AND strpos(c.search_text, $15::text) > 0 THEN 0.4
            WHEN $18::boolean AND strict_word_similarity($15::text, c.search_text) >= $20::real THEN 0.25 ELSE 0 END),
        CASE WHEN c.amount = $39::numeric THEN 1 ELSE 0 END) END
     + CASE WHEN $21::text IS NULL THEN 0 ELSE greatest(CASE WHEN ts_filter(c.search_vector, '{a}') @@ $22::tsquery THEN 1
            WHEN search_fold(c.description) ~ $25::text THEN 0.6
            WHEN $23::boolean AND strpos(search_fold(c.description), $21::text) > 0 THEN 0.4
            WHEN $24::boolean AND strict_word_similarity($21::text, search_fold(c.description)) >= $26::real THEN 0.25 ELSE 0 END,
        0.5 * (CASE WHEN ts_filter(c.search_vector, '{b}') @@ $22::tsquery THEN 1
            WHEN c.search_text ~ $25::text THEN 0.6
            WHEN $23::boolean AND strpos(c.search_text, $21::text) > 0 THEN 0.4
            WHEN $24::boolean AND strict_word_similarity($21::text, c.search_text) >= $26::real THEN 0.25 ELSE 0 END),
        CASE WHEN c.amount = $40::numeric THEN 1 ELSE 0 END) END
     + CASE WHEN $27::text IS NULL THEN 0 ELSE greatest(CASE WHEN ts_filter(c.search_vector, '{a}') @@ $28::tsquery THEN 1
            WHEN search_fold(c.description) ~ $31::text THEN 0.6
            WHEN $29::boolean AND strpos(search_fold(c.description), $27::text) > 0 THEN 0.4
            WHEN $30::boolean AND strict_word_similarity($27::text, search_fold(c.description)) >= $32::real THEN 0.25 ELSE 0 END,
        0.5 * (CASE WHEN ts_filter(c.search_vector, '{b}') @@ $28::tsquery THEN 1
            WHEN c.search_text ~ $31::text THEN 0.6
            WHEN $29::boolean AND strpos(c.search_text, $27::text) > 0 THEN 0.4
            WHEN $30::boolean AND strict_word_similarity($27::text, c.search_text) >= $32::real THEN 0.25 ELSE 0 END),
        CASE WHEN c.amount = $41::numeric THEN 1 ELSE 0 END) END) / greatest($33::int, 1))::numeric, 3) END AS score,
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
  t.recurring_transaction_id AS "recurringTransactionId", t.created_by_id AS "createdById", to_char(t.created_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdDate", t.split FROM transactions t WHERE t.id = $1 AND t.group_id = $2;

-- budget_transaction_create
WITH t AS (
  INSERT INTO transactions (id, group_id, type, amount, date, description, category_id, budget_account_id, target_budget_account_id,
                            recurring_transaction_id, occurrence_date, import_ref, created_by_id, split)
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, NULL, NULL, NULL, $10, $11::jsonb)
  RETURNING id, group_id, created_date
), history AS (
  INSERT INTO action_histories (id, group_id, admin_only, private_to_user_id, entity_type, entity_id, parent_id, action, changes,
                                user_id, user_nickname, entity_label, parent_label)
  SELECT $12::uuid, t.group_id, $13::boolean, $14::uuid, $15::varchar, t.id, $16::uuid, 'Created', $17::jsonb,
         $18::uuid, $19::varchar, $20::varchar, $21::varchar FROM t
)
SELECT to_char(t.created_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_date FROM t;

-- budget_transaction_create_facts
WITH source AS (
  SELECT COALESCE($2::uuid, (SELECT id FROM budget_accounts WHERE group_id = $1 AND is_default)) AS id
), settings AS (
  SELECT shared_by_default, mode, weights FROM split_settings WHERE $6::boolean AND group_id = $1
), named AS (
  SELECT unnest($5::uuid[]) AS id
  UNION
  SELECT (w->>'userId')::uuid FROM settings s CROSS JOIN LATERAL jsonb_array_elements(s.weights) w WHERE s.shared_by_default
)
SELECT s.id AS source_id,
       COALESCE(a.ids, '{}') AS account_ids, COALESCE(a.disabled, '{}') AS account_disabled,
       c.id IS NOT NULL AS category_found, c.name AS category_name,
       st.shared_by_default, st.mode, st.weights,
       ARRAY(SELECT n.id FROM named n
              WHERE EXISTS (SELECT 1 FROM users u WHERE u.id = n.id AND u.group_id = $1 AND u.status = 'Active')
                 OR EXISTS (SELECT 1 FROM member_day_balances b WHERE b.group_id = $1 AND b.user_id = n.id)) AS members
  FROM source s
  CROSS JOIN LATERAL (SELECT array_agg(a.id) AS ids, array_agg(a.is_disabled) AS disabled
                        FROM budget_accounts a WHERE a.group_id = $1 AND a.id IN (s.id, $3::uuid)) a
  LEFT JOIN categories c ON c.id = $4::uuid AND c.group_id = $1
  LEFT JOIN settings st ON true;

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
  t.recurring_transaction_id AS "recurringTransactionId", t.created_by_id AS "createdById", to_char(t.created_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdDate", t.split
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
  t.recurring_transaction_id AS "recurringTransactionId", t.created_by_id AS "createdById", to_char(t.created_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdDate", t.split
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
  t.recurring_transaction_id AS "recurringTransactionId", t.created_by_id AS "createdById", to_char(t.created_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdDate", t.split
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
  t.recurring_transaction_id AS "recurringTransactionId", t.created_by_id AS "createdById", to_char(t.created_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdDate", t.split
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
  t.recurring_transaction_id AS "recurringTransactionId", t.created_by_id AS "createdById", to_char(t.created_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdDate", t.split
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
  t.recurring_transaction_id AS "recurringTransactionId", t.created_by_id AS "createdById", to_char(t.created_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdDate", t.split
       FROM (SELECT id, date AS k
               FROM (SELECT id, date FROM transactions WHERE group_id = $1 AND date >= COALESCE($2::date, '-infinity') AND date <= COALESCE($3::date, 'infinity') AND ($4::varchar IS NULL OR type = $4::varchar) AND date <= (SELECT date FROM anchor) ORDER BY date DESC, id DESC LIMIT (SELECT skip FROM anchor) + $6::int) r
              ORDER BY date DESC, id DESC
              LIMIT $6::int OFFSET (SELECT skip FROM anchor)) p
       JOIN transactions t ON t.id = p.id
      ORDER BY p.k DESC, p.id DESC;

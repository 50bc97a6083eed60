-- TRANSACTIONS_PAGE_BY_AMOUNT_SQL.account.ASC
SELECT t.id, t.type, t.amount, t.date::text AS date, t.description, t.category_id AS "categoryId",
  t.budget_account_id AS "budgetAccountId", t.target_budget_account_id AS "targetBudgetAccountId",
  t.recurring_transaction_id AS "recurringTransactionId", t.created_by_id AS "createdById", to_char(t.created_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdDate"
       FROM (SELECT id, amount AS k FROM transactions
              WHERE group_id = $7::uuid AND (budget_account_id = $1 OR target_budget_account_id = $1) AND ($2::date IS NULL OR date >= $2::date) AND ($3::date IS NULL OR date <= $3::date) AND ($4::varchar IS NULL OR type = $4::varchar)
              ORDER BY amount ASC, id ASC LIMIT $6::int OFFSET $5::bigint) p
       JOIN transactions t ON t.id = p.id
      ORDER BY p.k ASC, p.id ASC;

-- TRANSACTIONS_PAGE_BY_AMOUNT_SQL.account.DESC
SELECT t.id, t.type, t.amount, t.date::text AS date, t.description, t.category_id AS "categoryId",
  t.budget_account_id AS "budgetAccountId", t.target_budget_account_id AS "targetBudgetAccountId",
  t.recurring_transaction_id AS "recurringTransactionId", t.created_by_id AS "createdById", to_char(t.created_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdDate"
       FROM (SELECT id, amount AS k FROM transactions
              WHERE group_id = $7::uuid AND (budget_account_id = $1 OR target_budget_account_id = $1) AND ($2::date IS NULL OR date >= $2::date) AND ($3::date IS NULL OR date <= $3::date) AND ($4::varchar IS NULL OR type = $4::varchar)
              ORDER BY amount DESC, id DESC LIMIT $6::int OFFSET $5::bigint) p
       JOIN transactions t ON t.id = p.id
      ORDER BY p.k DESC, p.id DESC;

-- TRANSACTIONS_PAGE_BY_AMOUNT_SQL.category.ASC
SELECT t.id, t.type, t.amount, t.date::text AS date, t.description, t.category_id AS "categoryId",
  t.budget_account_id AS "budgetAccountId", t.target_budget_account_id AS "targetBudgetAccountId",
  t.recurring_transaction_id AS "recurringTransactionId", t.created_by_id AS "createdById", to_char(t.created_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdDate"
       FROM (SELECT id, amount AS k FROM transactions
              WHERE group_id = $7::uuid AND category_id = $1 AND ($2::date IS NULL OR date >= $2::date) AND ($3::date IS NULL OR date <= $3::date) AND ($4::varchar IS NULL OR type = $4::varchar)
              ORDER BY amount ASC, id ASC LIMIT $6::int OFFSET $5::bigint) p
       JOIN transactions t ON t.id = p.id
      ORDER BY p.k ASC, p.id ASC;

-- TRANSACTIONS_PAGE_BY_AMOUNT_SQL.category.DESC
SELECT t.id, t.type, t.amount, t.date::text AS date, t.description, t.category_id AS "categoryId",
  t.budget_account_id AS "budgetAccountId", t.target_budget_account_id AS "targetBudgetAccountId",
  t.recurring_transaction_id AS "recurringTransactionId", t.created_by_id AS "createdById", to_char(t.created_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdDate"
       FROM (SELECT id, amount AS k FROM transactions
              WHERE group_id = $7::uuid AND category_id = $1 AND ($2::date IS NULL OR date >= $2::date) AND ($3::date IS NULL OR date <= $3::date) AND ($4::varchar IS NULL OR type = $4::varchar)
              ORDER BY amount DESC, id DESC LIMIT $6::int OFFSET $5::bigint) p
       JOIN transactions t ON t.id = p.id
      ORDER BY p.k DESC, p.id DESC;

-- TRANSACTIONS_PAGE_BY_AMOUNT_SQL.group.ASC
SELECT t.id, t.type, t.amount, t.date::text AS date, t.description, t.category_id AS "categoryId",
  t.budget_account_id AS "budgetAccountId", t.target_budget_account_id AS "targetBudgetAccountId",
  t.recurring_transaction_id AS "recurringTransactionId", t.created_by_id AS "createdById", to_char(t.created_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdDate"
       FROM (SELECT id, amount AS k FROM transactions
              WHERE group_id = $7::uuid AND group_id = $1 AND ($2::date IS NULL OR date >= $2::date) AND ($3::date IS NULL OR date <= $3::date) AND ($4::varchar IS NULL OR type = $4::varchar)
              ORDER BY amount ASC, id ASC LIMIT $6::int OFFSET $5::bigint) p
       JOIN transactions t ON t.id = p.id
      ORDER BY p.k ASC, p.id ASC;

-- TRANSACTIONS_PAGE_BY_AMOUNT_SQL.group.DESC
SELECT t.id, t.type, t.amount, t.date::text AS date, t.description, t.category_id AS "categoryId",
  t.budget_account_id AS "budgetAccountId", t.target_budget_account_id AS "targetBudgetAccountId",
  t.recurring_transaction_id AS "recurringTransactionId", t.created_by_id AS "createdById", to_char(t.created_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdDate"
       FROM (SELECT id, amount AS k FROM transactions
              WHERE group_id = $7::uuid AND group_id = $1 AND ($2::date IS NULL OR date >= $2::date) AND ($3::date IS NULL OR date <= $3::date) AND ($4::varchar IS NULL OR type = $4::varchar)
              ORDER BY amount DESC, id DESC LIMIT $6::int OFFSET $5::bigint) p
       JOIN transactions t ON t.id = p.id
      ORDER BY p.k DESC, p.id DESC;

-- budget_account_in_group
SELECT 1 FROM budget_accounts WHERE id = $1 AND group_id = $2;

-- budget_category_in_group
SELECT 1 FROM categories WHERE id = $1 AND group_id = $2;

-- budget_transaction_by_id
SELECT t.id, t.type, t.amount, t.date::text AS date, t.description, t.category_id AS "categoryId",
  t.budget_account_id AS "budgetAccountId", t.target_budget_account_id AS "targetBudgetAccountId",
  t.recurring_transaction_id AS "recurringTransactionId", t.created_by_id AS "createdById", to_char(t.created_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdDate" FROM transactions t WHERE t.id = $1 AND t.group_id = $2;

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
  t.recurring_transaction_id AS "recurringTransactionId", t.created_by_id AS "createdById", to_char(t.created_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdDate"
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
  t.recurring_transaction_id AS "recurringTransactionId", t.created_by_id AS "createdById", to_char(t.created_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdDate"
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
  t.recurring_transaction_id AS "recurringTransactionId", t.created_by_id AS "createdById", to_char(t.created_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdDate"
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
  t.recurring_transaction_id AS "recurringTransactionId", t.created_by_id AS "createdById", to_char(t.created_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdDate"
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
  t.recurring_transaction_id AS "recurringTransactionId", t.created_by_id AS "createdById", to_char(t.created_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdDate"
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
  t.recurring_transaction_id AS "recurringTransactionId", t.created_by_id AS "createdById", to_char(t.created_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdDate"
       FROM (SELECT id, date AS k
               FROM (SELECT id, date FROM transactions WHERE group_id = $1 AND date >= COALESCE($2::date, '-infinity') AND date <= COALESCE($3::date, 'infinity') AND ($4::varchar IS NULL OR type = $4::varchar) AND date <= (SELECT date FROM anchor) ORDER BY date DESC, id DESC LIMIT (SELECT skip FROM anchor) + $6::int) r
              ORDER BY date DESC, id DESC
              LIMIT $6::int OFFSET (SELECT skip FROM anchor)) p
       JOIN transactions t ON t.id = p.id
      ORDER BY p.k DESC, p.id DESC;

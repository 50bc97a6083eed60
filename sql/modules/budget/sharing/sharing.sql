-- budget_balance_explain_count
SELECT CASE WHEN cardinality($2::uuid[]) = 1
               THEN (SELECT count(*) FROM transaction_shares WHERE group_id = $1 AND user_id = ($2::uuid[])[1] AND date >= COALESCE($3::date, '-infinity') AND date <= COALESCE($4::date, 'infinity'))
               ELSE (SELECT count(DISTINCT transaction_id) FROM transaction_shares WHERE group_id = $1 AND user_id = ANY($2::uuid[]) AND date >= COALESCE($3::date, '-infinity') AND date <= COALESCE($4::date, 'infinity'))
          END::int
        + (SELECT count(*) FROM settlements s WHERE s.group_id = $1 AND date >= COALESCE($3::date, '-infinity') AND date <= COALESCE($4::date, 'infinity')
      AND (s.from_user_id = ANY($2::uuid[]) OR s.to_user_id = ANY($2::uuid[]))
      AND (s.from_user_id = ANY($2::uuid[])) <> (s.to_user_id = ANY($2::uuid[])))::int AS total;

-- budget_balance_explain_page
WITH page AS (
  SELECT kind, id, date FROM (
    SELECT DISTINCT 'Transaction' AS kind, c.transaction_id AS id, c.date
      FROM unnest($2::uuid[]) AS u(id)
      CROSS JOIN LATERAL (
        SELECT transaction_id, date FROM transaction_shares
         WHERE group_id = $1 AND user_id = u.id AND date >= COALESCE($3::date, '-infinity') AND date <= COALESCE($4::date, 'infinity')
         ORDER BY date DESC, transaction_id DESC LIMIT $5::bigint + $6::bigint) c
    UNION ALL
    (SELECT 'Settlement', s.id, s.date FROM settlements s WHERE s.group_id = $1 AND date >= COALESCE($3::date, '-infinity') AND date <= COALESCE($4::date, 'infinity')
      AND (s.from_user_id = ANY($2::uuid[]) OR s.to_user_id = ANY($2::uuid[]))
      AND (s.from_user_id = ANY($2::uuid[])) <> (s.to_user_id = ANY($2::uuid[]))
      ORDER BY s.date DESC, s.id DESC LIMIT $5::bigint + $6::bigint)) k
  ORDER BY date DESC, id DESC OFFSET $5 LIMIT $6)
   SELECT e.kind, e.id, e.date::text AS date, e.type, e.amount, e.description, e.category_id AS "categoryId", e.from_user_id AS "fromUserId",
          e.to_user_id AS "toUserId", e.paid::text AS paid, e.share::text AS share, e.effect::text AS effect
     FROM (
       SELECT p.kind, t.id, t.date, t.type, t.amount, t.description, t.category_id, NULL::uuid AS from_user_id, NULL::uuid AS to_user_id,
              x.paid, x.share, CASE WHEN t.type = 'Income' THEN x.share - x.paid ELSE x.paid - x.share END AS effect
         FROM page p
         JOIN transactions t ON t.id = p.id
         CROSS JOIN LATERAL (SELECT SUM(paid) AS paid, SUM(share) AS share FROM transaction_shares
                              WHERE transaction_id = p.id AND user_id = ANY($2::uuid[])) x
        WHERE p.kind = 'Transaction'
       UNION ALL
       SELECT p.kind, s.id, s.date, 'Settlement', s.amount, s.note, NULL, s.from_user_id, s.to_user_id, 0.00, 0.00,
              CASE WHEN s.from_user_id = ANY($2::uuid[]) THEN s.amount ELSE -s.amount END
         FROM page p JOIN settlements s ON s.id = p.id
        WHERE p.kind = 'Settlement') e
    ORDER BY e.date DESC, e.id DESC;

-- budget_member_totals
SELECT user_id AS "userId", SUM(paid)::text AS paid, SUM(share)::text AS share, SUM(sent)::text AS sent, SUM(received)::text AS received
     FROM member_day_balances WHERE group_id = $1 AND date >= COALESCE($2::date, '-infinity') AND date <= COALESCE($3::date, 'infinity')
    GROUP BY user_id;

-- budget_members_with_rows
SELECT u.id FROM unnest($2::uuid[]) AS u(id)
    WHERE EXISTS (SELECT 1 FROM member_day_balances b WHERE b.group_id = $1 AND b.user_id = u.id);

-- budget_settlement_anywhere
SELECT s.id, s.from_user_id AS "fromUserId", s.to_user_id AS "toUserId", s.amount, s.date::text AS date, s.note,
  s.created_by_id AS "createdBy", to_char(s.created_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdDate", s.original, s.group_id AS "groupId" FROM settlements s WHERE s.id = $1;

-- budget_settlement_by_id
SELECT s.id, s.from_user_id AS "fromUserId", s.to_user_id AS "toUserId", s.amount, s.date::text AS date, s.note,
  s.created_by_id AS "createdBy", to_char(s.created_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdDate", s.original FROM settlements s WHERE s.id = $1 AND s.group_id = $2;

-- budget_settlements_count
SELECT count(*)::int AS total FROM settlements s WHERE s.group_id = $1 AND date >= COALESCE($2::date, '-infinity') AND date <= COALESCE($3::date, 'infinity') AND ($4::uuid IS NULL OR s.from_user_id = $4::uuid OR s.to_user_id = $4::uuid);

-- budget_settlements_page
SELECT s.id, s.from_user_id AS "fromUserId", s.to_user_id AS "toUserId", s.amount, s.date::text AS date, s.note,
  s.created_by_id AS "createdBy", to_char(s.created_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdDate", s.original FROM settlements s WHERE s.group_id = $1 AND date >= COALESCE($2::date, '-infinity') AND date <= COALESCE($3::date, 'infinity') AND ($4::uuid IS NULL OR s.from_user_id = $4::uuid OR s.to_user_id = $4::uuid) ORDER BY s.date DESC, s.created_date DESC, s.id DESC OFFSET $5 LIMIT $6;

-- budget_sharing_check_balances
SELECT to_jsonb(d) AS row FROM (
    SELECT COALESCE(k.group_id, f.group_id) AS group_id, COALESCE(k.user_id, f.user_id) AS user_id, COALESCE(k.date, f.date) AS date,
           k.paid AS kept_paid, f.paid AS fresh_paid, k.share AS kept_share, f.share AS fresh_share, k.sent AS kept_sent, f.sent AS fresh_sent, k.received AS kept_received, f.received AS fresh_received
      FROM (SELECT * FROM member_day_balances WHERE group_id = $1) k FULL JOIN (
  SELECT group_id, user_id, date, SUM(paid) AS paid, SUM(share) AS share, SUM(sent) AS sent, SUM(received) AS received FROM (
    SELECT group_id, user_id, date, CASE WHEN type = 'Income' THEN -paid ELSE paid END AS paid,
           CASE WHEN type = 'Income' THEN -share ELSE share END AS share, 0 AS sent, 0 AS received FROM transaction_shares WHERE group_id = $1
    UNION ALL SELECT group_id, from_user_id, date, 0, 0, amount, 0 FROM settlements WHERE group_id = $1
    UNION ALL SELECT group_id, to_user_id, date, 0, 0, 0, amount FROM settlements WHERE group_id = $1) r
   GROUP BY group_id, user_id, date) f ON k.group_id = f.group_id AND k.user_id = f.user_id AND k.date = f.date
     WHERE (f.group_id IS NULL AND (k.paid <> 0 OR k.share <> 0 OR k.sent <> 0 OR k.received <> 0)) OR (f.group_id IS NOT NULL AND (k.paid IS DISTINCT FROM f.paid OR k.share IS DISTINCT FROM f.share OR k.sent IS DISTINCT FROM f.sent OR k.received IS DISTINCT FROM f.received))) d;

-- budget_sharing_check_groups
SELECT id FROM groups ORDER BY id;

-- budget_sharing_check_shares
SELECT to_jsonb(d) AS row FROM (
    SELECT COALESCE(k.transaction_id, f.transaction_id) AS transaction_id, COALESCE(k.user_id, f.user_id) AS user_id,
           k.group_id AS kept_group_id, f.group_id AS fresh_group_id, k.date AS kept_date, f.date AS fresh_date, k.type AS kept_type, f.type AS fresh_type, k.budget_account_id AS kept_budget_account_id, f.budget_account_id AS fresh_budget_account_id, k.category_id AS kept_category_id, f.category_id AS fresh_category_id, k.paid AS kept_paid, f.paid AS fresh_paid, k.share AS kept_share, f.share AS fresh_share
      FROM (SELECT * FROM transaction_shares WHERE group_id = $1) k FULL JOIN (
  SELECT t.id AS transaction_id, p.user_id, t.group_id, t.date, t.type, t.budget_account_id, t.category_id,
         SUM(p.paid) AS paid, SUM(p.share) AS share
    FROM transactions t
    CROSS JOIN LATERAL (
      SELECT (e->>'userId')::uuid AS user_id, (e->>'amount')::numeric AS paid, 0::numeric AS share FROM jsonb_array_elements(t.split->'paidBy') e
      UNION ALL
      SELECT (e->>'userId')::uuid, 0::numeric, (e->>'amount')::numeric FROM jsonb_array_elements(t.split->'owed') e) p
   WHERE t.group_id = $1 AND t.split IS NOT NULL
   GROUP BY t.id, p.user_id) f ON k.transaction_id = f.transaction_id AND k.user_id = f.user_id
     WHERE k.group_id IS DISTINCT FROM f.group_id OR k.date IS DISTINCT FROM f.date OR k.type IS DISTINCT FROM f.type OR k.budget_account_id IS DISTINCT FROM f.budget_account_id OR k.category_id IS DISTINCT FROM f.category_id OR k.paid IS DISTINCT FROM f.paid OR k.share IS DISTINCT FROM f.share) d;

-- budget_sharing_check_sums
SELECT to_jsonb(d) AS row FROM (
    SELECT COALESCE(k.group_id, f.group_id) AS group_id, COALESCE(k.date, f.date) AS date, COALESCE(k.user_id, f.user_id) AS user_id, COALESCE(k.budget_account_id, f.budget_account_id) AS budget_account_id, COALESCE(k.category_id, f.category_id) AS category_id, COALESCE(k.type, f.type) AS type,
           k.paid AS kept_paid, f.paid AS fresh_paid, k.share AS kept_share, f.share AS fresh_share, k.count AS kept_count, f.count AS fresh_count
      FROM (SELECT * FROM member_day_sums WHERE group_id = $1) k FULL JOIN (
  SELECT group_id, date, user_id, budget_account_id, category_id, type, SUM(paid) AS paid, SUM(share) AS share, count(*)::int AS count
    FROM transaction_shares WHERE group_id = $1 GROUP BY group_id, date, user_id, budget_account_id, category_id, type) f ON k.group_id = f.group_id AND k.date = f.date AND k.user_id = f.user_id AND k.budget_account_id = f.budget_account_id AND k.category_id = f.category_id AND k.type = f.type
     WHERE (f.group_id IS NULL AND (k.paid <> 0 OR k.share <> 0 OR k.count <> 0)) OR (f.group_id IS NOT NULL AND (k.paid IS DISTINCT FROM f.paid OR k.share IS DISTINCT FROM f.share OR k.count IS DISTINCT FROM f.count))) d;

-- budget_sharing_group_lock
SELECT pg_advisory_xact_lock(hashtextextended('sharing:' || $1::text, 0));

-- budget_sharing_repair_balances
WITH d AS (
    SELECT COALESCE(k.group_id, f.group_id) AS group_id, COALESCE(k.user_id, f.user_id) AS user_id, COALESCE(k.date, f.date) AS date,
           k.paid AS kept_paid, f.paid AS fresh_paid, k.share AS kept_share, f.share AS fresh_share, k.sent AS kept_sent, f.sent AS fresh_sent, k.received AS kept_received, f.received AS fresh_received
      FROM (SELECT * FROM member_day_balances WHERE group_id = $1) k FULL JOIN (
  SELECT group_id, user_id, date, SUM(paid) AS paid, SUM(share) AS share, SUM(sent) AS sent, SUM(received) AS received FROM (
    SELECT group_id, user_id, date, CASE WHEN type = 'Income' THEN -paid ELSE paid END AS paid,
           CASE WHEN type = 'Income' THEN -share ELSE share END AS share, 0 AS sent, 0 AS received FROM transaction_shares WHERE group_id = $1
    UNION ALL SELECT group_id, from_user_id, date, 0, 0, amount, 0 FROM settlements WHERE group_id = $1
    UNION ALL SELECT group_id, to_user_id, date, 0, 0, 0, amount FROM settlements WHERE group_id = $1) r
   GROUP BY group_id, user_id, date) f ON k.group_id = f.group_id AND k.user_id = f.user_id AND k.date = f.date
     WHERE (f.group_id IS NULL AND (k.paid <> 0 OR k.share <> 0 OR k.sent <> 0 OR k.received <> 0)) OR (f.group_id IS NOT NULL AND (k.paid IS DISTINCT FROM f.paid OR k.share IS DISTINCT FROM f.share OR k.sent IS DISTINCT FROM f.sent OR k.received IS DISTINCT FROM f.received)))
         INSERT INTO member_day_balances (group_id, user_id, date, paid, share, sent, received)
         SELECT group_id, user_id, date, COALESCE(fresh_paid, 0), COALESCE(fresh_share, 0), COALESCE(fresh_sent, 0), COALESCE(fresh_received, 0) FROM d
         ON CONFLICT (group_id, user_id, date) DO UPDATE SET paid = EXCLUDED.paid, share = EXCLUDED.share, sent = EXCLUDED.sent, received = EXCLUDED.received;

-- budget_sharing_repair_shares
WITH d AS (
    SELECT COALESCE(k.transaction_id, f.transaction_id) AS transaction_id, COALESCE(k.user_id, f.user_id) AS user_id,
           k.group_id AS kept_group_id, f.group_id AS fresh_group_id, k.date AS kept_date, f.date AS fresh_date, k.type AS kept_type, f.type AS fresh_type, k.budget_account_id AS kept_budget_account_id, f.budget_account_id AS fresh_budget_account_id, k.category_id AS kept_category_id, f.category_id AS fresh_category_id, k.paid AS kept_paid, f.paid AS fresh_paid, k.share AS kept_share, f.share AS fresh_share
      FROM (SELECT * FROM transaction_shares WHERE group_id = $1) k FULL JOIN (
  SELECT t.id AS transaction_id, p.user_id, t.group_id, t.date, t.type, t.budget_account_id, t.category_id,
         SUM(p.paid) AS paid, SUM(p.share) AS share
    FROM transactions t
    CROSS JOIN LATERAL (
      SELECT (e->>'userId')::uuid AS user_id, (e->>'amount')::numeric AS paid, 0::numeric AS share FROM jsonb_array_elements(t.split->'paidBy') e
      UNION ALL
      SELECT (e->>'userId')::uuid, 0::numeric, (e->>'amount')::numeric FROM jsonb_array_elements(t.split->'owed') e) p
   WHERE t.group_id = $1 AND t.split IS NOT NULL
   GROUP BY t.id, p.user_id) f ON k.transaction_id = f.transaction_id AND k.user_id = f.user_id
     WHERE k.group_id IS DISTINCT FROM f.group_id OR k.date IS DISTINCT FROM f.date OR k.type IS DISTINCT FROM f.type OR k.budget_account_id IS DISTINCT FROM f.budget_account_id OR k.category_id IS DISTINCT FROM f.category_id OR k.paid IS DISTINCT FROM f.paid OR k.share IS DISTINCT FROM f.share),
              gone AS (DELETE FROM transaction_shares k USING d WHERE k.transaction_id = d.transaction_id AND k.user_id = d.user_id AND d.fresh_group_id IS NULL)
         INSERT INTO transaction_shares (transaction_id, user_id, group_id, date, type, budget_account_id, category_id, paid, share)
         SELECT transaction_id, user_id, fresh_group_id, fresh_date, fresh_type, fresh_budget_account_id, fresh_category_id, fresh_paid, fresh_share FROM d WHERE fresh_group_id IS NOT NULL
         ON CONFLICT (transaction_id, user_id) DO UPDATE SET group_id = EXCLUDED.group_id, date = EXCLUDED.date, type = EXCLUDED.type, budget_account_id = EXCLUDED.budget_account_id, category_id = EXCLUDED.category_id, paid = EXCLUDED.paid, share = EXCLUDED.share;

-- budget_sharing_repair_sums
WITH d AS (
    SELECT COALESCE(k.group_id, f.group_id) AS group_id, COALESCE(k.date, f.date) AS date, COALESCE(k.user_id, f.user_id) AS user_id, COALESCE(k.budget_account_id, f.budget_account_id) AS budget_account_id, COALESCE(k.category_id, f.category_id) AS category_id, COALESCE(k.type, f.type) AS type,
           k.paid AS kept_paid, f.paid AS fresh_paid, k.share AS kept_share, f.share AS fresh_share, k.count AS kept_count, f.count AS fresh_count
      FROM (SELECT * FROM member_day_sums WHERE group_id = $1) k FULL JOIN (
  SELECT group_id, date, user_id, budget_account_id, category_id, type, SUM(paid) AS paid, SUM(share) AS share, count(*)::int AS count
    FROM transaction_shares WHERE group_id = $1 GROUP BY group_id, date, user_id, budget_account_id, category_id, type) f ON k.group_id = f.group_id AND k.date = f.date AND k.user_id = f.user_id AND k.budget_account_id = f.budget_account_id AND k.category_id = f.category_id AND k.type = f.type
     WHERE (f.group_id IS NULL AND (k.paid <> 0 OR k.share <> 0 OR k.count <> 0)) OR (f.group_id IS NOT NULL AND (k.paid IS DISTINCT FROM f.paid OR k.share IS DISTINCT FROM f.share OR k.count IS DISTINCT FROM f.count)))
         INSERT INTO member_day_sums (group_id, date, user_id, budget_account_id, category_id, type, paid, share, count)
         SELECT group_id, date, user_id, budget_account_id, category_id, type, COALESCE(fresh_paid, 0), COALESCE(fresh_share, 0), COALESCE(fresh_count, 0) FROM d
         ON CONFLICT (group_id, date, user_id, budget_account_id, category_id, type) DO UPDATE SET paid = EXCLUDED.paid, share = EXCLUDED.share, count = EXCLUDED.count;

-- budget_split_settings_of_group
SELECT id, shared_by_default AS "sharedByDefault", mode, weights, units FROM split_settings WHERE group_id = $1;

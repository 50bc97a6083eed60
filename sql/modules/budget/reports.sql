-- budget_report_categories
SELECT id, name, color, icon FROM categories WHERE group_id = $1 ORDER BY sort_order, id;

-- budget_report_member_monthly
SELECT CASE grouped WHEN 3 THEN 'total' WHEN 1 THEN 'category' ELSE 'bucket' END AS kind,
              category_id, bucket::text AS bucket, income, expense, income - expense AS net
         FROM (SELECT GROUPING(category_id, date) AS grouped, category_id, date AS bucket,
                      COALESCE(SUM(share) FILTER (WHERE type = 'Income'), 0.00) AS income,
                      COALESCE(SUM(share) FILTER (WHERE type = 'Expense'), 0.00) AS expense
                 FROM member_day_sums
                WHERE group_id = $1 AND date >= $2::date AND date < $3::date AND count > 0
                  AND ($4::uuid IS NULL OR budget_account_id = $4::uuid) AND user_id = $5::uuid
                GROUP BY GROUPING SETS ((), (category_id), (date))) rolled
       UNION ALL SELECT 'member', NULL::uuid, user_id::text, SUM(paid), SUM(share), NULL::numeric
         FROM member_day_sums
        WHERE group_id = $1 AND date >= $2::date AND date < $3::date AND type = 'Expense' AND count > 0
          AND ($4::uuid IS NULL OR budget_account_id = $4::uuid)
        GROUP BY user_id;

-- budget_report_member_yearly
SELECT CASE grouped WHEN 3 THEN 'total' WHEN 1 THEN 'category' ELSE 'bucket' END AS kind,
              category_id, bucket::text AS bucket, income, expense, income - expense AS net
         FROM (SELECT GROUPING(category_id, EXTRACT(MONTH FROM date)::int) AS grouped, category_id, EXTRACT(MONTH FROM date)::int AS bucket,
                      COALESCE(SUM(share) FILTER (WHERE type = 'Income'), 0.00) AS income,
                      COALESCE(SUM(share) FILTER (WHERE type = 'Expense'), 0.00) AS expense
                 FROM member_day_sums
                WHERE group_id = $1 AND date >= $2::date AND date < $3::date AND count > 0
                  AND ($4::uuid IS NULL OR budget_account_id = $4::uuid) AND user_id = $5::uuid
                GROUP BY GROUPING SETS ((), (category_id), (EXTRACT(MONTH FROM date)::int))) rolled
       UNION ALL SELECT 'member', NULL::uuid, user_id::text, SUM(paid), SUM(share), NULL::numeric
         FROM member_day_sums
        WHERE group_id = $1 AND date >= $2::date AND date < $3::date AND type = 'Expense' AND count > 0
          AND ($4::uuid IS NULL OR budget_account_id = $4::uuid)
        GROUP BY user_id;

-- budget_report_monthly
SELECT CASE grouped WHEN 3 THEN 'total' WHEN 1 THEN 'category' ELSE 'bucket' END AS kind,
              category_id, bucket::text AS bucket, income, expense, income - expense AS net
         FROM (SELECT GROUPING(category_id, date) AS grouped, category_id, date AS bucket,
                      COALESCE(SUM(amount) FILTER (WHERE type = 'Income'), 0.00) AS income,
                      COALESCE(SUM(amount) FILTER (WHERE type = 'Expense'), 0.00) AS expense
                 FROM transaction_day_sums
                WHERE group_id = $1 AND date >= $2::date AND date < $3::date AND count > 0
                  AND ($4::uuid IS NULL OR budget_account_id = $4::uuid)
                GROUP BY GROUPING SETS ((), (category_id), (date))) rolled
       UNION ALL SELECT 'member', NULL::uuid, user_id::text, SUM(paid), SUM(share), NULL::numeric
         FROM member_day_sums
        WHERE group_id = $1 AND date >= $2::date AND date < $3::date AND type = 'Expense' AND count > 0
          AND ($4::uuid IS NULL OR budget_account_id = $4::uuid)
        GROUP BY user_id;

-- budget_report_yearly
SELECT CASE grouped WHEN 3 THEN 'total' WHEN 1 THEN 'category' ELSE 'bucket' END AS kind,
              category_id, bucket::text AS bucket, income, expense, income - expense AS net
         FROM (SELECT GROUPING(category_id, EXTRACT(MONTH FROM date)::int) AS grouped, category_id, EXTRACT(MONTH FROM date)::int AS bucket,
                      COALESCE(SUM(amount) FILTER (WHERE type = 'Income'), 0.00) AS income,
                      COALESCE(SUM(amount) FILTER (WHERE type = 'Expense'), 0.00) AS expense
                 FROM transaction_day_sums
                WHERE group_id = $1 AND date >= $2::date AND date < $3::date AND count > 0
                  AND ($4::uuid IS NULL OR budget_account_id = $4::uuid)
                GROUP BY GROUPING SETS ((), (category_id), (EXTRACT(MONTH FROM date)::int))) rolled
       UNION ALL SELECT 'member', NULL::uuid, user_id::text, SUM(paid), SUM(share), NULL::numeric
         FROM member_day_sums
        WHERE group_id = $1 AND date >= $2::date AND date < $3::date AND type = 'Expense' AND count > 0
          AND ($4::uuid IS NULL OR budget_account_id = $4::uuid)
        GROUP BY user_id;

-- budget_report_monthly
WITH sums AS (
         SELECT category_id, date, type, SUM(amount) AS amount
           FROM transaction_day_sums
          WHERE group_id = $1 AND date >= $2::date AND date < $3::date AND count > 0
            AND ($4::uuid IS NULL OR budget_account_id = $4::uuid)
          GROUP BY category_id, date, type)
       SELECT CASE grouped WHEN 3 THEN 'total' WHEN 1 THEN 'category' ELSE 'bucket' END AS kind,
              rolled.category_id, c.name, c.color, c.icon, bucket::text AS bucket, income, expense, income - expense AS net
         FROM (SELECT GROUPING(category_id, date) AS grouped, category_id, date AS bucket,
                      COALESCE(SUM(amount) FILTER (WHERE type = 'Income'), 0.00) AS income,
                      COALESCE(SUM(amount) FILTER (WHERE type = 'Expense'), 0.00) AS expense
                 FROM sums
                GROUP BY GROUPING SETS ((), (category_id), (date))) rolled
         LEFT JOIN categories c ON c.id = rolled.category_id AND c.group_id = $1
        ORDER BY c.sort_order, c.id;

-- budget_report_yearly
WITH sums AS (
         SELECT category_id, date, type, SUM(amount) AS amount
           FROM transaction_day_sums
          WHERE group_id = $1 AND date >= $2::date AND date < $3::date AND count > 0
            AND ($4::uuid IS NULL OR budget_account_id = $4::uuid)
          GROUP BY category_id, date, type)
       SELECT CASE grouped WHEN 3 THEN 'total' WHEN 1 THEN 'category' ELSE 'bucket' END AS kind,
              rolled.category_id, c.name, c.color, c.icon, bucket::text AS bucket, income, expense, income - expense AS net
         FROM (SELECT GROUPING(category_id, EXTRACT(MONTH FROM date)::int) AS grouped, category_id, EXTRACT(MONTH FROM date)::int AS bucket,
                      COALESCE(SUM(amount) FILTER (WHERE type = 'Income'), 0.00) AS income,
                      COALESCE(SUM(amount) FILTER (WHERE type = 'Expense'), 0.00) AS expense
                 FROM sums
                GROUP BY GROUPING SETS ((), (category_id), (EXTRACT(MONTH FROM date)::int))) rolled
         LEFT JOIN categories c ON c.id = rolled.category_id AND c.group_id = $1
        ORDER BY c.sort_order, c.id;

-- budget_categories_lock
SELECT pg_advisory_xact_lock(hashtextextended('categories:' || $1, 0));

-- budget_category_ids_in_group
SELECT id FROM categories WHERE group_id = $1 AND id = ANY($2::uuid[]);

-- budget_category_last_order
SELECT COALESCE(MAX(sort_order), 0) AS last FROM categories WHERE group_id = $1;

-- budget_category_name
SELECT name FROM categories WHERE id = $1;

-- budget_category_names_by_ids
SELECT id, name, color, icon FROM categories WHERE group_id = $1 AND id = ANY($2::uuid[]) ORDER BY sort_order, id;

-- budget_category_used
SELECT EXISTS (SELECT 1 FROM transactions WHERE category_id = $1)
       OR EXISTS (SELECT 1 FROM recurring_transactions WHERE category_id = $1) AS used;

-- budget_statement_import_insert
INSERT INTO statement_imports (id, group_id, budget_account_id, created_by_id, format, rows, expires_at)
   VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7);

-- budget_statement_import_live
SELECT id, group_id, budget_account_id, format, rows FROM statement_imports WHERE id = $1 AND group_id = $2 AND expires_at > $3;

-- budget_statement_import_lock
SELECT pg_advisory_xact_lock(hashtextextended('statement-imports:' || $1, 0));

-- budget_statement_import_mapping
SELECT mapping, date_format FROM statement_import_mappings WHERE budget_account_id = $1;

-- budget_statement_import_mapping_save
INSERT INTO statement_import_mappings (budget_account_id, mapping, date_format, updated_date) VALUES ($1, $2::jsonb, $3, now())
   ON CONFLICT (budget_account_id) DO UPDATE SET mapping = EXCLUDED.mapping, date_format = EXCLUDED.date_format, updated_date = now();

-- budget_statement_import_preview_lock
SELECT pg_advisory_xact_lock(hashtextextended('statement-previews:' || $1, 0));

-- budget_statement_imports_remove_expired
WITH removed AS (DELETE FROM statement_imports WHERE expires_at <= $1 RETURNING 1) SELECT count(*)::int AS n FROM removed;

-- budget_statement_imports_trim_group
DELETE FROM statement_imports WHERE id IN (
     SELECT id FROM statement_imports WHERE group_id = $1 ORDER BY expires_at DESC, id OFFSET $2);

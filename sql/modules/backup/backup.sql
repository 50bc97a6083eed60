-- backup_advance_calendar_seq
SELECT setval('calendar_change_seq', greatest(nextval('calendar_change_seq'), (SELECT coalesce(max(seq), 0) + 1 FROM calendar_changes)));

-- backup_constraints_from_or_to
SELECT conrelid::regclass::text AS "table", conname AS name, pg_get_constraintdef(oid) AS definition
     FROM pg_constraint WHERE contype = ANY($2::"char"[]) AND (conrelid IN (SELECT oid FROM pg_class WHERE relnamespace = 'public'::regnamespace AND relname = ANY($1)) OR confrelid IN (SELECT oid FROM pg_class WHERE relnamespace = 'public'::regnamespace AND relname = ANY($1))) ORDER BY conrelid::regclass::text, conname;

-- backup_constraints_of
SELECT conrelid::regclass::text AS "table", conname AS name, pg_get_constraintdef(oid) AS definition
     FROM pg_constraint WHERE contype = ANY($2::"char"[]) AND (conrelid IN (SELECT oid FROM pg_class WHERE relnamespace = 'public'::regnamespace AND relname = ANY($1))) ORDER BY conrelid::regclass::text, conname;

-- backup_count_users
SELECT count(*)::int AS n FROM users;

-- backup_foreign_key_edges
SELECT child.relname AS child, parent.relname AS parent
     FROM pg_constraint k
     JOIN pg_class child ON child.oid = k.conrelid
     JOIN pg_class parent ON parent.oid = k.confrelid
     JOIN pg_namespace n ON n.oid = child.relnamespace AND n.nspname = 'public'
    WHERE k.contype = 'f' AND child.oid <> parent.oid;

-- backup_forget_migration
DELETE FROM migrations WHERE name = $1;

-- backup_has_table
SELECT to_regclass($1) IS NOT NULL AS present;

-- backup_indexes_of
SELECT indexrelid::regclass::text AS name, pg_get_indexdef(indexrelid) AS definition
     FROM pg_index WHERE indrelid IN (SELECT oid FROM pg_class WHERE relnamespace = 'public'::regnamespace AND relname = ANY($1))
      AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = indexrelid AND k.conrelid = indrelid)
    ORDER BY 1;

-- backup_migrations
SELECT name FROM migrations ORDER BY "timestamp", id;

-- backup_record_migration
INSERT INTO migrations ("timestamp", name) VALUES ($1, $2);

-- backup_tables
SELECT c.relname AS table,
          array_agg(a.attname::text ORDER BY a.attnum) AS columns
     FROM pg_class c
     JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = 'public'
     JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
    WHERE c.relkind IN ('r', 'p') AND NOT (c.relname = ANY($1))
    GROUP BY c.relname ORDER BY c.relname;

-- calendar_import_insert
INSERT INTO calendar_imports (id, group_id, user_id, events) VALUES ($1, $2, $3, $4::jsonb) RETURNING created_date;

-- calendar_import_lock
SELECT i.id, i.events, i.committed_date FROM calendar_imports i WHERE i.group_id = $1 AND i.id = $2 AND i.created_date > $3 FOR UPDATE;

-- calendar_import_mark_committed
UPDATE calendar_imports SET committed_date = $2 WHERE id = $1;

-- calendar_imports_expire
DELETE FROM calendar_imports WHERE created_date <= $1;

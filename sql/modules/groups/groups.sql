-- group_id_by_name
SELECT id FROM groups WHERE lower(name) = lower($1);

-- groups_by_name
SELECT id, name, currency, modules, created_date AS "createdDate" FROM groups ORDER BY lower(name), id;

-- note_create
WITH n AS (
  INSERT INTO notes (id, group_id, title, content, color, icon, is_private, is_pinned, created_by)
  VALUES ($1, $2, $3, $4, $5, $6, $7, false, $8)
  ON CONFLICT (id) DO NOTHING
  RETURNING *
), history AS (
  INSERT INTO action_histories (id, group_id, admin_only, private_to_user_id, entity_type, entity_id, action, changes, user_id, user_nickname, entity_label)
  SELECT $9::uuid, n.group_id, false, $10::uuid, 'Note', n.id, 'Created', $11::jsonb, $12::uuid, $13::varchar, $14::varchar FROM n
)
SELECT n.id, n.title, n.content, n.color, n.icon, n.is_private, n.is_pinned, n.created_by,
       to_char(n.created_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_date, to_char(n.updated_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS updated_date, n.version FROM n;

-- note_item_creator
SELECT user_id FROM action_histories WHERE entity_id = $1 AND entity_type = 'NoteItem' AND action = 'Created' LIMIT 1;

-- note_items_count
SELECT count(*)::int AS count, max("order") FILTER (WHERE NOT is_completed) AS last_open
  FROM note_items WHERE note_id = $1;

-- note_items_shift
UPDATE note_items SET "order" = "order" + $3::int, updated_date = CURRENT_TIMESTAMP WHERE note_id = $1 AND "order" >= $2;

-- note_privacy
SELECT is_private, created_by, title FROM notes WHERE id = $1;

-- notes_list_createdDate_asc
SELECT n.id, n.title, n.content, n.color, n.icon, n.is_private, n.is_pinned, n.created_by,
       to_char(n.created_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_date, to_char(n.updated_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS updated_date, n.version
  FROM notes n
 WHERE n.group_id = $1 AND (n.is_private = false OR n.created_by = $2)
 ORDER BY n.is_pinned DESC, n.created_date ASC, n.id ASC;

-- notes_list_createdDate_desc
SELECT n.id, n.title, n.content, n.color, n.icon, n.is_private, n.is_pinned, n.created_by,
       to_char(n.created_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_date, to_char(n.updated_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS updated_date, n.version
  FROM notes n
 WHERE n.group_id = $1 AND (n.is_private = false OR n.created_by = $2)
 ORDER BY n.is_pinned DESC, n.created_date DESC, n.id DESC;

-- notes_list_items
SELECT i.note_id, i.id, i.text, i.url, i.is_completed, i."order", i.version
  FROM note_items i JOIN notes n ON n.id = i.note_id
 WHERE i.group_id = $1 AND n.group_id = $1 AND (n.is_private = false OR n.created_by = $2)
 ORDER BY i.note_id, i."order";

-- notes_list_title_asc
SELECT n.id, n.title, n.content, n.color, n.icon, n.is_private, n.is_pinned, n.created_by,
       to_char(n.created_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_date, to_char(n.updated_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS updated_date, n.version
  FROM notes n
 WHERE n.group_id = $1 AND (n.is_private = false OR n.created_by = $2)
 ORDER BY n.is_pinned DESC, lower(n.title) ASC, n.id ASC;

-- notes_list_title_desc
SELECT n.id, n.title, n.content, n.color, n.icon, n.is_private, n.is_pinned, n.created_by,
       to_char(n.created_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_date, to_char(n.updated_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS updated_date, n.version
  FROM notes n
 WHERE n.group_id = $1 AND (n.is_private = false OR n.created_by = $2)
 ORDER BY n.is_pinned DESC, lower(n.title) DESC, n.id DESC;

-- notes_list_updatedDate_asc
SELECT n.id, n.title, n.content, n.color, n.icon, n.is_private, n.is_pinned, n.created_by,
       to_char(n.created_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_date, to_char(n.updated_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS updated_date, n.version
  FROM notes n
 WHERE n.group_id = $1 AND (n.is_private = false OR n.created_by = $2)
 ORDER BY n.is_pinned DESC, n.updated_date ASC, n.id ASC;

-- notes_list_updatedDate_desc
SELECT n.id, n.title, n.content, n.color, n.icon, n.is_private, n.is_pinned, n.created_by,
       to_char(n.created_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_date, to_char(n.updated_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS updated_date, n.version
  FROM notes n
 WHERE n.group_id = $1 AND (n.is_private = false OR n.created_by = $2)
 ORDER BY n.is_pinned DESC, n.updated_date DESC, n.id DESC;

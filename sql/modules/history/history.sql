-- HISTORY_COUNT_SQL.admin
SELECT count(*)::int AS count
  FROM action_histories h
 WHERE (h.private_to_user_id IS NULL OR h.private_to_user_id = $1) AND NOT (h.entity_type = ANY($3::varchar[])) AND (h.group_id = $2 OR h.admin_only = true)
   AND ($4::varchar IS NULL OR h.entity_type = $4) AND ($5::uuid IS NULL OR h.entity_id = $5)
   AND ($6::uuid IS NULL OR h.user_id = $6) AND ($7::varchar IS NULL OR h.action = $7)
   AND ($8::timestamptz IS NULL OR h.created_date >= $8) AND ($9::timestamptz IS NULL OR h.created_date < $9);

-- HISTORY_COUNT_SQL.member
SELECT count(*)::int AS count
  FROM action_histories h
 WHERE (h.private_to_user_id IS NULL OR h.private_to_user_id = $1) AND NOT (h.entity_type = ANY($3::varchar[])) AND ((h.group_id = $2 AND h.admin_only = false))
   AND ($4::varchar IS NULL OR h.entity_type = $4) AND ($5::uuid IS NULL OR h.entity_id = $5)
   AND ($6::uuid IS NULL OR h.user_id = $6) AND ($7::varchar IS NULL OR h.action = $7)
   AND ($8::timestamptz IS NULL OR h.created_date >= $8) AND ($9::timestamptz IS NULL OR h.created_date < $9);

-- HISTORY_PAGE_SQL.admin
SELECT h.id, h.group_id AS "groupId", h.admin_only AS "adminOnly", h.private_to_user_id AS "privateToUserId", h.tx, h.seq,
       h.entity_type AS "entityType", h.entity_id AS "entityId", h.parent_id AS "parentId", h.action, h.changes,
       h.user_id AS "userId", h.user_nickname AS "userNickname", h.entity_label AS "entityLabel", h.parent_label AS "parentLabel",
       h.created_date AS "createdDate"
  FROM action_histories h
 WHERE (h.private_to_user_id IS NULL OR h.private_to_user_id = $1) AND NOT (h.entity_type = ANY($3::varchar[])) AND (h.group_id = $2 OR h.admin_only = true)
   AND ($4::varchar IS NULL OR h.entity_type = $4) AND ($5::uuid IS NULL OR h.entity_id = $5)
   AND ($6::uuid IS NULL OR h.user_id = $6) AND ($7::varchar IS NULL OR h.action = $7)
   AND ($8::timestamptz IS NULL OR h.created_date >= $8) AND ($9::timestamptz IS NULL OR h.created_date < $9)
 ORDER BY h.created_date DESC, h.id DESC
 LIMIT $10 OFFSET $11;

-- HISTORY_PAGE_SQL.member
SELECT h.id, h.group_id AS "groupId", h.admin_only AS "adminOnly", h.private_to_user_id AS "privateToUserId", h.tx, h.seq,
       h.entity_type AS "entityType", h.entity_id AS "entityId", h.parent_id AS "parentId", h.action, h.changes,
       h.user_id AS "userId", h.user_nickname AS "userNickname", h.entity_label AS "entityLabel", h.parent_label AS "parentLabel",
       h.created_date AS "createdDate"
  FROM action_histories h
 WHERE (h.private_to_user_id IS NULL OR h.private_to_user_id = $1) AND NOT (h.entity_type = ANY($3::varchar[])) AND ((h.group_id = $2 AND h.admin_only = false))
   AND ($4::varchar IS NULL OR h.entity_type = $4) AND ($5::uuid IS NULL OR h.entity_id = $5)
   AND ($6::uuid IS NULL OR h.user_id = $6) AND ($7::varchar IS NULL OR h.action = $7)
   AND ($8::timestamptz IS NULL OR h.created_date >= $8) AND ($9::timestamptz IS NULL OR h.created_date < $9)
 ORDER BY h.created_date DESC, h.id DESC
 LIMIT $10 OFFSET $11;

-- history_after_admin
SELECT h.* FROM (
(SELECT h.id, h.group_id AS "groupId", h.admin_only AS "adminOnly", h.private_to_user_id AS "privateToUserId", h.tx, h.seq,
       h.entity_type AS "entityType", h.entity_id AS "entityId", h.parent_id AS "parentId", h.action, h.changes,
       h.user_id AS "userId", h.user_nickname AS "userNickname", h.entity_label AS "entityLabel", h.parent_label AS "parentLabel",
       h.created_date AS "createdDate"
  FROM action_histories h
 WHERE h.group_id = $2 AND (h.tx, h.seq) > ($4::bigint, $5::bigint)
   AND (h.private_to_user_id IS NULL OR h.private_to_user_id = $1) AND NOT (h.entity_type = ANY($3::varchar[]))
 ORDER BY h.tx, h.seq
 LIMIT $6)
UNION ALL
(SELECT h.id, h.group_id AS "groupId", h.admin_only AS "adminOnly", h.private_to_user_id AS "privateToUserId", h.tx, h.seq,
       h.entity_type AS "entityType", h.entity_id AS "entityId", h.parent_id AS "parentId", h.action, h.changes,
       h.user_id AS "userId", h.user_nickname AS "userNickname", h.entity_label AS "entityLabel", h.parent_label AS "parentLabel",
       h.created_date AS "createdDate"
  FROM action_histories h
 WHERE h.admin_only = true AND h.group_id IS DISTINCT FROM $2 AND (h.tx, h.seq) > ($4::bigint, $5::bigint)
   AND (h.private_to_user_id IS NULL OR h.private_to_user_id = $1) AND NOT (h.entity_type = ANY($3::varchar[]))
 ORDER BY h.tx, h.seq
 LIMIT $6)) h
 ORDER BY h.tx, h.seq
 LIMIT $6;

-- history_after_member
SELECT h.* FROM (
(SELECT h.id, h.group_id AS "groupId", h.admin_only AS "adminOnly", h.private_to_user_id AS "privateToUserId", h.tx, h.seq,
       h.entity_type AS "entityType", h.entity_id AS "entityId", h.parent_id AS "parentId", h.action, h.changes,
       h.user_id AS "userId", h.user_nickname AS "userNickname", h.entity_label AS "entityLabel", h.parent_label AS "parentLabel",
       h.created_date AS "createdDate"
  FROM action_histories h
 WHERE h.group_id = $2 AND h.admin_only = false AND (h.tx, h.seq) > ($4::bigint, $5::bigint)
   AND (h.private_to_user_id IS NULL OR h.private_to_user_id = $1) AND NOT (h.entity_type = ANY($3::varchar[]))
 ORDER BY h.tx, h.seq
 LIMIT $6)
UNION ALL
(SELECT h.id, h.group_id AS "groupId", h.admin_only AS "adminOnly", h.private_to_user_id AS "privateToUserId", h.tx, h.seq,
       h.entity_type AS "entityType", h.entity_id AS "entityId", h.parent_id AS "parentId", h.action, h.changes,
       h.user_id AS "userId", h.user_nickname AS "userNickname", h.entity_label AS "entityLabel", h.parent_label AS "parentLabel",
       h.created_date AS "createdDate"
  FROM action_histories h
 WHERE h.admin_only = true AND h.entity_type = 'User' AND h.entity_id = $1 AND (h.tx, h.seq) > ($4::bigint, $5::bigint)
   AND (h.private_to_user_id IS NULL OR h.private_to_user_id = $1) AND NOT (h.entity_type = ANY($3::varchar[]))
 ORDER BY h.tx, h.seq
 LIMIT $6)) h
 ORDER BY h.tx, h.seq
 LIMIT $6;

-- history_horizon
SELECT least(hearth_oldest_running(), pg_snapshot_xmax(pg_current_snapshot())::text::bigint)::text AS tx;

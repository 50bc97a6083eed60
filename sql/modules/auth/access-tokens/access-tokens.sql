-- access_token_check
SELECT t.id, t.scopes, t.expires_date, t.last_used_date, t.token_hash, t.group_id AS token_group_id,
          u.id AS user_id, u.username, u.nickname, u.role, u.status, u.group_id, u.perms_version, g.currency, g.modules
     FROM access_tokens t JOIN users u ON u.id = t.user_id LEFT JOIN groups g ON g.id = u.group_id
    WHERE t.token_hash = $1;

-- access_token_delete
DELETE FROM access_tokens WHERE id = $1 AND user_id = $2 RETURNING id;

-- access_token_insert
INSERT INTO access_tokens (id, user_id, group_id, name, scopes, token_hash, created_date, expires_date)
   VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
   RETURNING id, name, scopes, created_date, expires_date, last_used_date;

-- access_token_touch
UPDATE access_tokens SET last_used_date = $2
    WHERE id = $1 AND (last_used_date IS NULL OR last_used_date <= $2::timestamptz - interval '1 minute');

-- access_tokens_delete_of_user
WITH gone AS (DELETE FROM access_tokens WHERE user_id = $1 RETURNING 1) SELECT count(*)::int AS n FROM gone;

-- access_tokens_of_user
SELECT id, name, scopes, created_date, expires_date, last_used_date
     FROM access_tokens WHERE user_id = $1 ORDER BY created_date DESC, id DESC;

-- access_tokens_user_exists
SELECT 1 FROM users WHERE id = $1;

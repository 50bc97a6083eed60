-- calendar_feed_by_token
SELECT f.id, f.name, f.layers, f.only_mine, f.created_date, u.id AS user_id, u.nickname, u.group_id, u.role, u.perms_version, g.currency, g.modules, ns.time_zone
     FROM calendar_feeds f
     JOIN users u ON u.id = f.user_id AND u.group_id = f.group_id AND u.status = 'Active'
     JOIN groups g ON g.id = f.group_id AND 'Calendar' = ANY(g.modules)
     LEFT JOIN notification_settings ns ON ns.user_id = u.id
    WHERE f.token_hash = $1;

-- calendar_feed_delete
DELETE FROM calendar_feeds f WHERE f.id = $1 AND f.user_id = $2 RETURNING f.id, f.user_id, f.group_id, f.name;

-- calendar_feed_insert
INSERT INTO calendar_feeds (id, user_id, group_id, name, layers, only_mine, token_hash) VALUES ($1, $2, $3, $4, $5, $6, $7)
   RETURNING id, name, layers, only_mine, created_date;

-- calendar_feeds_count
SELECT count(*)::int AS count FROM calendar_feeds f WHERE f.user_id = $1;

-- calendar_feeds_of_user
SELECT f.id, f.name, f.layers, f.only_mine, f.created_date FROM calendar_feeds f WHERE f.user_id = $1 AND f.group_id = $2 ORDER BY f.created_date DESC, f.id;

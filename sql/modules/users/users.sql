-- user_email_taken_by_other
SELECT 1 FROM users WHERE lower(email) = $1 AND id <> $2;

-- user_lock_by_confirmed_email
SELECT id FROM users WHERE lower(email) = $1 AND email_status IN ('Confirmed', 'ChangePending') FOR UPDATE;

-- user_password_hash
SELECT password_hash FROM users WHERE id = $1;

-- user_rehash_password
UPDATE users SET password_hash = $1 WHERE id = $2 AND password_hash = $3;

-- user_sign_in_by_id
SELECT u.id, u.password_hash, u.nickname, u.role, u.status, u.email_status, u.group_id, u.perms_version,
         g.currency, g.modules
    FROM users u LEFT JOIN groups g ON g.id = u.group_id WHERE u.id = $1;

-- user_sign_in_by_username
SELECT u.id, u.password_hash, u.nickname, u.role, u.status, u.email_status, u.group_id, u.perms_version,
         g.currency, g.modules
    FROM users u LEFT JOIN groups g ON g.id = u.group_id WHERE u.username = $1;

-- users_active_admins
SELECT id, nickname, email, locale FROM users WHERE role = 'Admin' AND status = 'Active' ORDER BY created_date, id;

-- users_active_members
SELECT id, nickname, role, picture_file_id FROM users WHERE group_id = $1 AND status = 'Active' ORDER BY lower(nickname), id;

-- users_active_members_among
SELECT u.id FROM users u WHERE u.id = ANY($2::uuid[]) AND u.group_id = $1 AND u.status = 'Active';

-- users_awaiting_approval
SELECT id, username, nickname, email, created_date AS "createdDate"
     FROM users WHERE status = 'Pending' AND email_status <> 'Unconfirmed'
    ORDER BY created_date, id;

-- users_count_active_by_group
SELECT group_id, count(*)::int AS count FROM users WHERE status = 'Active' AND group_id IS NOT NULL GROUP BY group_id;

-- users_count_active_of_group
SELECT count(*)::int AS count FROM users WHERE group_id = $1 AND status = 'Active';

-- users_has_active_admin
SELECT 1 FROM users WHERE role = 'Admin' AND status = 'Active' LIMIT 1;

-- users_mailable_admin_emails
SELECT email, locale FROM users WHERE role = 'Admin' AND status = 'Active' AND email_status <> 'Unconfirmed';

-- users_nicknames
SELECT id, nickname, (group_id IS NOT DISTINCT FROM $2::uuid AND status = 'Active') AS "isMember" FROM users WHERE id = ANY($1::uuid[]);

-- users_page_count
SELECT count(*)::int AS count FROM users u WHERE ($1::varchar IS NULL OR u.status = $1) AND ($2::uuid IS NULL OR u.group_id = $2)
   AND ($3::text IS NULL OR u.username ILIKE $3 OR u.nickname ILIKE $3 OR u.email ILIKE $3);

-- users_page_createdDate_asc
SELECT u.id, u.username, u.nickname, u.email, u.email_status AS "emailStatus", u.role, u.status,
       u.group_id AS "groupId", u.created_date AS "createdDate"
  FROM users u
 WHERE ($1::varchar IS NULL OR u.status = $1) AND ($2::uuid IS NULL OR u.group_id = $2)
   AND ($3::text IS NULL OR u.username ILIKE $3 OR u.nickname ILIKE $3 OR u.email ILIKE $3)
 ORDER BY u.created_date ASC, u.id ASC
 LIMIT $4 OFFSET $5;

-- users_page_createdDate_desc
SELECT u.id, u.username, u.nickname, u.email, u.email_status AS "emailStatus", u.role, u.status,
       u.group_id AS "groupId", u.created_date AS "createdDate"
  FROM users u
 WHERE ($1::varchar IS NULL OR u.status = $1) AND ($2::uuid IS NULL OR u.group_id = $2)
   AND ($3::text IS NULL OR u.username ILIKE $3 OR u.nickname ILIKE $3 OR u.email ILIKE $3)
 ORDER BY u.created_date DESC, u.id DESC
 LIMIT $4 OFFSET $5;

-- users_page_nickname_asc
SELECT u.id, u.username, u.nickname, u.email, u.email_status AS "emailStatus", u.role, u.status,
       u.group_id AS "groupId", u.created_date AS "createdDate"
  FROM users u
 WHERE ($1::varchar IS NULL OR u.status = $1) AND ($2::uuid IS NULL OR u.group_id = $2)
   AND ($3::text IS NULL OR u.username ILIKE $3 OR u.nickname ILIKE $3 OR u.email ILIKE $3)
 ORDER BY u.nickname ASC, u.id ASC
 LIMIT $4 OFFSET $5;

-- users_page_nickname_desc
SELECT u.id, u.username, u.nickname, u.email, u.email_status AS "emailStatus", u.role, u.status,
       u.group_id AS "groupId", u.created_date AS "createdDate"
  FROM users u
 WHERE ($1::varchar IS NULL OR u.status = $1) AND ($2::uuid IS NULL OR u.group_id = $2)
   AND ($3::text IS NULL OR u.username ILIKE $3 OR u.nickname ILIKE $3 OR u.email ILIKE $3)
 ORDER BY u.nickname DESC, u.id DESC
 LIMIT $4 OFFSET $5;

-- users_page_username_asc
SELECT u.id, u.username, u.nickname, u.email, u.email_status AS "emailStatus", u.role, u.status,
       u.group_id AS "groupId", u.created_date AS "createdDate"
  FROM users u
 WHERE ($1::varchar IS NULL OR u.status = $1) AND ($2::uuid IS NULL OR u.group_id = $2)
   AND ($3::text IS NULL OR u.username ILIKE $3 OR u.nickname ILIKE $3 OR u.email ILIKE $3)
 ORDER BY u.username ASC, u.id ASC
 LIMIT $4 OFFSET $5;

-- users_page_username_desc
SELECT u.id, u.username, u.nickname, u.email, u.email_status AS "emailStatus", u.role, u.status,
       u.group_id AS "groupId", u.created_date AS "createdDate"
  FROM users u
 WHERE ($1::varchar IS NULL OR u.status = $1) AND ($2::uuid IS NULL OR u.group_id = $2)
   AND ($3::text IS NULL OR u.username ILIKE $3 OR u.nickname ILIKE $3 OR u.email ILIKE $3)
 ORDER BY u.username DESC, u.id DESC
 LIMIT $4 OFFSET $5;

-- users_raise_group_perms_version
UPDATE users SET perms_version = perms_version + 1, updated_date = CURRENT_TIMESTAMP WHERE group_id = $1;

-- users_recipients_by_id
SELECT id, group_id, nickname, email, COALESCE(locale, 'en') AS locale FROM users WHERE id = ANY($1::uuid[]) AND status = 'Active';

-- users_recipients_of_groups
SELECT id, group_id, nickname, email, COALESCE(locale, 'en') AS locale FROM users WHERE group_id = ANY($1::uuid[]) AND status = 'Active';

-- users_unconfirmed_ids_before
SELECT id FROM users WHERE email_status = 'Unconfirmed' AND status = 'Pending' AND created_date < $1 ORDER BY created_date LIMIT $2;

-- users_unconfirmed_to_warn
SELECT u.id, u.created_date FROM users u
    WHERE u.email_status = 'Unconfirmed' AND u.status = 'Pending'
      AND u.created_date < $1 AND u.created_date >= $2
      AND NOT EXISTS (SELECT 1 FROM account_tokens t WHERE t.user_id = u.id AND t.purpose = 'EmailConfirm'
                       AND t.created_date >= u.created_date + make_interval(days => $3))
    ORDER BY u.created_date LIMIT 1000;

-- session_check
SELECT (s.revoked_date IS NULL AND s.expires_date > now()) AS live, u.status, u.perms_version
     FROM sessions s JOIN users u ON u.id = s.user_id
    WHERE s.id = $1 AND s.user_id = $2;

-- session_insert
INSERT INTO sessions (id, user_id, token_hash, user_agent, ip_address, device_name, remember_me, expires_date, signed_in_with, id_token_hint)
   VALUES ($1, $2, $3, $4, $5, $6, $7, now() + make_interval(secs => $8), $9, $10)
   RETURNING expires_date;

-- session_live_by_token_hash
SELECT id FROM sessions WHERE token_hash = $1 AND revoked_date IS NULL AND expires_date > now();

-- session_of_retired_token
SELECT s.id, s.revoked_date IS NOT NULL AS revoked,
          (s.previous_token_hash = $1 AND s.rotated_date > now() - make_interval(secs => $2)) AS within_grace
     FROM retired_refresh_tokens r JOIN sessions s ON s.id = r.session_id
    WHERE r.token_hash = $1;

-- session_revoke
UPDATE sessions SET revoked_date = now() WHERE id = $1;

-- session_revoke_if_live
UPDATE sessions SET revoked_date = now() WHERE id = $1 AND revoked_date IS NULL;

-- session_revoke_one_of_user
UPDATE sessions SET revoked_date = now()
    WHERE id = $1 AND user_id = $2 AND revoked_date IS NULL AND expires_date > now()
   RETURNING id;

-- session_rotate
WITH rotated AS (
     UPDATE sessions
        SET previous_token_hash = token_hash, token_hash = $2, rotated_date = now(), last_used_date = now(),
            user_agent = $3, ip_address = $4
      WHERE token_hash = $1 AND revoked_date IS NULL AND expires_date > now()
      RETURNING id, user_id, expires_date),
   retired AS (INSERT INTO retired_refresh_tokens (token_hash, session_id) SELECT $1, id FROM rotated)
   SELECT id, user_id, expires_date FROM rotated;

-- session_sign_out
UPDATE sessions SET revoked_date = now() WHERE id = $1 AND revoked_date IS NULL
   RETURNING signed_in_with, id_token_hint;

-- sessions_active_of_user
SELECT id, device_name, user_agent, ip_address, created_date, last_used_date, expires_date, signed_in_with
     FROM sessions
    WHERE user_id = $1 AND revoked_date IS NULL AND expires_date > now()
    ORDER BY last_used_date DESC, id DESC;

-- sessions_delete_expired
WITH removed AS (DELETE FROM sessions WHERE expires_date < $1 OR revoked_date < $1::timestamptz - interval '1 day' RETURNING 1)
   SELECT count(*)::int AS n FROM removed;

-- sessions_revoke_all_of_user
WITH revoked AS (
     UPDATE sessions SET revoked_date = now()
      WHERE user_id = $1 AND revoked_date IS NULL AND ($2::uuid IS NULL OR id <> $2::uuid)
     RETURNING 1)
   SELECT count(*)::int AS n FROM revoked;

-- account_token_consume
UPDATE account_tokens SET used_date = now()
    WHERE token_hash = $1 AND purpose = $2 AND used_date IS NULL AND expires_date > now()
    RETURNING user_id, email;

-- account_token_cooldown
SELECT extract(epoch FROM max(created_date) + make_interval(secs => $3) - now())::float AS remaining
     FROM account_tokens WHERE user_id = $1 AND purpose = $2;

-- account_token_insert
INSERT INTO account_tokens (id, user_id, purpose, token_hash, email, created_date, expires_date)
   VALUES ($1, $2, $3, $4, $5, $6, $7);

-- account_token_live
SELECT user_id, extract(epoch FROM expires_date - created_date)::int AS ttl
     FROM account_tokens WHERE token_hash = $1 AND purpose = $2 AND used_date IS NULL AND expires_date > now();

-- account_tokens_delete_expired
WITH removed AS (DELETE FROM account_tokens WHERE expires_date < $1::timestamptz - interval '1 day' RETURNING 1)
   SELECT count(*)::int AS n FROM removed;

-- account_tokens_revoke_all
UPDATE account_tokens SET used_date = now() WHERE user_id = $1 AND purpose = $2 AND used_date IS NULL;

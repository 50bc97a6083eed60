-- used_captcha_insert
INSERT INTO used_captchas (signature, expires_date) VALUES ($1, $2)
   ON CONFLICT (signature) DO NOTHING RETURNING signature;

-- used_captchas_delete_expired
WITH removed AS (DELETE FROM used_captchas WHERE expires_date < $1 RETURNING 1) SELECT count(*)::int AS n FROM removed;

-- oidc_identity_delete
DELETE FROM user_identities WHERE user_id = $1 AND issuer = $2 RETURNING id;

-- oidc_identity_insert
INSERT INTO user_identities (id, user_id, issuer, subject) VALUES ($1, $2, $3, $4);

-- oidc_identity_of_user
SELECT subject, created_date FROM user_identities WHERE user_id = $1 AND issuer = $2;

-- oidc_identity_user
SELECT user_id FROM user_identities WHERE issuer = $1 AND subject = $2;

-- oidc_login_consume
DELETE FROM oidc_logins WHERE state_hash = $1
   RETURNING browser_hash, nonce, code_verifier, return_to, link_user_id, expires_date;

-- oidc_login_insert
INSERT INTO oidc_logins (id, state_hash, browser_hash, nonce, code_verifier, return_to, link_user_id, expires_date)
   VALUES ($1, $2, $3, $4, $5, $6, $7, $8);

-- oidc_logins_delete_expired
DELETE FROM oidc_logins WHERE expires_date < $1;

import { statement } from '../../../database/sql';

/** Keeps a sign-in under way. ($1 id, $2 state hash, $3 browser hash, $4 nonce, $5 PKCE verifier, $6 return path, $7 linking user or null, $8 expiry) */
export const OIDC_LOGIN_INSERT = statement(
  'oidc_login_insert',
  `INSERT INTO oidc_logins (id, state_hash, browser_hash, nonce, code_verifier, return_to, link_user_id, expires_date)
   VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
);

/** Takes the sign-in under way with the state hash $1, once: a replayed state finds nothing. */
export const OIDC_LOGIN_CONSUME = statement(
  'oidc_login_consume',
  `DELETE FROM oidc_logins WHERE state_hash = $1
   RETURNING browser_hash, nonce, code_verifier, return_to, link_user_id, expires_date`,
);

/** Forgets sign-ins never finished, expired before $1. */
export const OIDC_LOGINS_DELETE_EXPIRED = statement('oidc_logins_delete_expired', 'DELETE FROM oidc_logins WHERE expires_date < $1');

/** The account linked to the provider's subject. ($1 issuer, $2 sub) */
export const OIDC_IDENTITY_USER = statement('oidc_identity_user', 'SELECT user_id FROM user_identities WHERE issuer = $1 AND subject = $2');

/** The account's link to the provider, if any. ($1 user id, $2 issuer) */
export const OIDC_IDENTITY_OF_USER = statement('oidc_identity_of_user', 'SELECT subject, created_date FROM user_identities WHERE user_id = $1 AND issuer = $2');

/** Links the account to the provider's subject. ($1 id, $2 user, $3 issuer, $4 sub) */
export const OIDC_IDENTITY_INSERT = statement('oidc_identity_insert', 'INSERT INTO user_identities (id, user_id, issuer, subject) VALUES ($1, $2, $3, $4)');

/** Unlinks the account from the provider. ($1 user id, $2 issuer) */
export const OIDC_IDENTITY_DELETE = statement('oidc_identity_delete', 'DELETE FROM user_identities WHERE user_id = $1 AND issuer = $2 RETURNING id');

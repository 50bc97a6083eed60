import { statement } from '../../../database/sql';

/**
 * Every authenticated request with an access token: the token by its hash, its person's state and
 * group claims, in one indexed lookup ($1 the token's SHA-256, hex).
 */
export const ACCESS_TOKEN_CHECK = statement(
  'access_token_check',
  `SELECT t.id, t.scopes, t.expires_date, t.last_used_date, t.token_hash, t.group_id AS token_group_id,
          u.id AS user_id, u.username, u.nickname, u.role, u.status, u.group_id, u.perms_version, g.currency, g.modules
     FROM access_tokens t JOIN users u ON u.id = t.user_id LEFT JOIN groups g ON g.id = u.group_id
    WHERE t.token_hash = $1`,
);

/** Notes a use, unless one was noted within the minute before $2. ($1 token id, $2 now) */
export const ACCESS_TOKEN_TOUCH = statement(
  'access_token_touch',
  `UPDATE access_tokens SET last_used_date = $2
    WHERE id = $1 AND (last_used_date IS NULL OR last_used_date <= $2::timestamptz - interval '1 minute')`,
);

/** Makes a token. ($1 id, $2 user, $3 group, $4 name, $5 scopes, $6 hash, $7 created, $8 expires or null) */
export const ACCESS_TOKEN_INSERT = statement(
  'access_token_insert',
  `INSERT INTO access_tokens (id, user_id, group_id, name, scopes, token_hash, created_date, expires_date)
   VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
   RETURNING id, name, scopes, created_date, expires_date, last_used_date`,
);

/** The user's tokens, newest first. ($1 user id) */
export const ACCESS_TOKENS_OF_USER = statement(
  'access_tokens_of_user',
  `SELECT id, name, scopes, created_date, expires_date, last_used_date
     FROM access_tokens WHERE user_id = $1 ORDER BY created_date DESC, id DESC`,
);

/** Ends one of the user's tokens. ($1 token id, $2 user id) */
export const ACCESS_TOKEN_DELETE = statement('access_token_delete', 'DELETE FROM access_tokens WHERE id = $1 AND user_id = $2 RETURNING id');

/** Ends every token of the user, counted. ($1 user id) */
export const ACCESS_TOKENS_DELETE_OF_USER = statement(
  'access_tokens_delete_of_user',
  'WITH gone AS (DELETE FROM access_tokens WHERE user_id = $1 RETURNING 1) SELECT count(*)::int AS n FROM gone',
);

/** Whether the user exists (the administrator's routes answer 404 for an unknown one). */
export const ACCESS_TOKENS_USER_EXISTS = statement('access_tokens_user_exists', 'SELECT 1 FROM users WHERE id = $1');

import { statement } from '../../database/sql';

/*
 * Named statements of `account_tokens` (AccountTokens): single-use link tokens, stored as their
 * SHA-256 hash. A live token: unused and not expired.
 */

/** Housekeeping: tokens a day past expiry at $1 (younger ones still drive cooldowns), counted. */
export const ACCOUNT_TOKENS_DELETE_EXPIRED = statement(
  'account_tokens_delete_expired',
  `WITH removed AS (DELETE FROM account_tokens WHERE expires_date < $1::timestamptz - interval '1 day' RETURNING 1)
   SELECT count(*)::int AS n FROM removed`,
);

export const ACCOUNT_TOKEN_INSERT = statement(
  'account_token_insert',
  `INSERT INTO account_tokens (id, user_id, purpose, token_hash, email, created_date, expires_date)
   VALUES ($1, $2, $3, $4, $5, $6, $7)`,
);

/** Marks the live token (hash $1, purpose $2) used: one conditional UPDATE, so of parallel redemptions exactly one gets the row. */
export const ACCOUNT_TOKEN_CONSUME = statement(
  'account_token_consume',
  `UPDATE account_tokens SET used_date = now()
    WHERE token_hash = $1 AND purpose = $2 AND used_date IS NULL AND expires_date > now()
    RETURNING user_id, email`,
);

/** The live token's (hash $1, purpose $2) user and lifetime in seconds. */
export const ACCOUNT_TOKEN_LIVE = statement(
  'account_token_live',
  `SELECT user_id, extract(epoch FROM expires_date - created_date)::int AS ttl
     FROM account_tokens WHERE token_hash = $1 AND purpose = $2 AND used_date IS NULL AND expires_date > now()`,
);

/** Every unused token of the user $1 for the purpose $2 stops working. */
export const ACCOUNT_TOKENS_REVOKE_ALL = statement(
  'account_tokens_revoke_all',
  'UPDATE account_tokens SET used_date = now() WHERE user_id = $1 AND purpose = $2 AND used_date IS NULL',
);

/** Seconds until the user $1 may get another token for the purpose $2, with a cooldown of $3 seconds (negative or null: now). */
export const ACCOUNT_TOKEN_COOLDOWN = statement(
  'account_token_cooldown',
  `SELECT extract(epoch FROM max(created_date) + make_interval(secs => $3) - now())::float AS remaining
     FROM account_tokens WHERE user_id = $1 AND purpose = $2`,
);

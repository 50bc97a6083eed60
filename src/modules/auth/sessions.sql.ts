import { statement } from '../../database/sql';

/** The check every authenticated request makes (the guard): one primary-key join. ($1 session id, $2 user id) */
export const SESSION_CHECK = statement(
  'session_check',
  `SELECT (s.revoked_date IS NULL AND s.expires_date > now()) AS live, u.status, u.perms_version
     FROM sessions s JOIN users u ON u.id = s.user_id
    WHERE s.id = $1 AND s.user_id = $2`,
);

/** The user's live sessions, most recently used first. ($1 user id) */
export const ACTIVE_SESSIONS = statement(
  'sessions_active_of_user',
  `SELECT id, device_name, user_agent, ip_address, created_date, last_used_date, expires_date, signed_in_with
     FROM sessions
    WHERE user_id = $1 AND revoked_date IS NULL AND expires_date > now()
    ORDER BY last_used_date DESC, id DESC`,
);

/**
 * Starts a session; its expiry as the database computes it ($8 seconds from now); $9 the identity
 * provider's label and $10 its ID token when it began there.
 */
export const SESSION_INSERT = statement(
  'session_insert',
  `INSERT INTO sessions (id, user_id, token_hash, user_agent, ip_address, device_name, remember_me, expires_date, signed_in_with, id_token_hint)
   VALUES ($1, $2, $3, $4, $5, $6, $7, now() + make_interval(secs => $8), $9, $10)
   RETURNING expires_date`,
);

/** The live session whose current refresh token has the hash $1. */
export const SESSION_LIVE_BY_TOKEN_HASH = statement(
  'session_live_by_token_hash',
  'SELECT id FROM sessions WHERE token_hash = $1 AND revoked_date IS NULL AND expires_date > now()',
);

/**
 * Rotates a live session's refresh token (hash $1 to $2, the client's $3 user agent and $4 address)
 * in one statement, so of parallel rotations with one token exactly one matches; the retired hash is
 * remembered for reuse detection.
 */
export const SESSION_ROTATE = statement(
  'session_rotate',
  `WITH rotated AS (
     UPDATE sessions
        SET previous_token_hash = token_hash, token_hash = $2, rotated_date = now(), last_used_date = now(),
            user_agent = $3, ip_address = $4
      WHERE token_hash = $1 AND revoked_date IS NULL AND expires_date > now()
      RETURNING id, user_id, expires_date),
   retired AS (INSERT INTO retired_refresh_tokens (token_hash, session_id) SELECT $1, id FROM rotated)
   SELECT id, user_id, expires_date FROM rotated`,
);

/** The session a retired refresh token ($1) belonged to, and whether $1 is its parent rotated within $2 seconds. */
export const SESSION_OF_RETIRED_TOKEN = statement(
  'session_of_retired_token',
  `SELECT s.id, s.revoked_date IS NOT NULL AS revoked,
          (s.previous_token_hash = $1 AND s.rotated_date > now() - make_interval(secs => $2)) AS within_grace
     FROM retired_refresh_tokens r JOIN sessions s ON s.id = r.session_id
    WHERE r.token_hash = $1`,
);

export const SESSION_REVOKE = statement('session_revoke', 'UPDATE sessions SET revoked_date = now() WHERE id = $1');

export const SESSION_REVOKE_IF_LIVE = statement('session_revoke_if_live', 'UPDATE sessions SET revoked_date = now() WHERE id = $1 AND revoked_date IS NULL');

/** Signs out: revokes the live session $1, answering whether it began at the identity provider and its ID token. */
export const SESSION_SIGN_OUT = statement(
  'session_sign_out',
  `UPDATE sessions SET revoked_date = now() WHERE id = $1 AND revoked_date IS NULL
   RETURNING signed_in_with, id_token_hint`,
);

/** Revokes the live session $1 if it is the user's ($2); returns it when revoked. */
export const SESSION_REVOKE_ONE_OF_USER = statement(
  'session_revoke_one_of_user',
  `UPDATE sessions SET revoked_date = now()
    WHERE id = $1 AND user_id = $2 AND revoked_date IS NULL AND expires_date > now()
   RETURNING id`,
);

/** Revokes every active session of the user $1 except $2 (when not null), counted. */
export const SESSIONS_REVOKE_ALL_OF_USER = statement(
  'sessions_revoke_all_of_user',
  `WITH revoked AS (
     UPDATE sessions SET revoked_date = now()
      WHERE user_id = $1 AND revoked_date IS NULL AND ($2::uuid IS NULL OR id <> $2::uuid)
     RETURNING 1)
   SELECT count(*)::int AS n FROM revoked`,
);

/** Housekeeping: sessions expired before $1, and those revoked more than a day before it, counted. */
export const SESSIONS_DELETE_EXPIRED = statement(
  'sessions_delete_expired',
  `WITH removed AS (DELETE FROM sessions WHERE expires_date < $1 OR revoked_date < $1::timestamptz - interval '1 day' RETURNING 1)
   SELECT count(*)::int AS n FROM removed`,
);

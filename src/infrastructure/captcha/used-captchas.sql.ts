import { statement } from '../../database/sql';

/** Records the ALTCHA signature $1 as used until $2; no row when it already was (a replay). */
export const USED_CAPTCHA_INSERT = statement(
  'used_captcha_insert',
  `INSERT INTO used_captchas (signature, expires_date) VALUES ($1, $2)
   ON CONFLICT (signature) DO NOTHING RETURNING signature`,
);

/** Housekeeping: signatures whose challenge expired before $1, counted. */
export const USED_CAPTCHAS_DELETE_EXPIRED = statement(
  'used_captchas_delete_expired',
  'WITH removed AS (DELETE FROM used_captchas WHERE expires_date < $1 RETURNING 1) SELECT count(*)::int AS n FROM removed',
);

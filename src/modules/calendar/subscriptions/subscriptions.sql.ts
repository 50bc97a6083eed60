import { statement } from '../../../database/sql';
import type { SubscriptionError, SubscriptionErrorParams } from './subscription-errors';

/* The statements of the group's outside calendars (CalendarSubscriptionsService). */

export interface SubscriptionRow {
  id: string;
  group_id: string;
  url: string;
  name: string;
  color: string;
  event_count: number;
  etag: string | null;
  last_modified: string | null;
  fetched_date: Date | null;
  last_error: string | null;
  last_error_code: SubscriptionError | null;
  last_error_params: SubscriptionErrorParams | null;
  version: number;
  created_date: Date;
}

const COLUMNS = `s.id, s.group_id, s.url, s.name, s.color, jsonb_array_length(s.events) AS event_count, s.etag, s.last_modified, s.fetched_date, s.last_error,
       s.last_error_code, s.last_error_params, s.version, s.created_date`;

export const SUBSCRIPTION_INSERT = statement(
  'calendar_subscription_insert',
  `INSERT INTO calendar_subscriptions (id, group_id, url, name, color, created_by, events, etag, last_modified, fetched_date)
   VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9, $10)`,
);

export const SUBSCRIPTIONS_OF_GROUP = statement(
  'calendar_subscriptions_of_group',
  `SELECT ${COLUMNS} FROM calendar_subscriptions s WHERE s.group_id = $1 ORDER BY s.name, s.id`,
);

export const SUBSCRIPTION_OF_GROUP = statement(
  'calendar_subscription_of_group',
  `SELECT ${COLUMNS} FROM calendar_subscriptions s WHERE s.group_id = $1 AND s.id = $2`,
);

export const SUBSCRIPTIONS_COUNT = statement(
  'calendar_subscriptions_count',
  `SELECT count(*)::int AS count FROM calendar_subscriptions s WHERE s.group_id = $1`,
);

export const SUBSCRIPTION_DELETE = statement(
  'calendar_subscription_delete',
  `DELETE FROM calendar_subscriptions s WHERE s.group_id = $1 AND s.id = $2 RETURNING s.id, s.group_id, s.name`,
);

/** A new name ($3) and colour ($4), each kept when null; answers the row before and after. */
export const SUBSCRIPTION_RENAME = statement(
  'calendar_subscription_rename',
  `UPDATE calendar_subscriptions s SET name = coalesce($3, s.name), color = coalesce($4, s.color)
     FROM calendar_subscriptions old
    WHERE s.group_id = $1 AND s.id = $2 AND old.id = s.id
   RETURNING s.id, s.group_id, old.name AS old_name, s.name, old.color AS old_color, s.color`,
);

/** Every subscription (the periodic fetch), oldest fetch first. */
export const SUBSCRIPTIONS_ALL = statement(
  'calendar_subscriptions_all',
  `SELECT ${COLUMNS} FROM calendar_subscriptions s ORDER BY s.fetched_date NULLS FIRST, s.id`,
);

/** The stored events of the subscriptions of the group $1 ($2: only these ids, or null for all). */
export const SUBSCRIPTION_EVENTS = statement(
  'calendar_subscription_events',
  `SELECT s.id, s.name, s.color, s.version, s.events FROM calendar_subscriptions s ` +
    `WHERE s.group_id = $1 AND ($2::uuid[] IS NULL OR s.id = ANY($2::uuid[])) ORDER BY s.name, s.id`,
);

/** A fetch answered new content ($2 events, $3 ETag, $4 Last-Modified) at $5; answers the version before and after. */
export const SUBSCRIPTION_STORE = statement(
  'calendar_subscription_store',
  `UPDATE calendar_subscriptions s SET events = $2::jsonb, etag = $3, last_modified = $4, fetched_date = $5, last_error = NULL,
          last_error_code = NULL, last_error_params = NULL,
          version = CASE WHEN s.events = $2::jsonb THEN s.version ELSE s.version + 1 END
     FROM calendar_subscriptions old
    WHERE s.id = $1 AND old.id = s.id
   RETURNING s.id, s.group_id, s.name, old.version AS old_version, s.version`,
);

/** A fetch answered 304 ($2 the time) or failed ($3 why in English, $4 its code, $5 the code's params). */
export const SUBSCRIPTION_CHECKED = statement(
  'calendar_subscription_checked',
  `UPDATE calendar_subscriptions SET fetched_date = $2, last_error = $3, last_error_code = $4, last_error_params = $5::jsonb WHERE id = $1`,
);

import { isoTimestamp, statement } from '../../database/sql';

/*
 * The statements of the notifier (NotificationsRepository, NotificationScheduleRepository,
 * NotificationSettingsRepository, PushSubscriptionsRepository): the scheduler's queue, the inbox,
 * what each channel sent, the settings and the devices. Every read of a user's rows is scoped by
 * that user ($1).
 */

/** The idle scheduler's one look: the earliest time a reminder needs attention (index ix_notification_schedule_due). */
export const SCHEDULE_NEXT_DUE = statement('notify_schedule_next_due', 'SELECT min(due_at) AS due_at FROM notification_schedule');

/**
 * Up to $2 entries due at $1, locked for this instance; entries another instance is processing are
 * skipped (the exactly-once of the scheduler: an entry is handled by one transaction at a time).
 */
export const SCHEDULE_LOCK_DUE = statement(
  'notify_schedule_lock_due',
  `SELECT source, source_id FROM notification_schedule WHERE due_at <= $1
    ORDER BY due_at LIMIT $2 FOR UPDATE SKIP LOCKED`,
);

/** Sets when the entries ($1 sources, $2 ids) next need attention ($3; each a timestamptz); their failures in a row start again from 0. */
export const SCHEDULE_SET = statement(
  'notify_schedule_set',
  `INSERT INTO notification_schedule (source, source_id, due_at)
   SELECT * FROM unnest($1::varchar[], $2::uuid[], $3::timestamptz[])
   ON CONFLICT (source, source_id) DO UPDATE SET due_at = EXCLUDED.due_at, failures = 0`,
);

/**
 * The entry ($1 source, $2 id) could not be handled at $3: it is looked at again after 1 minute,
 * doubling with each failure in a row up to an hour; answers when and its failures in a row.
 */
export const SCHEDULE_RETRY = statement(
  'notify_schedule_retry',
  `UPDATE notification_schedule
      SET due_at = $3::timestamptz + least(interval '1 minute' * power(2, least(failures, 6)), interval '1 hour'), failures = least(failures + 1, 10000)
    WHERE source = $1 AND source_id = $2
   RETURNING due_at, failures`,
);

/**
 * After the user $1 changed their zone or quiet hours: their reminders' entries ($2 sources, $3
 * ids) due within the next 27 hours after $4 (now, the service's clock) (every entry is: the scheduler looks at each reminder at least
 * daily) are brought forward so the scheduler works out again when they are due. To now, or to a
 * minute after the last such look for that person if that was less than a minute ago (kept as
 * their settings' `recheck_date`): at most one a minute a person. A change that finds none of
 * their reminders due within the window looks at nothing and does not count.
 */
export const SCHEDULE_RECHECK = statement(
  'notify_schedule_recheck',
  `WITH due AS (
     SELECT s.source, s.source_id FROM notification_schedule s JOIN unnest($2::varchar[], $3::uuid[]) AS d(source, source_id) USING (source, source_id)
      WHERE s.due_at > $4 AND s.due_at < $4::timestamptz + interval '27 hours'
        FOR UPDATE OF s),
   slot AS (
     UPDATE notification_settings SET recheck_date = greatest($4, COALESCE(recheck_date + interval '1 minute', $4))
      WHERE user_id = $1 AND EXISTS (SELECT 1 FROM due)
     RETURNING recheck_date)
   UPDATE notification_schedule s SET due_at = slot.recheck_date
     FROM slot, due
    WHERE s.source = due.source AND s.source_id = due.source_id AND s.due_at > slot.recheck_date`,
);

/** Removes the entries ($1 sources, $2 ids) that have nothing left to remind of. */
export const SCHEDULE_REMOVE = statement(
  'notify_schedule_remove',
  'DELETE FROM notification_schedule s USING unnest($1::varchar[], $2::uuid[]) AS d(source, source_id) WHERE s.source = d.source AND s.source_id = d.source_id',
);

/**
 * Inserts notifications unless the recipient has that occurrence already (uq_notifications_occurrence);
 * answers the rows really inserted. Parameters: parallel arrays, one element a notification.
 */
export const NOTIFICATIONS_INSERT = statement(
  'notify_notifications_insert',
  `INSERT INTO notifications (id, recipient_id, group_id, kind, occurrence_key, title, body, entity_type, entity_id, due_date, late, outward)
   SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::varchar[], $5::varchar[], $6::varchar[], $7::varchar[],
                        $8::varchar[], $9::uuid[], $10::timestamptz[], $11::boolean[], $12::boolean[])
   ON CONFLICT (recipient_id, occurrence_key) DO NOTHING
   RETURNING id, recipient_id, group_id, kind, title, entity_type, entity_id, created_date, outward`,
);

const INBOX_COLUMNS = `id, kind, title, body, entity_type, entity_id, ${isoTimestamp('created_date')} AS created_date,
       ${isoTimestamp('read_at')} AS read_at, late`;

/** A row of INBOX_COLUMNS. */
export interface InboxRow {
  id: string;
  kind: string;
  title: string;
  body: string;
  entity_type: string | null;
  entity_id: string | null;
  created_date: string;
  read_at: string | null;
  late: boolean;
}

/** The inbox item in the response's form (NotificationDto): absent optional fields are left out. */
export function inboxItem(row: InboxRow) {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    body: row.body,
    ...(row.entity_type ? { entityType: row.entity_type } : {}),
    ...(row.entity_id ? { entityId: row.entity_id } : {}),
    createdDate: row.created_date,
    ...(row.read_at ? { readAt: row.read_at } : {}),
    late: row.late,
  };
}

/** A page of the inbox of $1: unread first, newest first; $2 only unread, $3 limit, $4 offset. */
export const INBOX_PAGE = statement(
  'notify_inbox_page',
  `SELECT ${INBOX_COLUMNS} FROM notifications
    WHERE recipient_id = $1 AND ($2::boolean IS NOT TRUE OR read_at IS NULL)
    ORDER BY (read_at IS NULL) DESC, created_date DESC, id DESC LIMIT $3 OFFSET $4`,
);

/** How many notifications $1 has (all, or only unread with $2) and how many are unread. */
export const INBOX_COUNTS = statement(
  'notify_inbox_counts',
  `SELECT count(*) FILTER (WHERE $2::boolean IS NOT TRUE OR read_at IS NULL)::int AS total,
          count(*) FILTER (WHERE read_at IS NULL)::int AS unread
     FROM notifications WHERE recipient_id = $1`,
);

/** One inbox item of $1. */
export const INBOX_ITEM = statement('notify_inbox_item', `SELECT ${INBOX_COLUMNS} FROM notifications WHERE recipient_id = $1 AND id = $2`);

/** The unread notifications of $1, marked read at $2; what their history rows record. */
export const INBOX_READ_ALL = statement(
  'notify_inbox_read_all',
  'UPDATE notifications SET read_at = $2 WHERE recipient_id = $1 AND read_at IS NULL RETURNING id, group_id, kind, title',
);

/** What delivery jobs need of the notifications $1. */
export const NOTIFICATIONS_FOR_DELIVERY = statement(
  'notify_notifications_for_delivery',
  `SELECT id, recipient_id, kind, title, body, entity_type, entity_id, late, outward, ${isoTimestamp('created_date')} AS created_date
     FROM notifications WHERE id = ANY($1::uuid[])`,
);

/** The targets (hashes) already sent of the deliveries ($1 notification ids, $2 their attempts). */
export const DELIVERIES_SENT = statement(
  'notify_deliveries_sent',
  `SELECT d.notification_id, d.attempt, d.channel, d.target_hash
     FROM notification_deliveries d JOIN unnest($1::uuid[], $2::smallint[]) AS w(id, attempt) ON d.notification_id = w.id AND d.attempt = w.attempt`,
);

/** Records what channels sent (or gave up on), one row per notification, attempt, channel and target. */
export const DELIVERIES_RECORD = statement(
  'notify_deliveries_record',
  `INSERT INTO notification_deliveries (notification_id, attempt, channel, target_hash, outcome)
   SELECT * FROM unnest($1::uuid[], $2::smallint[], $3::varchar[], $4::varchar[], $5::varchar[])
   ON CONFLICT DO NOTHING`,
);

/** Housekeeping: removes the delivery records sent before $1; answers how many. */
export const DELIVERIES_REMOVE_OLD = statement(
  'notify_deliveries_remove_old',
  'WITH gone AS (DELETE FROM notification_deliveries WHERE sent_date < $1 RETURNING 1) SELECT count(*)::int AS n FROM gone',
);

/**
 * Housekeeping: removes the read notifications made before $1 (their delivery records go with them,
 * ON DELETE CASCADE), except one a snooze delivers again after $2 (now); answers how many.
 */
export const NOTIFICATIONS_REMOVE_OLD_READ = statement(
  'notify_notifications_remove_old_read',
  `WITH gone AS (DELETE FROM notifications WHERE created_date < $1 AND read_at IS NOT NULL AND (snoozed_until IS NULL OR snoozed_until <= $2) RETURNING 1)
   SELECT count(*)::int AS n FROM gone`,
);

/** The settings of the users $1 (users without a row are not answered: they have the defaults). */
export const SETTINGS_OF_USERS = statement(
  'notify_settings_of_users',
  'SELECT user_id, time_zone, quiet_from, quiet_to, push, email, webhook_url, shopping_trips FROM notification_settings WHERE user_id = ANY($1::uuid[])',
);

export interface SettingsRow {
  user_id: string;
  time_zone: string;
  quiet_from: string | null;
  quiet_to: string | null;
  push: boolean;
  email: boolean;
  webhook_url: string | null;
  shopping_trips: boolean;
}

/** Writes the whole settings row of $1. */
export const SETTINGS_UPSERT = statement(
  'notify_settings_upsert',
  `INSERT INTO notification_settings (user_id, time_zone, quiet_from, quiet_to, push, email, webhook_url, shopping_trips, updated_date)
   VALUES ($1, $2, $3, $4, $5, $6, $7, $8, now())
   ON CONFLICT (user_id) DO UPDATE SET time_zone = EXCLUDED.time_zone, quiet_from = EXCLUDED.quiet_from, quiet_to = EXCLUDED.quiet_to,
     push = EXCLUDED.push, email = EXCLUDED.email, webhook_url = EXCLUDED.webhook_url, shopping_trips = EXCLUDED.shopping_trips, updated_date = now()`,
);

const SUBSCRIPTION_COLUMNS = `id, endpoint, ${isoTimestamp('created_date')} AS created_date`;

/** A subscription's session is live (not revoked, not expired): one that has ended is neither listed nor sent to. */
const SESSION_LIVE = 'EXISTS (SELECT 1 FROM sessions s WHERE s.id = p.session_id AND s.revoked_date IS NULL AND s.expires_date > now())';

/** The push subscriptions of $1 whose sessions are live, oldest first. */
export const PUSH_SUBSCRIPTIONS_OF_USER = statement(
  'notify_push_subscriptions_of_user',
  `SELECT ${SUBSCRIPTION_COLUMNS} FROM push_subscriptions p WHERE user_id = $1 AND ${SESSION_LIVE} ORDER BY created_date, id`,
);

/** What Web Push needs of the subscriptions (with live sessions) of the users $1. */
export const PUSH_TARGETS_OF_USERS = statement(
  'notify_push_targets_of_users',
  `SELECT id, user_id, endpoint, p256dh, auth FROM push_subscriptions p WHERE user_id = ANY($1::uuid[]) AND ${SESSION_LIVE} ORDER BY created_date, id`,
);

/** Serialises the subscribing of one user ($1), so the limit below holds with two devices at once. */
export const PUSH_LOCK_USER = statement('notify_push_lock_user', `SELECT pg_advisory_xact_lock(hashtextextended('push-subscriptions:' || $1::text, 0))`);

/** Removes the subscriptions of $1 whose sessions have ended, and all but the newest $2 of the rest. */
export const PUSH_KEEP_NEWEST = statement(
  'notify_push_keep_newest',
  `DELETE FROM push_subscriptions WHERE id IN (
     SELECT id FROM (
       SELECT p.id, ${SESSION_LIVE} AS live, row_number() OVER (ORDER BY ${SESSION_LIVE} DESC, p.created_date DESC, p.id DESC) AS n
         FROM push_subscriptions p WHERE p.user_id = $1) ranked
      WHERE NOT live OR n > $2)`,
);

/**
 * Subscribes the endpoint $2 for the user $3 on the session $4 with the keys $5, $6 ($1: the id if
 * new). An endpoint subscribed already (the same browser again, or after another user of it) is
 * taken over with its new keys and session. `created` is false for a taken-over one.
 */
export const PUSH_SUBSCRIBE = statement(
  'notify_push_subscribe',
  `INSERT INTO push_subscriptions (id, endpoint, user_id, session_id, p256dh, auth) VALUES ($1, $2, $3, $4, $5, $6)
   ON CONFLICT (endpoint) DO UPDATE SET user_id = EXCLUDED.user_id, session_id = EXCLUDED.session_id, p256dh = EXCLUDED.p256dh, auth = EXCLUDED.auth
   RETURNING ${SUBSCRIPTION_COLUMNS}, (xmax = 0) AS created`,
);

/** Removes the subscription $2 of the user $1; its id when there was one. */
export const PUSH_UNSUBSCRIBE = statement('notify_push_unsubscribe', 'DELETE FROM push_subscriptions WHERE user_id = $1 AND id = $2 RETURNING id');

/** Removes the subscription $1 (its push service answered 404 or 410: it is gone). */
export const PUSH_REMOVE_GONE = statement('notify_push_remove_gone', 'DELETE FROM push_subscriptions WHERE id = $1');

/**
 * Seconds until the user $1 may send another test ($2: the cooldown), 0 when they may now; takes
 * the user's row lock of the cooldown (their settings' row, if any) so two tests at once count as two.
 */
export const TEST_COOLDOWN_REMAINING = statement(
  'notify_test_cooldown_remaining',
  `SELECT COALESCE(ceil(extract(epoch FROM max(created_date) + make_interval(secs => $2) - now())), 0)::int AS remaining
     FROM notifications WHERE recipient_id = $1 AND kind = 'Test' AND created_date > now() - make_interval(secs => $2)`,
);

/** Serialises the reminders one user sets (a transaction-scoped advisory lock on the user's id): their limit counts each. */
export const REMINDERS_LOCK = statement('notify_reminders_lock', `SELECT pg_advisory_xact_lock(hashtextextended('reminders:' || $1::text, 0))`);

/** Serialises tests of one user (a transaction-scoped advisory lock on the user's id). */
export const TEST_LOCK = statement('notify_test_lock', `SELECT pg_advisory_xact_lock(hashtextextended('notify-test:' || $1::text, 0))`);

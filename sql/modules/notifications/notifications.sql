-- notify_deliveries_record
INSERT INTO notification_deliveries (notification_id, attempt, channel, target_hash, outcome)
   SELECT * FROM unnest($1::uuid[], $2::smallint[], $3::varchar[], $4::varchar[], $5::varchar[])
   ON CONFLICT DO NOTHING;

-- notify_deliveries_remove_old
WITH gone AS (DELETE FROM notification_deliveries WHERE sent_date < $1 RETURNING 1) SELECT count(*)::int AS n FROM gone;

-- notify_deliveries_sent
SELECT d.notification_id, d.attempt, d.channel, d.target_hash
     FROM notification_deliveries d JOIN unnest($1::uuid[], $2::smallint[]) AS w(id, attempt) ON d.notification_id = w.id AND d.attempt = w.attempt;

-- notify_inbox_counts
SELECT count(*) FILTER (WHERE $2::boolean IS NOT TRUE OR read_at IS NULL)::int AS total,
          count(*) FILTER (WHERE read_at IS NULL)::int AS unread
     FROM notifications WHERE recipient_id = $1;

-- notify_inbox_item
SELECT id, kind, title, body, entity_type, entity_id, to_char(created_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_date,
       to_char(read_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS read_at, late FROM notifications WHERE recipient_id = $1 AND id = $2;

-- notify_inbox_page
SELECT id, kind, title, body, entity_type, entity_id, to_char(created_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_date,
       to_char(read_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS read_at, late FROM notifications
    WHERE recipient_id = $1 AND ($2::boolean IS NOT TRUE OR read_at IS NULL)
    ORDER BY (read_at IS NULL) DESC, created_date DESC, id DESC LIMIT $3 OFFSET $4;

-- notify_inbox_read_all
UPDATE notifications SET read_at = $2 WHERE recipient_id = $1 AND read_at IS NULL RETURNING id, group_id, kind, title;

-- notify_notifications_for_delivery
SELECT id, recipient_id, kind, title, body, entity_type, entity_id, late, outward, to_char(created_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_date
     FROM notifications WHERE id = ANY($1::uuid[]);

-- notify_notifications_insert
INSERT INTO notifications (id, recipient_id, group_id, kind, occurrence_key, title, body, entity_type, entity_id, due_date, late, outward)
   SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::varchar[], $5::varchar[], $6::varchar[], $7::varchar[],
                        $8::varchar[], $9::uuid[], $10::timestamptz[], $11::boolean[], $12::boolean[])
   ON CONFLICT (recipient_id, occurrence_key) DO NOTHING
   RETURNING id, recipient_id, group_id, kind, title, entity_type, entity_id, created_date, outward;

-- notify_notifications_remove_old_read
WITH gone AS (DELETE FROM notifications WHERE created_date < $1 AND read_at IS NOT NULL AND (snoozed_until IS NULL OR snoozed_until <= $2) RETURNING 1)
   SELECT count(*)::int AS n FROM gone;

-- notify_push_keep_newest
DELETE FROM push_subscriptions WHERE id IN (
     SELECT id FROM (
       SELECT p.id, EXISTS (SELECT 1 FROM sessions s WHERE s.id = p.session_id AND s.revoked_date IS NULL AND s.expires_date > now()) AS live, row_number() OVER (ORDER BY EXISTS (SELECT 1 FROM sessions s WHERE s.id = p.session_id AND s.revoked_date IS NULL AND s.expires_date > now()) DESC, p.created_date DESC, p.id DESC) AS n
         FROM push_subscriptions p WHERE p.user_id = $1) ranked
      WHERE NOT live OR n > $2);

-- notify_push_lock_user
SELECT pg_advisory_xact_lock(hashtextextended('push-subscriptions:' || $1::text, 0));

-- notify_push_remove_gone
DELETE FROM push_subscriptions WHERE id = $1;

-- notify_push_subscribe
INSERT INTO push_subscriptions (id, endpoint, user_id, session_id, p256dh, auth) VALUES ($1, $2, $3, $4, $5, $6)
   ON CONFLICT (endpoint) DO UPDATE SET user_id = EXCLUDED.user_id, session_id = EXCLUDED.session_id, p256dh = EXCLUDED.p256dh, auth = EXCLUDED.auth
   RETURNING id, endpoint, to_char(created_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_date, (xmax = 0) AS created;

-- notify_push_subscriptions_of_user
SELECT id, endpoint, to_char(created_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_date FROM push_subscriptions p WHERE user_id = $1 AND EXISTS (SELECT 1 FROM sessions s WHERE s.id = p.session_id AND s.revoked_date IS NULL AND s.expires_date > now()) ORDER BY created_date, id;

-- notify_push_targets_of_users
SELECT id, user_id, endpoint, p256dh, auth FROM push_subscriptions p WHERE user_id = ANY($1::uuid[]) AND EXISTS (SELECT 1 FROM sessions s WHERE s.id = p.session_id AND s.revoked_date IS NULL AND s.expires_date > now()) ORDER BY created_date, id;

-- notify_push_unsubscribe
DELETE FROM push_subscriptions WHERE user_id = $1 AND id = $2 RETURNING id;

-- notify_reminders_lock
SELECT pg_advisory_xact_lock(hashtextextended('reminders:' || $1::text, 0));

-- notify_schedule_lock_due
SELECT source, source_id FROM notification_schedule WHERE due_at <= $1
    ORDER BY due_at LIMIT $2 FOR UPDATE SKIP LOCKED;

-- notify_schedule_next_due
SELECT min(due_at) AS due_at FROM notification_schedule;

-- notify_schedule_recheck
WITH due AS (
     SELECT s.source, s.source_id FROM notification_schedule s JOIN unnest($2::varchar[], $3::uuid[]) AS d(source, source_id) USING (source, source_id)
      WHERE s.due_at > $4 AND s.due_at < $4::timestamptz + interval '27 hours'
        FOR UPDATE OF s),
   slot AS (
     UPDATE notification_settings SET recheck_date = greatest($4, COALESCE(recheck_date + interval '1 minute', $4))
      WHERE user_id = $1 AND EXISTS (SELECT 1 FROM due)
     RETURNING recheck_date)
   UPDATE notification_schedule s SET due_at = slot.recheck_date
     FROM slot, due
    WHERE s.source = due.source AND s.source_id = due.source_id AND s.due_at > slot.recheck_date;

-- notify_schedule_remove
DELETE FROM notification_schedule s USING unnest($1::varchar[], $2::uuid[]) AS d(source, source_id) WHERE s.source = d.source AND s.source_id = d.source_id;

-- notify_schedule_retry
UPDATE notification_schedule
      SET due_at = $3::timestamptz + least(interval '1 minute' * power(2, least(failures, 6)), interval '1 hour'), failures = least(failures + 1, 10000)
    WHERE source = $1 AND source_id = $2
   RETURNING due_at, failures;

-- notify_schedule_set
INSERT INTO notification_schedule (source, source_id, due_at)
   SELECT * FROM unnest($1::varchar[], $2::uuid[], $3::timestamptz[])
   ON CONFLICT (source, source_id) DO UPDATE SET due_at = EXCLUDED.due_at, failures = 0;

-- notify_settings_of_users
SELECT user_id, time_zone, quiet_from, quiet_to, push, email, webhook_url, shopping_trips FROM notification_settings WHERE user_id = ANY($1::uuid[]);

-- notify_settings_upsert
INSERT INTO notification_settings (user_id, time_zone, quiet_from, quiet_to, push, email, webhook_url, shopping_trips, updated_date)
   VALUES ($1, $2, $3, $4, $5, $6, $7, $8, now())
   ON CONFLICT (user_id) DO UPDATE SET time_zone = EXCLUDED.time_zone, quiet_from = EXCLUDED.quiet_from, quiet_to = EXCLUDED.quiet_to,
     push = EXCLUDED.push, email = EXCLUDED.email, webhook_url = EXCLUDED.webhook_url, shopping_trips = EXCLUDED.shopping_trips, updated_date = now();

-- notify_test_cooldown_remaining
SELECT COALESCE(ceil(extract(epoch FROM max(created_date) + make_interval(secs => $2) - now())), 0)::int AS remaining
     FROM notifications WHERE recipient_id = $1 AND kind = 'Test' AND created_date > now() - make_interval(secs => $2);

-- notify_test_lock
SELECT pg_advisory_xact_lock(hashtextextended('notify-test:' || $1::text, 0));

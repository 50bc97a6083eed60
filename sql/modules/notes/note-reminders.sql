-- note_reminder_delete
DELETE FROM note_reminders WHERE note_id = $1 AND set_by = $2 RETURNING id;

-- note_reminder_insert
INSERT INTO note_reminders AS r (id, note_id, group_id, start_local, time_zone, setter_time_zone, frequency, interval, until,
                               recipients, recipient_ids, set_by, set_date, next_index)
   VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
   RETURNING r.id, r.note_id, r.group_id, r.start_local, r.time_zone, r.setter_time_zone, r.frequency, r.interval,
       r.until::text AS until, r.recipients, r.recipient_ids, r.set_by, r.set_date, r.next_index;

-- note_reminders_active_of_setter
SELECT count(*)::int AS n FROM note_reminders WHERE set_by = $1 AND next_index IS NOT NULL;

-- note_reminders_for_calendar
SELECT r.id, r.note_id, r.group_id, r.start_local, r.time_zone, r.setter_time_zone, r.frequency, r.interval,
       r.until::text AS until, r.recipients, r.recipient_ids, r.set_by, r.set_date, r.next_index, n.title
     FROM note_reminders r JOIN notes n ON n.id = r.note_id
    WHERE r.group_id = $1 AND r.next_index IS NOT NULL AND (NOT n.is_private OR n.created_by = $2) AND (r.set_by = $2 OR r.recipients = 'group' OR (r.recipients = 'users' AND $2 = ANY(r.recipient_ids)))
    ORDER BY r.id;

-- note_reminders_lock_due
SELECT r.id, r.note_id, r.group_id, r.start_local, r.time_zone, r.setter_time_zone, r.frequency, r.interval,
       r.until::text AS until, r.recipients, r.recipient_ids, r.set_by, r.set_date, r.next_index, n.title, n.is_private, n.created_by,
          (SELECT count(*)::int FROM note_items i WHERE i.note_id = n.id) AS item_count,
          (SELECT count(*)::int FROM note_items i WHERE i.note_id = n.id AND NOT i.is_completed) AS open_count,
          ('Notes' = ANY(g.modules)) AS module_on
     FROM note_reminders r JOIN notes n ON n.id = r.note_id JOIN groups g ON g.id = r.group_id
    WHERE r.id = ANY($1::uuid[])
      FOR UPDATE OF r;

-- note_reminders_move
UPDATE note_reminders r SET next_index = d.next_index FROM unnest($1::uuid[], $2::int[]) AS d(id, next_index) WHERE r.id = d.id;

-- note_reminders_of_recipient
SELECT r.id FROM note_reminders r JOIN notes n ON n.id = r.note_id JOIN users u ON u.id = $1 AND u.group_id = r.group_id
    WHERE r.next_index IS NOT NULL
      AND CASE WHEN n.is_private THEN n.created_by = $1
               WHEN r.recipients = 'group' THEN true
               WHEN r.recipients = 'users' THEN $1 = ANY(r.recipient_ids)
               ELSE r.set_by = $1 END;

-- note_reminders_seen_in_group
SELECT r.id, r.note_id, r.group_id, r.start_local, r.time_zone, r.setter_time_zone, r.frequency, r.interval,
       r.until::text AS until, r.recipients, r.recipient_ids, r.set_by, r.set_date, r.next_index FROM note_reminders r WHERE r.group_id = $1 AND (r.set_by = $2 OR r.recipients = 'group' OR (r.recipients = 'users' AND $2 = ANY(r.recipient_ids))) ORDER BY r.set_by = $2 DESC, r.set_date, r.id;

-- note_reminders_seen_on_note
SELECT r.id, r.note_id, r.group_id, r.start_local, r.time_zone, r.setter_time_zone, r.frequency, r.interval,
       r.until::text AS until, r.recipients, r.recipient_ids, r.set_by, r.set_date, r.next_index FROM note_reminders r WHERE r.note_id = $1 AND (r.set_by = $2 OR r.recipients = 'group' OR (r.recipients = 'users' AND $2 = ANY(r.recipient_ids))) ORDER BY r.set_by = $2 DESC, r.set_date, r.id;

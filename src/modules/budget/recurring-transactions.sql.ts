import { statement } from '../../database/sql';
import { isActiveMember } from '../users/users.sql';

/*
 * Named statements of the recurring scheduler (RecurringTransactionsRepository): which rules are
 * due, one rule locked for one instance, its cursor, and the insert of an occurrence. Rules
 * themselves are written with save()/remove(), so the history records them.
 */

/** Ids of the enabled rules (of every group) with an occurrence due on or before $1. */
export const RECURRING_DUE_IDS = statement(
  'budget_recurring_due_ids',
  'SELECT id FROM recurring_transactions WHERE is_enabled AND next_occurrence <= $1 ORDER BY next_occurrence, id',
);

/**
 * The rule $1 if still due on $2, locked, with whether either of its accounts is disabled and, when
 * its split was taken from the group's default, which of the split's members are current members
 * of the group (the occurrence drops the others); no row when it is not due or another instance
 * holds it (SKIP LOCKED).
 */
export const RECURRING_LOCK_DUE = statement(
  'budget_recurring_lock_due',
  `SELECT r.id, r.group_id, r.type, r.amount, r.description, r.category_id, r.budget_account_id,
          r.target_budget_account_id, r.frequency, r.interval, r.start_date::text AS start_date,
          r.end_date::text AS end_date, r.next_occurrence::text AS next_occurrence,
          r.split, r.original, (a.is_disabled OR COALESCE(ta.is_disabled, false)) AS account_disabled, r.split_is_default,
          CASE WHEN r.split_is_default THEN ARRAY(
            SELECT (m->>'userId')::uuid FROM jsonb_array_elements(r.split->'members') m
             WHERE ${isActiveMember(`(m->>'userId')::uuid`, 'r.group_id')}) END AS current_members
     FROM recurring_transactions r
     JOIN budget_accounts a ON a.id = r.budget_account_id
     LEFT JOIN budget_accounts ta ON ta.id = r.target_budget_account_id
    WHERE r.id = $1 AND r.is_enabled AND r.next_occurrence <= $2
      FOR UPDATE OF r SKIP LOCKED`,
);

/** Moves the scheduler's cursor of the rule $1 to $2 (null: no more occurrences). */
export const RECURRING_MOVE_CURSOR = statement('budget_recurring_move_cursor', 'UPDATE recurring_transactions SET next_occurrence = $2 WHERE id = $1');

/**
 * The occurrence of a rule ($10) on a date ($5, also its occurrence date), with the rule's split
 * ($11, copied) and its original ($12, copied), unless it exists (the unique index on (recurring_transaction_id, occurrence_date));
 * its id when inserted.
 */
export const RECURRING_INSERT_OCCURRENCE = statement(
  'budget_recurring_insert_occurrence',
  `INSERT INTO transactions (id, group_id, type, amount, date, description, category_id, budget_account_id,
                             target_budget_account_id, recurring_transaction_id, occurrence_date, created_by_id, split, original)
   VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $5, NULL, $11, $12)
   ON CONFLICT (recurring_transaction_id, occurrence_date) DO NOTHING
   RETURNING id`,
);

/**
 * The bill reminders $1 for the notification scheduler, locked: the rule (with what it is paid in, when
 * another currency), its reminder's cursor, the group's currency (amounts are told in it) and whether it has the Budget module (without it,
 * nobody is reminded), and the category's name (when it has no description).
 */
export const BILL_REMINDERS_LOCK = statement(
  'budget_bill_reminders_lock',
  `SELECT r.id, r.group_id, r.type, r.amount::text AS amount, r.description, r.frequency, r.interval,
          r.start_date::text AS start_date, r.end_date::text AS end_date, r.is_enabled, r.remind_days_before,
          r.remind_next_occurrence::text AS remind_next_occurrence, r.remind_set_date, r.original, g.currency,
          c.name AS category_name,
          ('Budget' = ANY(g.modules)) AS module_on
     FROM recurring_transactions r
     JOIN groups g ON g.id = r.group_id
     LEFT JOIN categories c ON c.id = r.category_id
    WHERE r.id = ANY($1::uuid[]) AND r.remind_days_before IS NOT NULL
      FOR UPDATE OF r`,
);

/** How many bill reminders with occurrences left the user $1 set (ix_recurring_transactions_remind_set_by). */
export const BILL_REMINDERS_ACTIVE_OF_SETTER = statement(
  'budget_bill_reminders_active_of_setter',
  `SELECT count(*)::int AS n FROM recurring_transactions
    WHERE remind_set_by = $1 AND remind_days_before IS NOT NULL AND remind_next_occurrence IS NOT NULL`,
);

/** The ids of the bill reminders with occurrences left of the group of the user $1 (a bill reminds every member). */
export const BILL_REMINDERS_OF_MEMBER = statement(
  'budget_bill_reminders_of_member',
  `SELECT r.id FROM recurring_transactions r JOIN users u ON u.id = $1 AND u.group_id = r.group_id
    WHERE r.remind_days_before IS NOT NULL AND r.remind_next_occurrence IS NOT NULL`,
);

/** Moves the bill reminders' cursors ($1 ids) to the occurrences $2 (null: none left). */
export const BILL_REMINDERS_MOVE = statement(
  'budget_bill_reminders_move',
  `UPDATE recurring_transactions r SET remind_next_occurrence = d.next
     FROM unnest($1::uuid[], $2::date[]) AS d(id, next) WHERE r.id = d.id`,
);

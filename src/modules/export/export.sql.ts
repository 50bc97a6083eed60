import { statement } from '../../database/sql';
import { visibleNotes } from '../notes/notes.sql';

/*
 * Named statements of GET /account/export (ExportRepository): what one user may see of their group
 * ($1), the large tables in keyset-paged batches of EXPORT_BATCH rows, so memory stays flat at any size.
 */

export const EXPORT_BATCH = 2000;

/** The group's transactions after ($2 date, $3 id), oldest first, with their category and account names. */
export const EXPORT_TRANSACTIONS = statement(
  'export_transactions',
  `SELECT t.id, to_char(t.date, 'YYYY-MM-DD') AS date, t.type, t.amount::text AS amount, c.name AS category,
          a.name AS account, ta.name AS target_account, t.description,
          t.original->>'amount' AS original_amount, t.original->>'currency' AS original_currency, t.original->>'rate' AS original_rate
     FROM transactions t
     JOIN budget_accounts a ON a.id = t.budget_account_id
     LEFT JOIN budget_accounts ta ON ta.id = t.target_budget_account_id
     LEFT JOIN categories c ON c.id = t.category_id
    WHERE t.group_id = $1 AND (t.date, t.id) > ($2::date, $3::uuid)
    ORDER BY t.date, t.id LIMIT ${EXPORT_BATCH}`,
);

/**
 * Each member's part of the group's shared transactions after ($2 date, $3 transaction id, $4 user
 * id), oldest first: one row per member with what they paid and their part, and their nickname.
 */
export const EXPORT_SPLITS = statement(
  'export_splits',
  `SELECT to_char(s.date, 'YYYY-MM-DD') AS date, s.transaction_id, s.user_id, t.type, t.amount::text AS amount, c.name AS category,
          t.description, u.nickname AS member, s.paid::text AS paid, s.share::text AS share
     FROM transaction_shares s
     JOIN transactions t ON t.id = s.transaction_id
     LEFT JOIN categories c ON c.id = s.category_id
     LEFT JOIN users u ON u.id = s.user_id
    WHERE s.group_id = $1 AND (s.date, s.transaction_id, s.user_id) > ($2::date, $3::uuid, $4::uuid)
    ORDER BY s.date, s.transaction_id, s.user_id LIMIT ${EXPORT_BATCH}`,
);

/** The group's settlements after ($2 date, $3 id), oldest first, with the members' nicknames. */
export const EXPORT_SETTLEMENTS = statement(
  'export_settlements',
  `SELECT s.id, to_char(s.date, 'YYYY-MM-DD') AS date, f.nickname AS from_member, r.nickname AS to_member, s.amount::text AS amount, s.note,
          s.original->>'amount' AS original_amount, s.original->>'currency' AS original_currency, s.original->>'rate' AS original_rate
     FROM settlements s
     LEFT JOIN users f ON f.id = s.from_user_id
     LEFT JOIN users r ON r.id = s.to_user_id
    WHERE s.group_id = $1 AND (s.date, s.id) > ($2::date, $3::uuid)
    ORDER BY s.date, s.id LIMIT ${EXPORT_BATCH}`,
);

export const EXPORT_CATEGORIES = statement(
  'export_categories',
  'SELECT name, color, icon, sort_order AS "order" FROM categories WHERE group_id = $1 ORDER BY sort_order, id',
);

export const EXPORT_ACCOUNTS = statement(
  'export_accounts',
  `SELECT a.name, a.is_default, a.is_disabled, a.opening_balance::text AS opening_balance,
          (a.opening_balance + COALESCE(b.balance, 0.00))::numeric(18,2)::text AS balance
     FROM budget_accounts a LEFT JOIN budget_account_balances b ON b.budget_account_id = a.id
    WHERE a.group_id = $1 ORDER BY a.is_default DESC, lower(a.name), a.id`,
);

export const EXPORT_RECURRING = statement(
  'export_recurring',
  `SELECT r.type, r.amount::text AS amount, r.description, c.name AS category, a.name AS account, ta.name AS target_account,
          r.frequency, r.interval, to_char(r.start_date, 'YYYY-MM-DD') AS start_date,
          to_char(r.end_date, 'YYYY-MM-DD') AS end_date, to_char(r.next_occurrence, 'YYYY-MM-DD') AS next_occurrence, r.is_enabled
     FROM recurring_transactions r
     JOIN budget_accounts a ON a.id = r.budget_account_id
     LEFT JOIN budget_accounts ta ON ta.id = r.target_budget_account_id
     LEFT JOIN categories c ON c.id = r.category_id
    WHERE r.group_id = $1 ORDER BY r.start_date, r.id`,
);

/** Live markers (the trash is left out) after the id $2. */
export const EXPORT_MARKERS = statement(
  'export_markers',
  `SELECT id, title, description, rating, to_char(date, 'YYYY-MM-DD') AS date, latitude, longitude, address
     FROM markers WHERE group_id = $1 AND deleted_date IS NULL AND id > $2
    ORDER BY id LIMIT ${EXPORT_BATCH}`,
);

/** Processed images of the markers $2, in their order. */
export const EXPORT_IMAGES = statement(
  'export_images',
  `SELECT mi.marker_id, mi.id, f.storage_key, f.content_type, f.size
     FROM marker_images mi JOIN files f ON f.id = mi.file_id
    WHERE mi.group_id = $1 AND mi.marker_id = ANY($2::uuid[]) AND f.status = 'Completed'
    ORDER BY mi.marker_id, mi.position, mi.id`,
);

/** Shared notes of the group and the user's ($2) own private ones; never another member's private note. */
export const EXPORT_NOTES = statement(
  'export_notes',
  `SELECT id, title, content, is_private, is_pinned, created_date FROM notes n
    WHERE group_id = $1 AND ${visibleNotes('n', '$2')}
    ORDER BY created_date, id`,
);

/** The items of the notes $2. */
export const EXPORT_NOTE_ITEMS = statement(
  'export_note_items',
  `SELECT note_id, text, url, is_completed, quantity FROM note_items
    WHERE group_id = $1 AND note_id = ANY($2::uuid[]) ORDER BY note_id, "order", id`,
);

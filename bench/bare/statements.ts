/**
 * The SQL the bare server issues: Hearth's own statement constants, imported (the same text, the
 * same statement names, so PostgreSQL prepares each once per connection in both servers).
 * `npm run bench -- --capture` prints what Hearth sends per scenario, to check nothing else runs.
 */
export { SESSION_CHECK } from '../../src/modules/auth/sessions.sql';
export { MARKERS_PAGE_DEFAULT, MARKER_DETAIL } from '../../src/modules/markers/markers.sql';
export { NOTES_LIST_DEFAULT, NOTES_LIST_ITEMS, NOTE_CREATE } from '../../src/modules/notes/notes.sql';
export { REPORT_CATEGORIES, REPORT_MONTHLY, REPORT_YEARLY } from '../../src/modules/budget/reports.sql';
export { BUDGET_ACCOUNT_IN_GROUP, CATEGORY_IN_GROUP, TRANSACTIONS_COUNT, TRANSACTIONS_PAGE_BY_DATE } from '../../src/modules/budget/transactions.sql';
export { BUDGET_ACCOUNT_DEFAULT_ID, BUDGET_ACCOUNT_STATES } from '../../src/modules/budget/budget-accounts.sql';
export { CATEGORY_NAME } from '../../src/modules/budget/categories.sql';
export { MEMBER_TOTALS, SPLIT_SETTINGS_OF_GROUP } from '../../src/modules/budget/sharing/sharing.sql';
export { USERS_ACTIVE_MEMBERS, USERS_ACTIVE_MEMBERS_AMONG } from '../../src/modules/users/users.sql';

/** POST /transactions: the row as Hearth's save() inserts it, with the created date back. */
export const TRANSACTION_INSERT = {
  name: 'bare_transaction_insert',
  text: `INSERT INTO transactions (id, group_id, type, amount, date, description, category_id, budget_account_id, target_budget_account_id,
                                 recurring_transaction_id, occurrence_date, import_ref, created_by_id, split, original)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, NULL, NULL, NULL, NULL, $9, $10, $11) RETURNING created_date`,
};

/** Its "Created" history row, as the history subscriber writes it. */
export const HISTORY_INSERT = {
  name: 'bare_history_insert',
  text: `INSERT INTO action_histories (id, group_id, admin_only, private_to_user_id, entity_type, entity_id, parent_id, action, changes,
                                     user_id, user_nickname, entity_label, parent_label)
         VALUES ($1, $2, false, NULL, 'Transaction', $3, NULL, 'Created', $4, $5, $6, $7, NULL)`,
};

/** POST /session: the user and their group by username (the login burst's bare side: lookup + bcrypt). */
export const SIGN_IN_BY_USERNAME = `
  SELECT u.id, u.password_hash, u.nickname, u.role, u.status, u.email_status, u.group_id, u.perms_version,
         g.currency, g.modules
    FROM users u LEFT JOIN groups g ON g.id = u.group_id WHERE u.username = $1`;

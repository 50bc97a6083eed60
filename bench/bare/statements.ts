/**
 * The SQL the bare server issues: Hearth's own statement constants, imported (the same text, the
 * same statement names, so PostgreSQL prepares each once per connection in both servers).
 * `npm run bench -- --capture` prints what Hearth sends per scenario, to check nothing else runs.
 */
export { SESSION_CHECK } from '../../src/modules/auth/sessions.sql';
export { MARKERS_PAGE_DEFAULT, MARKER_DETAIL } from '../../src/modules/markers/markers.sql';
export { NOTES_LIST_DEFAULT, NOTES_LIST_ITEMS, NOTE_CREATE } from '../../src/modules/notes/notes.sql';
export { REPORT_CATEGORIES, REPORT_MONTHLY, REPORT_YEARLY } from '../../src/modules/budget/reports.sql';
export { TRANSACTIONS_COUNT, TRANSACTIONS_PAGE_BY_DATE } from '../../src/modules/budget/transactions.sql';

/** POST /session: the user and their group by username (the login burst's bare side: lookup + bcrypt). */
export const SIGN_IN_BY_USERNAME = `
  SELECT u.id, u.password_hash, u.nickname, u.role, u.status, u.email_status, u.group_id, u.perms_version,
         g.currency, g.modules
    FROM users u LEFT JOIN groups g ON g.id = u.group_id WHERE u.username = $1`;

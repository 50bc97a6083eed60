import { statement } from '../../../database/sql';

/* The statements of the calendar's ICS import previews (CalendarImportsService). */

export const IMPORT_INSERT = statement(
  'calendar_import_insert',
  `INSERT INTO calendar_imports (id, group_id, user_id, events) VALUES ($1, $2, $3, $4::jsonb) RETURNING created_date`,
);

/** The preview $2 of the group $1 made after $3 (24 hours ago), locked for its commit. */
export const IMPORT_LOCK = statement(
  'calendar_import_lock',
  `SELECT i.id, i.events, i.committed_date FROM calendar_imports i WHERE i.group_id = $1 AND i.id = $2 AND i.created_date > $3 FOR UPDATE`,
);

export const IMPORT_MARK_COMMITTED = statement('calendar_import_mark_committed', `UPDATE calendar_imports SET committed_date = $2 WHERE id = $1`);

/** Previews older than $1 go (each commit call clears them). */
export const IMPORTS_EXPIRE = statement('calendar_imports_expire', `DELETE FROM calendar_imports WHERE created_date <= $1`);

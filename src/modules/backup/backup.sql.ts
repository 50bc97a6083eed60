import { statement } from '../../database/sql';

/*
 * The fixed statements of backups and restores (BackupRepository), run on their dedicated
 * connection (`rowsOnConnection`). What stays text built at run time: COPY of each table, TRUNCATE,
 * ANALYZE, the keys and indexes dropped and rebuilt around a load, the triggers switched, and the
 * migrations run inside a restore: their table and constraint names come from the catalogue.
 */

/** Whether the table named $1 (quoted, in `public`) exists. */
export const BACKUP_HAS_TABLE = statement('backup_has_table', 'SELECT to_regclass($1) IS NOT NULL AS present');

/** The applied migrations, oldest first. */
export const BACKUP_MIGRATIONS = statement('backup_migrations', 'SELECT name FROM migrations ORDER BY "timestamp", id');

export const BACKUP_COUNT_USERS = statement('backup_count_users', 'SELECT count(*)::int AS n FROM users');

/** The tables of `public` but those in $1, with their columns (generated columns left out: computed again on load). */
export const BACKUP_TABLES = statement(
  'backup_tables',
  `SELECT c.relname AS table,
          array_agg(a.attname::text ORDER BY a.attnum) AS columns
     FROM pg_class c
     JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = 'public'
     JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
    WHERE c.relkind IN ('r', 'p') AND NOT (c.relname = ANY($1))
    GROUP BY c.relname ORDER BY c.relname`,
);

/** The foreign keys between tables of `public` (child → parent), self-references left out. */
export const BACKUP_FOREIGN_KEY_EDGES = statement(
  'backup_foreign_key_edges',
  `SELECT child.relname AS child, parent.relname AS parent
     FROM pg_constraint k
     JOIN pg_class child ON child.oid = k.conrelid
     JOIN pg_class parent ON parent.oid = k.confrelid
     JOIN pg_namespace n ON n.oid = child.relnamespace AND n.nspname = 'public'
    WHERE k.contype = 'f' AND child.oid <> parent.oid`,
);

/** The tables of `public` named in $1. */
const IN_TABLES = `SELECT oid FROM pg_class WHERE relnamespace = 'public'::regnamespace AND relname = ANY($1)`;

/** Constraints of the types $2 (pg_constraint.contype letters) matching `where`, with their definitions. */
function constraintsSql(where: string): string {
  return `SELECT conrelid::regclass::text AS "table", conname AS name, pg_get_constraintdef(oid) AS definition
     FROM pg_constraint WHERE contype = ANY($2::"char"[]) AND (${where}) ORDER BY conrelid::regclass::text, conname`;
}

/** Constraints of the types $2 from or to the tables $1 (the foreign keys). */
export const BACKUP_CONSTRAINTS_FROM_OR_TO = statement(
  'backup_constraints_from_or_to',
  constraintsSql(`conrelid IN (${IN_TABLES}) OR confrelid IN (${IN_TABLES})`),
);

/** Constraints of the types $2 of the tables $1 (their primary keys, unique and exclusion constraints). */
export const BACKUP_CONSTRAINTS_OF = statement('backup_constraints_of', constraintsSql(`conrelid IN (${IN_TABLES})`));

/** The indexes of the tables $1 that no constraint of theirs owns, with their definitions. */
export const BACKUP_INDEXES_OF = statement(
  'backup_indexes_of',
  `SELECT indexrelid::regclass::text AS name, pg_get_indexdef(indexrelid) AS definition
     FROM pg_index WHERE indrelid IN (${IN_TABLES})
      AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = indexrelid AND k.conrelid = indrelid)
    ORDER BY 1`,
);

export const BACKUP_RECORD_MIGRATION = statement('backup_record_migration', 'INSERT INTO migrations ("timestamp", name) VALUES ($1, $2)');

export const BACKUP_FORGET_MIGRATION = statement('backup_forget_migration', 'DELETE FROM migrations WHERE name = $1');

/**
 * After a restore, the calendar's change counter moves past every restored change and never back,
 * so a sync token handed out before the restore never hides a change made after it.
 */
export const BACKUP_ADVANCE_CALENDAR_SEQ = statement(
  'backup_advance_calendar_seq',
  `SELECT setval('calendar_change_seq', greatest(nextval('calendar_change_seq'), (SELECT coalesce(max(seq), 0) + 1 FROM calendar_changes)))`,
);

import { Client } from 'pg';
import type * as CopyStreams from 'pg-copy-streams';
import type { Readable, Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { onFirstUse } from '../../common/first-use';
import { rowsOnConnection } from '../../database/sql';
import { BackupError, EXCLUDED_TABLES } from './backup-format';
import {
  BACKUP_CONSTRAINTS_FROM_OR_TO,
  BACKUP_CONSTRAINTS_OF,
  BACKUP_COUNT_USERS,
  BACKUP_FOREIGN_KEY_EDGES,
  BACKUP_FORGET_MIGRATION,
  BACKUP_HAS_TABLE,
  BACKUP_INDEXES_OF,
  BACKUP_MIGRATIONS,
  BACKUP_ADVANCE_CALENDAR_SEQ,
  BACKUP_RECORD_MIGRATION,
  BACKUP_TABLES,
} from './backup.sql';

/** pg-copy-streams, loaded with the first backup or restore. */
const copyStreams = onFirstUse(() => require('pg-copy-streams') as typeof CopyStreams);

/** Sort memory for building the indexes after a restore's load (the transaction's own setting). */
const RESTORE_MAINTENANCE_MEMORY = '128MB';

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * SQL of backups and restores, on a dedicated connection outside the application's pool: long
 * COPY streams run without the statement timeout of request-serving connections. The fixed
 * statements are in backup.sql.ts; what names tables, columns or constraints is built here.
 */
export class BackupRepository {
  private constructor(private readonly client: Client) {}

  static async connect(databaseUrl: string): Promise<BackupRepository> {
    const client = new Client({ connectionString: databaseUrl, application_name: 'hearth-backup' });
    // a backup or restore that loses its database fails instead of hanging
    client.on('error', () => undefined);
    await client.connect();
    await client.query('SET statement_timeout = 0');
    await client.query('SET idle_in_transaction_session_timeout = 0');
    return new BackupRepository(client);
  }

  async close(): Promise<void> {
    await this.client.end().catch(() => undefined);
  }

  /** One consistent view for every following read. */
  async beginSnapshot(): Promise<void> {
    await this.client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
  }

  async begin(): Promise<void> {
    await this.client.query('BEGIN');
  }

  async commit(): Promise<void> {
    await this.client.query('COMMIT');
  }

  async rollback(): Promise<void> {
    await this.client.query('ROLLBACK').catch(() => undefined);
  }

  async hasTable(table: string): Promise<boolean> {
    const [row] = await rowsOnConnection<{ present: boolean }>(this.client, BACKUP_HAS_TABLE, [`public.${ident(table)}`]);
    return row.present;
  }

  /** Names of the applied migrations, oldest first (empty on a database without schema). */
  async appliedMigrations(): Promise<string[]> {
    if (!(await this.hasTable('migrations'))) return [];
    const rows = await rowsOnConnection<{ name: string }>(this.client, BACKUP_MIGRATIONS);
    return rows.map((row) => row.name);
  }

  async countUsers(): Promise<number> {
    if (!(await this.hasTable('users'))) return 0;
    const [row] = await rowsOnConnection<{ n: number }>(this.client, BACKUP_COUNT_USERS);
    return row.n;
  }

  /**
   * The tables a backup copies, parents before children (by foreign keys), with their columns
   * (generated columns left out: they are computed again on load).
   */
  async tablesInLoadOrder(): Promise<{ table: string; columns: string[] }[]> {
    const tables = await rowsOnConnection<{ table: string; columns: string[] }>(this.client, BACKUP_TABLES, [EXCLUDED_TABLES]);
    const edges = await rowsOnConnection<{ child: string; parent: string }>(this.client, BACKUP_FOREIGN_KEY_EDGES);
    const parents = new Map<string, Set<string>>();
    for (const { child, parent } of edges) parents.set(child, (parents.get(child) ?? new Set()).add(parent));
    const ordered: string[] = [];
    const visit = (table: string, path: Set<string>) => {
      if (ordered.includes(table) || path.has(table)) return;
      path.add(table);
      for (const parent of parents.get(table) ?? []) visit(parent, path);
      ordered.push(table);
    };
    for (const { table } of tables) visit(table, new Set());
    const byName = new Map(tables.map((row) => [row.table, row.columns]));
    return ordered.filter((table) => byName.has(table)).map((table) => ({ table, columns: byName.get(table)! }));
  }

  /** Streams one table's rows (COPY text format) into `sink`; returns the row count. */
  async copyOut(table: string, columns: string[], through: Transform, sink: Writable): Promise<number> {
    const source = this.client.query(copyStreams().to(`COPY ${ident(table)} (${columns.map(ident).join(', ')}) TO STDOUT`));
    await pipeline(source, through, sink);
    return source.rowCount;
  }

  /** Loads one table's rows from `source`; returns the row count. */
  async copyIn(table: string, columns: string[], source: Readable): Promise<number> {
    const sink = this.client.query(copyStreams().from(`COPY ${ident(table)} (${columns.map(ident).join(', ')}) FROM STDIN`));
    await pipeline(source, sink);
    return sink.rowCount;
  }

  /** Empties the given tables (those that exist) in one statement. */
  async truncate(tables: string[]): Promise<void> {
    const present: string[] = [];
    for (const table of tables) if (await this.hasTable(table)) present.push(table);
    if (present.length) await this.client.query(`TRUNCATE ${present.map(ident).join(', ')} CASCADE`);
  }

  /**
   * Takes the keys and indexes of the given tables off (inside the restore's transaction), and
   * returns the statements that put them back. Loading first and building after is what makes a
   * large restore fast: a foreign key otherwise checks every row with a query of its own, and every
   * index takes the rows one at a time (the trigram index on transaction descriptions most of all);
   * built after the load, an index sorts the table once and a foreign key is checked with one join
   * (docs/backup.md, "Size and speed"). Off go the foreign keys from or to these tables, then their
   * primary keys, unique and exclusion constraints, then their other indexes; check constraints
   * stay. The statements come back in the order that rebuilds them: indexes and keys first, the
   * foreign keys that rely on them last.
   */
  async dropForLoad(tables: string[]): Promise<string[]> {
    type Constraint = { table: string; name: string; definition: string };
    const foreign = await rowsOnConnection<Constraint>(this.client, BACKUP_CONSTRAINTS_FROM_OR_TO, [tables, ['f']]);
    const keys = await rowsOnConnection<Constraint>(this.client, BACKUP_CONSTRAINTS_OF, [tables, ['p', 'u', 'x']]);
    const indexes = await rowsOnConnection<{ name: string; definition: string }>(this.client, BACKUP_INDEXES_OF, [tables]);
    const drop = (key: { table: string; name: string }) => this.client.query(`ALTER TABLE ${key.table} DROP CONSTRAINT ${ident(key.name)}`);
    for (const key of foreign) await drop(key);
    for (const key of keys) await drop(key);
    for (const index of indexes) await this.client.query(`DROP INDEX ${index.name}`);
    const add = (key: Constraint) => `ALTER TABLE ${key.table} ADD CONSTRAINT ${ident(key.name)} ${key.definition}`;
    return [...keys.map(add), ...indexes.map((index) => index.definition), ...foreign.map(add)];
  }

  /**
   * Runs what dropForLoad returned, with more memory for sorting than a request's statement gets
   * (for this transaction only), then updates the planner's statistics of the loaded tables.
   */
  async restoreAfterLoad(statements: string[], tables: string[]): Promise<void> {
    await this.client.query(`SET LOCAL maintenance_work_mem = '${RESTORE_MAINTENANCE_MEMORY}'`);
    for (const statement of statements) {
      try {
        await this.client.query(statement);
      } catch (error) {
        // 23505 unique_violation, 23503 foreign_key_violation, 23P01 exclusion_violation: the rows, not the database
        const { code, message, detail } = error as { code?: string; message: string; detail?: string };
        if (code === '23505' || code === '23503' || code === '23P01')
          throw new BackupError(`the archive's rows break a key of the schema: ${message}${detail ? ` (${detail})` : ''}`);
        throw error;
      }
    }
    await this.client.query(`ANALYZE ${tables.map(ident).join(', ')}`);
  }

  /** Trigger-kept sums are loaded as archived, so user triggers stay off while rows load. */
  async setUserTriggers(tables: string[], enabled: boolean): Promise<void> {
    for (const table of tables) await this.client.query(`ALTER TABLE ${ident(table)} ${enabled ? 'ENABLE' : 'DISABLE'} TRIGGER USER`);
  }

  /** A QueryRunner-like object for running migrations inside the restore's transaction. */
  queryRunner(): { query: (sql: string, parameters?: unknown[]) => Promise<any> } {
    return { query: async (sql, parameters) => (await this.client.query(sql, parameters as any[])).rows };
  }

  /** The calendar's change counter past every restored change (see BACKUP_ADVANCE_CALENDAR_SEQ). */
  async advanceCalendarSequence(): Promise<void> {
    await rowsOnConnection(this.client, BACKUP_ADVANCE_CALENDAR_SEQ, []);
  }

  async recordMigration(timestamp: number, name: string): Promise<void> {
    await rowsOnConnection(this.client, BACKUP_RECORD_MIGRATION, [timestamp, name]);
  }

  async dropMigrationsTable(): Promise<void> {
    await this.client.query('DROP TABLE IF EXISTS migrations');
  }

  async forgetMigration(name: string): Promise<void> {
    await rowsOnConnection(this.client, BACKUP_FORGET_MIGRATION, [name]);
  }
}

import { Client } from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import type { Readable, Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { BackupError, EXCLUDED_TABLES } from './backup-format';

/** Sort memory for building the indexes after a restore's load (the transaction's own setting). */
const RESTORE_MAINTENANCE_MEMORY = '128MB';

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * SQL of backups and restores, on a dedicated connection outside the application's pool: long
 * COPY streams run without the statement timeout of request-serving connections.
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
    const { rows } = await this.client.query('SELECT to_regclass($1) IS NOT NULL AS present', [`public.${ident(table)}`]);
    return rows[0].present;
  }

  /** Names of the applied migrations, oldest first (empty on a database without schema). */
  async appliedMigrations(): Promise<string[]> {
    if (!(await this.hasTable('migrations'))) return [];
    const { rows } = await this.client.query('SELECT name FROM migrations ORDER BY "timestamp", id');
    return rows.map((row: { name: string }) => row.name);
  }

  async countUsers(): Promise<number> {
    if (!(await this.hasTable('users'))) return 0;
    const { rows } = await this.client.query('SELECT count(*)::int AS n FROM users');
    return rows[0].n;
  }

  /**
   * The tables a backup copies, parents before children (by foreign keys), with their columns
   * (generated columns left out: they are computed again on load).
   */
  async tablesInLoadOrder(): Promise<{ table: string; columns: string[] }[]> {
    const { rows: tables } = await this.client.query(
      `SELECT c.relname AS table,
              array_agg(a.attname::text ORDER BY a.attnum) AS columns
         FROM pg_class c
         JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = 'public'
         JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
        WHERE c.relkind IN ('r', 'p') AND NOT (c.relname = ANY($1))
        GROUP BY c.relname ORDER BY c.relname`,
      [EXCLUDED_TABLES],
    );
    const { rows: edges } = await this.client.query(
      `SELECT child.relname AS child, parent.relname AS parent
         FROM pg_constraint k
         JOIN pg_class child ON child.oid = k.conrelid
         JOIN pg_class parent ON parent.oid = k.confrelid
         JOIN pg_namespace n ON n.oid = child.relnamespace AND n.nspname = 'public'
        WHERE k.contype = 'f' AND child.oid <> parent.oid`,
    );
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
    const byName = new Map(tables.map((row: { table: string; columns: string[] }) => [row.table, row.columns]));
    return ordered.filter((table) => byName.has(table)).map((table) => ({ table, columns: byName.get(table)! }));
  }

  /** Streams one table's rows (COPY text format) into `sink`; returns the row count. */
  async copyOut(table: string, columns: string[], through: Transform, sink: Writable): Promise<number> {
    const source = this.client.query(copyTo(`COPY ${ident(table)} (${columns.map(ident).join(', ')}) TO STDOUT`));
    await pipeline(source, through, sink);
    return source.rowCount;
  }

  /** Loads one table's rows from `source`; returns the row count. */
  async copyIn(table: string, columns: string[], source: Readable): Promise<number> {
    const sink = this.client.query(copyFrom(`COPY ${ident(table)} (${columns.map(ident).join(', ')}) FROM STDIN`));
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
    const inTables = `SELECT oid FROM pg_class WHERE relnamespace = 'public'::regnamespace AND relname = ANY($1)`;
    const constraints = async (types: string, where: string) =>
      (
        await this.client.query(
          `SELECT conrelid::regclass::text AS "table", conname AS name, pg_get_constraintdef(oid) AS definition
             FROM pg_constraint WHERE contype = ANY($2::"char"[]) AND (${where}) ORDER BY conrelid::regclass::text, conname`,
          [tables, types.split('')],
        )
      ).rows as { table: string; name: string; definition: string }[];
    const foreign = await constraints('f', `conrelid IN (${inTables}) OR confrelid IN (${inTables})`);
    const keys = await constraints('pux', `conrelid IN (${inTables})`);
    const { rows: indexes } = await this.client.query(
      `SELECT indexrelid::regclass::text AS name, pg_get_indexdef(indexrelid) AS definition
         FROM pg_index WHERE indrelid IN (${inTables})
          AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = indexrelid AND k.conrelid = indrelid)
        ORDER BY 1`,
      [tables],
    );
    const drop = (key: { table: string; name: string }) => this.client.query(`ALTER TABLE ${key.table} DROP CONSTRAINT ${ident(key.name)}`);
    for (const key of foreign) await drop(key);
    for (const key of keys) await drop(key);
    for (const index of indexes) await this.client.query(`DROP INDEX ${index.name}`);
    const add = (key: { table: string; name: string; definition: string }) => `ALTER TABLE ${key.table} ADD CONSTRAINT ${ident(key.name)} ${key.definition}`;
    return [...keys.map(add), ...indexes.map((index: { definition: string }) => index.definition), ...foreign.map(add)];
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
        if (code === '23505' || code === '23503' || code === '23P01') throw new BackupError(`the archive's rows break a key of the schema: ${message}${detail ? ` (${detail})` : ''}`);
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

  async recordMigration(timestamp: number, name: string): Promise<void> {
    await this.client.query('INSERT INTO migrations ("timestamp", name) VALUES ($1, $2)', [timestamp, name]);
  }

  async dropMigrationsTable(): Promise<void> {
    await this.client.query('DROP TABLE IF EXISTS migrations');
  }

  async forgetMigration(name: string): Promise<void> {
    await this.client.query('DELETE FROM migrations WHERE name = $1', [name]);
  }
}

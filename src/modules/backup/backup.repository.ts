import { Client } from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import type { Readable, Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { EXCLUDED_TABLES } from './backup-format';

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

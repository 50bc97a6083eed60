import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import { Pool, PoolClient, QueryResultRow } from 'pg';
import { AppConfig } from '../config/app-config';
import { boundedPoolOptions } from './unavailable';

/** Connections of the direct pool, beside TypeORM's 20 (docs/architecture.md). */
export const SQL_POOL_SIZE = 10;

/**
 * A fixed statement: its text never changes, so PostgreSQL parses and plans it once per connection
 * (a named prepared statement) and every later call sends only the parameters. Declare statements
 * as module constants with `statement(...)`; the benchmark's bare server imports the same constants.
 */
export interface Statement {
  readonly name: string;
  readonly text: string;
}

const names = new Map<string, string>();

/** Declares a named statement; a name may not be reused for another text (checked at load). */
export function statement(name: string, text: string): Statement {
  const known = names.get(name);
  if (known !== undefined && known !== text) throw new Error(`statement ${name} declared twice with different SQL`);
  names.set(name, text);
  return Object.freeze({ name, text });
}

/**
 * `expr` (a timestamptz) as the text the API prints for a date-time: ISO 8601 in UTC with
 * milliseconds, exactly what `Date#toISOString` gives. Echoed timestamps then travel as text, with
 * no `Date` parsed only to be printed again.
 */
export function isoTimestamp(expr: string): string {
  return `to_char(${expr} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/** What a repository runs statements on: the pool itself, or one transaction's connection. */
export interface SqlRunner {
  rows<T extends QueryResultRow = Record<string, unknown>>(query: Statement | string, values?: unknown[]): Promise<T[]>;
}

function run<T extends QueryResultRow>(target: Pool | PoolClient, query: Statement | string, values: unknown[]): Promise<T[]> {
  const config = typeof query === 'string' ? { text: query, values } : { name: query.name, text: query.text, values };
  return target.query<T>(config).then((result) => result.rows);
}

/**
 * One statement straight on a small node-postgres pool of the service's own: no query runner, no
 * subscribers. For a repository's fixed-SQL hot paths (the session check of every request, the
 * lists and details users hit most, and writes whose history row the repository writes itself in
 * the same `transaction`). Public API only: `pg.Pool`, configured like TypeORM's pool (same URL,
 * application name and bounded waits, so an outage is a 503 here too).
 */
@Injectable()
export class Sql implements SqlRunner, OnModuleDestroy {
  private readonly pool: Pool;

  constructor(@Inject(AppConfig) config: AppConfig) {
    this.pool = new Pool({
      connectionString: config.databaseUrl,
      max: SQL_POOL_SIZE,
      application_name: 'hearth',
      ...boundedPoolOptions(config.databaseTimeoutMs),
    });
    // an idle client that loses its connection must not crash the process: the next query reports it
    this.pool.on('error', () => undefined);
  }

  rows<T extends QueryResultRow = Record<string, unknown>>(query: Statement | string, values: unknown[] = []): Promise<T[]> {
    return run<T>(this.pool, query, values);
  }

  /**
   * Runs `work` in one READ COMMITTED transaction on one connection: everything it writes commits
   * together or not at all (a failure rolls back and is rethrown).
   */
  async transaction<T>(work: (tx: SqlRunner) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    let broken: unknown;
    try {
      await client.query('BEGIN');
      const result = await work({ rows: (query, values = []) => run(client, query, values) });
      await client.query('COMMIT');
      return result;
    } catch (error) {
      try {
        await client.query('ROLLBACK');
      } catch (rollbackError) {
        broken = rollbackError;
      }
      throw error;
    } finally {
      // a connection whose rollback failed is not handed out again
      client.release(broken instanceof Error ? broken : undefined);
    }
  }

  async onModuleDestroy(): Promise<void> {
    await this.pool.end();
  }
}

import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import { ClientBase, Pool, PoolClient, QueryResultRow } from 'pg';
import type { EntityManager } from 'typeorm';
import { AppConfig } from '../config/app-config';
import { currentTransaction } from './transaction';
import { boundedPoolOptions } from './unavailable';

/**
 * The direct pool's connections take these settings (search runs there):
 * - a word of five letters or more is found with one typo when pg_trgm's word similarity (shared
 *   trigrams) is at least 0.4 rather than pg_trgm's default 0.6, which misses one letter changed or
 *   left out in the middle of a word ("kirshe" for "Kirsche": 0.5; "tomote" for "Tomate": 0.4…).
 *   The index serves the operator at either setting.
 * - no JIT compilation: a search statement whose gated branches are estimated expensive (the older
 *   transactions of a common word, never run) passed PostgreSQL's `jit_above_cost` and spent 60 ms
 *   compiling for a 1-ms answer (docs/performance.md, "Search at a million rows"); the service's
 *   statements are short, and none gains from JIT.
 */
export const SEARCH_CONNECTION_OPTIONS = '-c pg_trgm.word_similarity_threshold=0.4 -c jit=off';

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

/** What a repository runs statements on (`Sql`: the pool, or the current unit of work's transaction). */
export interface SqlRunner {
  rows<T extends QueryResultRow = Record<string, unknown>>(query: Statement | string, values?: unknown[]): Promise<T[]>;
  tuples<T extends unknown[]>(query: Statement, values?: unknown[]): Promise<T[]>;
}

function run<T extends QueryResultRow>(target: Pool | ClientBase, query: Statement | string, values: unknown[]): Promise<T[]> {
  const config = typeof query === 'string' ? { text: query, values } : { name: query.name, text: query.text, values };
  return target.query<T>(config).then((result) => result.rows);
}

/**
 * The rows of a named statement on a connection of the caller's own, prepared and sent as `Sql`
 * sends it: only for work that must not run on the pools (a backup's or a restore's dedicated
 * connection, which has no statement timeout).
 */
export function rowsOnConnection<T extends QueryResultRow = Record<string, unknown>>(client: ClientBase, query: Statement, values: unknown[] = []): Promise<T[]> {
  return run<T>(client, query, values);
}

/** The connection of a unit of work's transaction (TypeORM's query runner holds a pg client). */
async function transactionClient(manager: EntityManager): Promise<PoolClient> {
  const runner = manager.queryRunner!;
  await runner.connect();
  return (runner as unknown as { databaseConnection: PoolClient }).databaseConnection;
}

function runTuples<T extends unknown[]>(target: Pool | PoolClient, query: Statement, values: unknown[]): Promise<T[]> {
  return target.query<T>({ name: query.name, text: query.text, values, rowMode: 'array' }).then((result) => result.rows);
}

/** How often the pool looks for a statement whose answer is overdue (a silent network). */
const WATCHDOG_INTERVAL_MS = 250;

/**
 * The one way a repository runs SQL: named statements (`*.sql.ts`) straight on a small
 * node-postgres pool of the service's own (no query runner, no subscribers), or, inside a unit of
 * work, on that transaction's connection. Writes of audited entities go through TypeORM's save()
 * instead, so the history subscriber sees them (docs/architecture.md). Public API only: `pg.Pool`, configured like TypeORM's pool (same URL,
 * application name and bounded waits, so an outage is a 503 here too).
 */
@Injectable()
export class Sql implements SqlRunner, OnModuleDestroy {
  private readonly pool: Pool;
  /** A statement still unanswered this long after it was sent has met a silent network. */
  private readonly readTimeoutMs: number;
  /** Checked-out connections, and since when their current statement runs (performance.now). */
  private readonly since = new Map<PoolClient, number>();
  private readonly watchdog: NodeJS.Timeout;

  constructor(@Inject(AppConfig) config: AppConfig) {
    // node-postgres's own `query_timeout` arms a timer per statement; with it, under load, answered
    // statements' rows were promoted into the old generation (~15 KB a request, a mark-compact
    // every 2-3 s; without it none; why V8 kept them is not known: docs/architecture.md, "Garbage
    // that outlives its request"). One watchdog per pool bounds the same wait.
    const { query_timeout: readTimeoutMs, ...bounded } = boundedPoolOptions(config.databaseTimeoutMs);
    this.readTimeoutMs = readTimeoutMs;
    this.pool = new Pool({ connectionString: config.databaseUrl, max: SQL_POOL_SIZE, application_name: 'hearth', options: SEARCH_CONNECTION_OPTIONS, ...bounded });
    // an idle client that loses its connection must not crash the process: the next query reports it
    this.pool.on('error', () => undefined);
    // a checkout of the pool is one statement
    this.pool.on('acquire', (client) => this.since.set(client, performance.now()));
    this.pool.on('release', (_error, client) => this.since.delete(client));
    this.watchdog = setInterval(() => this.endSilentConnections(), Math.min(WATCHDOG_INTERVAL_MS, readTimeoutMs));
    this.watchdog.unref();
  }

  /**
   * The rows of one statement: on the pool, or, inside a unit of work (`UnitOfWork.run`), on its
   * transaction's connection, so the statement commits or rolls back with the rest of the work.
   */
  rows<T extends QueryResultRow = Record<string, unknown>>(query: Statement | string, values: unknown[] = []): Promise<T[]> {
    const transaction = currentTransaction();
    if (transaction) return transactionClient(transaction).then((client) => run<T>(client, query, values));
    return run<T>(this.pool, query, values);
  }

  /**
   * The rows as arrays, values in the statement's column order: node-postgres then fills one array a
   * row instead of writing each column into an object by name, which costs more on large lists
   * (docs/performance.md). For statements whose rows are mapped straight to a response. Inside a
   * unit of work, on its transaction as `rows`.
   */
  tuples<T extends unknown[]>(query: Statement, values: unknown[] = []): Promise<T[]> {
    const transaction = currentTransaction();
    if (transaction) return transactionClient(transaction).then((client) => runTuples<T>(client, query, values));
    return runTuples<T>(this.pool, query, values);
  }

  /**
   * A checked-out connection whose statement has waited longer than the read timeout is ended:
   * node-postgres destroys the socket of a client with a statement in flight, which fails that
   * statement with "Connection terminated" (503, as `query_timeout`'s "Query read timeout" was),
   * and the pool drops the client when it is released.
   */
  private endSilentConnections(): void {
    if (this.since.size === 0) return;
    const now = performance.now();
    for (const [client, since] of this.since) {
      if (now - since <= this.readTimeoutMs) continue;
      this.since.delete(client);
      void client.end().catch(() => undefined);
    }
  }

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.watchdog);
    await this.pool.end();
  }
}

import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import { ClientBase, Pool, PoolClient, QueryResultRow } from 'pg';
import type { EntityManager } from 'typeorm';
import { AppConfig } from '../config/app-config';
import { currentTransaction } from './transaction';
import { boundedPoolOptions } from './unavailable';

/**
 * The direct pool's connections take these settings (search runs there): no JIT compilation: a
 * search statement whose gated branches are estimated expensive (the older transactions of a common
 * word, never run) passed PostgreSQL's `jit_above_cost` and spent 60 ms compiling for a 1-ms answer
 * (docs/performance.md, "Search at a million rows"); the service's statements are short, and none
 * gains from JIT. (Typos are looked up among the group's words with pg_trgm's `%`, whose default
 * threshold, 0.3, is below every word's least similarity: SearchRepository.withFixes.)
 */
export const SEARCH_CONNECTION_OPTIONS = '-c jit=off';

/** Connections of the direct pool, beside TypeORM's 20 (docs/architecture.md). */
export const SQL_POOL_SIZE = 10;

/**
 * A fixed statement: its text never changes, so PostgreSQL parses and plans it once per connection
 * (a named prepared statement) and every later call sends only the parameters. Declare statements
 * as module constants with `statement(...)`; the benchmark's bare server imports the same constants.
 * This form takes its parameters by position (`$1`, `$2`, … in the text, an array at the call).
 */
export interface Statement {
  readonly name: string;
  readonly text: string;
  /** a positional statement has no parameter names (a TypedStatement is not one) */
  readonly keys?: undefined;
}

/**
 * A statement with named parameters, declared `statement<Params, Row>(name, (p) => \`… ${p.groupId} …\`)`:
 * the text is compiled once, at load, to positional text (`$n`, numbered in order of first use;
 * `text` is what PostgreSQL and the `sql/` snapshot see), and `keys[n - 1]` names the value sent as
 * `$n`. A call passes one object typed `Params` and gets `Row[]` back; a misspelt parameter is a
 * compile error at the declaration and at the call.
 */
export interface TypedStatement<Params extends object, Row extends QueryResultRow = QueryResultRow> {
  readonly name: string;
  readonly text: string;
  readonly keys: readonly (keyof Params & string)[];
  /** never set: carries the row type */
  readonly row?: Row;
}

/** What a typed statement's text function is given: `p.name` is that parameter's `$n`. */
export type Placeholders<Params extends object> = { readonly [K in keyof Params]-?: string };

const names = new Map<string, string>();

/** Declares a named statement; a name may not be reused for another text (checked at load). */
export function statement(name: string, text: string): Statement;
export function statement<Params extends object, Row extends QueryResultRow = QueryResultRow>(
  name: string,
  text: (p: Placeholders<Params>) => string,
): TypedStatement<Params, Row>;
export function statement(name: string, text: string | ((p: Record<string, string>) => string)): Statement | TypedStatement<Record<string, unknown>> {
  const compiled = typeof text === 'string' ? undefined : compile(name, text);
  const sql = compiled ? compiled.text : (text as string);
  const known = names.get(name);
  if (known !== undefined && known !== sql) throw new Error(`statement ${name} declared twice with different SQL`);
  names.set(name, sql);
  return Object.freeze(compiled ? { name, text: sql, keys: Object.freeze(compiled.keys) } : { name, text: sql });
}

/** Runs a typed statement's text function once with placeholders that number the names they are asked for. */
function compile(name: string, text: (p: Record<string, string>) => string): { text: string; keys: string[] } {
  const keys: string[] = [];
  const placeholders = new Proxy(
    {},
    {
      get(_target, key) {
        if (typeof key !== 'string') throw new Error(`statement ${name}: a parameter must be named (p.someName)`);
        let index = keys.indexOf(key);
        if (index < 0) index = keys.push(key) - 1;
        return `$${index + 1}`;
      },
    },
  ) as Record<string, string>;
  return { text: text(placeholders), keys };
}

/** The positional values of a call: an array as given, or a typed statement's parameters in `$n` order. */
function valuesOf(query: Statement | TypedStatement<Record<string, unknown>> | string, values: unknown): unknown[] {
  if (typeof query === 'string' || query.keys === undefined) return (values as unknown[] | undefined) ?? [];
  if (Array.isArray(values)) throw new Error(`statement ${query.name} takes named parameters, not an array`);
  const keys = query.keys;
  const params = values as Record<string, unknown>;
  const out = new Array<unknown>(keys.length);
  for (let i = 0; i < keys.length; i++) out[i] = params[keys[i]];
  return out;
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
  rows<P extends object, R extends QueryResultRow>(query: TypedStatement<P, R>, params: P): Promise<R[]>;
  rows<T extends QueryResultRow = Record<string, unknown>>(query: Statement | string, values?: unknown[]): Promise<T[]>;
  tuples<T extends unknown[]>(query: Statement, values?: unknown[]): Promise<T[]>;
  tuples<T extends unknown[], P extends object = Record<string, unknown>>(query: TypedStatement<P>, params: P): Promise<T[]>;
}

function run<T extends QueryResultRow>(
  target: Pool | ClientBase,
  query: Statement | TypedStatement<Record<string, unknown>> | string,
  values: unknown[],
): Promise<T[]> {
  const config = typeof query === 'string' ? { text: query, values } : { name: query.name, text: query.text, values };
  return target.query<T>(config).then((result) => result.rows);
}

/**
 * The rows of a named statement on a connection of the caller's own, prepared and sent as `Sql`
 * sends it: only for work that must not run on the pools (a backup's or a restore's dedicated
 * connection, which has no statement timeout).
 */
export function rowsOnConnection<T extends QueryResultRow = Record<string, unknown>>(
  client: ClientBase,
  query: Statement,
  values: unknown[] = [],
): Promise<T[]> {
  return run<T>(client, query, values);
}

/** The connection of a unit of work's transaction (TypeORM's query runner holds a pg client). */
async function transactionClient(manager: EntityManager): Promise<PoolClient> {
  const runner = manager.queryRunner!;
  await runner.connect();
  return (runner as unknown as { databaseConnection: PoolClient }).databaseConnection;
}

function runTuples<T extends unknown[]>(
  target: Pool | PoolClient,
  query: Statement | TypedStatement<Record<string, unknown>>,
  values: unknown[],
): Promise<T[]> {
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
    this.pool = new Pool({
      connectionString: config.databaseUrl,
      max: SQL_POOL_SIZE,
      application_name: 'hearth',
      options: SEARCH_CONNECTION_OPTIONS,
      ...bounded,
    });
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
  rows<P extends object, R extends QueryResultRow>(query: TypedStatement<P, R>, params: P): Promise<R[]>;
  rows<T extends QueryResultRow = Record<string, unknown>>(query: Statement | string, values?: unknown[]): Promise<T[]>;
  rows<T extends QueryResultRow>(query: Statement | TypedStatement<Record<string, unknown>> | string, params?: unknown): Promise<T[]> {
    const values = valuesOf(query, params);
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
  tuples<T extends unknown[]>(query: Statement, values?: unknown[]): Promise<T[]>;
  tuples<T extends unknown[], P extends object = Record<string, unknown>>(query: TypedStatement<P>, params: P): Promise<T[]>;
  tuples<T extends unknown[]>(query: Statement | TypedStatement<Record<string, unknown>>, params?: unknown): Promise<T[]> {
    const values = valuesOf(query, params);
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

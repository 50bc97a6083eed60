import 'reflect-metadata';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { getDataSourceToken } from '@nestjs/typeorm';
import { randomBytes } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { createApp } from '../../src/app.factory';
import { Clock } from '../../src/common/clock/clock';
import { AppConfig, loadConfig } from '../../src/config';
import { createDatabase, databaseUrl, dropDatabase, withClient } from '../../src/database/admin';
import { TEST_ENV } from './env-defaults';
import { responseProblems } from './openapi';
import { templateName } from './template-db';

export interface InjectOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  payload?: unknown;
  token?: string;
  cookies?: Record<string, string>;
  headers?: Record<string, string>;
}

export interface Response {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
  json<T = any>(): T;
  cookies: { name: string; value: string; [key: string]: unknown }[];
}

export interface TestApp {
  app: NestFastifyApplication;
  config: AppConfig;
  db: DataSource;
  databaseName: string;
  inject(options: InjectOptions): Promise<Response>;
  /**
   * One statement on a connection of its own, outside the serving pool and its 5-s statement bound:
   * for seeding many rows, which a slow machine may take longer than that to write.
   */
  bulk(sql: string, params?: unknown[]): Promise<unknown[]>;
  /** Shortcut: `/api/v1` is prefixed to `path`. */
  api(method: InjectOptions['method'], path: string, options?: Omit<InjectOptions, 'url' | 'method'>): Promise<Response>;
  /** The app's Clock (src/common/clock): what the service takes as "now" where the date or hour matters. */
  clock: TestClock;
  close(): Promise<void>;
}

export interface TestClock {
  /** From now on the app's "now" is `at` (an instant: ISO with an offset or Z), standing still until set again. */
  set(at: string | Date): void;
  /** Moves a fixed clock on by `ms`. */
  advance(ms: number): void;
  /** Back to the machine's clock. */
  reset(): void;
}

/** Fixes and moves the app's Clock; until `set`, it is the machine's. */
function controlClock(clock: Clock): TestClock {
  const machine = clock.now.bind(clock);
  let fixed: number | null = null;
  const fix = (ms: number) => {
    if (Number.isNaN(ms)) throw new Error('clock: not an instant');
    fixed = ms;
    clock.now = () => new Date(ms);
  };
  return {
    set: (at) => {
      if (typeof at === 'string' && !/(Z|[+-]\d\d:\d\d)$/.test(at)) throw new Error(`clock: ${at} names no instant (give Z or an offset)`);
      fix(typeof at === 'string' ? Date.parse(at) : at.getTime());
    },
    advance: (ms) => {
      if (fixed === null) throw new Error('clock: set it before advancing it');
      fix(fixed + ms);
    },
    reset: () => {
      fixed = null;
      clock.now = machine;
    },
  };
}

export { TEST_ENV };

/** A fresh database cloned from the migrated template, and the real application on top of it. */
export async function createTestApp(
  env: Record<string, string> = {},
  options: { viaDatabaseUrl?: (directUrl: string) => string; existingDatabase?: string } = {},
): Promise<TestApp> {
  const databaseName = options.existingDatabase ?? `hearth_t_${randomBytes(6).toString('hex')}`;
  if (!options.existingDatabase) await createDatabase(databaseName, templateName());
  const config = loadConfig({
    ...TEST_ENV,
    REDIS_KEY_PREFIX: `hearth-test:${databaseName}:`,
    ...env,
    // a test may reach the database through something it controls (the outage test's proxy)
    DATABASE_URL: (options.viaDatabaseUrl ?? ((url) => url))(databaseUrl(databaseName)),
  });
  const app = await createApp(config);
  const db = app.get<DataSource>(getDataSourceToken());

  const inject = async (options: InjectOptions): Promise<Response> => {
    const headers: Record<string, string> = { ...(options.headers ?? {}) };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const response = await app.inject({
      method: options.method ?? 'GET',
      url: options.url,
      headers,
      cookies: options.cookies,
      ...(options.payload !== undefined ? { payload: options.payload as any } : {}),
    });
    // every 2xx body served to a test must be what the OpenAPI document promises
    const drift = responseProblems(
      options.method ?? 'GET',
      options.url,
      response.statusCode,
      response.headers['content-type'] as string | undefined,
      response.body,
    );
    if (drift.length) throw new Error(`response does not match openapi.json:\n  ${drift.join('\n  ')}`);
    return response as unknown as Response;
  };

  return {
    app,
    config,
    db,
    databaseName,
    inject,
    clock: controlClock(app.get(Clock)),
    bulk: (sql, params = []) => withClient(databaseUrl(databaseName), async (client) => (await client.query(sql, params)).rows),
    api: (method, path, options = {}) => inject({ ...options, method, url: `/api/v1${path}` }),
    close: async () => {
      await app.close();
      await dropDatabase(databaseName);
    },
  };
}

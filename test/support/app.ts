import 'reflect-metadata';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { getDataSourceToken } from '@nestjs/typeorm';
import { randomBytes } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { createApp } from '../../src/app.factory';
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
  close(): Promise<void>;
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
    const drift = responseProblems(options.method ?? 'GET', options.url, response.statusCode, response.headers['content-type'] as string | undefined, response.body);
    if (drift.length) throw new Error(`response does not match openapi.json:\n  ${drift.join('\n  ')}`);
    return response as unknown as Response;
  };

  return {
    app,
    config,
    db,
    databaseName,
    inject,
    bulk: (sql, params = []) => withClient(databaseUrl(databaseName), async (client) => (await client.query(sql, params)).rows),
    api: (method, path, options = {}) => inject({ ...options, method, url: `/api/v1${path}` }),
    close: async () => {
      await app.close();
      await dropDatabase(databaseName);
    },
  };
}

import { Client } from 'pg';

/** The system PostgreSQL tests and checks use unless told otherwise. */
export const DEFAULT_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * Connection used to create and drop databases (tests, drift check): DATABASE_ADMIN_URL, else
 * TEST_DATABASE_URL, else the local PostgreSQL. Test setup points DATABASE_ADMIN_URL at an
 * embedded cluster when neither answers.
 */
export function adminUrl(): string {
  return process.env.DATABASE_ADMIN_URL || process.env.TEST_DATABASE_URL || DEFAULT_ADMIN_URL;
}

export function databaseUrl(name: string): string {
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

export function withAdmin<T>(work: (client: Client) => Promise<T>): Promise<T> {
  return withClient(adminUrl(), work);
}

/** One connection of its own to `url` for `work`, closed afterwards whatever happens. */
export async function withClient<T>(url: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const SAFE_NAME = /^[a-z0-9_]{1,63}$/;

export async function createDatabase(name: string, template?: string): Promise<void> {
  if (!SAFE_NAME.test(name) || (template && !SAFE_NAME.test(template))) throw new Error(`unsafe database name ${name}`);
  await withAdmin((client) => client.query(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ''}`));
}

export async function dropDatabase(name: string): Promise<void> {
  if (!SAFE_NAME.test(name)) throw new Error(`unsafe database name ${name}`);
  await withAdmin((client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
}

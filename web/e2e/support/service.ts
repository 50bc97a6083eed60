/**
 * The real built service for browser tests: `node dist/src/main.js` as a child process on a free
 * port, on its own database (a clone of the migrated test template when there is one, else a fresh
 * database the service migrates at boot), with mail captured by an in-process SMTP server and
 * pictures stored in an in-process S3 server. Seed helpers write rows as the factories of the API
 * tests do.
 */
import bcrypt from 'bcrypt';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { createDatabase, databaseUrl, dropDatabase, withAdmin } from '../../../src/database/admin';
import { TEST_ENV } from '../../../test/support/env-defaults';
import { freePort, startMailServer, type TestMailServer } from '../../../test/support/mail';
import { startS3, type TestS3 } from '../../../test/support/s3';
import { templateName } from '../../../test/support/template-db';

export const ROOT = join(__dirname, '..', '..', '..');

export interface Service {
  url: string;
  databaseName: string;
  mail: TestMailServer;
  s3: TestS3;
  db: Client;
  /** everything the service has written to stdout and stderr so far (its log) */
  output(): string;
  stop(): Promise<void>;
}

async function templateExists(name: string): Promise<boolean> {
  return withAdmin(async (admin) => ((await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount ?? 0) > 0);
}

async function waitUntilReady(url: string, child: ChildProcess, output: () => string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the service exited with ${child.exitCode}:\n${output()}`);
    try {
      if ((await fetch(`${url}/health/ready`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the service was not ready within ${timeoutMs} ms:\n${output()}`);
}

/** libfaketime's settings of this run, when it runs under `faketime` (the service then keeps the same moment). */
function faketime(): Record<string, string> {
  const names = ['LD_PRELOAD', 'FAKETIME', 'FAKETIME_NO_CACHE', 'FAKETIME_DONT_RESET', 'DONT_FAKE_MONOTONIC'];
  return Object.fromEntries(names.filter((name) => process.env[name] !== undefined).map((name) => [name, process.env[name] as string]));
}

export async function startService(env: Record<string, string> = {}): Promise<Service> {
  const databaseName = `hearth_w_${randomBytes(6).toString('hex')}`;
  const template = templateName();
  const cloned = await templateExists(template);
  await createDatabase(databaseName, cloned ? template : undefined);
  const mail = await startMailServer();
  const s3 = await startS3({ browserUploads: true });
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'hearth-web-test-'));
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const child = spawn(process.execPath, ['dist/src/main.js'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      // a run under libfaketime (scripts/midnight-sweep.sh) moves the service's clock with the browser's
      ...faketime(),
      ...TEST_ENV,
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'warn',
      MIGRATIONS_RUN: cloned ? 'false' : 'true',
      JOBS_ENABLED: 'true',
      JOBS_POLL_MS: '500',
      // a real ALTCHA proof of work, made light so the widget solves it in well under a second
      ALTCHA_COST: '10',
      ALTCHA_MAX_COUNTER: '300',
      PORT: String(port),
      APP_URL: url,
      PUBLIC_URL: url,
      CORS_ORIGINS: url,
      REDIS_KEY_PREFIX: `hearth-test:${databaseName}:`,
      DATABASE_URL: databaseUrl(databaseName),
      DATA_DIR: dataDir,
      ...mail.env,
      ...s3.env,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const db = new Client({ connectionString: databaseUrl(databaseName) });
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    await db.end().catch(() => undefined);
    await mail.stop();
    await s3.stop();
    await dropDatabase(databaseName);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitUntilReady(url, child, () => output);
    await db.connect();
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, databaseName, mail, s3, db, output: () => output, stop };
}

export type ModuleName = 'Map' | 'Budget' | 'Notes' | 'Calendar';

export interface SeededGroup {
  id: string;
  name: string;
}

export async function seedGroup(db: Client, options: { name?: string; currency?: string; modules?: ModuleName[] } = {}): Promise<SeededGroup> {
  const id = randomUUID();
  const name = options.name ?? `Family ${randomBytes(3).toString('hex')}`;
  await db.query('INSERT INTO groups (id, name, currency, modules) VALUES ($1, $2, $3, $4)', [
    id,
    name,
    options.currency ?? 'EUR',
    options.modules ?? ['Map', 'Budget', 'Notes'],
  ]);
  return { id, name };
}

export interface SeededUser {
  id: string;
  username: string;
  password: string;
  email: string;
  nickname: string;
}

/** An Active, confirmed account in `groupId` (a member unless role is Admin). */
export async function seedUser(
  db: Client,
  groupId: string | null,
  options: { username?: string; nickname?: string; role?: 'User' | 'Admin'; password?: string; status?: string } = {},
): Promise<SeededUser> {
  const id = randomUUID();
  const username = options.username ?? `user_${randomBytes(4).toString('hex')}`;
  const password = options.password ?? 'a fine long password';
  const email = `${username}@example.test`;
  const nickname = options.nickname ?? username.slice(0, 25);
  await db.query(
    `INSERT INTO users (id, username, password_hash, email, email_status, status, nickname, role, group_id)
     VALUES ($1, $2, $3, $4, 'Confirmed', $5, $6, $7, $8)`,
    [id, username, await bcrypt.hash(password, 4), email, options.status ?? 'Active', nickname, options.role ?? 'User', groupId],
  );
  return { id, username, password, email, nickname };
}

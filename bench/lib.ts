import { ChildProcess, execFileSync, fork, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { withClient } from '../src/database/admin';
import { PASSWORD } from './budget';
import type { LoadRequest, LoadResult } from './load';

export const API = '/api/v1';
export const JWT_SECRET = 'bench-secret-that-is-long-enough-for-hs256-0123456789';
export const LOGIN_BODY = JSON.stringify({ username: 'bench', password: PASSWORD });

/**
 * The environment both servers run with: production, silent, no rate limits, jobs, docs, web
 * client, Redis or migrations (docs/performance.md, "Method"), on the given database.
 */
export function serverEnvironment(databaseUrl: string, dataDir: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_ENABLED: 'false',
    JOBS_ENABLED: 'false',
    MIGRATIONS_RUN: 'false',
    WEB_ENABLED: 'false',
    DOCS_ENABLED: 'false',
    REDIS_URL: '',
    JWT_SECRET,
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    UV_THREADPOOL_SIZE: String(Math.max(4, availableParallelism())),
  };
}

/** An access token of the seeded bench user, from the Hearth server at `base`. */
export async function login(base: string, username = 'bench'): Promise<string> {
  const body = username === 'bench' ? LOGIN_BODY : JSON.stringify({ username, password: PASSWORD });
  const response = await fetch(`${base}${API}/session`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  if (response.status !== 200) throw new Error(`login failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { accessToken: string }).accessToken;
}

/** Removes the transactions `POST /transactions` runs created (their description is 'Bench create'), so later balances stay the seed's. */
export async function removeBenchTransactions(url: string): Promise<void> {
  await withClient(url, (db) => db.query(`DELETE FROM transactions WHERE description = 'Bench create'`));
}

/** Removes the notes `POST /notes` runs created (their title is 'Bench note'), so later lists stay the seed's. */
export async function removeBenchNotes(url: string): Promise<void> {
  await withClient(url, (db) => db.query(`DELETE FROM notes WHERE title = 'Bench note'`));
}

/** Whether `taskset` (util-linux) can pin processes to cores here. */
export function canPin(): boolean {
  try {
    execFileSync('taskset', ['-p', String(process.pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

export const MB = 1024 * 1024;
const TICK_MS = 1000 / 100; // USER_HZ: /proc/<pid>/stat counts CPU time in 1/100 s

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export function median(values: number[]): number {
  return percentile(values, 50);
}

/** utime + stime of a process so far, ms (/proc/<pid>/stat fields 14 and 15). */
export function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}

/** Resident set size now and its peak so far (VmRSS, VmHWM), bytes. */
export function memory(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) * 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}

export { anyFreePort as freePort } from '../src/database/embedded';

/** A server in its own process: its pid (for /proc), its base URL, and how to stop it. */
export interface Server {
  name: string;
  pid: number;
  base: string;
  stop(): Promise<void>;
}

/**
 * Starts `node <args>` with `env` and waits until `readyPath` answers 200; with `cores` (a taskset
 * list such as "1"), pinned to those cores (taskset execs node: the pid is node's).
 */
export async function startServer(name: string, args: string[], env: NodeJS.ProcessEnv, port: number, readyPath: string, cores?: string): Promise<Server> {
  const child = cores
    ? spawn('taskset', ['-c', cores, process.execPath, ...args], { env, stdio: ['ignore', 'ignore', 'pipe'] })
    : spawn(process.execPath, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (chunk) => (stderr = (stderr + chunk).slice(-4000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`${name} exited (${child.exitCode}) before it was ready:\n${stderr}`);
    try {
      if ((await fetch(`${base}${readyPath}`)).status === 200) break;
    } catch {
      // not listening yet
    }
    if (i > 600) throw new Error(`${name} not ready after 60 s:\n${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    name,
    pid: child.pid!,
    base,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Measured run of a load generator in its own process, with the CPU the given servers spent meanwhile. */
export interface Sample extends LoadResult {
  /** server CPU ms per request, by server pid */
  cpuPerRequest: Map<number, number>;
}

/**
 * Forks bench/load.js, and reads the servers' CPU counters right before the load starts and right
 * after it ends. Several loads can run at once (the login burst): `together` starts them all.
 */
export async function loads(requests: LoadRequest[], servers: number[], cores?: string): Promise<Sample[]> {
  // pinned: `taskset -c <cores> node load.js`; the IPC channel survives taskset's exec
  const pinned = cores ? { execPath: 'taskset', execArgv: ['-c', cores, process.execPath] } : {};
  const children: ChildProcess[] = requests.map(() => fork(join(__dirname, 'load.js'), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'], ...pinned }));
  const ready = children.map((child, i) => {
    const done = new Promise<LoadResult>((resolve, reject) => {
      child.on('message', (message: { ready?: boolean; result?: LoadResult; error?: string }) => {
        if (message.result) resolve(message.result);
        if (message.error) reject(new Error(message.error));
      });
      child.once('exit', (code) => code !== 0 && reject(new Error(`load generator exited ${code}`)));
    });
    const isReady = new Promise<void>((resolve) => child.once('message', () => resolve()));
    child.send(requests[i]);
    return { isReady, done };
  });
  await Promise.all(ready.map((r) => r.isReady));
  const before = servers.map(cpuMs);
  for (const child of children) child.send('go');
  const results = await Promise.all(ready.map((r) => r.done));
  const spent = servers.map((pid, i) => cpuMs(pid) - before[i]);
  const total = results.reduce((sum, r) => sum + r.requests, 0);
  return results.map((result) => ({
    ...result,
    cpuPerRequest: new Map(servers.map((pid, i) => [pid, spent[i] / Math.max(1, total)])),
  }));
}

import { ChildProcess, fork, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LoadRequest, LoadResult } from './load';

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

/** Starts `node <args>` with `env` and waits until `readyPath` answers 200. */
export async function startServer(name: string, args: string[], env: NodeJS.ProcessEnv, port: number, readyPath: string): Promise<Server> {
  const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
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
export async function loads(requests: LoadRequest[], servers: number[]): Promise<Sample[]> {
  const children: ChildProcess[] = requests.map(() => fork(join(__dirname, 'load.js'), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] }));
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

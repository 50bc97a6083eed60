import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';

/**
 * The address a running service gives its links (APP_URL, else PUBLIC_URL, else
 * http://localhost:PORT), recorded in DATA_DIR at start so that the CLI on the same DATA_DIR prints
 * the links the service would mail, whatever the CLI's own environment says.
 */
const FILE = 'service.json';

interface Recorded {
  appUrl: string;
  pid: number;
  host: string;
  startedAt: string;
}

/** Records this process as the service on `dataDir`; the record goes when the process ends. Never fails the start. */
export function recordServiceAddress(dataDir: string, appUrl: string): void {
  const path = join(dataDir, FILE);
  try {
    mkdirSync(dataDir, { recursive: true });
    const record: Recorded = { appUrl, pid: process.pid, host: hostname(), startedAt: new Date().toISOString() };
    writeFileSync(path, `${JSON.stringify(record, null, 2)}\n`);
    process.once('exit', () => {
      // only our own record: another instance may have started since on the same DATA_DIR
      if (readRecord(dataDir)?.pid === process.pid) rmSync(path, { force: true });
    });
  } catch (error) {
    console.warn(`Could not record the service's address in ${path} (${(error as Error).message}); the CLI will print links for its own settings`);
  }
}

function readRecord(dataDir: string): Recorded | null {
  try {
    const parsed = JSON.parse(readFileSync(join(dataDir, FILE), 'utf8')) as Partial<Recorded>;
    if (typeof parsed.appUrl !== 'string' || typeof parsed.pid !== 'number' || typeof parsed.host !== 'string') return null;
    return parsed as Recorded;
  } catch {
    return null;
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user (the service runs as someone else)
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The address recorded by the service running on `dataDir`, or null when none runs there. A record
 * from another host (a volume shared between containers) cannot be checked and is trusted.
 */
export function runningServiceAddress(dataDir: string): string | null {
  const record = readRecord(dataDir);
  if (!record) return null;
  if (record.host === hostname() && !isRunning(record.pid)) return null;
  return record.appUrl;
}

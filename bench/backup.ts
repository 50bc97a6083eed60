/**
 * Backup and restore of a database with 1 000 000 transactions (`npm run bench -- backup`): time
 * and peak RSS above the idle process, sampled every 20 ms. A streamed backup keeps memory flat
 * whatever the data size. Storage is an empty stand-in: this measures the tables. (The export is
 * measured over HTTP, in the service's process: bench/run.ts, scenario `export`.)
 *
 * BENCH_TRANSACTIONS (default 1000000) tunes it; BENCH_SKIP_RESTORE=true leaves the restore out.
 */
import 'reflect-metadata';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { Client } from 'pg';
import { loadConfig } from '../src/config';
import { createDatabase, databaseUrl, dropDatabase } from '../src/database/admin';
import type { StorageService } from '../src/infrastructure/storage/storage.service';
import { BackupService } from '../src/modules/backup/backup.service';
import { RestoreService } from '../src/modules/backup/restore.service';
import { migrate, seed } from './budget';

const TRANSACTIONS = Number(process.env.BENCH_TRANSACTIONS ?? 1_000_000);
const MB = 1024 * 1024;

/** No objects: listObjects yields nothing, writes are dropped. */
const emptyStorage = {
  async *listObjects() {},
  stat: async () => null,
  getStream: async () => Readable.from([]),
  putStream: async (_key: string, body: Readable) => {
    body.resume();
  },
  remove: async () => undefined,
} as unknown as StorageService;

/** Runs `work`, prints its time and peak RSS; returns its seconds. */
async function measure(label: string, work: () => Promise<unknown>): Promise<number> {
  (globalThis as { gc?: () => void }).gc?.();
  const idle = process.memoryUsage().rss;
  let peak = idle;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const start = performance.now();
  try {
    await work();
  } finally {
    clearInterval(sampler);
  }
  peak = Math.max(peak, process.memoryUsage().rss);
  const seconds = (performance.now() - start) / 1000;
  console.log(
    `  ${label.padEnd(10)} ${seconds.toFixed(1).padStart(6)} s   idle RSS ${(idle / MB).toFixed(0)} ` +
      `MB, peak ${(peak / MB).toFixed(0)} MB (+${((peak - idle) / MB).toFixed(0)} MB)`,
  );
  return seconds;
}

/** `seeded`: the name of a database npm run bench already seeded (used as the source, left in place); else one is made. */
export async function benchBackup(seeded?: string): Promise<{ backupSeconds: number; restoreSeconds?: number }> {
  const source = seeded ?? `hearth_bench_${Math.random().toString(16).slice(2, 10)}`;
  const target = `hearth_bench_${Math.random().toString(16).slice(2, 10)}_restored`;
  const dir = mkdtempSync(join(tmpdir(), 'hearth-bench-backup-'));
  console.log(`bench backup: ${seeded ? 'the seeded' : 'scratch'} database ${source}, ${TRANSACTIONS.toLocaleString('en')} transactions`);
  if (!seeded) await createDatabase(source);
  await createDatabase(target);
  try {
    if (!seeded) {
      await migrate(databaseUrl(source));
      const db = new Client({ connectionString: databaseUrl(source) });
      await db.connect();
      try {
        await seed(db);
      } finally {
        await db.end();
      }
    }
    const env = { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256-0123456789', BACKUP_DIR: dir };
    let archive = '';
    const backupSeconds = await measure('backup', async () => {
      archive = await new BackupService(loadConfig({ ...env, DATABASE_URL: databaseUrl(source) }), emptyStorage).create();
    });
    console.log(`  archive    ${(statSync(archive).size / MB).toFixed(1)} MB`);
    if (process.env.BENCH_SKIP_RESTORE === 'true') return { backupSeconds };
    const restoreSeconds = await measure('restore', () =>
      new RestoreService(loadConfig({ ...env, DATABASE_URL: databaseUrl(target) }), emptyStorage).restore(archive),
    );
    console.log(`  restore / backup: ${(restoreSeconds / backupSeconds).toFixed(1)}×`);
    return { backupSeconds, restoreSeconds };
  } finally {
    if (!seeded) await dropDatabase(source);
    await dropDatabase(target);
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Backup, restore and export of a database with 1 000 000 transactions (`npm run bench -- backup`): time
 * and peak RSS above the idle process, sampled every 20 ms. A streamed backup keeps memory flat
 * whatever the data size. Storage is an empty stand-in: this measures the tables.
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
import type { AuthUser } from '../src/common/auth/auth-user';
import { createDataSource } from '../src/database/data-source';
import { ExportRepository } from '../src/modules/export/export.repository';
import { ExportService } from '../src/modules/export/export.service';
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

async function measure<T>(label: string, work: () => Promise<T>): Promise<T> {
  (globalThis as { gc?: () => void }).gc?.();
  const idle = process.memoryUsage().rss;
  let peak = idle;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const start = performance.now();
  try {
    return await work();
  } finally {
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    console.log(
      `  ${label.padEnd(10)} ${((performance.now() - start) / 1000).toFixed(1).padStart(6)} s   idle RSS ${(idle / MB).toFixed(0)} MB, peak ${(peak / MB).toFixed(0)} MB (+${((peak - idle) / MB).toFixed(0)} MB)`,
    );
  }
}

/** `seeded`: the name of a database npm run bench already seeded (used as the source, left in place); else one is made. */
export async function benchBackup(seeded?: string): Promise<void> {
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
    const archive = await measure('backup', () => new BackupService(loadConfig({ ...env, DATABASE_URL: databaseUrl(source) }), emptyStorage).create());
    console.log(`  archive    ${(statSync(archive).size / MB).toFixed(1)} MB`);
    if (process.env.BENCH_SKIP_RESTORE !== 'true') await measure('restore', () => new RestoreService(loadConfig({ ...env, DATABASE_URL: databaseUrl(target) }), emptyStorage).restore(archive));
    // GET /account/export's zip, consumed as a client would
    const dataSource = createDataSource(databaseUrl(source));
    await dataSource.initialize();
    try {
      const [member] = await dataSource.query(`SELECT id, group_id FROM users ORDER BY username LIMIT 1`);
      const user = { userId: member.id, groupId: member.group_id, currency: 'EUR', modules: ['Budget'] } as unknown as AuthUser;
      let bytes = 0;
      await measure('export', async () => {
        for await (const chunk of await new ExportService(new ExportRepository(dataSource), emptyStorage).zip(user)) bytes += (chunk as Buffer).length;
      });
      console.log(`  zip        ${(bytes / MB).toFixed(1)} MB`);
    } finally {
      await dataSource.destroy();
    }
  } finally {
    if (!seeded) await dropDatabase(source);
    await dropDatabase(target);
    rmSync(dir, { recursive: true, force: true });
  }
}

import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { loadConfig } from '../../src/config';
import { createDatabase, databaseUrl, dropDatabase } from '../../src/database/admin';
import { StorageService } from '../../src/infrastructure/storage/storage.service';
import { BackupService } from '../../src/modules/backup/backup.service';
import { RestoreService } from '../../src/modules/backup/restore.service';
import { createTestApp, TEST_ENV, TestApp } from '../support/app';
import { login } from '../support/factories';
import { startS3, TestS3 } from '../support/s3';
import { Seeded, seedGroup, visibleState } from './seed';

/** Backup of a seeded instance, restored into a fresh database and fresh storage. */
describe('backup and restore', () => {
  let s3: TestS3;
  let t: TestApp;
  let seeded: Seeded;
  let dir: string;
  let archive: string;

  beforeAll(async () => {
    s3 = await startS3();
    dir = mkdtempSync(join(tmpdir(), 'hearth-backup-'));
    t = await createTestApp({ ...s3.env, JOBS_ENABLED: 'true', JOBS_POLL_MS: '500', BACKUP_DIR: dir });
    seeded = await seedGroup(t);
    archive = await new BackupService(t.config, t.app.get(StorageService)).create();
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await s3.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  /** An empty database (no schema at all) and an empty bucket. */
  async function freshTarget() {
    const name = `hearth_t_restore_${Math.random().toString(36).slice(2, 10)}`;
    await createDatabase(name);
    const storage = await startS3();
    const env = { ...TEST_ENV, ...storage.env, DATABASE_URL: databaseUrl(name), BACKUP_DIR: dir };
    const config = loadConfig(env);
    const service = new StorageService(config);
    await service.onApplicationBootstrap();
    return { name, s3: storage, env, config, storage: service, drop: async () => { await dropDatabase(name); await storage.stop(); } };
  }

  it('writes a named .tar.gz with its manifest beside it', async () => {
    expect(archive).toMatch(/hearth-backup-\d{8}-\d{6}Z(-\d+)?\.tar\.gz$/);
    const manifest = JSON.parse(readFileSync(archive.replace(/\.tar\.gz$/, '.manifest.json'), 'utf8'));
    expect(manifest).toMatchObject({ format: 1, app: 'hearth', schemaVersion: expect.stringMatching(/\d{13}$/) });
    expect(manifest.tables.transactions).toBe(4);
    expect(manifest.tables.users).toBe(2);
    expect(manifest.tables).not.toHaveProperty('sessions');
    expect(manifest.objects).toBe(await countObjects(t));
    expect(Object.keys(manifest.checksums)).toHaveLength(Object.keys(manifest.tables).length + manifest.objects);
  });

  it('restores into a fresh database and storage: every list, report, image byte and history entry equal; old passwords work', async () => {
    const target = await freshTarget();
    let restored: TestApp | undefined;
    try {
      // passport keeps one JWT strategy per process: read the source before a second app starts
      const before = [];
      for (const member of [seeded.alice, seeded.bob]) before.push(await visibleState(t, { ...member, ...(await login(t, member)) }, seeded.markerIds));
      await new RestoreService(target.config, target.storage).restore(archive);
      restored = await createTestApp(target.s3.env, { existingDatabase: target.name });
      for (const [index, member] of [seeded.alice, seeded.bob].entries()) {
        const again = { ...member, ...(await login(restored, member)) };
        expect(await visibleState(restored, again, seeded.markerIds)).toEqual(before[index]);
      }
      // image bytes
      const keys: { storage_key: string; thumbnail_key: string | null }[] = await t.db.query('SELECT storage_key, thumbnail_key FROM files');
      expect(keys.length).toBeGreaterThan(0);
      for (const { storage_key, thumbnail_key } of keys) {
        for (const key of [storage_key, thumbnail_key].filter(Boolean) as string[]) {
          expect(await target.s3.getObject(key)).toEqual(await s3.getObject(key));
        }
      }
      // the whole history table, not only what the API shows
      const history = 'SELECT id, entity_type, entity_id, action, changes, user_id, created_date FROM action_histories ORDER BY id';
      expect(await restored.db.query(history)).toEqual(await t.db.query(history));
      // sessions are not restored
      const [{ n }] = await restored.db.query(`SELECT count(*)::int AS n FROM sessions WHERE created_date < now() - interval '1 second'`);
      expect(n).toBe(0);
    } finally {
      await restored?.close();
      if (!restored) await target.drop();
      else await target.s3.stop();
    }
  }, 60_000);

  it('refuses a non-empty target without --force and leaves it as it was; --force replaces it', async () => {
    const target = await freshTarget();
    try {
      await new RestoreService(target.config, target.storage).restore(archive);
      await target.storage.put('stray/object.txt', Buffer.from('not in the archive'), 'text/plain');
      await expect(new RestoreService(target.config, target.storage).restore(archive)).rejects.toThrow(/already holds 2 user\(s\).*--force/);
      expect(await target.s3.objectExists('stray/object.txt')).toBe(true);
      await new RestoreService(target.config, target.storage).restore(archive, { force: true });
      expect(await target.s3.objectExists('stray/object.txt')).toBe(false);
    } finally {
      await target.drop();
    }
  }, 60_000);

  async function countObjects(app: TestApp): Promise<number> {
    let n = 0;
    for await (const _ of app.app.get(StorageService).listObjects()) n++;
    return n;
  }
});

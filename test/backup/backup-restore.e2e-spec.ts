import type { OnApplicationBootstrap } from '@nestjs/common';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { loadConfig } from '../../src/config';
import { createDatabase, databaseUrl, dropDatabase, withClient } from '../../src/database/admin';
import { createDataSource, migrationClasses } from '../../src/database/data-source';
import { runMigrations } from '../../src/database/migrate';
import { templateName } from '../support/template-db';
import { createStorage } from '../../src/infrastructure/storage/storage.module';
import { StorageService } from '../../src/infrastructure/storage/storage.service';
import { BackupService } from '../../src/modules/backup/backup.service';
import { RestoreService } from '../../src/modules/backup/restore.service';
import { verifyArchive } from '../../src/modules/backup/backup-archive';
import { createTestApp, TEST_ENV, TestApp } from '../support/app';
import { login } from '../support/factories';
import { startStorageDriver, STORAGE_DRIVERS, TestStorageDriver } from '../support/storage-drivers';
import { Seeded, seedGroup, visibleState } from './seed';

/** Backup of a seeded instance, restored into a fresh database and fresh storage. */
describe.each(STORAGE_DRIVERS)('backup and restore (%s storage)', (driverName) => {
  let s3: TestStorageDriver;
  let t: TestApp;
  let seeded: Seeded;
  let dir: string;
  let archive: string;

  beforeAll(async () => {
    s3 = await startStorageDriver(driverName);
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
    const storage = await startStorageDriver(driverName);
    const env = { ...TEST_ENV, ...storage.env, DATABASE_URL: databaseUrl(name), BACKUP_DIR: dir };
    const config = loadConfig(env);
    const service = createStorage(config);
    await (service as Partial<OnApplicationBootstrap>).onApplicationBootstrap?.();
    return {
      name,
      s3: storage,
      env,
      config,
      storage: service,
      drop: async () => {
        await dropDatabase(name);
        await storage.stop();
      },
    };
  }

  it('writes a named .tar.gz with its manifest beside it', async () => {
    expect(archive).toMatch(/hearth-backup-\d{8}-\d{6}Z(-\d+)?\.tar\.gz$/);
    const manifest = JSON.parse(readFileSync(archive.replace(/\.tar\.gz$/, '.manifest.json'), 'utf8'));
    expect(manifest).toMatchObject({ format: 1, app: 'hearth', schemaVersion: expect.stringMatching(/\d{13}$/) });
    expect(manifest.tables.transactions).toBe(5);
    // sharing costs: the rows and the kept sums the triggers made from them
    expect(manifest.tables).toMatchObject({ settlements: 1, split_settings: 1, transaction_shares: 2, member_day_balances: 4, member_day_sums: 2 });
    expect(manifest.tables.users).toBe(2);
    expect(manifest.tables).not.toHaveProperty('sessions');
    // no signing keys: whoever holds an archive cannot sign a token for the installation
    expect(manifest.tables).not.toHaveProperty('instance_secrets');
    expect(Object.keys(manifest.checksums).filter((member) => member.includes('instance_secrets'))).toEqual([]);
    // nor push subscriptions (each belongs to a session); reminders are data like any other
    expect(manifest.tables).not.toHaveProperty('push_subscriptions');
    expect(manifest.tables.note_reminders).toBe(1);
    const stored: { name: string; value: string }[] = await t.db.query('SELECT name, value FROM instance_secrets');
    expect(stored.length).toBeGreaterThan(0);
    const bytes = gunzipSync(readFileSync(archive));
    for (const { value } of stored) expect(bytes.includes(Buffer.from(value))).toBe(false);
    const vapid = JSON.parse(stored.find((row) => row.name === 'vapid-p256')!.value);
    expect(bytes.includes(Buffer.from(vapid.privateKey))).toBe(false);
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
      const sourceSessions: { id: string }[] = await t.db.query('SELECT id FROM sessions');
      expect(sourceSessions.length).toBeGreaterThan(0);
      // the database clock, as the sessions' created_date reads it
      const [{ at: restoreStarted }] = await t.db.query('SELECT now() AS at');
      const sourceKeys: { name: string; value: string }[] = await t.db.query('SELECT name, value FROM instance_secrets');
      await new RestoreService(target.config, target.storage).restore(archive);
      expect(await withTarget(target.name, 'SELECT count(*)::int AS n FROM instance_secrets', [])).toBe(0);
      // no JWT_SECRET: the restored installation signs with a key of its own, generated at its start
      restored = await createTestApp({ ...target.s3.env, JWT_SECRET: '' }, { existingDatabase: target.name });
      const restoredKeys: { name: string; value: string }[] = await restored.db.query('SELECT name, value FROM instance_secrets');
      expect(restoredKeys.map((key) => key.name)).toEqual(expect.arrayContaining(['jwt-hs256', 'storage-url-hmac']));
      expect(restoredKeys.filter((key) => sourceKeys.some((source) => source.value === key.value))).toEqual([]);
      for (const [index, member] of [seeded.alice, seeded.bob].entries()) {
        const again = { ...member, ...(await login(restored, member)) };
        expect(await visibleState(restored, again, seeded.markerIds)).toEqual(before[index]);
      }
      // image bytes
      const keys: { storage_key: string; thumbnail_key: string | null }[] = await t.db.query('SELECT storage_key, thumbnail_key FROM files');
      expect(keys.length).toBeGreaterThan(0);
      for (const { storage_key, thumbnail_key } of keys) {
        for (const key of [storage_key, thumbnail_key].filter(Boolean) as string[]) {
          expect(await target.s3.objectBytes(key)).toEqual(await s3.objectBytes(key));
        }
      }
      // the whole history table, not only what the API shows
      const history = 'SELECT id, entity_type, entity_id, action, changes, user_id, created_date FROM action_histories ORDER BY id';
      expect(await restored.db.query(history)).toEqual(await t.db.query(history));
      // sessions are not restored: the restored database holds only the sign-ins made after it
      const restoredSessions: { id: string; created_date: Date }[] = await restored.db.query('SELECT id, created_date FROM sessions');
      expect(restoredSessions.length).toBeGreaterThan(0);
      expect(restoredSessions.filter((session) => sourceSessions.some((source) => source.id === session.id))).toEqual([]);
      expect(restoredSessions.filter((session) => session.created_date < restoreStarted)).toEqual([]);
    } finally {
      await restored?.close();
      if (!restored) await target.drop();
      else await target.s3.stop();
    }
  }, 60_000);

  it('puts back every key, index and trigger it takes off while rows load, and the planner statistics', async () => {
    const target = await freshTarget();
    try {
      await new RestoreService(target.config, target.storage).restore(archive);
      const schema = `SELECT conrelid::regclass::text AS on, conname AS name, contype AS type, pg_get_constraintdef(oid) AS definition, convalidated AS valid
                        FROM pg_constraint WHERE connamespace = 'public'::regnamespace
                       UNION ALL
                      SELECT tablename, indexname, 'index', indexdef, true FROM pg_indexes WHERE schemaname = 'public'
                       UNION ALL
                      SELECT tgrelid::regclass::text, tgname, 'trigger', pg_get_triggerdef(oid), tgenabled = 'O'
                        FROM pg_trigger WHERE NOT tgisinternal AND tgrelid::regclass::text NOT LIKE 'pgboss.%'
                       ORDER BY 1, 2, 3`;
      const restored = await withClient(databaseUrl(target.name), async (db) => (await db.query(schema)).rows);
      const source = await withClient(databaseUrl(t.databaseName), async (db) => (await db.query(schema)).rows);
      expect(restored.length).toBeGreaterThan(50);
      expect(restored).toEqual(source);
      // the loaded tables are analysed in the restore's transaction
      const analysed = await withTarget(
        target.name,
        `SELECT count(*)::int AS n FROM pg_stat_user_tables WHERE relname = 'transactions' AND last_analyze IS NOT NULL`,
        [],
      );
      expect(analysed).toBe(1);
    } finally {
      await target.drop();
    }
  }, 60_000);

  it('refuses a non-empty target without --force and leaves it as it was; --force replaces it', async () => {
    const target = await freshTarget();
    try {
      await new RestoreService(target.config, target.storage).restore(archive);
      await target.storage.put('stray/object.txt', Buffer.from('not in the archive'), 'text/plain');
      await expect(new RestoreService(target.config, target.storage).restore(archive)).rejects.toThrow(/already holds 2 user\(s\).*--force/);
      expect(await target.s3.objectBytes('stray/object.txt')).not.toBeNull();
      await new RestoreService(target.config, target.storage).restore(archive, { force: true });
      expect(await target.s3.objectBytes('stray/object.txt')).toBeNull();
    } finally {
      await target.drop();
    }
  }, 60_000);

  // independent of the storage driver (or about S3 being unreachable): run once
  if (driverName === 'S3') {
    it('storage unreachable during a restore into an empty database: the database is left empty', async () => {
      const target = await freshTarget();
      try {
        await target.s3.stop();
        await expect(new RestoreService(target.config, target.storage).restore(archive)).rejects.toThrow();
        expect(await withTarget(target.name, 'SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = $1', ['public'])).toBe(0);
        expect(await withTarget(target.name, "SELECT count(*)::int AS n FROM pg_namespace WHERE nspname = 'pgboss'", [])).toBe(0);
      } finally {
        await dropDatabase(target.name);
      }
    }, 60_000);

    it('restores an archive of an older schema into an empty and into an up-to-date database, then runs the newer migrations', async () => {
      // a database one migration behind the code, with a budget in it
      const oldName = `hearth_t_old_${Math.random().toString(36).slice(2, 10)}`;
      await createDatabase(oldName);
      const classes = migrationClasses();
      const newest = classes
        .map((Class) => new (Class as new () => { name: string })().name)
        .sort((a, b) => a.slice(-13).localeCompare(b.slice(-13)))
        .at(-1)!;
      const older = createDataSource(databaseUrl(oldName), {
        migrations: classes.filter((Class) => new (Class as new () => { name: string })().name !== newest),
      });
      await older.initialize();
      let oldArchive: string;
      try {
        await runMigrations(older);
        const [group] = await older.query(`INSERT INTO groups (id, name, currency, modules) VALUES (gen_random_uuid(), 'Old', 'EUR', '{Budget}') RETURNING id`);
        const [account] = await older.query(
          `INSERT INTO budget_accounts (id, group_id, name, is_default) VALUES (gen_random_uuid(), $1, 'Main', true) RETURNING id`,
          [group.id],
        );
        const [category] = await older.query(
          `INSERT INTO categories (id, group_id, name, color, icon, sort_order) VALUES (gen_random_uuid(), $1, 'Pay', '#112233', 'Tag', 1) RETURNING id`,
          [group.id],
        );
        await older.query(
          `INSERT INTO transactions (id, group_id, type, amount, date, category_id, budget_account_id) ` +
            `VALUES (gen_random_uuid(), $1, 'Income', 100.25, '2026-01-01', $2, $3)`,
          [group.id, category.id, account.id],
        );
        const oldConfig = loadConfig({ ...TEST_ENV, ...s3.env, DATABASE_URL: databaseUrl(oldName), BACKUP_DIR: dir });
        oldArchive = await new BackupService(oldConfig, createStorage(oldConfig)).create(join(dir, 'older-schema.tar.gz'));
      } finally {
        await older.destroy();
        await dropDatabase(oldName);
      }
      expect(JSON.parse(readFileSync(join(dir, 'older-schema.manifest.json'), 'utf8')).schemaVersion).not.toBe(newest);

      const empty = await freshTarget();
      const upToDate = `hearth_t_latest_${Math.random().toString(36).slice(2, 10)}`;
      await createDatabase(upToDate, templateName());
      try {
        for (const database of [empty.name, upToDate]) {
          const config = loadConfig({ ...empty.env, DATABASE_URL: databaseUrl(database) });
          const result = await new RestoreService(config, empty.storage).restore(oldArchive, { force: true });
          expect(result.migrated).toEqual([newest]);
          const applied = await withTarget(database, 'SELECT count(*)::int AS n FROM migrations', []);
          expect(applied).toBe(classes.length);
          // the newest migration ran on the restored rows: the balance is there
          expect(await withTarget(database, 'SELECT balance::text AS n FROM budget_account_balances', [])).toBe('100.25');
        }
      } finally {
        await empty.drop();
        await dropDatabase(upToDate);
      }
    }, 90_000);

    describe('refusals: one line on stderr, non-zero exit, target untouched', () => {
      const cli = promisify(execFile);
      /** Runs the CLI through ts-node-free jest: the compiled service is used directly, as the CLI does. */
      async function refusal(path: string, force = false): Promise<string> {
        const target = await freshTarget();
        try {
          const error = await new RestoreService(target.config, target.storage).restore(path, { force }).then(
            () => null,
            (e: Error) => e,
          );
          expect(error).toBeInstanceOf(Error);
          // nothing written: no schema, no objects
          const tables = await withTarget(target.name, 'SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = $1', ['public']);
          expect(tables).toBe(0);
          let objects = 0;
          for await (const _ of target.storage.listObjects()) objects++;
          expect(objects).toBe(0);
          expect(error!.message).not.toContain('\n');
          return error!.message;
        } finally {
          await target.drop();
        }
      }

      it('a truncated archive', async () => {
        const bytes = readFileSync(archive);
        const cut = join(dir, 'truncated.tar.gz');
        writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length / 2)));
        expect(await refusal(cut)).toMatch(/truncated or damaged/);
      });

      it('a tampered archive (one byte changed inside a member)', async () => {
        const tampered = join(dir, 'tampered.tar.gz');
        await rewrite(archive, tampered, (name, body) => (name === 'tables/users.copy' ? Buffer.from(body.toString().replace('Alice', 'Mallory')) : body));
        expect(await refusal(tampered)).toMatch(/checksum mismatch for tables\/users\.copy/);
      });

      it('a file of another format, and a tar.gz without a manifest', async () => {
        const text = join(dir, 'notes.txt');
        writeFileSync(text, 'just some text, not an archive');
        expect(await refusal(text)).toMatch(/not a Hearth backup/);
        const foreign = join(dir, 'foreign.tar.gz');
        await rewrite(archive, foreign, (name, body) => (name === 'manifest.json' ? null : body));
        expect(await refusal(foreign)).toMatch(/manifest\.json is missing/);
      });

      it('rows that break a key or a reference (checked when the keys are put back after the load)', async () => {
        // one transaction twice
        const duplicate = join(dir, 'duplicate.tar.gz');
        await forge(archive, duplicate, 'transactions', (rows) => [...rows, rows[0]]);
        expect(await refusal(duplicate)).toMatch(
          /^the archive's rows break a key of the schema: could not create unique index .*\(Key \(id\)=\([0-9a-f-]{36}\) is duplicated\.\)$/,
        );
        // transactions of categories the archive does not hold
        const dangling = join(dir, 'dangling.tar.gz');
        await forge(archive, dangling, 'categories', () => []);
        const missing = String.raw`\(Key \(category_id\)=\([0-9a-f-]{36}\) is not present in table "categories"\.\)$`;
        expect(await refusal(dangling)).toMatch(new RegExp(`^the archive's rows break a key of the schema: .* violates foreign key constraint .*${missing}`));
      }, 90_000);

      it('an archive of a newer format or a newer schema', async () => {
        const newerFormat = join(dir, 'format2.tar.gz');
        await rewrite(archive, newerFormat, (name, body) =>
          name === 'manifest.json' ? Buffer.from(JSON.stringify({ ...JSON.parse(body.toString()), format: 2 })) : body,
        );
        expect(await refusal(newerFormat)).toMatch(/unsupported backup format 2/);
        const newerSchema = join(dir, 'schema.tar.gz');
        await rewrite(archive, newerSchema, (name, body) =>
          name === 'manifest.json' ? Buffer.from(JSON.stringify({ ...JSON.parse(body.toString()), schemaVersion: 'FromTheFuture9999999999999' })) : body,
        );
        expect(await refusal(newerSchema)).toMatch(/newer than this version of Hearth/);
      });

      it('the CLI backup writes into --out (a directory) and prints the path last', async () => {
        const out = mkdtempSync(join(tmpdir(), 'hearth-cli-backup-'));
        try {
          const { stdout } = await cli('node', ['-r', './test/support/swc-register.js', 'src/cli.ts', 'backup', '--out', out], {
            env: { ...process.env, ...TEST_ENV, ...s3.env, DATABASE_URL: databaseUrl(t.databaseName) },
          });
          const path = stdout.trim().split('\n').at(-1)!;
          expect(path).toMatch(new RegExp(`^${out}/hearth-backup-\\d{8}-\\d{6}Z\\.tar\\.gz$`));
          const manifest = await verifyArchive(path);
          expect(manifest.tables.users).toBe(2);
        } finally {
          rmSync(out, { recursive: true, force: true });
        }
      }, 30_000);

      it('the CLI prints the reason in one line and exits non-zero', async () => {
        const target = await freshTarget();
        try {
          const text = join(dir, 'plain.txt');
          writeFileSync(text, 'not an archive');
          const run = cli('node', ['-r', './test/support/swc-register.js', 'src/cli.ts', 'restore', text], { env: { ...process.env, ...target.env } });
          await run.then(
            () => {
              throw new Error('the CLI succeeded');
            },
            (error: { code: number; stderr: string }) => {
              expect(error.code).not.toBe(0);
              expect(
                error.stderr
                  .trim()
                  .split('\n')
                  .filter((line) => !/ExperimentalWarning|trace-warnings/.test(line)),
              ).toEqual([expect.stringMatching(/^restore: not a Hearth backup/)]);
            },
          );
        } finally {
          await target.drop();
        }
      });
    });
  }

  async function withTarget(name: string, sql: string, parameters: unknown[]): Promise<number> {
    const { Client } = await import('pg');
    const client = new Client({ connectionString: databaseUrl(name) });
    await client.connect();
    try {
      return (await client.query(sql, parameters)).rows[0].n;
    } finally {
      await client.end();
    }
  }

  /** Copies an archive member by member, letting `change` alter or drop (null) a member. */
  async function rewrite(from: string, to: string, change: (name: string, body: Buffer) => Buffer | null): Promise<void> {
    const tar = await import('tar-stream');
    const { createGzip } = await import('node:zlib');
    const { createWriteStream } = await import('node:fs');
    const { pipeline } = await import('node:stream/promises');
    const { readArchive } = await import('../../src/modules/backup/backup-archive');
    const pack = tar.pack();
    const writing = pipeline(pack as any, createGzip(), createWriteStream(to));
    await readArchive(from, async (name, _size, body) => {
      const chunks: Buffer[] = [];
      for await (const chunk of body) chunks.push(chunk as Buffer);
      const changed = change(name, Buffer.concat(chunks));
      if (changed) pack.entry({ name, size: changed.length }, changed);
    });
    pack.finalize();
    await writing;
  }

  /**
   * Copies an archive with one table's rows changed, and its manifest made to match (row count and
   * checksum), as someone forging an archive would: the checks of the archive itself pass.
   */
  async function forge(from: string, to: string, table: string, change: (rows: string[]) => string[]): Promise<void> {
    const { createHash } = await import('node:crypto');
    const member = `tables/${table}.copy`;
    let rows: string[] = [];
    await rewrite(from, join(dir, 'forge-scan.tar.gz'), (name, body) => {
      if (name === member) rows = change(body.toString().split('\n').filter(Boolean));
      return body;
    });
    const text = Buffer.from(rows.map((row) => `${row}\n`).join(''));
    await rewrite(from, to, (name, body) => {
      if (name === member) return text;
      if (name !== 'manifest.json') return body;
      const manifest = JSON.parse(body.toString());
      manifest.tables[table] = rows.length;
      manifest.checksums[member] = createHash('sha256').update(text).digest('hex');
      return Buffer.from(JSON.stringify(manifest));
    });
  }

  async function countObjects(app: TestApp): Promise<number> {
    let n = 0;
    for await (const _ of app.app.get(StorageService).listObjects()) n++;
    return n;
  }
});

import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { StorageService } from '../../src/infrastructure/storage/storage.service';
import { BackupService } from '../../src/modules/backup/backup.service';
import { RestoreService } from '../../src/modules/backup/restore.service';
import { readArchive, verifyArchive } from '../../src/modules/backup/backup-archive';
import { createTestApp, TestApp } from '../support/app';
import { signedInUser } from '../support/factories';
import { startS3, TestS3 } from '../support/s3';
import { waitFor } from '../support/wait';

const isRoot = process.getuid?.() === 0;

/** A disk that fills up during a backup (a small tmpfs, mounted for the test: needs root). */
(isRoot ? describe : describe.skip)('backup on a full disk', () => {
  let s3: TestS3;
  let t: TestApp;
  let root: string;
  let small: string;

  beforeAll(async () => {
    s3 = await startS3();
    root = mkdtempSync(join(tmpdir(), 'hearth-backup-full-'));
    small = join(root, 'small');
    mkdirSync(small);
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=512k', 'tmpfs', small]);
    t = await createTestApp({ ...s3.env, JOBS_ENABLED: 'true', JOBS_POLL_MS: '500', BACKUP_DIR: small, BACKUP_SCHEDULE: '' });
  });
  afterAll(async () => {
    await t?.close();
    await s3.stop();
    execFileSync('umount', ['-l', small]);
    rmSync(root, { recursive: true, force: true });
  });

  const jobState = async (name: string) =>
    (await t.db.query(`SELECT state FROM pgboss.job WHERE name = 'backup' AND data->>'name' = $1 ORDER BY created_on DESC`, [name]))[0]?.state;

  it('fails the job, removes the partial file and keeps the earlier archives', async () => {
    const admin = await signedInUser(t, { role: 'Admin' });
    const start = () => t.api('POST', '/backups', { token: admin.accessToken });
    const first = (await start()).json().name;
    await waitFor(async () => (await jobState(first)) === 'completed', 20_000);
    expect(existsSync(join(small, first))).toBe(true);

    // an incompressible object twice the size of the disk
    await t.app.get(StorageService).put('big/random.bin', randomBytes(1024 * 1024), 'application/octet-stream');
    await new Promise((resolve) => setTimeout(resolve, 1100)); // names carry the second
    const started = await start();
    expect(started.statusCode).toBe(202);
    await waitFor(async () => (await jobState(started.json().name)) === 'failed', 20_000);
    expect(readdirSync(small).sort()).toEqual([first, first.replace('.tar.gz', '.manifest.json')].sort());
    const listed = (await t.api('GET', '/backups', { token: admin.accessToken })).json();
    expect(listed.items.map((b: { name: string }) => b.name)).toEqual([first]);
    // the failure is visible to the API, with its reason
    expect(listed).toMatchObject({ running: false, lastError: { at: expect.any(String), message: expect.stringMatching(/ENOSPC|no space/i) } });
    // the next backup may start, and once it succeeds the failure is no longer the last word
    await t.app.get(StorageService).remove(['big/random.bin']);
    await new Promise((resolve) => setTimeout(resolve, 1100)); // another name than the failed run's
    const next = await start();
    expect(next.statusCode).toBe(202);
    await waitFor(async () => (await jobState(next.json().name)) === 'completed', 30_000);
    expect((await t.api('GET', '/backups', { token: admin.accessToken })).json()).not.toHaveProperty('lastError');
  }, 60_000);
});

/** The database going away in the middle of a backup. */
describe('backup when the database goes away', () => {
  let s3: TestS3;
  let t: TestApp;
  let dir: string;

  beforeAll(async () => {
    s3 = await startS3();
    dir = mkdtempSync(join(tmpdir(), 'hearth-backup-db-'));
    t = await createTestApp({ ...s3.env, BACKUP_DIR: dir });
    // enough rows that the COPY is still streaming when the connection is killed
    await t.bulk(`INSERT INTO groups (id, name, currency, modules) SELECT gen_random_uuid(), 'g' || i, 'EUR', '{}' FROM generate_series(1, 200000) i`);
  });
  afterAll(async () => {
    await t.close();
    await s3.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('fails with a clear error and leaves no file behind', async () => {
    const backup = new BackupService(t.config, t.app.get(StorageService)).create();
    const killer = waitFor(
      async () => {
        const killed = await t.db.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'hearth-backup' AND datname = $1`, [
          t.databaseName,
        ]);
        return killed.length > 0;
      },
      10_000,
      5,
    );
    await expect(backup).rejects.toThrow(/terminat|Connection|closed/i);
    await killer;
    expect(readdirSync(dir)).toEqual([]);
  }, 30_000);

  it('a restore that loses its database rolls back: the target is as it was', async () => {
    const archive = await new BackupService(t.config, t.app.get(StorageService)).create();
    await t.app.get(StorageService).put('kept/object.txt', Buffer.from('kept'), 'text/plain');
    const count = async () => (await t.db.query('SELECT count(*)::int AS n FROM groups'))[0].n;
    await t.db.query(`INSERT INTO groups (id, name, currency, modules) VALUES (gen_random_uuid(), 'only here', 'EUR', '{}')`);
    const before = await count();
    const restore = new RestoreService(t.config, t.app.get(StorageService)).restore(archive, { force: true });
    const killer = waitFor(
      async () => {
        const [busy] = await t.db.query(
          `SELECT pg_terminate_backend(pid) AS killed FROM pg_stat_activity
          WHERE application_name = 'hearth-backup' AND datname = $1 AND query LIKE 'COPY%'`,
          [t.databaseName],
        );
        return busy?.killed;
      },
      20_000,
      5,
    );
    await expect(restore).rejects.toThrow(/terminat|Connection|closed/i);
    await killer;
    expect(await count()).toBe(before);
    expect((await t.db.query(`SELECT count(*)::int AS n FROM groups WHERE name = 'only here'`))[0].n).toBe(1);
    expect(await t.app.get(StorageService).stat('kept/object.txt')).not.toBeNull();
  }, 60_000);
});

/** A backup taken while the service writes: every table from the same moment. */
describe('backup while transactions are being written', () => {
  let s3: TestS3;
  let t: TestApp;
  let dir: string;

  beforeAll(async () => {
    s3 = await startS3();
    dir = mkdtempSync(join(tmpdir(), 'hearth-backup-busy-'));
    t = await createTestApp({ ...s3.env, BACKUP_DIR: dir });
  });
  afterAll(async () => {
    await t.close();
    await s3.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('holds account balances (kept by triggers) that agree with the transactions it holds', async () => {
    const [group] = await t.db.query(`INSERT INTO groups (id, name, currency, modules) VALUES (gen_random_uuid(), 'Busy', 'EUR', '{Budget}') RETURNING id`);
    const [a] = await t.db.query(`INSERT INTO budget_accounts (id, group_id, name, is_default) VALUES (gen_random_uuid(), $1, 'A', true) RETURNING id`, [
      group.id,
    ]);
    const [b] = await t.db.query(`INSERT INTO budget_accounts (id, group_id, name, is_default) VALUES (gen_random_uuid(), $1, 'B', false) RETURNING id`, [
      group.id,
    ]);
    const [category] = await t.db.query(
      `INSERT INTO categories (id, group_id, name, color, icon, sort_order) VALUES (gen_random_uuid(), $1, 'C', '#112233', 'Tag', 1) RETURNING id`,
      [group.id],
    );
    const insert = (i: number) =>
      t.db.query(
        `INSERT INTO transactions (id, group_id, type, amount, date, category_id, budget_account_id, target_budget_account_id)
         VALUES (gen_random_uuid(), $1, $2, $3, '2026-01-01', $4, $5, $6)`,
        i % 3 === 0 ? [group.id, 'Transfer', '1.10', null, a.id, b.id] : [group.id, i % 3 === 1 ? 'Income' : 'Expense', '2.35', category.id, a.id, null],
      );
    for (let i = 0; i < 3000; i++) await insert(i); // rows enough that the backup takes a while
    let writing = true;
    let written = 0;
    const writer = (async () => {
      while (writing) await insert(written++);
    })();
    const archive = await new BackupService(t.config, t.app.get(StorageService)).create();
    writing = false;
    await writer;
    expect(written).toBeGreaterThan(0);

    const manifest = await verifyArchive(archive);
    const members = new Map<string, string>();
    await readArchive(archive, async (name, _size, body) => {
      const chunks: Buffer[] = [];
      for await (const chunk of body) chunks.push(chunk as Buffer);
      members.set(name, Buffer.concat(chunks).toString('utf8'));
    });
    const rows = (table: string) =>
      members
        .get(`tables/${table}.copy`)!
        .split('\n')
        .filter(Boolean)
        .map((line) => Object.fromEntries(line.split('\t').map((value, i) => [manifest.columns[table][i], value])));
    const cents = new Map<string, number>();
    const add = (account: string, delta: number) => cents.set(account, (cents.get(account) ?? 0) + delta);
    for (const row of rows('transactions')) {
      const amount = Math.round(Number(row.amount) * 100);
      add(row.budget_account_id, row.type === 'Income' ? amount : -amount);
      if (row.target_budget_account_id !== '\\N') add(row.target_budget_account_id, amount);
    }
    const balances = Object.fromEntries(rows('budget_account_balances').map((row) => [row.budget_account_id, Math.round(Number(row.balance) * 100)]));
    expect(balances).toEqual(Object.fromEntries(cents));
    expect(manifest.tables.transactions).toBeGreaterThanOrEqual(3000);
  }, 60_000);
});

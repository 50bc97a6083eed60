import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestApp, TestApp } from '../support/app';
import { createUser, signedInUser } from '../support/factories';
import { startS3, TestS3 } from '../support/s3';
import { waitFor } from '../support/wait';

type Admin = Awaited<ReturnType<typeof signedInUser>>;

/** The admin API for backups: list, start (a job, one at a time), download of listed archives only. */
describe('backups API', () => {
  let s3: TestS3;
  let t: TestApp;
  let admin: Admin;
  let root: string;
  let dir: string;

  beforeAll(async () => {
    s3 = await startS3();
    root = mkdtempSync(join(tmpdir(), 'hearth-backups-api-'));
    dir = join(root, 'backups');
    t = await createTestApp({ ...s3.env, JOBS_ENABLED: 'true', JOBS_POLL_MS: '500', BACKUP_DIR: dir, BACKUP_SCHEDULE: '', BACKUP_KEEP: '2' });
    admin = await signedInUser(t, { role: 'Admin' });
    await createUser(t, { groupId: admin.groupId });
  });
  afterAll(async () => {
    await t.close();
    await s3.stop();
    rmSync(root, { recursive: true, force: true });
  });

  const api = (method: 'GET' | 'POST', path: string, token = admin.accessToken) => t.api(method, path, { token });
  const list = async () => (await api('GET', '/backups')).json().items as { name: string; sizeBytes: number }[];
  /** The archive is listed and the run is over (the archive appears before its job is marked complete). */
  const finished = (name: string) =>
    waitFor(async () => {
      const body = (await api('GET', '/backups')).json() as { running: boolean; items: { name: string }[] };
      return !body.running && body.items.some((backup) => backup.name === name);
    }, 20_000);

  it('is for admins only', async () => {
    const user = await signedInUser(t);
    for (const [method, path] of [
      ['GET', '/backups'],
      ['POST', '/backups'],
      ['GET', '/backups/hearth-backup-20260101-000000Z.tar.gz'],
    ] as const) {
      const response = await api(method, path, user.accessToken);
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('FORBIDDEN');
    }
  });

  it('starts a backup as a job (202), refuses a second while it runs (409), lists and streams the archive', async () => {
    const started = await api('POST', '/backups');
    expect(started.statusCode).toBe(202);
    const { name } = started.json();
    expect(name).toMatch(/^hearth-backup-\d{8}-\d{6}Z\.tar\.gz$/);
    const second = await api('POST', '/backups');
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe('BACKUP_IN_PROGRESS');

    await finished(name);
    const [listed] = await list();
    expect(listed).toEqual({
      name,
      sizeBytes: expect.any(Number),
      createdAt: expect.any(String),
      tables: expect.objectContaining({ users: 3, groups: 2 }),
      objects: 0,
    });
    const download = await api('GET', `/backups/${name}`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/gzip');
    expect(download.headers['content-disposition']).toBe(`attachment; filename="${name}"`);
    expect(Buffer.from((download as unknown as { rawPayload: Buffer }).rawPayload)).toEqual(readFileSync(join(dir, name)));
    expect(listed.sizeBytes).toBe(readFileSync(join(dir, name)).length);
  }, 40_000);

  it('serves nothing outside the list: traversal, unlisted files and unknown names are 404', async () => {
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(root, 'hearth-backup-20200101-000000Z.tar.gz'), 'outside BACKUP_DIR');
    writeFileSync(join(dir, 'secret.txt'), 'not a backup');
    writeFileSync(join(dir, 'hearth-backup-20200102-000000Z.tar.gz'), 'no manifest beside it');
    for (const name of [
      '..%2Fhearth-backup-20200101-000000Z.tar.gz',
      '..%2F..%2F..%2Fetc%2Fpasswd',
      '%2Fetc%2Fpasswd',
      'secret.txt',
      'hearth-backup-20200102-000000Z.tar.gz',
      'hearth-backup-20990101-000000Z.tar.gz',
    ]) {
      const response = await api('GET', `/backups/${name}`);
      expect([response.statusCode, response.json().code]).toEqual([404, 'NOT_FOUND']);
    }
  });

  it('keeps the newest BACKUP_KEEP archives', async () => {
    for (let i = 0; i < 2; i++) {
      const started = await api('POST', '/backups');
      expect(started.statusCode).toBe(202);
      await finished(started.json().name);
      await new Promise((resolve) => setTimeout(resolve, 1100)); // names carry the second
    }
    expect(await list()).toHaveLength(2);
    expect(readdirSync(dir).filter((file) => file.endsWith('.tar.gz.partial'))).toEqual([]);
  }, 60_000);
});

describe('scheduled backups', () => {
  it('are scheduled by BACKUP_SCHEDULE (default 03:00 UTC daily); empty disables them', async () => {
    const s3 = await startS3();
    const dir = mkdtempSync(join(tmpdir(), 'hearth-backups-schedule-'));
    const scheduled = await createTestApp({ ...s3.env, JOBS_ENABLED: 'true', BACKUP_DIR: dir });
    const disabled = await createTestApp({ ...s3.env, JOBS_ENABLED: 'true', BACKUP_DIR: dir, BACKUP_SCHEDULE: '' });
    try {
      expect(await scheduled.db.query(`SELECT cron, timezone FROM pgboss.schedule WHERE name = 'backup'`)).toEqual([{ cron: '0 3 * * *', timezone: 'UTC' }]);
      expect(await disabled.db.query(`SELECT cron FROM pgboss.schedule WHERE name = 'backup'`)).toEqual([]);
    } finally {
      await scheduled.close();
      await disabled.close();
      await s3.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** A failed backup run is visible in GET /backups until a later run succeeds. */
describe('backups API: a failed run', () => {
  let s3: TestS3;
  let t: TestApp;
  let admin: Admin;
  let root: string;

  beforeAll(async () => {
    s3 = await startS3();
    root = mkdtempSync(join(tmpdir(), 'hearth-backups-failed-'));
    t = await createTestApp({ ...s3.env, JOBS_ENABLED: 'true', JOBS_POLL_MS: '500', BACKUP_DIR: join(root, 'backups'), BACKUP_SCHEDULE: '' });
    admin = await signedInUser(t, { role: 'Admin' });
  });
  afterAll(async () => {
    await t.close();
    await s3.stop();
    rmSync(root, { recursive: true, force: true });
  });

  const status = async () => (await t.api('GET', '/backups', { token: admin.accessToken })).json();

  it('answers {items, running, lastError: {at, message}} after a run failed, and drops lastError after a successful one', async () => {
    expect(await status()).toEqual({ items: [], running: false });
    // the object store goes away: the run cannot read the objects and fails
    const port = Number(new URL(s3.endpoint).port);
    await s3.stop();
    const before = Date.now();
    expect((await t.api('POST', '/backups', { token: admin.accessToken })).statusCode).toBe(202);
    const failed = await waitFor(async () => {
      const body = await status();
      return body.lastError ? body : undefined;
    }, 30_000);
    expect(failed).toEqual({ items: [], running: false, lastError: { at: expect.any(String), message: expect.any(String) } });
    expect(failed.lastError.message.length).toBeGreaterThan(0);
    expect(new Date(failed.lastError.at).getTime()).toBeGreaterThanOrEqual(before - 5_000);
    expect((readdirSync(root, { recursive: true }) as string[]).filter((file) => file.endsWith('.tar.gz'))).toEqual([]);

    // the store is back: the next run succeeds and the failure is no longer reported
    s3 = await startS3({ port });
    const { name } = (await t.api('POST', '/backups', { token: admin.accessToken })).json();
    const done = await waitFor(async () => {
      const body = await status();
      return body.items.some((backup: { name: string }) => backup.name === name) && !body.running ? body : undefined;
    }, 30_000);
    expect(done).not.toHaveProperty('lastError');
  }, 90_000);
});

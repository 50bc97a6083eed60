import { readdirSync, readFileSync } from 'node:fs';
import { getPriority } from 'node:os';
import { PasswordService } from '../../src/modules/users/password.service';
import { createTestApp, TestApp } from '../support/app';
import { createUser, signedInUser, TestUser } from '../support/factories';

/** Holds the only hashing slot until `open()`: every login behind it queues. */
function holdHashing(t: TestApp): { open: () => void; done: Promise<void> } {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  return { open, done: t.app.get(PasswordService).pool.run(() => gate) };
}

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
}

const attempt = (t: TestApp, user: TestUser) => t.api('POST', '/session', { payload: { username: user.username, password: user.password } });

describe('login burst against a hashing pool of one with a short queue timeout', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ BCRYPT_CONCURRENCY: '1', BCRYPT_QUEUE_TIMEOUT_MS: '50', RATE_LIMIT_ENABLED: 'false' });
  });
  afterAll(() => t.close());

  it('answers the logins that waited too long 503 SERVICE_UNAVAILABLE with Retry-After, and no other 5xx', async () => {
    const user = await createUser(t);
    const held = holdHashing(t);
    let finished = 0;
    const burst = Promise.all(Array.from({ length: 8 }, () => attempt(t, user).then((response) => (finished++, response))));
    // while the slot is held a login can only end by giving up: once one has, the slot is given
    // back, as a finished hash would (waiting on the clock instead raced a slow machine, where
    // the logins had not even queued before the slot was free again)
    await until(() => finished > 0);
    held.open();
    const responses = await burst;
    await held.done;
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 503).length).toBeGreaterThan(0);
    expect(statuses.every((status) => status === 200 || status === 503)).toBe(true);
    for (const response of responses.filter((r) => r.statusCode === 503)) {
      expect(response.headers['content-type']).toContain('application/problem+json');
      expect(response.json()).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE' });
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    }
    // nothing stays taken: the next login is answered normally
    expect((await attempt(t, user)).statusCode).toBe(200);
    expect(t.app.get(PasswordService).pool.stats).toEqual({ running: 0, queued: 0 });
  });

  it('makes the current-password checks of the account wait their turn in the same pool', async () => {
    const user = await signedInUser(t);
    const held = holdHashing(t);
    const answers = await Promise.all([
      t.api('PUT', '/account/password', { token: user.accessToken, payload: { currentPassword: user.password, newPassword: 'Brand-New-Secret-9' } }),
      t.api('PUT', '/account/email', { token: user.accessToken, payload: { newEmail: 'elsewhere@example.test', currentPassword: user.password } }),
    ]);
    held.open();
    await held.done;
    for (const answer of answers) expect(answer.json()).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE' });
  });

  it('a burst with nothing held answers only 200 or 503', async () => {
    const user = await createUser(t);
    const statuses = (await Promise.all(Array.from({ length: 10 }, () => attempt(t, user)))).map((r) => r.statusCode);
    expect(statuses.every((status) => status === 200 || status === 503)).toBe(true);
    expect(statuses).toContain(200);
  });
});

describe('requests other than logins while logins wait for hashing', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ BCRYPT_CONCURRENCY: '1', BCRYPT_QUEUE_TIMEOUT_MS: '60000', RATE_LIMIT_ENABLED: 'false' });
  });
  afterAll(() => t.close());

  it('answers a list while three logins are queued, then the logins succeed in turn', async () => {
    const reader = await signedInUser(t);
    const user = await createUser(t);
    const pool = t.app.get(PasswordService).pool;
    const held = holdHashing(t);
    const logins = Promise.all(Array.from({ length: 3 }, () => attempt(t, user)));
    await until(() => pool.stats.queued === 3);
    const list = await t.api('GET', '/sessions', { token: reader.accessToken });
    expect(list.statusCode).toBe(200);
    expect(pool.stats.queued).toBe(3);
    held.open();
    expect((await logins).map((response) => response.statusCode)).toEqual([200, 200, 200]);
  });
});

const linux = process.platform === 'linux' ? describe : describe.skip;

linux('where the hashing runs', () => {
  let t: TestApp;
  beforeAll(async () => {
    // 19, the lowest priority: raising a nice value needs no privilege, whatever ran in this process before
    t = await createTestApp({ THREAD_POOL_NICE: '19' });
  });
  afterAll(() => t.close());

  it("gives the service's libuv workers a lower CPU priority than its event loop, and logins still work", async () => {
    const threads = readdirSync('/proc/self/task').map((id) => ({
      name: readFileSync(`/proc/self/task/${id}/comm`, 'utf8').trim(),
      nice: getPriority(Number(id)),
    }));
    const workers = threads.filter((thread) => thread.name === 'libuv-worker');
    expect(workers.length).toBeGreaterThanOrEqual(4);
    expect(workers.every((worker) => worker.nice === 19)).toBe(true);
    expect(getPriority()).toBeLessThan(19);

    const user = await createUser(t);
    expect((await attempt(t, user)).statusCode).toBe(200);
  });
});

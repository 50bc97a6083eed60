import * as bcrypt from 'bcrypt';
import { createTestApp, TestApp } from '../support/app';
import { PasswordService } from '../../src/modules/users/password.service';
import { createUser, signedInUser } from '../support/factories';

/** The per-username failure budget is taken before the password check, so it holds under parallel attempts. */
describe.each([
  ['memory store', {}],
  ['Redis store', { REDIS_URL: 'redis://127.0.0.1:6379' }],
])('login failure limit under parallel attempts (%s)', (_name, storeEnv: Record<string, string>) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      RATE_LIMIT_ENABLED: 'true',
      RATE_LIMIT_LOGIN_FAILURES: '5',
      // the per-IP limit is lifted so only the per-username budget answers 429 here
      RATE_LIMIT_AUTH_PER_MINUTE: '1000',
      REDIS_KEY_PREFIX: `hearth-test:login-limits-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}:`,
      ...storeEnv,
    });
  });
  afterAll(() => t.close());

  const attempt = (username: string, password: string) => t.api('POST', '/session', { payload: { username, password } });

  it('answers at most five of twelve simultaneous wrong passwords with 401, the rest 429 with Retry-After', async () => {
    const user = await createUser(t);
    const responses = await Promise.all(Array.from({ length: 12 }, () => attempt(user.username, 'Wrong-Password-1')));
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((status) => status === 401).length + statuses.filter((status) => status === 429).length).toBe(12);
    for (const response of responses.filter((r) => r.statusCode === 429)) {
      expect(response.json().code).toBe('RATE_LIMITED');
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    }
    // the right password is refused too while the username is locked
    expect((await attempt(user.username, user.password)).statusCode).toBe(429);
  });

  it('counts unknown usernames alike', async () => {
    const statuses = (await Promise.all(Array.from({ length: 12 }, () => attempt('nobody-by-this-name', 'Wrong-Password-1')))).map(
      (response) => response.statusCode,
    );
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(5);
    expect(statuses).toContain(429);
  });

  // every endpoint that checks the current password is limited per user like login
  const changePassword = (token: string, currentPassword: string) =>
    t.api('PUT', '/account/password', { token, payload: { currentPassword, newPassword: 'Brand-New-Secret-9' } });
  const changeEmail = (token: string, currentPassword: string) =>
    t.api('PUT', '/account/email', { token, payload: { newEmail: 'elsewhere@example.test', currentPassword } });

  it('limits wrong current passwords per user: five 400s, then 429 with Retry-After, the right password too', async () => {
    const user = await signedInUser(t);
    for (let i = 0; i < 5; i++) expect((await changePassword(user.accessToken, 'Wrong-Password-1')).json().code).toBe('INVALID_PASSWORD');
    const sixth = await changePassword(user.accessToken, 'Wrong-Password-1');
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().code).toBe('RATE_LIMITED');
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
    // the budget is the user's, shared by the endpoints that check it
    expect((await changeEmail(user.accessToken, user.password)).statusCode).toBe(429);
    expect((await changePassword(user.accessToken, user.password)).statusCode).toBe(429);
    // another user is not affected
    const other = await signedInUser(t);
    expect((await changeEmail(other.accessToken, 'Wrong-Password-1')).statusCode).toBe(400);
  });

  it('holds the current-password budget under parallel attempts, and a right password clears it', async () => {
    const user = await signedInUser(t);
    const statuses = (
      await Promise.all(Array.from({ length: 12 }, (_, i) => (i % 2 ? changeEmail : changePassword)(user.accessToken, 'Wrong-Password-1')))
    ).map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 400).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((status) => status === 400).length + statuses.filter((status) => status === 429).length).toBe(12);
    const fresh = await signedInUser(t);
    for (let i = 0; i < 4; i++) expect((await changeEmail(fresh.accessToken, 'Wrong-Password-1')).statusCode).toBe(400);
    expect((await changeEmail(fresh.accessToken, fresh.password)).statusCode).toBe(202);
    for (let i = 0; i < 5; i++) expect((await changeEmail(fresh.accessToken, 'Wrong-Password-1')).statusCode).toBe(400);
    expect((await changeEmail(fresh.accessToken, 'Wrong-Password-1')).statusCode).toBe(429);
  });

  it('gives the reservation back on success and clears earlier failures', async () => {
    const user = await createUser(t);
    for (let i = 0; i < 4; i++) expect((await attempt(user.username, 'Wrong-Password-1')).statusCode).toBe(401);
    expect((await attempt(user.username, user.password)).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) expect((await attempt(user.username, 'Wrong-Password-1')).statusCode).toBe(401);
    expect((await attempt(user.username, 'Wrong-Password-1')).statusCode).toBe(429);
  });
});

describe('rehash on login when BCRYPT_COST changed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ BCRYPT_COST: '5' });
  });
  afterAll(() => t.close());

  const storedHash = async (userId: string): Promise<string> => (await t.db.query('SELECT password_hash FROM users WHERE id = $1', [userId]))[0].password_hash;

  it('stores a hash of the configured cost after a successful login; the password works before and after', async () => {
    const user = await createUser(t); // the factory hashes with cost 4
    expect(bcrypt.getRounds(await storedHash(user.id))).toBe(4);
    const first = await t.api('POST', '/session', { payload: { username: user.username, password: user.password } });
    expect(first.statusCode).toBe(200);
    const rehashed = await storedHash(user.id);
    expect(bcrypt.getRounds(rehashed)).toBe(5);
    expect(await bcrypt.compare(user.password, rehashed)).toBe(true);
    const second = await t.api('POST', '/session', { payload: { username: user.username, password: user.password } });
    expect(second.statusCode).toBe(200);
    // a hash of the configured cost is left alone
    expect(await storedHash(user.id)).toBe(rehashed);
  });

  it('compares unknown usernames against a dummy hash of the configured cost', async () => {
    const { dummyHash } = t.app.get(PasswordService) as unknown as { dummyHash: string };
    expect(bcrypt.getRounds(dummyHash)).toBe(5);
  });

  it('does not rehash on a wrong password', async () => {
    const user = await createUser(t);
    const before = await storedHash(user.id);
    expect((await t.api('POST', '/session', { payload: { username: user.username, password: 'Wrong-Password-1' } })).statusCode).toBe(401);
    expect(await storedHash(user.id)).toBe(before);
  });
});

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ACCOUNT_ENV } from '../support/account';
import { createTestApp, TestApp } from '../support/app';
import { createGroup, createUser, decodeClaims, signedInUser } from '../support/factories';
import { startMailServer, TestMailServer, tokenFromMail } from '../support/mail';
import { waitFor } from '../support/wait';

const tokenOf = (url: string) => new URL(url).searchParams.get('token')!;

/** Members without SMTP: an admin creates the account, its owner chooses a password through the link. */
describe('POST /users', () => {
  let t: TestApp;
  let mail: TestMailServer;

  beforeAll(async () => {
    mail = await startMailServer();
    t = await createTestApp({ ...ACCOUNT_ENV, ...mail.env });
  });
  afterAll(async () => {
    await t.close();
    await mail.stop();
  });

  it('tells the page of the link whose account it is and which group it joins, using nothing up', async () => {
    const admin = await signedInUser(t, { role: 'Admin' });
    const group = await createGroup(t, { name: 'The Smiths' });
    await createUser(t, { groupId: group.id, nickname: 'Tom' });
    await createUser(t, { groupId: group.id, nickname: 'Anna' });
    const created = await t.api('POST', '/users', {
      token: admin.accessToken,
      payload: { username: 'mia.smith', email: 'mia.smith@example.test', nickname: 'Mia', groupId: group.id },
    });
    const token = tokenOf(created.json().setPasswordUrl);
    const preview = await t.api('POST', '/account/password/reset/preview', { payload: { token } });
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toEqual({ username: 'mia.smith', nickname: 'Mia', groupName: 'The Smiths', memberNicknames: ['Anna', 'Tom'], invitation: true });
    // asking again is fine: the link still sets the password, then it is spent
    expect((await t.api('POST', '/account/password/reset/preview', { payload: { token } })).statusCode).toBe(200);
    expect((await t.api('POST', '/account/password/reset', { payload: { token, newPassword: 'Mias-own-passphrase' } })).statusCode).toBe(200);
    const spent = await t.api('POST', '/account/password/reset/preview', { payload: { token } });
    expect(spent.statusCode).toBe(400);
    expect(spent.json().code).toBe('INVALID_TOKEN');
    for (const payload of [{ token: 'nonsense' }, {}, { token: '' }]) {
      expect((await t.api('POST', '/account/password/reset/preview', { payload })).statusCode).toBe(400);
    }
  });

  it('creates an Active, confirmed member without a usable password; the link sets one, once', async () => {
    const admin = await signedInUser(t, { role: 'Admin' });
    const group = await createGroup(t, { name: 'Flat 3B' });
    const before = Date.now();
    const response = await t.api('POST', '/users', {
      token: admin.accessToken,
      payload: { username: 'bob', email: 'Bob@Example.test', nickname: 'Bob', groupId: group.id },
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toEqual({
      user: {
        id: expect.any(String),
        username: 'bob',
        nickname: 'Bob',
        email: 'bob@example.test',
        emailStatus: 'Confirmed',
        role: 'User',
        status: 'Active',
        groupId: group.id,
        createdDate: expect.any(String),
      },
      setPasswordUrl: expect.stringMatching(/^http:\/\/localhost:5173\/reset-password\?token=[A-Za-z0-9_-]{43}$/),
      expiresAt: expect.any(String),
    });
    const days = (new Date(body.expiresAt).getTime() - before) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThan(7.01);

    // no password works before the link is used
    for (const password of ['', 'password', 'Correct-Horse-42']) {
      expect((await t.api('POST', '/session', { payload: { username: 'bob', password: password || 'x' } })).statusCode).toBe(401);
    }
    // the link is also mailed
    const mailed = await mail.waitForMail('bob@example.test', { subject: /account is ready/ });
    expect(tokenFromMail(mailed, 'reset-password')).toBe(tokenOf(body.setPasswordUrl));
    expect(mailed.text).toContain('bob');

    const reset = await t.api('POST', '/account/password/reset', { payload: { token: tokenOf(body.setPasswordUrl), newPassword: 'Bobs-own-passphrase' } });
    expect(reset.statusCode).toBe(200);
    const login = await t.api('POST', '/session', { payload: { username: 'bob', password: 'Bobs-own-passphrase' } });
    expect(login.statusCode).toBe(200);
    expect(decodeClaims(login.json().accessToken)).toMatchObject({ GroupId: group.id, Role: 'User' });
    const again = await t.api('POST', '/account/password/reset', { payload: { token: tokenOf(body.setPasswordUrl), newPassword: 'Another-passphrase-1' } });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('INVALID_TOKEN');

    const [history] = await t.db.query(`SELECT action, user_id FROM action_histories WHERE entity_type = 'User' AND entity_id = $1`, [body.user.id]);
    expect(history).toEqual({ action: 'Created', user_id: admin.id });
  });

  it('creates an admin when asked', async () => {
    const admin = await signedInUser(t, { role: 'Admin' });
    const response = await t.api('POST', '/users', {
      token: admin.accessToken,
      payload: { username: 'carol', email: 'carol@example.test', nickname: 'Carol', groupId: admin.groupId, role: 'Admin' },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().user.role).toBe('Admin');
  });

  it('refuses a taken username or email, an unknown group and bad input, creating nothing', async () => {
    const admin = await signedInUser(t, { role: 'Admin' });
    const create = (payload: Record<string, unknown>) =>
      t.api('POST', '/users', { token: admin.accessToken, payload: { nickname: 'Dave', groupId: admin.groupId, ...payload } });
    expect((await create({ username: 'dave', email: 'dave@example.test' })).statusCode).toBe(201);
    const taken = await create({ username: 'dave', email: 'dave2@example.test' });
    expect([taken.statusCode, taken.json().code]).toEqual([409, 'USERNAME_TAKEN']);
    const email = await create({ username: 'dave2', email: 'DAVE@example.test' });
    expect([email.statusCode, email.json().code]).toEqual([409, 'EMAIL_TAKEN']);
    const group = await create({ username: 'dave3', email: 'dave3@example.test', groupId: '0193c5c0-0000-7000-8000-00000000dead' });
    expect(group.statusCode).toBe(404);
    const bad = await create({ username: 'x', email: 'not-an-email', role: 'Root', password: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .errors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(['email', 'password', 'role', 'username']);
    expect(await t.db.query(`SELECT username FROM users WHERE username LIKE 'dave%' OR username = 'x'`)).toEqual([{ username: 'dave' }]);
  });
});

describe('POST /users without SMTP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(ACCOUNT_ENV);
  });
  afterAll(() => t.close());

  it('writes the mail to DATA_DIR/outbox as an .eml file', async () => {
    expect(t.config.mail.smtpUrl).toBeUndefined();
    const admin = await signedInUser(t, { role: 'Admin' });
    const response = await t.api('POST', '/users', {
      token: admin.accessToken,
      payload: { username: 'erin', email: 'erin@example.test', nickname: 'Erin', groupId: admin.groupId },
    });
    expect(response.statusCode).toBe(201);
    const outbox = join(t.config.dataDir, 'outbox');
    const eml = await waitFor(async () => {
      const files = readdirSync(outbox, { withFileTypes: true }).filter((f) => f.name.endsWith('.eml'));
      return files.map((f) => readFileSync(join(outbox, f.name), 'utf8')).find((text) => text.includes('erin@example.test'));
    });
    expect(eml).toMatch(/^To: erin@example\.test/m);
    expect(eml).toMatch(/^Subject: Your Hearth account is ready/m);
    expect(eml).toContain(tokenOf(response.json().setPasswordUrl));
  });
});

import { createHash } from 'node:crypto';
import { AccessTokensService } from '../../src/modules/auth/access-tokens/access-tokens.service';
import { createTestApp, TestApp } from '../support/app';
import { createGroup, createUser, login, signedInUser } from '../support/factories';

/** docs/accounts.md, "Access tokens": made, used as a Bearer token, scoped, ended, limited. */
describe('access tokens', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      RATE_LIMIT_ENABLED: 'true',
      RATE_LIMIT_AUTH_PER_MINUTE: '1000',
      RATE_LIMIT_TOKEN_FAILURES_PER_IP: '5',
      RATE_LIMIT_LOGIN_FAILURES: '3',
      TRUST_PROXY: 'true',
    });
  });
  afterAll(() => t.close());

  let ip = 0;
  /** A client address of its own per test, so the per-IP limit of one test leaves the others alone. */
  const newClient = () => ({ 'x-forwarded-for': `198.51.100.${++ip}` });

  async function makeToken(sessionToken: string, body: Record<string, unknown>) {
    const response = await t.api('POST', '/account/tokens', { token: sessionToken, payload: body });
    expect(response.statusCode).toBe(201);
    return response.json<{ id: string; token: string; name: string; scopes: string[]; expiresDate: string | null; lastUsedDate: string | null }>();
  }

  it('is shown once, with 160 random bits or more, and stored only as its hash', async () => {
    const anna = await signedInUser(t);
    const made = await makeToken(anna.accessToken, { name: 'Home Assistant', scopes: ['read', 'write'], expiresInDays: 30 });
    expect(made.token).toMatch(/^hearth_pat_[A-Za-z0-9_-]{27,}$/);
    expect(Buffer.from(made.token.slice('hearth_pat_'.length), 'base64url').length * 8).toBeGreaterThanOrEqual(160);
    expect(made).toMatchObject({ name: 'Home Assistant', scopes: ['read', 'write'], lastUsedDate: null });
    expect(Date.parse(made.expiresDate!) - Date.now()).toBeGreaterThan(29 * 86_400_000);

    const listed = await t.api('GET', '/account/tokens', { token: anna.accessToken });
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual([expect.objectContaining({ id: made.id, name: 'Home Assistant' })]);
    expect(listed.body).not.toContain(made.token);

    const [row] = await t.db.query('SELECT token_hash FROM access_tokens WHERE id = $1', [made.id]);
    expect(row.token_hash).toBe(createHash('sha256').update(made.token).digest('hex'));
    const everything = JSON.stringify(await t.db.query('SELECT * FROM access_tokens'));
    expect(everything).not.toContain(made.token.slice('hearth_pat_'.length));
  });

  it('refuses a nameless token, unknown scopes and silly expiries with 400', async () => {
    const anna = await signedInUser(t);
    for (const payload of [
      { name: '', scopes: ['read'] },
      { name: 'x', scopes: [] },
      { name: 'x', scopes: ['admin'] },
      { name: 'x', scopes: ['read'], expiresInDays: 0 },
      { name: 'x'.repeat(101), scopes: ['read'] },
    ]) {
      const response = await t.api('POST', '/account/tokens', { token: anna.accessToken, payload });
      expect(response.statusCode).toBe(400);
    }
  });

  it('read opens reading the group’s data and nothing else', async () => {
    const anna = await signedInUser(t, { role: 'Admin' });
    const { token } = await makeToken(anna.accessToken, { name: 'Dashboard', scopes: ['read'] });
    const headers = newClient();
    expect((await t.api('GET', '/markers', { token, headers })).statusCode).toBe(200);
    expect((await t.api('GET', '/notes', { token, headers })).statusCode).toBe(200);
    const write = await t.api('POST', '/notes', { token, headers, payload: { title: 'From a script' } });
    expect(write.statusCode).toBe(403);
    expect(write.json().code).toBe('TOKEN_SCOPE');
    // never the account, its sessions and tokens, nor administration, even for an administrator's token
    for (const path of ['/account', '/sessions', '/account/tokens', '/users', '/groups', `/users/${anna.id}/tokens`]) {
      const response = await t.api('GET', path, { token, headers });
      expect([path, response.statusCode, response.json().code]).toEqual([path, 403, 'TOKEN_SCOPE']);
    }
  });

  it('write changes the group’s data but never the account, sessions, tokens or administration', async () => {
    const anna = await signedInUser(t, { role: 'Admin' });
    const { token } = await makeToken(anna.accessToken, { name: 'Shortcut', scopes: ['write'] });
    const headers = newClient();
    const note = await t.api('POST', '/notes', { token, headers, payload: { title: 'Written by a token' } });
    expect(note.statusCode).toBe(201);
    const seen = await t.api('GET', `/notes/${note.json().id}`, { token: anna.accessToken });
    expect(seen.json().title).toBe('Written by a token');
    for (const [method, path, payload] of [
      ['PUT', '/account', { nickname: 'Hacked' }],
      ['PUT', '/account/password', { currentPassword: anna.password, newPassword: 'Another-Secret-99' }],
      ['DELETE', '/sessions', undefined],
      ['DELETE', '/session', undefined],
      ['POST', '/account/tokens', { name: 'more', scopes: ['write'] }],
      ['POST', '/groups', { name: 'Mine now', currency: 'EUR' }],
      ['PATCH', `/users/${anna.id}/role`, { role: 'User' }],
    ] as const) {
      const response = await t.api(method, path, { token, headers, payload });
      expect([method, path, response.statusCode]).toEqual([method, path, 403]);
    }
    expect((await t.api('GET', '/account', { token: anna.accessToken })).json().nickname).toBe(anna.nickname);
  });

  it('dav opens nothing of the API; CalDAV checks it with the username and counts wrong ones per username', async () => {
    const anna = await signedInUser(t);
    const dav = await makeToken(anna.accessToken, { name: 'iPhone calendar', scopes: ['dav'] });
    const read = await makeToken(anna.accessToken, { name: 'Dashboard', scopes: ['read'] });
    expect((await t.api('GET', '/markers', { token: dav.token, headers: newClient() })).statusCode).toBe(403);

    const tokens = t.app.get(AccessTokensService);
    expect(await tokens.verifyForDav(anna.username, dav.token)).toMatchObject({ userId: anna.id, groupId: anna.groupId });
    expect(await tokens.verifyForDav(anna.username, read.token)).toBeNull(); // no dav scope
    expect(await tokens.verifyForDav('someone-else', dav.token)).toBeNull();
    expect(await tokens.verifyForDav(anna.username, anna.password)).toBeNull(); // never the account's password
    expect(await tokens.verifyForDav(anna.username, `${dav.token.slice(0, -1)}${dav.token.endsWith('A') ? 'B' : 'A'}`)).toBeNull();
    // three failures (RATE_LIMIT_LOGIN_FAILURES) since the last success: the username is locked, as the password sign-in is
    await expect(tokens.verifyForDav(anna.username, dav.token)).rejects.toMatchObject({ status: 429, code: 'RATE_LIMITED' });
    const signIn = await t.api('POST', '/session', { payload: { username: anna.username, password: anna.password } });
    expect(signIn.statusCode).toBe(429);
  });

  it('stops at once when deleted by its owner or by an administrator', async () => {
    const anna = await signedInUser(t);
    const admin = await signedInUser(t, { role: 'Admin' });
    const headers = newClient();
    const first = await makeToken(anna.accessToken, { name: 'One', scopes: ['read'] });
    const second = await makeToken(anna.accessToken, { name: 'Two', scopes: ['read'] });
    expect((await t.api('GET', '/markers', { token: first.token, headers })).statusCode).toBe(200);

    expect((await t.api('DELETE', `/account/tokens/${first.id}`, { token: anna.accessToken })).statusCode).toBe(204);
    const ended = await t.api('GET', '/markers', { token: first.token, headers });
    expect(ended.statusCode).toBe(401);
    expect(ended.json().code).toBe('INVALID_TOKEN');
    expect((await t.api('DELETE', `/account/tokens/${first.id}`, { token: anna.accessToken })).statusCode).toBe(404);
    // another person's token is not theirs to end
    expect((await t.api('DELETE', `/account/tokens/${second.id}`, { token: admin.accessToken })).statusCode).toBe(404);

    const seen = await t.api('GET', `/users/${anna.id}/tokens`, { token: admin.accessToken });
    expect(seen.statusCode).toBe(200);
    expect(seen.json().map((token: { name: string }) => token.name)).toEqual(['Two']);
    expect((await t.api('GET', `/users/${anna.id}/tokens`, { token: anna.accessToken })).statusCode).toBe(403);
    expect((await t.api('DELETE', `/users/${anna.id}/tokens`, { token: admin.accessToken })).statusCode).toBe(204);
    expect((await t.api('GET', '/markers', { token: second.token, headers })).statusCode).toBe(401);
    expect((await t.api('GET', '/users/00000000-0000-7000-8000-000000000000/tokens', { token: admin.accessToken })).statusCode).toBe(404);
  });

  it('stops when it expires, when its person is deactivated or leaves the group', async () => {
    const admin = await signedInUser(t, { role: 'Admin' });
    const headers = newClient();

    const anna = await signedInUser(t);
    const expiring = await makeToken(anna.accessToken, { name: 'A week', scopes: ['read'], expiresInDays: 7 });
    expect((await t.api('GET', '/markers', { token: expiring.token, headers })).statusCode).toBe(200);
    t.clock.set(new Date(Date.now() + 7 * 86_400_000 + 1000));
    try {
      const expired = await t.api('GET', '/markers', { token: expiring.token, headers });
      expect(expired.statusCode).toBe(401);
      expect(expired.json().code).toBe('TOKEN_EXPIRED');
    } finally {
      t.clock.reset();
    }

    const ben = await signedInUser(t);
    const bens = await makeToken(ben.accessToken, { name: 'Script', scopes: ['read'] });
    const deactivated = await t.api('PATCH', `/users/${ben.id}/status`, { token: admin.accessToken, payload: { status: 'Deactivated' } });
    expect(deactivated.statusCode).toBe(200);
    expect((await t.api('GET', '/markers', { token: bens.token, headers })).statusCode).toBe(401);

    const cleo = await signedInUser(t);
    const cleos = await makeToken(cleo.accessToken, { name: 'Script', scopes: ['read'] });
    const elsewhere = await createGroup(t);
    const moved = await t.api('PATCH', `/users/${cleo.id}/group`, { token: admin.accessToken, payload: { groupId: elsewhere.id } });
    expect(moved.statusCode).toBe(200);
    expect((await t.api('GET', '/markers', { token: cleos.token, headers })).statusCode).toBe(401);
  });

  it('follows its person’s role and group claims as they are now', async () => {
    const admin = await signedInUser(t, { role: 'Admin' });
    const group = await createGroup(t, { modules: ['Map', 'Notes'] });
    const dora = await createUser(t, { groupId: group.id });
    const { token } = await makeToken((await login(t, dora)).accessToken, { name: 'Script', scopes: ['read'] });
    const headers = newClient();
    expect((await t.api('GET', '/transactions', { token, headers })).json().code).toBe('MODULE_DISABLED');
    const changed = await t.api('PUT', `/groups/${group.id}`, {
      token: admin.accessToken,
      payload: { name: group.name, currency: 'EUR', modules: ['Map', 'Notes', 'Budget'] },
    });
    expect(changed.statusCode).toBe(200);
    expect((await t.api('GET', '/transactions', { token, headers })).statusCode).toBe(200);
  });

  it('notes its last use at most once a minute', async () => {
    const anna = await signedInUser(t);
    const made = await makeToken(anna.accessToken, { name: 'Script', scopes: ['read'] });
    const headers = newClient();
    const lastUsed = async () => (await t.api('GET', '/account/tokens', { token: anna.accessToken })).json()[0].lastUsedDate as string | null;
    const settled = async (check: (value: string | null) => boolean) => {
      for (let i = 0; i < 50; i++) {
        const value = await lastUsed();
        if (check(value)) return value;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return lastUsed();
    };
    const at = new Date('2031-03-01T10:00:00Z');
    t.clock.set(at);
    try {
      await t.api('GET', '/markers', { token: made.token, headers });
      expect(await settled((value) => value !== null)).toBe(at.toISOString());
      t.clock.advance(30_000);
      await t.api('GET', '/markers', { token: made.token, headers });
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await lastUsed()).toBe(at.toISOString());
      t.clock.advance(31_000);
      await t.api('GET', '/markers', { token: made.token, headers });
      expect(await settled((value) => value !== at.toISOString())).toBe(new Date(at.getTime() + 61_000).toISOString());
    } finally {
      t.clock.reset();
    }
  });

  it('answers a wrong token 401, and 429 once the address has sent too many', async () => {
    const anna = await signedInUser(t);
    const { token } = await makeToken(anna.accessToken, { name: 'Script', scopes: ['read'] });
    const headers = newClient();
    for (let i = 0; i < 5; i++) {
      const wrong = await t.api('GET', '/markers', { token: `hearth_pat_${'x'.repeat(32)}${i}`, headers });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json().code).toBe('INVALID_TOKEN');
    }
    expect((await t.api('GET', '/markers', { token: `hearth_pat_${'y'.repeat(32)}`, headers })).statusCode).toBe(429);
    const limited = await t.api('GET', '/markers', { token, headers });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // another address is not held back, and a session's JWT is never counted
    expect((await t.api('GET', '/markers', { token, headers: newClient() })).statusCode).toBe(200);
    expect((await t.api('GET', '/markers', { token: anna.accessToken, headers })).statusCode).toBe(200);
  });
});

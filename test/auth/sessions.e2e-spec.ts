import { createTestApp, TestApp } from '../support/app';
import { createUser, login, refreshCookieOf } from '../support/factories';

describe('sessions: logout, list, revoke', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('DELETE /session logs out: 204, cookie cleared, access and refresh tokens dead at once', async () => {
    const user = await createUser(t);
    const session = await login(t, user);
    const response = await t.api('DELETE', '/session', { token: session.accessToken, cookies: { refresh_token: session.refreshToken } });
    expect(response.statusCode).toBe(204);
    expect(refreshCookieOf(response)).toBe('');
    const again = await t.api('GET', '/sessions', { token: session.accessToken });
    expect(again.statusCode).toBe(401);
    expect(again.json().code).toBe('SESSION_REVOKED');
    const refresh = await t.api('POST', '/session/refresh', { cookies: { refresh_token: session.refreshToken } });
    expect(refresh.statusCode).toBe(401);
  });

  it('GET /sessions lists my live sessions with the current one marked', async () => {
    const user = await createUser(t);
    const laptop = await login(t, user, { deviceName: 'Laptop' });
    const phone = await login(t, user, { deviceName: 'Phone' });
    const other = await login(t, await createUser(t));
    await t.api('DELETE', '/session', { token: other.accessToken });

    const response = await t.api('GET', '/sessions', { token: phone.accessToken, headers: {} });
    expect(response.statusCode).toBe(200);
    const sessions = response.json();
    expect(sessions).toHaveLength(2);
    const byDevice = Object.fromEntries(sessions.map((s: any) => [s.deviceName, s]));
    expect(byDevice.Phone).toMatchObject({ id: phone.claims.SessionId, isCurrent: true, ipAddress: '127.0.0.1' });
    expect(byDevice.Laptop).toMatchObject({ id: laptop.claims.SessionId, isCurrent: false });
    for (const s of sessions) {
      expect(Object.keys(s).sort()).toEqual(
        ['createdDate', 'deviceName', 'expiresDate', 'id', 'ipAddress', 'isCurrent', 'lastUsedDate', 'signedInWith', 'userAgent'].sort(),
      );
      expect(s.createdDate).toMatch(/Z$/);
    }
  });

  it('DELETE /sessions/{tokenId} revokes one session; its access token fails at once', async () => {
    const user = await createUser(t);
    const a = await login(t, user);
    const b = await login(t, user);
    const response = await t.api('DELETE', `/sessions/${b.claims.SessionId}`, { token: a.accessToken });
    expect(response.statusCode).toBe(204);
    expect((await t.api('GET', '/sessions', { token: b.accessToken })).statusCode).toBe(401);
    expect((await t.api('GET', '/sessions', { token: a.accessToken })).json()).toHaveLength(1);
    // revoking it again: it is no longer an active session of mine
    expect((await t.api('DELETE', `/sessions/${b.claims.SessionId}`, { token: a.accessToken })).statusCode).toBe(404);
  });

  it("answers another user's session id with 404 and leaves it alone", async () => {
    const mine = await login(t, await createUser(t));
    const theirs = await login(t, await createUser(t));
    const response = await t.api('DELETE', `/sessions/${theirs.claims.SessionId}`, { token: mine.accessToken });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('NOT_FOUND');
    expect((await t.api('GET', '/sessions', { token: theirs.accessToken })).statusCode).toBe(200);
  });

  it('answers a malformed id in the path with 400, never 500', async () => {
    const me = await login(t, await createUser(t));
    const response = await t.api('DELETE', '/sessions/not-a-uuid', { token: me.accessToken });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'INVALID_ID', errors: [{ field: 'tokenId' }] });
  });

  it('DELETE /sessions?keepCurrent=true revokes all but the calling session', async () => {
    const user = await createUser(t);
    const [a, b, c] = [await login(t, user), await login(t, user), await login(t, user)];
    const response = await t.api('DELETE', '/sessions?keepCurrent=true', { token: a.accessToken });
    expect(response.statusCode).toBe(204);
    expect((await t.api('GET', '/sessions', { token: a.accessToken })).json()).toHaveLength(1);
    expect((await t.api('GET', '/sessions', { token: b.accessToken })).statusCode).toBe(401);
    expect((await t.api('GET', '/sessions', { token: c.accessToken })).statusCode).toBe(401);
  });

  it('DELETE /sessions?keepCurrent=false revokes every session including the caller', async () => {
    const user = await createUser(t);
    const [a, b] = [await login(t, user), await login(t, user)];
    const response = await t.api('DELETE', '/sessions?keepCurrent=false', { token: a.accessToken });
    expect(response.statusCode).toBe(204);
    expect((await t.api('GET', '/sessions', { token: a.accessToken })).statusCode).toBe(401);
    expect((await t.api('GET', '/sessions', { token: b.accessToken })).statusCode).toBe(401);
    const [{ live }] = await t.db.query('SELECT count(*)::int AS live FROM sessions WHERE user_id = $1 AND revoked_date IS NULL', [user.id]);
    expect(live).toBe(0);
  });

  it('DELETE /sessions with keepCurrent not a boolean is 400', async () => {
    const me = await login(t, await createUser(t));
    const response = await t.api('DELETE', '/sessions?keepCurrent=maybe', { token: me.accessToken });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].field).toBe('keepCurrent');
    expect((await t.api('GET', '/sessions', { token: me.accessToken })).statusCode).toBe(200);
  });
});

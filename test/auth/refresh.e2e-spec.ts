import { createTestApp, TestApp } from '../support/app';
import { createUser, decodeClaims, login, refreshCookieOf } from '../support/factories';

describe('POST /session/refresh', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ REFRESH_REUSE_GRACE_SECONDS: '2' });
  });
  afterAll(() => t.close());

  const refresh = (token: string | undefined, headers: Record<string, string> = {}) =>
    t.api('POST', '/session/refresh', { cookies: token ? { refresh_token: token } : undefined, headers });
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('rotates the token: new cookie with the same expiry, old token dead, session agent and IP updated', async () => {
    const user = await createUser(t);
    const first = await login(t, user);
    const [before] = await t.db.query('SELECT * FROM sessions WHERE id = $1', [first.claims.SessionId]);

    const response = await refresh(first.refreshToken, { 'user-agent': 'new-agent/2.0', 'x-forwarded-for': '203.0.113.9' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ accessToken: expect.any(String), tokenType: 'Bearer', expiresIn: 900 });
    const claims = decodeClaims(response.json().accessToken);
    expect(claims.SessionId).toBe(first.claims.SessionId);
    expect(claims.UserId).toBe(user.id);

    const next = refreshCookieOf(response)!;
    expect(next).toBeDefined();
    expect(next).not.toBe(first.refreshToken);
    const cookie = response.cookies.find((c) => c.name === 'refresh_token')!;
    const [after] = await t.db.query('SELECT * FROM sessions WHERE id = $1', [first.claims.SessionId]);
    expect(new Date(after.expires_date).getTime()).toBe(new Date(before.expires_date).getTime());
    expect(new Date(cookie.expires as Date).getTime()).toBe(Math.floor(new Date(before.expires_date).getTime() / 1000) * 1000);
    expect(after.user_agent).toBe('new-agent/2.0');
    expect(after.ip_address).toBe('127.0.0.1'); // TRUST_PROXY unset: X-Forwarded-For ignored
    expect(new Date(after.last_used_date).getTime()).toBeGreaterThanOrEqual(new Date(before.last_used_date).getTime());

    // the new token works; the old one is dead (within grace: a lost race, nothing revoked)
    const old = await refresh(first.refreshToken);
    expect(old.statusCode).toBe(401);
    expect(old.json().code).toBe('REFRESH_RACE');
    expect((await refresh(next)).statusCode).toBe(200);
  });

  it('of 20 parallel refreshes with one cookie exactly one succeeds', async () => {
    const user = await createUser(t);
    const { refreshToken } = await login(t, user);
    const responses = await Promise.all(Array.from({ length: 20 }, () => refresh(refreshToken)));
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 401)).toHaveLength(19);
    expect(new Set(responses.filter((r) => r.statusCode === 401).map((r) => r.json().code))).toEqual(new Set(['REFRESH_RACE']));
    // the winner's token still works: the race revoked nothing
    const winner = refreshCookieOf(responses.find((r) => r.statusCode === 200)!)!;
    expect((await refresh(winner)).statusCode).toBe(200);
  });

  it('treats reuse of a rotated token after the grace window as theft: the whole session dies', async () => {
    const user = await createUser(t);
    const first = await login(t, user);
    const second = refreshCookieOf(await refresh(first.refreshToken))!;
    await sleep(2200);

    const reuse = await refresh(first.refreshToken);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().code).toBe('REFRESH_REUSED');
    // the newer token died with the session, and so did the access token
    const newer = await refresh(second);
    expect(newer.statusCode).toBe(401);
    expect((await t.api('GET', '/sessions', { token: first.accessToken })).statusCode).toBe(401);
    const [session] = await t.db.query('SELECT revoked_date FROM sessions WHERE id = $1', [first.claims.SessionId]);
    expect(session.revoked_date).not.toBeNull();
  });

  it('detects reuse of a token retired several rotations ago, even within the grace window', async () => {
    const user = await createUser(t);
    const first = await login(t, user);
    const second = refreshCookieOf(await refresh(first.refreshToken))!;
    const third = refreshCookieOf(await refresh(second))!;
    const fourth = refreshCookieOf(await refresh(third))!;

    // `first` was retired three rotations ago: theft, not a race
    const reuse = await refresh(first.refreshToken);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().code).toBe('REFRESH_REUSED');
    expect((await refresh(fourth)).statusCode).toBe(401);
    const [session] = await t.db.query('SELECT revoked_date FROM sessions WHERE id = $1', [first.claims.SessionId]);
    expect(session.revoked_date).not.toBeNull();
    // only hashes are kept
    const retired = await t.db.query('SELECT token_hash FROM retired_refresh_tokens WHERE session_id = $1', [first.claims.SessionId]);
    expect(retired).toHaveLength(3);
    for (const row of retired) expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('answers a missing or unknown cookie with 401 INVALID_REFRESH and clears the cookie', async () => {
    const missing = await refresh(undefined);
    expect(missing.statusCode).toBe(401);
    expect(missing.json().code).toBe('INVALID_REFRESH');
    const unknown = await refresh('bm90LWEtcmVhbC10b2tlbi1hdC1hbGwtMDEyMzQ1Njc4OQ');
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().code).toBe('INVALID_REFRESH');
    const cleared = unknown.cookies.find((c) => c.name === 'refresh_token')!;
    expect(cleared.value).toBe('');
    expect(new Date(cleared.expires as Date).getTime()).toBeLessThan(Date.now());
  });

  it('refuses an expired session', async () => {
    const user = await createUser(t);
    const { refreshToken, claims } = await login(t, user);
    await t.db.query(`UPDATE sessions SET expires_date = now() - interval '1 second' WHERE id = $1`, [claims.SessionId]);
    const response = await refresh(refreshToken);
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('INVALID_REFRESH');
  });

  it('refuses a request from a foreign Origin (CSRF guard) and accepts the configured one', async () => {
    const user = await createUser(t);
    const { refreshToken } = await login(t, user);
    const foreign = await refresh(refreshToken, { origin: 'https://evil.example' });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().code).toBe('ORIGIN_FORBIDDEN');
    const allowed = await refresh(refreshToken, { origin: 'http://localhost:5173' });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    expect(allowed.headers['access-control-allow-credentials']).toBe('true');
  });

  it('accepts the service’s own origin, as the request reached it, and APP_URL’s, without listing them', async () => {
    const user = await createUser(t);
    const { refreshToken } = await login(t, user);
    const own = await refresh(refreshToken, { host: 'hearth.lan:3000', origin: 'http://hearth.lan:3000' });
    expect(own.statusCode).toBe(200);
    const other = await refresh(refreshCookieOf(own)!, { host: 'hearth.lan:3000', origin: 'http://hearth.lan:4000' });
    expect(other.statusCode).toBe(403);
    expect(other.json().code).toBe('ORIGIN_FORBIDDEN');
    const app = await refresh(refreshCookieOf(own)!, { origin: t.config.appUrl });
    expect(app.statusCode).toBe(200);
  });

  it('never reflects an arbitrary origin in CORS headers', async () => {
    const preflight = await t.inject({
      method: 'OPTIONS' as any,
      url: '/api/v1/session/refresh',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('refuses refresh for a user who was deactivated since login', async () => {
    const user = await createUser(t);
    const { refreshToken } = await login(t, user);
    await t.db.query(`UPDATE users SET status = 'Deactivated' WHERE id = $1`, [user.id]);
    const response = await refresh(refreshToken);
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('INVALID_REFRESH');
  });
});

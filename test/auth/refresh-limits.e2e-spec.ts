import { createTestApp, TestApp } from '../support/app';
import { createUser, login, refreshCookieOf } from '../support/factories';

/** Refresh is limited per session (60/min) and per IP (300/min), not like sign-in (10/min). */
describe('POST /session/refresh limits', () => {
  const refresh = (t: TestApp, token: string, ip = '198.51.100.1') =>
    t.api('POST', '/session/refresh', { cookies: { refresh_token: token }, headers: { 'x-forwarded-for': ip } });

  /** Refreshes one session `times` times in a row; the statuses, and the chain's last good token. */
  async function chain(t: TestApp, token: string, times: number, ip?: string) {
    const statuses: number[] = [];
    let last = token;
    for (let i = 0; i < times; i++) {
      const response = await refresh(t, last, ip);
      statuses.push(response.statusCode);
      if (response.statusCode === 200) last = refreshCookieOf(response)!;
      else return { statuses, last, response };
    }
    return { statuses, last, response: undefined };
  }

  it('with the defaults, a household reloading pages is never refused: 40 refreshes from one IP, well past sign-in’s 10', async () => {
    const t = await createTestApp({ RATE_LIMIT_ENABLED: 'true', TRUST_PROXY: 'loopback' });
    try {
      const [mia, tom] = [await createUser(t), await createUser(t)];
      const a = await chain(t, (await login(t, mia)).refreshToken, 20);
      const b = await chain(t, (await login(t, tom)).refreshToken, 20);
      expect([...a.statuses, ...b.statuses]).toEqual(Array(40).fill(200));
      // the sign-in endpoints keep their own 10 a minute
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) {
        const response = await t.api('POST', '/session', {
          payload: { username: `ghost${i}`, password: 'whatever-123' },
          headers: { 'x-forwarded-for': '198.51.100.1' },
        });
        statuses.push(response.statusCode);
      }
      expect(statuses).toContain(429);
      // …which does not spend refresh's budget
      expect((await refresh(t, a.last)).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('stops one session after its budget with 429 RATE_LIMITED and Retry-After; another session on the same IP goes on', async () => {
    const t = await createTestApp({ RATE_LIMIT_ENABLED: 'true', TRUST_PROXY: 'loopback', RATE_LIMIT_REFRESH_PER_SESSION_PER_MINUTE: '5' });
    try {
      const user = await createUser(t);
      const first = await login(t, user);
      const runaway = await chain(t, first.refreshToken, 6);
      expect(runaway.statuses).toEqual([200, 200, 200, 200, 200, 429]);
      expect(runaway.response!.json()).toMatchObject({ status: 429, code: 'RATE_LIMITED' });
      const retryAfter = Number(runaway.response!.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
      // the refused refresh did not rotate nor revoke: the token still belongs to the live session
      const [session] = await t.db.query('SELECT revoked_date FROM sessions WHERE id = $1', [first.claims.SessionId]);
      expect(session.revoked_date).toBeNull();

      const other = await login(t, user);
      expect((await chain(t, other.refreshToken, 3)).statuses).toEqual([200, 200, 200]);
    } finally {
      await t.close();
    }
  });

  it('stops one IP after its budget, whatever the session; another IP goes on', async () => {
    const t = await createTestApp({ RATE_LIMIT_ENABLED: 'true', TRUST_PROXY: 'loopback', RATE_LIMIT_REFRESH_PER_IP_PER_MINUTE: '4' });
    try {
      const user = await createUser(t);
      const tokens = await Promise.all([1, 2, 3, 4, 5].map(async () => (await login(t, user)).refreshToken));
      const statuses: number[] = [];
      for (const token of tokens) statuses.push((await refresh(t, token, '203.0.113.5')).statusCode);
      expect(statuses).toEqual([200, 200, 200, 200, 429]);
      expect((await refresh(t, tokens[4], '203.0.113.6')).statusCode).toBe(200);
      // a cookie-less flood is counted too
      const flood = await t.api('POST', '/session/refresh', { headers: { 'x-forwarded-for': '203.0.113.5' } });
      expect(flood.statusCode).toBe(429);
    } finally {
      await t.close();
    }
  });
});

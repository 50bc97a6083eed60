import { createTestApp, TestApp } from '../support/app';
import { createUser } from '../support/factories';

const setCookieOf = (response: { headers: Record<string, unknown> }): string => {
  const header = response.headers['set-cookie'];
  return (Array.isArray(header) ? header : [header]).find((c) => String(c).startsWith('refresh_token=')) as string;
};

describe('refresh cookie attributes', () => {
  it('is HttpOnly, path-scoped and SameSite=Lax on plain local HTTP', async () => {
    const t = await createTestApp({ COOKIE_SECURE: 'false' });
    try {
      const user = await createUser(t);
      const response = await t.api('POST', '/session', { payload: { username: user.username, password: user.password } });
      const cookie = setCookieOf(response);
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/Path=\/api\/v1\/session(;|$)/);
      expect(cookie).toMatch(/SameSite=Lax/i);
      expect(cookie).not.toMatch(/Secure/i);
      expect(cookie).toMatch(/Expires=/);
    } finally {
      await t.close();
    }
  });

  it('is Secure and SameSite=None when COOKIE_SECURE=true', async () => {
    const t = await createTestApp({ COOKIE_SECURE: 'true' });
    try {
      const user = await createUser(t);
      const response = await t.api('POST', '/session', { payload: { username: user.username, password: user.password } });
      const cookie = setCookieOf(response);
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/; Secure/i);
      expect(cookie).toMatch(/SameSite=None/i);
    } finally {
      await t.close();
    }
  });
});

describe('rate limits on authentication endpoints', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_ENABLED: 'true', RATE_LIMIT_LOGIN_FAILURES: '5' });
  });
  afterAll(() => t.close());

  it('locks a username after 5 failed logins in the window, even with the right password', async () => {
    const user = await createUser(t);
    for (let i = 0; i < 5; i++) {
      const wrong = await t.api('POST', '/session', { payload: { username: user.username, password: 'wrong' }, headers: { 'x-forwarded-for': `10.0.0.${i}` } });
      expect(wrong.statusCode).toBe(401);
    }
    const locked = await t.api('POST', '/session', { payload: { username: user.username, password: user.password } });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('RATE_LIMITED');
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('limits login to 10 requests a minute per IP with 429 and Retry-After', async () => {
    // the previous test used some of this IP's budget; count what remains
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const response = await t.api('POST', '/session', { payload: { username: `ghost${i}`, password: 'whatever-123' } });
      statuses.push(response.statusCode);
      if (response.statusCode === 429) {
        expect(response.json()).toMatchObject({ status: 429, code: 'RATE_LIMITED' });
        expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
        expect(Number(response.headers['retry-after'])).toBeLessThanOrEqual(60);
      }
    }
    expect(statuses).toContain(429);
    expect(statuses.lastIndexOf(401)).toBeLessThan(statuses.indexOf(429));
  });
});

describe('rate limits shared through Redis', () => {
  it('counts across two instances sharing REDIS_URL', async () => {
    const prefix = `hearth-test:shared-${process.pid}-${Date.now()}:`;
    const env = { RATE_LIMIT_ENABLED: 'true', RATE_LIMIT_AUTH_PER_MINUTE: '3', REDIS_URL: 'redis://127.0.0.1:6379', REDIS_KEY_PREFIX: prefix };
    const a = await createTestApp(env);
    const b = await createTestApp(env);
    try {
      let attempt = 0;
      const hit = (t: TestApp) => t.api('POST', '/session', { payload: { username: `ghost-redis-${attempt++}`, password: 'whatever-123' } });
      expect((await hit(a)).statusCode).toBe(401);
      expect((await hit(b)).statusCode).toBe(401);
      expect((await hit(a)).statusCode).toBe(401);
      expect((await hit(b)).statusCode).toBe(429);
    } finally {
      await a.close();
      await b.close();
    }
  });
});

describe('TRUST_PROXY', () => {
  it('takes the client IP from X-Forwarded-For only when set', async () => {
    const t = await createTestApp({ TRUST_PROXY: 'loopback' });
    try {
      const user = await createUser(t);
      const response = await t.api('POST', '/session', {
        payload: { username: user.username, password: user.password },
        headers: { 'x-forwarded-for': '198.51.100.7' },
      });
      const token = response.json().accessToken;
      const sessions = (await t.api('GET', '/sessions', { token })).json();
      expect(sessions[0].ipAddress).toBe('198.51.100.7');
    } finally {
      await t.close();
    }
  });
});

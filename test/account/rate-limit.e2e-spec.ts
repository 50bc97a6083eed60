import { createTestApp, TestApp } from '../support/app';

/** docs/api.md, Limits: register, forgot, reset, confirm and resend allow 10 requests a minute per IP. */
describe('account rate limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_ENABLED: 'true', JOBS_ENABLED: 'false' });
  });
  afterAll(() => t.close());

  it.each([
    ['POST', '/account/password/reset', { token: 'nope', newPassword: 'Brand-New-Secret-9' }],
    ['PATCH', '/account/email/confirm', { token: 'nope' }],
    ['POST', '/account/register', { username: 'someone', email: 'someone@example.test', password: 'Brand-New-Secret-9', nickname: 'S', captcha: 'x' }],
  ] as const)('%s %s answers 429 with Retry-After after 10 requests a minute', async (method, path, payload) => {
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await t.api(method, path, { payload })).statusCode);
    expect(statuses.every((status) => status === 400)).toBe(true);
    const limited = await t.api(method, path, { payload });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});

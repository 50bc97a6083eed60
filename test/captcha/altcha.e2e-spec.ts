import { createChallenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { CaptchaService } from '../../src/infrastructure/captcha/captcha.service';
import { ACCOUNT_ENV, solveCaptcha } from '../support/account';
import { createTestApp, TestApp } from '../support/app';

/** The self-hosted ALTCHA provider: challenge, one-time verification, no replay, fail closed. */
describe('ALTCHA CAPTCHA', () => {
  let t: TestApp;
  let captcha: CaptchaService;

  beforeAll(async () => {
    t = await createTestApp({ ...ACCOUNT_ENV, JOBS_ENABLED: 'false', ALTCHA_HMAC_KEY: 'altcha-test-key-0123456789abcdefghijklmnop' });
    captcha = t.app.get(CaptchaService);
  });
  afterAll(() => t.close());

  const accepted = (payload: string) =>
    captcha.assertSolved(payload, '127.0.0.1').then(
      () => true,
      (error) => {
        expect(error).toMatchObject({ status: 400, code: 'CAPTCHA_INVALID' });
        return false;
      },
    );

  it('issues a signed, expiring proof-of-work challenge that is never cached', async () => {
    const response = await t.api('GET', '/account/captcha');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const challenge = response.json();
    expect(challenge).toEqual({
      parameters: expect.objectContaining({ algorithm: 'PBKDF2/SHA-256', cost: 1, nonce: expect.any(String), salt: expect.any(String) }),
      signature: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    const expiresIn = challenge.parameters.expiresAt - Date.now() / 1000;
    expect(expiresIn).toBeGreaterThan(500);
    expect(expiresIn).toBeLessThanOrEqual(600);
  });

  it('accepts a solution once and refuses its replay', async () => {
    const payload = await solveCaptcha(t);
    expect(await accepted(payload)).toBe(true);
    expect(await accepted(payload)).toBe(false);
    const [{ n }] = await t.db.query('SELECT count(*)::int AS n FROM used_captchas');
    expect(n).toBeGreaterThanOrEqual(1);
  });

  it('lets exactly one of several parallel submissions of one solution through', async () => {
    const payload = await solveCaptcha(t);
    const results = await Promise.all(Array.from({ length: 10 }, () => accepted(payload)));
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it('refuses a wrong solution, a tampered challenge, garbage and an expired challenge', async () => {
    const good = JSON.parse(Buffer.from(await solveCaptcha(t), 'base64').toString());
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');

    expect(await accepted(encode({ ...good, solution: { ...good.solution, counter: good.solution.counter + 1, derivedKey: '00'.repeat(32) } }))).toBe(false);
    expect(await accepted(encode({ ...good, challenge: { ...good.challenge, parameters: { ...good.challenge.parameters, cost: 2 } } }))).toBe(false);
    expect(await accepted('not base64 json')).toBe(false);
    expect(await accepted(encode({ hello: 'world' }))).toBe(false);

    // signed with the right key, but already expired
    const expired = await createChallenge({
      algorithm: 'PBKDF2/SHA-256',
      cost: 1,
      keyPrefix: '0',
      deriveKey,
      expiresAt: Math.floor(Date.now() / 1000) - 5,
      hmacSignatureSecret: 'altcha-test-key-0123456789abcdefghijklmnop',
    });
    const solution = await solveChallenge({ challenge: expired, deriveKey });
    expect(await accepted(encode({ challenge: expired, solution }))).toBe(false);
  });

  it('refuses a challenge signed with another key', async () => {
    const foreign = await createChallenge({ algorithm: 'PBKDF2/SHA-256', cost: 1, keyPrefix: '0', deriveKey, hmacSignatureSecret: 'someone-else' });
    const solution = await solveChallenge({ challenge: foreign, deriveKey });
    expect(await accepted(Buffer.from(JSON.stringify({ challenge: foreign, solution })).toString('base64'))).toBe(false);
  });
});

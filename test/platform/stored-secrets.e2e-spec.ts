import { createApp } from '../../src/app.factory';
import { AppConfig, loadConfig } from '../../src/config';
import { databaseUrl } from '../../src/database/admin';
import { SecretsRepository } from '../../src/infrastructure/secrets/secrets.repository';
import { createTestApp, TEST_ENV, TestApp } from '../support/app';
import { createUser, login } from '../support/factories';

/** Without JWT_SECRET / ALTCHA_HMAC_KEY: random keys made once, kept in the database, shared by every instance. */
describe('stored secrets', () => {
  let t: TestApp;
  const unset = { JWT_SECRET: '', ALTCHA_HMAC_KEY: '' };

  beforeAll(async () => {
    t = await createTestApp(unset);
  });
  afterAll(() => t.close());

  it('generates 256-bit keys once and stores them', async () => {
    const rows: { name: string; value: string }[] = await t.db.query('SELECT name, value FROM instance_secrets ORDER BY name');
    expect(rows.map((row) => row.name)).toEqual(['altcha-hmac', 'jwt-hs256', 'live-cursor-aes', 'storage-url-hmac', 'vapid-p256']);
    for (const row of rows.filter((r) => r.name !== 'vapid-p256')) expect(Buffer.from(row.value, 'base64url')).toHaveLength(32);
    // the Web Push key pair: a P-256 point (65 bytes) and its private scalar (32), what GET /push/public-key gives
    const vapid = JSON.parse(rows.find((row) => row.name === 'vapid-p256')!.value);
    expect([Buffer.from(vapid.publicKey, 'base64url').length, Buffer.from(vapid.privateKey, 'base64url').length]).toEqual([65, 32]);
    expect(t.config.notifications.vapid).toEqual(vapid);
    expect(t.config.jwt.signKey.export().toString()).toBe(rows.find((row) => row.name === 'jwt-hs256')!.value);
    expect(t.config.captcha.altchaHmacKey).toBe(rows.find((row) => row.name === 'altcha-hmac')!.value);
    expect(t.config.jwt.signKey.export().toString()).not.toBe(TEST_ENV.JWT_SECRET);
  });

  it('shares them with a second instance: a token and a refresh cookie of one work on the other', async () => {
    const second = await createApp(loadConfig({ ...TEST_ENV, ...unset, DATABASE_URL: databaseUrl(t.databaseName) }));
    try {
      const user = await createUser(t);
      const session = await login(t, user);
      const account = await second.inject({ method: 'GET', url: '/api/v1/account', headers: { authorization: `Bearer ${session.accessToken}` } });
      expect(account.statusCode).toBe(200);
      const refreshed = await second.inject({ method: 'POST', url: '/api/v1/session/refresh', cookies: { refresh_token: session.refreshToken } });
      expect(refreshed.statusCode).toBe(200);
      expect((await t.db.query('SELECT count(*)::int AS n FROM instance_secrets'))[0].n).toBe(5);
      // one VAPID key pair for every instance: a push signed by either verifies with the same public key
      expect(second.get(AppConfig).notifications.vapid).toEqual(t.config.notifications.vapid);
    } finally {
      await second.close();
    }
  });

  it('keeps one key when instances race to create it', async () => {
    const repository = new SecretsRepository(t.db);
    const values = await Promise.all(Array.from({ length: 8 }, () => repository.getOrCreate('race-test')));
    expect(new Set(values).size).toBe(1);
  });

  it('refuses a token signed with the former development default', async () => {
    const { createHmac } = await import('node:crypto');
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const unsigned = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ UserId: 'x', Role: 'Admin', exp: Math.floor(Date.now() / 1000) + 600 })}`;
    const forged = `${unsigned}.${createHmac('sha256', 'dev-secret-change-me').update(unsigned).digest('base64url')}`;
    expect((await t.api('GET', '/users', { token: forged })).statusCode).toBe(401);
  });
});

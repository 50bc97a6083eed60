import { generateKeyPairSync } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { loadConfig } from './app-config';
import { ConfigError } from './env.schema';

const base = { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/hearth' };

describe('loadConfig', () => {
  it('applies the contract defaults', () => {
    const config = loadConfig(base);
    expect(config.port).toBe(3000);
    expect(config.jwt.accessTtlSeconds).toBe(900);
    expect(config.refresh).toEqual({ ttlDays: 1, rememberTtlDays: 30, reuseGraceSeconds: 10 });
    expect(config.cookieSecure).toBe(false);
    expect(config.corsOrigins).toEqual(['http://localhost:5173']);
    // the dev server's origin only in development
    expect(loadConfig({ ...base, NODE_ENV: 'production' }).corsOrigins).toEqual([]);
    expect(loadConfig({ ...base, NODE_ENV: 'production', CORS_ORIGINS: 'https://a.example, https://b.example' }).corsOrigins).toEqual([
      'https://a.example',
      'https://b.example',
    ]);
    expect(config.bcryptCost).toBe(12);
    expect(config.hashing).toEqual({
      concurrency: Math.max(1, availableParallelism() - 1),
      idleConcurrency: availableParallelism(),
      queueTimeoutMs: 5000,
      threadNice: 10,
    });
    expect(config.limits).toEqual({ maxImageBytes: 10485760, maxMarkerImages: 5 });
    expect(config.cooldowns).toEqual({ emailSeconds: 60, resetSeconds: 300 });
    expect(config.jwt.algorithm).toBe('HS256');
    expect(config.jwt.signKey.type).toBe('secret');
    expect(config.jwt.verifyKey).toBe(config.jwt.signKey);
  });

  it('lists every bad variable at once', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: 'eighty',
        COOKIE_SECURE: 'maybe',
        BCRYPT_COST: '99',
        GEOCODER: 'google',
        BCRYPT_CONCURRENCY: '0',
        BCRYPT_QUEUE_TIMEOUT_MS: 'soon',
        THREAD_POOL_NICE: '20',
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    for (const name of ['PORT', 'COOKIE_SECURE', 'BCRYPT_COST', 'GEOCODER', 'BCRYPT_CONCURRENCY', 'BCRYPT_QUEUE_TIMEOUT_MS', 'THREAD_POOL_NICE'])
      expect(problems).toContain(name);
  });

  it("reads the live streams' limits and replay window, and refuses values out of range", () => {
    const { cursorKey, ...live } = loadConfig(base).live;
    expect(live).toEqual({ maxStreamsPerUser: 10, maxStreamsPerInstance: 10_000, keepAliveSeconds: 25, replayLimit: 500, replayWindowSeconds: 86_400 });
    expect(cursorKey).toHaveLength(32);
    expect(loadConfig(base).rateLimit.liveOpensPerMinute).toBe(30);
    expect(
      loadConfig({ ...base, LIVE_MAX_STREAMS_PER_INSTANCE: '500', LIVE_REPLAY_WINDOW_SECONDS: '3600', RATE_LIMIT_LIVE_OPENS_PER_MINUTE: '5' }),
    ).toMatchObject({
      live: { maxStreamsPerInstance: 500, replayWindowSeconds: 3600 },
      rateLimit: { liveOpensPerMinute: 5 },
    });
    let error: unknown;
    try {
      loadConfig({ ...base, LIVE_MAX_STREAMS_PER_INSTANCE: '0', LIVE_REPLAY_WINDOW_SECONDS: 'a day', RATE_LIMIT_LIVE_OPENS_PER_MINUTE: '0' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    for (const name of ['LIVE_MAX_STREAMS_PER_INSTANCE', 'LIVE_REPLAY_WINDOW_SECONDS', 'RATE_LIMIT_LIVE_OPENS_PER_MINUTE']) expect(problems).toContain(name);
  });

  it('refuses a placeholder or short secret in every mode, and keeps unset ones for the stored random keys', () => {
    for (const NODE_ENV of ['production', 'development', 'test']) {
      expect(() => loadConfig({ ...base, NODE_ENV, JWT_SECRET: 'change-me' })).toThrow(/JWT_SECRET must be a real secret of at least 32/);
      expect(() => loadConfig({ ...base, NODE_ENV, JWT_SECRET: 'k'.repeat(31) })).toThrow(/JWT_SECRET/);
      expect(() => loadConfig({ ...base, NODE_ENV, ALTCHA_HMAC_KEY: 'dev-altcha-key-change-me' })).toThrow(/ALTCHA_HMAC_KEY/);
    }
    const configured = loadConfig({ ...base, NODE_ENV: 'production', JWT_SECRET: 'k'.repeat(48), ALTCHA_HMAC_KEY: 'x'.repeat(40) });
    expect(configured.storedSecrets).toEqual({ jwt: false, altcha: false });
    expect(configured.jwt.signKey.export().toString()).toBe('k'.repeat(48));
    const unset = loadConfig({ ...base, NODE_ENV: 'production' });
    expect(unset.storedSecrets).toEqual({ jwt: true, altcha: true });
    // until the stored keys are loaded: a random key, never a known one
    expect(unset.jwt.signKey.export().toString()).not.toBe(loadConfig(base).jwt.signKey.export().toString());
  });

  it('uses the embedded defaults when DATABASE_URL, S3_ENDPOINT and SMTP_URL are unset', () => {
    const config = loadConfig({ DATA_DIR: '/srv/hearth' });
    expect(config.embeddedDatabase).toEqual({ port: 5438, portIsRequired: false });
    expect(loadConfig({ EMBEDDED_DATABASE_PORT: '6000' }).embeddedDatabase).toEqual({ port: 6000, portIsRequired: true });
    expect(config.databaseUrl).toBe('');
    expect(config.dataDir).toBe('/srv/hearth');
    expect(config.s3.endpoint).toBeUndefined();
    expect(config.mail.smtpUrl).toBeUndefined();
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(loadConfig(base).embeddedDatabase).toBeUndefined();
    expect(() => loadConfig({ S3_ENDPOINT: 'http://s3:3900' })).toThrow(/S3_ACCESS_KEY is required/);
  });

  it('requires the provider settings that go with a non-default provider', () => {
    expect(() => loadConfig({ ...base, GEOCODER: 'nominatim' })).toThrow(/NOMINATIM_URL/);
    expect(() => loadConfig({ ...base, CAPTCHA_PROVIDER: 'turnstile' })).toThrow(/CAPTCHA_SECRET/);
  });

  it('takes RS256 or ES256 keys as PEM (newlines may be written \\n) and checks their type', () => {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const env = {
      ...base,
      JWT_ALGORITHM: 'ES256',
      JWT_PRIVATE_KEY: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString().replace(/\n/g, '\\n'),
      JWT_PUBLIC_KEY: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    };
    const config = loadConfig(env);
    expect(config.jwt.signKey.asymmetricKeyType).toBe('ec');
    expect(config.jwt.verifyKey.type).toBe('public');
    expect(() => loadConfig({ ...env, JWT_ALGORITHM: 'RS256' })).toThrow(/RSA PEM keys/);
    expect(() => loadConfig({ ...base, JWT_ALGORITHM: 'RS256' })).toThrow(/JWT_PRIVATE_KEY and JWT_PUBLIC_KEY/);
    expect(() => loadConfig({ ...base, JWT_ALGORITHM: 'EdDSA' })).toThrow(/JWT_ALGORITHM/);
  });

  it('lends logins the last core while idle only when BCRYPT_CONCURRENCY is not set', () => {
    expect(loadConfig({ BCRYPT_CONCURRENCY: '3' }).hashing).toEqual({ concurrency: 3, idleConcurrency: 0, queueTimeoutMs: 5000, threadNice: 10 });
  });

  it('reads the thread pool priority, 0 leaving it as the event loop has it', () => {
    expect(loadConfig({ THREAD_POOL_NICE: '0' }).hashing.threadNice).toBe(0);
    expect(loadConfig({ THREAD_POOL_NICE: '19' }).hashing.threadNice).toBe(19);
  });
});

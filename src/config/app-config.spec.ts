import { generateKeyPairSync } from 'node:crypto';
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
    expect(config.bcryptCost).toBe(12);
    expect(config.limits).toEqual({ maxImageBytes: 10485760, maxMarkerImages: 5 });
    expect(config.cooldowns).toEqual({ emailSeconds: 60, resetSeconds: 300 });
    expect(config.jwt.algorithm).toBe('HS256');
    expect(config.jwt.signKey.type).toBe('secret');
    expect(config.jwt.verifyKey).toBe(config.jwt.signKey);
  });

  it('lists every bad variable at once', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', COOKIE_SECURE: 'maybe', BCRYPT_COST: '99', GEOCODER: 'google' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    for (const name of ['DATABASE_URL', 'PORT', 'COOKIE_SECURE', 'BCRYPT_COST', 'GEOCODER']) expect(problems).toContain(name);
  });

  it('refuses to start in production with a placeholder or missing JWT secret', () => {
    expect(() => loadConfig({ ...base, NODE_ENV: 'production', ALTCHA_HMAC_KEY: 'x'.repeat(40) })).toThrow(/JWT_SECRET/);
    expect(() =>
      loadConfig({ ...base, NODE_ENV: 'production', JWT_SECRET: 'change-me', ALTCHA_HMAC_KEY: 'x'.repeat(40) }),
    ).toThrow(/JWT_SECRET must be a real secret/);
    const ok = loadConfig({ ...base, NODE_ENV: 'production', JWT_SECRET: 'k'.repeat(48), ALTCHA_HMAC_KEY: 'x'.repeat(40) });
    expect(ok.isProduction).toBe(true);
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
});

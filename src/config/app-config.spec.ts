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
    expect(config.jwt.key.type).toBe('secret');
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
});

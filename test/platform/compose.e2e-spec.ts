import { load } from 'js-yaml';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../src/config';
import { LocalStorage } from '../../src/infrastructure/storage/local.storage';
import { StorageService } from '../../src/infrastructure/storage/storage.service';
import { createTestApp } from '../support/app';

interface ComposeService {
  image?: string;
  build?: unknown;
  profiles?: string[];
  restart?: string;
  ports?: string[];
  environment?: Record<string, string>;
}
const compose = load(readFileSync(join(__dirname, '..', '..', 'docker-compose.yml'), 'utf8')) as { services: Record<string, ComposeService> };
const api = compose.services.api;

/** `${NAME:-default}` as compose resolves it with nothing set in .env or the shell. */
function withDefaults(environment: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(environment).map(([name, value]) => [name, String(value).replace(/\$\{[A-Z0-9_]+:-([^}]*)\}/g, '$1')]));
}

/** Every variable loadConfig reads, over configurations that take each branch. */
function acceptedVariables(): Set<string> {
  const seen = new Set<string>();
  const variants: Record<string, string>[] = [
    {},
    { DATABASE_URL: 'postgres://x@127.0.0.1/x', S3_ENDPOINT: 'http://s3:8333', S3_ACCESS_KEY: 'a', S3_SECRET_KEY: 'b' },
    { JWT_ALGORITHM: 'RS256', GEOCODER: 'nominatim', NOMINATIM_URL: 'http://n', CAPTCHA_PROVIDER: 'turnstile', CAPTCHA_SECRET: 's' },
    // the OpenID Connect settings are read only with an issuer
    { OIDC_ISSUER: 'https://id.example.org', OIDC_CLIENT_ID: 'hearth', OIDC_CREATE_ACCOUNTS: 'true', OIDC_ADMIN_GROUP: 'admins' },
  ];
  for (const variant of variants) {
    const env = new Proxy(variant, {
      get: (target, name: string) => {
        seen.add(name);
        return target[name];
      },
    });
    try {
      loadConfig(env);
    } catch {
      // RS256 without keys is refused; the variables were read all the same
    }
  }
  return seen;
}

describe('docker-compose.yml', () => {
  it('passes the API only variables the configuration accepts', () => {
    const accepted = acceptedVariables();
    expect(accepted.has('DATABASE_URL')).toBe(true);
    const unknown = Object.keys(api.environment!).filter((name) => !accepted.has(name));
    expect(unknown).toEqual([]);
  });

  it('uses pinned images, local-only ports, restarts unless stopped, and opt-in S3 and mail', () => {
    for (const [name, service] of Object.entries(compose.services)) {
      if (service.image) expect([name, service.image]).toEqual([name, expect.stringMatching(/^[a-z0-9./-]+:(?!latest$)[A-Za-z0-9._-]+$/)]);
      else expect(service.build).toBeDefined();
      expect([name, service.restart]).toEqual([name, 'unless-stopped']);
      for (const port of service.ports ?? []) expect([name, port]).toEqual([name, expect.stringMatching(/^127\.0\.0\.1:/)]);
    }
    expect(compose.services.postgres.profiles).toBeUndefined();
    expect(compose.services.seaweedfs.profiles).toEqual(['s3']);
    expect(compose.services.mailpit.profiles).toEqual(['mail']);
    expect(JSON.stringify(compose)).not.toMatch(/minio/i);
  });

  it('ships no secret: the keys default to empty (random keys kept in the database)', () => {
    const env = withDefaults(api.environment!);
    for (const name of ['JWT_SECRET', 'ALTCHA_HMAC_KEY', 'S3_ACCESS_KEY', 'S3_SECRET_KEY']) expect([name, env[name]]).toEqual([name, '']);
    const config = loadConfig(env);
    expect(config.storedSecrets).toEqual({ jwt: true, altcha: true });
    expect(config.s3.endpoint).toBeUndefined();
    expect(config.mail.smtpUrl).toBeUndefined();
  });

  it('starts with the compose API settings, without Docker (the test database and a temporary DATA_DIR)', async () => {
    const env = { ...withDefaults(api.environment!), DATA_DIR: mkdtempSync(join(process.env.HEARTH_TEST_DATA_ROOT ?? tmpdir(), 'hearth-compose-')) };
    const t = await createTestApp(env);
    try {
      expect(t.config.isProduction).toBe(true);
      expect(t.app.get(StorageService)).toBeInstanceOf(LocalStorage);
      const ready = await t.inject({ url: '/health/ready' });
      expect(ready.statusCode).toBe(200);
      const docs = await t.inject({ url: '/docs' });
      expect(docs.statusCode).toBe(200);
      // /docs over plain HTTP on a LAN address: nothing upgrades or pins HTTPS unless COOKIE_SECURE=true
      expect(docs.headers['strict-transport-security']).toBeUndefined();
      expect(String(docs.headers['content-security-policy'])).not.toContain('upgrade-insecure-requests');
    } finally {
      await t.close();
    }
    const secure = await createTestApp({ COOKIE_SECURE: 'true' });
    try {
      const docs = await secure.inject({ url: '/docs' });
      expect(docs.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      expect(String(docs.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
    } finally {
      await secure.close();
    }
  });
});

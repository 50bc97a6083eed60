import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../src/config';
import { createTestApp, TestApp } from '../support/app';

describe('The web client served at /', () => {
  let t: TestApp;
  const webDir = mkdtempSync(join(tmpdir(), 'hearth-web-'));
  beforeAll(async () => {
    mkdirSync(join(webDir, 'assets'));
    writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>Hearth</title><div id="root"></div>');
    writeFileSync(join(webDir, 'assets', 'index-abc123.js'), 'console.log("hearth")');
    t = await createTestApp({ WEB_DIR: webDir });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  it('answers client routes, with their query, with index.html (not cached)', async () => {
    for (const url of ['/', '/sign-in', '/reset-password?token=abc', '/admin/users']) {
      const response = await t.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('<div id="root">');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves hashed assets cached for a year, and a missing file is a 404', async () => {
    const asset = await t.inject({ url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log("hearth")');
    expect(asset.headers['cache-control']).toContain('immutable');
    const missing = await t.inject({ url: '/assets/index-gone.js' });
    expect(missing.statusCode).toBe(404);
  });

  it('keeps /api, /docs and /health: an unknown API path is still a problem-details 404', async () => {
    const unknown = await t.inject({ url: '/api/v1/no-such-thing' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toContain('application/problem+json');
    expect(unknown.json().status).toBe(404);
    expect((await t.inject({ url: '/api/nothing' })).statusCode).toBe(404);
    expect((await t.inject({ url: '/health/live' })).statusCode).toBe(200);
    const docs = await t.inject({ url: '/docs-json' });
    expect(docs.json().info.title).toBe('Hearth API');
  });

  it('APP_URL defaults to the service’s own address, so mailed links open its pages', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://x/y' }).appUrl).toBe('http://localhost:3000');
    expect(loadConfig({ DATABASE_URL: 'postgres://x/y', PORT: '8080' }).appUrl).toBe('http://localhost:8080');
    expect(loadConfig({ DATABASE_URL: 'postgres://x/y', WEB_ENABLED: 'false' }).webDir).toBeNull();
  });
});

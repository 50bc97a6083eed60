import { get as httpGet, type IncomingHttpHeaders } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { expect, test } from './support/fixtures';

test.describe('Serving the app', () => {
  test('client routes load the app while service paths keep their meaning', async ({ page, request }) => {
    const unknownApi = await request.get('/api/v1/no-such-thing');
    expect(unknownApi.status()).toBe(404);
    expect(unknownApi.headers()['content-type']).toContain('application/problem+json');
    expect((await request.get('/health/live')).status()).toBe(200);
    expect((await request.get('/docs-json')).headers()['content-type']).toContain('application/json');
    expect((await request.get('/assets/missing.js')).status()).toBe(404);

    // a deep link (as in a mail) opens the app, which sends a signed-out visitor to sign in
    await page.goto('/account/sessions');
    await expect(page).toHaveURL(/\/sign-in\?next=%2Faccount%2Fsessions$/);
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  });
});

/** One GET as a client sending `accept-encoding` sees it: status, headers and the bytes on the wire (not decoded). */
function rawGet(url: string, acceptEncoding: string): Promise<{ status: number; headers: IncomingHttpHeaders; bytes: Buffer }> {
  return new Promise((resolve, reject) => {
    httpGet(url, { headers: { 'accept-encoding': acceptEncoding } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, bytes: Buffer.concat(chunks) }));
      response.on('error', reject);
    }).on('error', reject);
  });
}

test.describe('Compressed delivery', () => {
  test('the first load of / sends at most 200 KB of JavaScript to a client accepting brotli or gzip', async ({ page, baseURL }) => {
    // what a first visit loads: the page, its entry script and preloads, and the route it lands on
    const scripts = new Set<string>();
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.add(response.url());
    });
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    expect(scripts.size).toBeGreaterThan(0);

    const html = await rawGet(`${baseURL}/`, 'br, gzip');
    expect(html.status).toBe(200);
    // a page under 1 KB is not worth compressing: sent as it is, or as brotli
    expect(html.headers['vary']).toMatch(/accept-encoding/i);
    expect(html.headers['cache-control']).toBe('no-cache');
    const document = html.headers['content-encoding'] === 'br' ? brotliDecompressSync(html.bytes) : html.bytes;
    expect(document.toString()).toContain('<div id="root">');

    let javascript = 0;
    let compressed: string | undefined;
    for (const url of scripts) {
      const asset = await rawGet(url, 'br, gzip');
      expect(asset.status, url).toBe(200);
      // the build compresses every file of 1 KB or more
      const size = (await rawGet(url, 'identity')).bytes.length;
      expect(asset.headers['content-encoding'], `${url} (${size} bytes)`).toBe(size < 1024 ? undefined : 'br');
      if (size >= 1024) compressed ??= url;
      expect(asset.headers['content-type'], url).toMatch(/javascript/);
      expect(asset.headers['cache-control'], url).toBe('public, max-age=31536000, immutable');
      javascript += asset.bytes.length;
    }
    const summary = `${scripts.size} scripts, ${(javascript / 1024).toFixed(1)} KB of JavaScript on the wire`;
    test.info().annotations.push({ type: 'first load', description: summary });
    console.log(`first load of /: ${summary}`);
    expect(javascript).toBeLessThanOrEqual(200 * 1024);

    // gzip to a client without brotli; the file as it is to one accepting neither
    // (a script of 1 KB or more: which script answers first varies, and a smaller one is sent as it is)
    const first = compressed!;
    const gzip = await rawGet(first, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const plain = await rawGet(first, 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(gunzipSync(gzip.bytes).equals(plain.bytes)).toBe(true);
    expect(plain.bytes.length).toBeGreaterThan(gzip.bytes.length);
  });
});

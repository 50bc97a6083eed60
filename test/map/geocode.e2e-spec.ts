import { readFileSync } from 'node:fs';
import { createServer, IncomingMessage, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { createTestApp, TestApp } from '../support/app';
import { signedInUser } from '../support/factories';

const search = (t: TestApp, token: string, term: string) => t.api('GET', `/geocode/search?searchTerm=${encodeURIComponent(term)}`, { token });

describe('GET /geocode/search, offline (bundled GeoNames place names)', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = (await signedInUser(t, { modules: ['Map'] })).accessToken;
  });
  afterAll(() => t.close());

  it('finds Berlin, Germany first', async () => {
    const response = await search(t, token, 'Berlin');
    expect(response.statusCode).toBe(200);
    const results = response.json();
    expect(results.length).toBeGreaterThan(1);
    expect(results.length).toBeLessThanOrEqual(10);
    expect(results[0]).toEqual({ displayName: 'Berlin, Germany', latitude: 52.52437, longitude: 13.41053, type: 'city', country: 'Germany' });
  });

  it('matches without accents and regardless of case', async () => {
    const [first] = (await search(t, token, 'SAO PAULO')).json();
    expect(first).toMatchObject({ displayName: 'São Paulo, Brazil', country: 'Brazil', type: 'city' });
    expect(first.latitude).toBeCloseTo(-23.5475, 3);
    const [zurich] = (await search(t, token, 'zurich')).json();
    expect(zurich.displayName).toBe('Zürich, ZH, Switzerland');
  });

  it('ranks New York City first for "new york", above the smaller places sharing the name', async () => {
    const results = (await search(t, token, 'new york')).json();
    expect(results[0]).toMatchObject({ displayName: 'New York City, NY, United States', country: 'United States' });
    expect(results.map((r: { displayName: string }) => r.displayName)).toEqual(expect.arrayContaining(['West New York, NJ, United States']));
  });

  it('lists a name people read once: "Lisbon, OH" twice in the data is one result', async () => {
    const [{ n }] = await t.db.query(`SELECT count(*)::int AS n FROM geo_places WHERE name = 'Lisbon' AND country_code = 'US' AND admin_code = 'OH'`);
    expect(n).toBeGreaterThan(1);
    const results = (await search(t, token, 'Lisbon')).json();
    const names = results.map((result: { displayName: string }) => result.displayName);
    expect(names).toContain('Lisbon, Portugal');
    expect(names.filter((name: string) => name === 'Lisbon, OH, United States')).toHaveLength(1);
    expect(new Set(names).size).toBe(names.length);
    expect(results.length).toBe(10);
  });

  it('tolerates a typo', async () => {
    const [first] = (await search(t, token, 'Londn')).json();
    expect(first.displayName).toBe('London, United Kingdom');
  });

  it('treats LIKE wildcards in the term literally', async () => {
    const response = await search(t, token, '%_');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });

  it.each([
    ['missing', ''],
    ['1 character', '?searchTerm=a'],
    ['1 character once trimmed', '?searchTerm=%20a%20'],
    ['201 characters', `?searchTerm=${'a'.repeat(201)}`],
    ['an unknown parameter', '?searchTerm=berlin&limit=5'],
  ])('refuses a searchTerm that is %s with 400', async (_name, query) => {
    const response = await t.api('GET', `/geocode/search${query}`, { token });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION_FAILED');
  });
});

describe('GET /geocode/search with GEOCODER=nominatim (local server, recorded response)', () => {
  const recorded = readFileSync(join(__dirname, 'fixtures', 'nominatim-search-berlin.json'), 'utf8');
  const requests: { url: URL; userAgent?: string; at: number }[] = [];
  let failNext = false;
  let server: Server;
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    server = createServer((req: IncomingMessage, res) => {
      requests.push({ url: new URL(req.url ?? '/', 'http://localhost'), userAgent: req.headers['user-agent'], at: Date.now() });
      if (failNext) {
        failNext = false;
        res.writeHead(503).end('overloaded');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(recorded);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    t = await createTestApp({ GEOCODER: 'nominatim', NOMINATIM_URL: `http://127.0.0.1:${port}/nominatim/`, APP_URL: 'https://hearth.example.org' });
    token = (await signedInUser(t, { modules: ['Map'] })).accessToken;
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => server.close(resolve));
  });

  it('maps Nominatim JSON to the contract shape and asks politely', async () => {
    const response = await search(t, token, 'Berlin');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      { displayName: 'Berlin, Germany', latitude: 52.5173885, longitude: 13.3951309, type: 'city', country: 'Germany' },
      {
        displayName: 'Berlin, Coös County, New Hampshire, United States',
        latitude: 44.4686606,
        longitude: -71.1850848,
        type: 'city',
        country: 'United States',
      },
      { displayName: 'Berlin, Germany', latitude: 52.5170365, longitude: 13.3888599, type: 'city', country: 'Germany' },
    ]);
    const request = requests.at(-1)!;
    expect(request.url.pathname).toBe('/nominatim/search');
    expect(Object.fromEntries(request.url.searchParams)).toMatchObject({ q: 'Berlin', format: 'jsonv2', addressdetails: '1', limit: '10' });
    expect(request.userAgent).toBe('Hearth/1 (+https://hearth.example.org)');
  });

  it('answers a repeated search from its cache', async () => {
    const before = requests.length;
    await search(t, token, 'Hamburg');
    const again = await search(t, token, 'hamburg');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toHaveLength(3);
    expect(requests.length).toBe(before + 1);
  });

  it('keeps upstream requests at least one second apart', async () => {
    const before = requests.length;
    const responses = await Promise.all(['Munich', 'Cologne', 'Bremen'].map((term) => search(t, token, term)));
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const times = requests.slice(before).map((r) => r.at);
    expect(times).toHaveLength(3);
    for (let i = 1; i < times.length; i++) expect(times[i] - times[i - 1]).toBeGreaterThanOrEqual(950);
  });

  it('answers 503 GEOCODER_UNAVAILABLE when the server fails, and does not cache the failure', async () => {
    failNext = true;
    const failed = await search(t, token, 'Dresden');
    expect(failed.statusCode).toBe(503);
    expect(failed.json().code).toBe('GEOCODER_UNAVAILABLE');
    const retried = await search(t, token, 'Dresden');
    expect(retried.statusCode).toBe(200);
  });

  // last in this block: the extra apps leave passport's global strategy pointing at a closed app
  it('shares its cache between instances through Redis when REDIS_URL is set', async () => {
    const { port } = server.address() as AddressInfo;
    const env = {
      GEOCODER: 'nominatim',
      NOMINATIM_URL: `http://127.0.0.1:${port}/nominatim/`,
      REDIS_URL: 'redis://127.0.0.1:6379',
      REDIS_KEY_PREFIX: `hearth-test:geocode-${process.pid}-${Date.now()}:`,
    };
    const a = await createTestApp(env);
    const b = await createTestApp(env);
    try {
      // each instance checks sessions in its own database: a user signed in on each
      const aToken = (await signedInUser(a, { modules: ['Map'] })).accessToken;
      const bToken = (await signedInUser(b, { modules: ['Map'] })).accessToken;
      const before = requests.length;
      const first = await search(a, aToken, 'Potsdam');
      expect(first.statusCode).toBe(200);
      const second = await search(b, bToken, 'potsdam');
      expect(second.statusCode).toBe(200);
      expect(second.json()).toEqual(first.json());
      expect(requests.length).toBe(before + 1);
    } finally {
      await a.close();
      await b.close();
    }
  });
});

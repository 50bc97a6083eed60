import { createTestApp, TestApp } from '../support/app';

/** Content-Security-Policy: inline scripts only for the API docs' Swagger UI. */
describe('Content-Security-Policy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** The directives of a response's policy, by name. */
  const directives = (header: unknown): Record<string, string[]> =>
    Object.fromEntries(
      String(header)
        .split(';')
        .map((part) => part.trim().split(/\s+/))
        .filter(([name]) => name)
        .map(([name, ...values]) => [name, values]),
    );

  it('allows scripts only from the service itself on the web client, its client routes and the API', async () => {
    for (const url of ['/', '/reset-password?token=abc', '/api/v1/health', '/api/v1/no-such-route']) {
      const response = await t.inject({ url });
      const policy = directives(response.headers['content-security-policy']);
      expect({ url, scriptSrc: policy['script-src'] }).toEqual({ url, scriptSrc: ["'self'"] });
      expect(policy['default-src']).toEqual(["'self'"]);
    }
  });

  it("lets only /docs run its inline start-up script ('unsafe-inline' for scripts there alone)", async () => {
    const docs = await t.inject({ url: '/docs' });
    expect(docs.statusCode).toBe(200);
    expect(directives(docs.headers['content-security-policy'])['script-src']).toEqual(["'self'", "'unsafe-inline'"]);
  });

  it("gives the same to the docs' own assets under /docs/, and to no other path that merely starts with /docs", async () => {
    for (const url of ['/docs/', '/docs?tab=1', '/docs/swagger-ui-init.js']) {
      const response = await t.inject({ url });
      expect({ url, status: response.statusCode }).toEqual({ url, status: 200 });
      expect({ url, scriptSrc: directives(response.headers['content-security-policy'])['script-src'] }).toEqual({
        url,
        scriptSrc: ["'self'", "'unsafe-inline'"],
      });
    }
    for (const url of ['/docsx', '/docsx/page', '/docs-json', '/docs.html', '/docs%2F..', '/api/v1/docs', '/notes?from=/docs/']) {
      const response = await t.inject({ url });
      expect({ url, scriptSrc: directives(response.headers['content-security-policy'])['script-src'] }).toEqual({ url, scriptSrc: ["'self'"] });
    }
  });
});

import { createTestApp, Response, TestApp } from '../support/app';
import { signedInUser } from '../support/factories';

/**
 * CORS: the configured web origin may read every answer, failures included (a
 * browser hides a response without these headers from the page, which then cannot show the
 * problem's message); any other origin is never reflected.
 */
describe('CORS on every kind of response', () => {
  let t: TestApp;
  let token: string;
  let allowed: string;
  const foreign = 'https://evil.example';

  beforeAll(async () => {
    t = await createTestApp({ JOBS_ENABLED: 'false' });
    token = (await signedInUser(t)).accessToken;
    allowed = t.config.corsOrigins[0];
  });
  afterAll(() => t.close());

  /** Every kind of answer: the handler's, a guard's, the validation pipe's, the router's, the body parser's, a health probe. */
  const answers = (origin: string): Record<string, Promise<Response>> => ({
    '200 from a handler': t.api('GET', '/markers', { token, headers: { origin } }),
    '401 from the guard': t.api('GET', '/markers', { headers: { origin } }),
    '400 from validation': t.api('GET', '/markers?pageSize=1000', { token, headers: { origin } }),
    '404 from the router': t.api('GET', '/no-such-route', { headers: { origin } }),
    '400 from the JSON parser': t.api('POST', '/notes', { token, headers: { origin, 'content-type': 'application/json' }, payload: '{"title":' }),
    '415 from the parser': t.api('POST', '/notes', { token, headers: { origin, 'content-type': 'text/plain' }, payload: 'title' }),
    'health probe': t.inject({ method: 'GET', url: '/health/live', headers: { origin } }),
  });

  it('lets the configured origin read every answer, with credentials and the exposed headers', async () => {
    const expected: Record<string, number> = {
      '200 from a handler': 200,
      '401 from the guard': 401,
      '400 from validation': 400,
      '404 from the router': 404,
      '400 from the JSON parser': 400,
      '415 from the parser': 415,
      'health probe': 200,
    };
    for (const [kind, pending] of Object.entries(answers(allowed))) {
      const response = await pending;
      expect({ kind, status: response.statusCode }).toEqual({ kind, status: expected[kind] });
      expect({ kind, headers: corsHeaders(response) }).toEqual({
        kind,
        headers: {
          'access-control-allow-origin': allowed,
          'access-control-allow-credentials': 'true',
          'access-control-expose-headers': 'X-Request-Id, Retry-After',
          vary: 'Origin',
        },
      });
    }
  });

  it('never names another origin, on any answer', async () => {
    for (const [kind, pending] of Object.entries(answers(foreign))) {
      const response = await pending;
      expect({ kind, origin: response.headers['access-control-allow-origin'] }).toEqual({ kind, origin: undefined });
    }
  });

  it('answers the preflight of the configured origin, and not of another', async () => {
    const preflight = (origin: string) =>
      t.inject({
        method: 'OPTIONS' as any,
        url: '/api/v1/notes',
        headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,authorization' },
      });
    const ours = await preflight(allowed);
    expect(ours.statusCode).toBe(204);
    expect(ours.headers['access-control-allow-origin']).toBe(allowed);
    expect(ours.headers['access-control-allow-credentials']).toBe('true');
    expect(ours.headers['access-control-allow-methods']).toContain('POST');
    expect(ours.headers['access-control-allow-headers']).toBe('content-type,authorization');
    const theirs = await preflight(foreign);
    expect(theirs.headers['access-control-allow-origin']).toBeUndefined();
  });
});

/** The Vite dev server's origin is a development default only. */
describe('default CORS origins', () => {
  const devOrigin = 'http://localhost:5173';

  it.each([
    ['production', undefined],
    ['development', devOrigin],
  ])('with NODE_ENV=%s and CORS_ORIGINS unset, the dev server origin is %s', async (nodeEnv, expected) => {
    const t = await createTestApp({ NODE_ENV: nodeEnv, CORS_ORIGINS: '' });
    try {
      const response = await t.api('GET', '/no-such-route', { headers: { origin: devOrigin } });
      expect(response.statusCode).toBe(404);
      expect(response.headers['access-control-allow-origin']).toBe(expected);
      const preflight = await t.inject({
        method: 'OPTIONS' as any,
        url: '/api/v1/session',
        headers: { origin: devOrigin, 'access-control-request-method': 'POST' },
      });
      expect(preflight.headers['access-control-allow-origin']).toBe(expected);
    } finally {
      await t.close();
    }
  });
});

function corsHeaders(response: Response): Record<string, unknown> {
  return Object.fromEntries(Object.entries(response.headers).filter(([name]) => name === 'vary' || name.startsWith('access-control-')));
}

import { createTestApp, TestApp } from '../support/app';

describe('health and docs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('GET /health/live and /health/ready answer outside the API prefix', async () => {
    expect((await t.inject({ url: '/health/live' })).json()).toEqual({ status: 'ok' });
    const ready = await t.inject({ url: '/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json().info.database.status).toBe('up');
  });

  it('serves the OpenAPI document at /docs-json with both security schemes', async () => {
    const response = await t.inject({ url: '/docs-json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.components.securitySchemes).toHaveProperty('bearer');
    expect(doc.components.securitySchemes).toHaveProperty('refresh');
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/v1/session', '/api/v1/session/refresh', '/api/v1/sessions/{tokenId}']));
    expect((await t.inject({ url: '/docs' })).statusCode).toBe(200);
  });

  it('answers an unknown route with a problem-details 404', async () => {
    const response = await t.api('GET', '/nothing-here', { headers: {} });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/problem+json');
  });

  it('refuses a body larger than the limit with 413', async () => {
    const response = await t.api('POST', '/session', {
      payload: { username: 'x', password: 'y'.repeat(1024 * 1024 + 10) },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().code).toBe('PAYLOAD_TOO_LARGE');
  });
});

import { SessionsService } from '../../src/modules/auth/sessions.service';
import { createTestApp, TestApp } from '../support/app';
import { signedInUser } from '../support/factories';

/** 2xx JSON bodies are written by the schema-compiled serializer (fast-json-stringify), not JSON.stringify. */
describe('response serializer compiled from the OpenAPI DTOs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    jest.restoreAllMocks();
    await t.close();
  });

  it('never sends a property the DTO does not declare, and writes a Date like toISOString', async () => {
    const user = await signedInUser(t);
    const lastUsed = new Date('2026-01-02T03:04:05.006Z');
    const list = SessionsService.prototype.list;
    // the real list, with something a DTO does not declare and a Date where the DTO says date-time
    const spy = jest.spyOn(SessionsService.prototype, 'list').mockImplementation(async function (this: SessionsService, ...args) {
      const sessions = await list.apply(this, args);
      return sessions.map((session) => ({ ...session, passwordHash: 'secret', lastUsedDate: lastUsed as any }));
    });
    try {
      const response = await t.api('GET', '/sessions', { token: user.accessToken });
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain('passwordHash');
      expect(response.body).not.toContain('secret');
      expect(response.json()[0].lastUsedDate).toBe('2026-01-02T03:04:05.006Z');
    } finally {
      spy.mockRestore();
    }
  });

  it('writes the same bytes JSON.stringify would for what the service returns', async () => {
    const user = await signedInUser(t);
    const list = SessionsService.prototype.list;
    let returned: unknown;
    const spy = jest.spyOn(SessionsService.prototype, 'list').mockImplementation(async function (this: SessionsService, ...args) {
      returned = await list.apply(this, args);
      return returned as Awaited<ReturnType<typeof list>>;
    });
    try {
      const response = await t.api('GET', '/sessions', { token: user.accessToken });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(JSON.stringify(returned));
    } finally {
      spy.mockRestore();
    }
  });

  it('leaves problem details to their own path (every field of a 400 arrives)', async () => {
    const user = await signedInUser(t);
    const response = await t.api('DELETE', '/sessions/not-a-uuid', { token: user.accessToken });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toContain('application/problem+json');
    expect(Object.keys(response.json()).sort()).toEqual(['code', 'detail', 'errors', 'instance', 'requestId', 'status', 'title', 'type']);
  });
});

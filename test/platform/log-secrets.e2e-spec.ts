import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { seedGroup, seedUser, startService, type Service } from '../../web/e2e/support/service';
import { waitFor } from '../support/wait';

const ROOT = join(__dirname, '..', '..');

/**
 * No secret reaches a log: the built service, its log captured as an operator
 * would read it, is asked for the web client's reset page with a real set-password token and for
 * signed storage URLs; neither the token nor a signature appears anywhere in what it wrote.
 */
describe('the access log', () => {
  let service: Service;

  beforeAll(async () => {
    execFileSync(process.execPath, [join(ROOT, 'scripts', 'build-if-needed.js')], { stdio: 'ignore' });
    service = await startService({ LOG_LEVEL: 'info', LOG_FORMAT: 'json' });
  }, 180_000);
  afterAll(() => service?.stop());

  it('writes the token of a reset link and storage signatures as [redacted]', async () => {
    const group = await seedGroup(service.db);
    const admin = await seedUser(service.db, group.id, { role: 'Admin' });
    const api = async (method: string, path: string, body?: unknown, token?: string) => {
      const response = await fetch(`${service.url}/api/v1${path}`, {
        method,
        headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      return { status: response.status, json: (await response.json()) as any };
    };
    const login = await api('POST', '/session', { username: admin.username, password: admin.password });
    expect(login.status).toBe(200);
    const created = await api('POST', '/users', { username: 'mia', email: 'mia@example.test', nickname: 'Mia', groupId: group.id }, login.json.accessToken);
    expect(created.status).toBe(201);
    const link = new URL(created.json.setPasswordUrl);
    const token = link.searchParams.get('token')!;
    expect(token.length).toBeGreaterThan(20);

    // the web client's own page, as the member's browser opens the link
    expect((await fetch(`${service.url}${link.pathname}${link.search}`)).status).toBe(200);
    // a storage URL with a signature, and one in S3's form
    const signature = 'c2lnbmF0dXJlLXRoYXQtbXVzdC1uZXZlci1iZS1sb2dnZWQ';
    await fetch(`${service.url}/api/v1/storage/some/key?expires=4102444800&signature=${signature}`);
    await fetch(`${service.url}/api/v1/storage/other/key?X-Amz-Signature=${signature}abc&X-Amz-Expires=900`);

    const log = await waitFor(async () => {
      const text = service.output();
      return text.includes('/api/v1/storage/other/key?X-Amz-Signature=[redacted]') ? text : undefined;
    });
    expect(log).toContain('"url":"/reset-password?token=[redacted]"');
    expect(log).toContain('/api/v1/storage/some/key?expires=4102444800&signature=[redacted]');
    expect(log).not.toContain(token);
    expect(log).not.toContain(encodeURIComponent(token));
    expect(log).not.toContain(signature);
  }, 60_000);
});

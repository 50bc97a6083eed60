import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTestApp, TestApp } from '../support/app';
import { newRegistration } from '../support/account';

type Behaviour = 'success' | 'failure' | 'error' | 'slow' | 'not-json';

/** Turnstile and hCaptcha verify over HTTP; a local server plays the provider. Timeouts and errors refuse. */
describe.each(['turnstile', 'hcaptcha'] as const)('%s CAPTCHA', (provider) => {
  let server: Server;
  let t: TestApp;
  let behaviour: Behaviour = 'success';
  const received: URLSearchParams[] = [];

  beforeAll(async () => {
    server = createServer((req: IncomingMessage, res: ServerResponse) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        received.push(new URLSearchParams(body));
        const reply = (status: number, payload: string) => res.writeHead(status, { 'content-type': 'application/json' }).end(payload);
        if (behaviour === 'slow') return void setTimeout(() => reply(200, '{"success":true}'), 1500);
        if (behaviour === 'error') return reply(500, '{"error":"boom"}');
        if (behaviour === 'not-json') return reply(200, '<html>');
        reply(200, JSON.stringify(behaviour === 'success' ? { success: true } : { success: false, 'error-codes': ['invalid-input-response'] }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    t = await createTestApp({
      CAPTCHA_PROVIDER: provider,
      CAPTCHA_SECRET: `${provider}-secret`,
      CAPTCHA_VERIFY_URL: `http://127.0.0.1:${port}/siteverify`,
      CAPTCHA_TIMEOUT_MS: '300',
    });
  });
  afterAll(async () => {
    await t.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const registerWith = (captcha: string) =>
    t.api('POST', '/account/register', { payload: { ...newRegistration(), captcha }, headers: { 'x-forwarded-for': '203.0.113.9' } });

  it('accepts a token the provider confirms, sending the secret and the response', async () => {
    behaviour = 'success';
    received.length = 0;
    const response = await registerWith('widget-token-1');
    expect(response.statusCode).toBe(201);
    expect(received).toHaveLength(1);
    expect(received[0].get('secret')).toBe(`${provider}-secret`);
    expect(received[0].get('response')).toBe('widget-token-1');
    expect(received[0].get('remoteip')).toBe('127.0.0.1');
  });

  it.each(['failure', 'error', 'slow', 'not-json'] as const)('refuses when the provider answers %s (fail closed)', async (mode) => {
    behaviour = mode;
    const response = await registerWith('widget-token-2');
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('CAPTCHA_INVALID');
  });

  it('issues no ALTCHA challenge', async () => {
    const response = await t.api('GET', '/account/captcha');
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('CAPTCHA_NOT_SELF_HOSTED');
  });
});

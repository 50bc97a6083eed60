import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpsServer } from 'node:https';
import { createServer as createNetServer, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import tls from 'node:tls';
import { Notifier } from '../../src/modules/notifications/notifier.service';
import { AddressRefused, postSafely } from '../../src/modules/notifications/outbound';
import { createTestApp, TestApp } from '../support/app';
import { signedInUser } from '../support/factories';
import { startMailServer, TestMailServer } from '../support/mail';
import { settings, subscribe } from './notify-support';
import { startPushService, startWebhookReceiver, PushService, WebhookReceiver } from './push-service';

/**
 * A receiver that never finishes its answer: it drips one byte every 0.4 s, forever, either in the
 * header (the status line is sent, the headers never end) or in the body (after `first` bytes).
 */
interface DrippingServer {
  url: string;
  /** requests it has begun to answer */
  requests: number;
  close(): Promise<void>;
}

async function startDrippingServer(where: 'head' | 'body', first = 0): Promise<DrippingServer> {
  const sockets = new Set<Socket>();
  const state = { requests: 0 };
  const server = createNetServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.once('data', () => {
      state.requests++;
      if (where === 'head') socket.write('HTTP/1.1 200 OK\r\nX-Slow: ');
      else socket.write(`HTTP/1.1 200 OK\r\ncontent-type: text/plain\r\n\r\n${'a'.repeat(first)}`);
      const timer = setInterval(() => socket.write('x'), 400);
      socket.on('close', () => {
        clearInterval(timer);
        sockets.delete(socket);
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    get requests() {
      return state.requests;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** `promise`'s outcome and how long it took, or a failure when it has not settled within `limitMs`. */
async function timed<T>(promise: Promise<T>, limitMs: number): Promise<{ ms: number; value?: T; error?: unknown }> {
  const started = Date.now();
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`not settled within ${limitMs} ms`)), limitMs);
  });
  try {
    const value = await Promise.race([promise, limit]);
    return { ms: Date.now() - started, value };
  } catch (error) {
    if (error instanceof Error && error.message.startsWith('not settled')) throw error;
    return { ms: Date.now() - started, error };
  } finally {
    clearTimeout(timer);
  }
}

const json = { 'content-type': 'application/json' };
const open = { allowPrivate: true, maxRedirects: 3 };

describe('Outbound calls: deadline, answer size, redirects', () => {
  it('gives up at the total deadline on a receiver whose headers drip a byte every 0.4 s', async () => {
    const slow = await startDrippingServer('head');
    try {
      const outcome = await timed(postSafely(`${slow.url}/hook`, json, Buffer.from('{}'), { ...open, timeoutMs: 1000 }), 6000);
      expect(outcome.error).toBeInstanceOf(Error);
      expect(outcome.ms).toBeLessThan(2500);
    } finally {
      await slow.close();
    }
  });

  it('takes the status of an answer whose body drips, at the deadline at the latest', async () => {
    const slow = await startDrippingServer('body');
    try {
      const outcome = await timed(postSafely(`${slow.url}/hook`, json, Buffer.from('{}'), { ...open, timeoutMs: 1000 }), 6000);
      expect(outcome.value).toMatchObject({ status: 200 });
      expect(outcome.ms).toBeLessThan(2500);
    } finally {
      await slow.close();
    }
  });

  it('reads at most 4 KB of an answer and does not wait for the rest', async () => {
    const big = await startDrippingServer('body', 5000);
    try {
      const outcome = await timed(postSafely(`${big.url}/hook`, json, Buffer.from('{}'), { ...open, timeoutMs: 8000 }), 10_000);
      expect(outcome.value).toMatchObject({ status: 200 });
      expect((outcome.value as { body: string }).body).toBe('a'.repeat(4096));
      // long before the deadline: the answer is not read to its end
      expect(outcome.ms).toBeLessThan(4000);
    } finally {
      await big.close();
    }
  });

  it('never follows a redirect from https to http', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hearth-tls-'));
    const hook = await startWebhookReceiver();
    const previousCas = tls.getCACertificates('default');
    try {
      execFileSync(
        'openssl',
        [
          'req',
          '-x509',
          '-newkey',
          'ec',
          '-pkeyopt',
          'ec_paramgen_curve:prime256v1',
          '-nodes',
          '-days',
          '1',
          '-keyout',
          join(dir, 'key.pem'),
          '-out',
          join(dir, 'cert.pem'),
          '-subj',
          '/CN=127.0.0.1',
          '-addext',
          'subjectAltName=IP:127.0.0.1',
        ],
        { stdio: 'ignore' },
      );
      const cert = readFileSync(join(dir, 'cert.pem'), 'utf8');
      tls.setDefaultCACertificates([...previousCas, cert]);
      const seen: string[] = [];
      const secure = createHttpsServer({ key: readFileSync(join(dir, 'key.pem')), cert }, (request, response) => {
        seen.push(request.url ?? '');
        request.resume();
        if (request.url === '/down') return response.writeHead(307, { location: `${hook.url}/landed` }).end();
        if (request.url === '/across') return response.writeHead(307, { location: '/fine' }).end();
        response.writeHead(200).end('{}');
      });
      await new Promise<void>((resolve) => secure.listen(0, '127.0.0.1', resolve));
      const base = `https://127.0.0.1:${(secure.address() as AddressInfo).port}`;
      try {
        // https to https is followed
        expect((await postSafely(`${base}/across`, json, Buffer.from('{}'), { ...open, timeoutMs: 3000 })).status).toBe(200);
        await expect(postSafely(`${base}/down`, json, Buffer.from('{"secret":1}'), { ...open, timeoutMs: 3000 })).rejects.toBeInstanceOf(AddressRefused);
        expect(seen).toEqual(['/across', '/fine', '/down']);
        expect(hook.received).toEqual([]);
      } finally {
        await new Promise<void>((resolve) => secure.close(() => resolve()));
      }
    } finally {
      tls.setDefaultCACertificates(previousCas);
      await hook.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('Outbound calls: the test endpoint with the default deadline', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ NOTIFY_ALLOW_PRIVATE_URLS: 'true', NOTIFY_TICK_MS: '0' });
  });
  afterAll(() => t.close());

  it('answers within 12 s while the webhook drips a byte every 0.4 s', async () => {
    expect(t.config.notifications.sendTimeoutMs).toBe(10_000);
    const slow = await startDrippingServer('head');
    try {
      const user = await signedInUser(t);
      await settings(t, user, { webhookUrl: `${slow.url}/hook` });
      const outcome = await timed(t.api('POST', '/account/notification-settings/test', { token: user.accessToken }), 20_000);
      expect(outcome.ms).toBeLessThan(12_000);
      const response = outcome.value!;
      expect(response.statusCode).toBe(200);
      expect(response.json().channels).toEqual([
        { channel: 'inbox', ok: true, detail: null },
        { channel: 'webhook', ok: false, detail: expect.stringMatching(/10000 ms/) },
      ]);
      expect(slow.requests).toBe(1);
    } finally {
      await slow.close();
    }
  }, 30_000);
});

describe("Outbound calls: a recipient's targets", () => {
  let t: TestApp;
  let push: PushService;
  let hook: WebhookReceiver;
  let mail: TestMailServer;

  beforeAll(async () => {
    [push, hook, mail] = await Promise.all([startPushService(), startWebhookReceiver(), startMailServer()]);
    t = await createTestApp({ ...mail.env, NOTIFY_ALLOW_PRIVATE_URLS: 'true', NOTIFY_TICK_MS: '0', NOTIFY_SEND_TIMEOUT_MS: '8000' });
  });
  afterAll(async () => {
    await t.close();
    await Promise.all([push.close(), hook.close(), mail.stop()]);
  });

  async function notificationFor(userId: string, groupId: string, key: string): Promise<string> {
    const [row] = await t.db.query(
      `INSERT INTO notifications (id, recipient_id, group_id, kind, occurrence_key, title, body, due_date)
       VALUES (gen_random_uuid(), $1, $2, 'NoteReminder', $3, 'Reminder: Keys', 'Time to look at “Keys”.', now()) RETURNING id`,
      [userId, groupId, key],
    );
    return row.id;
  }

  it('sends to every device of a recipient side by side, not one after another', async () => {
    const user = await signedInUser(t);
    await settings(t, user, { push: true, webhookUrl: `${hook.url}/side-${user.id}` });
    const devices = [push.device(), push.device(), push.device()];
    for (const device of devices) {
      device.delayMs = 400;
      await subscribe(t, user, device);
    }
    await t.app.get(Notifier).deliver(await notificationFor(user.id, user.groupId!, 'side'));
    expect(devices.map((device) => device.received.length)).toEqual([1, 1, 1]);
    expect(push.maxInFlight()).toBe(3);
    expect(hook.received.filter((r) => r.path === `/side-${user.id}`)).toHaveLength(1);
  });

  it('records each delivery as it is sent: a run of the same job while a slow target still holds the first sends nothing again', async () => {
    const slow = await startDrippingServer('head');
    try {
      const user = await signedInUser(t);
      await settings(t, user, { push: true, email: true, webhookUrl: `${slow.url}/hook` });
      const phone = push.device();
      await subscribe(t, user, phone);
      const id = await notificationFor(user.id, user.groupId!, 'expired');
      const notifier = t.app.get(Notifier);
      const first = notifier.deliver(id).catch((error: unknown) => error);
      // the phone and the mailbox have it while the webhook is still waited for
      await mail.waitForMail(user.email, { timeoutMs: 6000 });
      expect(phone.received).toHaveLength(1);
      await new Promise((resolve) => setTimeout(resolve, 200));
      const recorded = await t.db.query(`SELECT channel, outcome FROM notification_deliveries WHERE notification_id = $1 ORDER BY channel`, [id]);
      expect(recorded).toEqual([
        { channel: 'email', outcome: 'sent' },
        { channel: 'push', outcome: 'sent' },
      ]);
      // the job expires and is run again (pg-boss) while the first run still waits on the webhook
      const second = notifier.deliver(id).catch((error: unknown) => error);
      expect(await first).toBeInstanceOf(Error);
      expect(await second).toBeInstanceOf(Error);
      expect(phone.received).toHaveLength(1);
      expect(mail.mailsTo(user.email)).toHaveLength(1);
    } finally {
      await slow.close();
    }
  });
});

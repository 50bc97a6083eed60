import { Notifier } from '../../src/modules/notifications/notifier.service';
import { AddressRefused, postSafely } from '../../src/modules/notifications/outbound';
import { createTestApp, TestApp } from '../support/app';
import { signedInUser } from '../support/factories';
import { startPushService, startWebhookReceiver, PushService, WebhookReceiver } from './push-service';
import { settings, subscribe } from './notify-support';

/** The channels' own rules: push subscriptions that are gone, push services that are busy, addresses a webhook may not reach. */
describe('Notifications: channels', () => {
  let t: TestApp;
  let push: PushService;
  let hook: WebhookReceiver;

  beforeAll(async () => {
    [push, hook] = await Promise.all([startPushService(), startWebhookReceiver()]);
    // deliveries are run by hand here (no workers), to see each attempt
    t = await createTestApp({ NOTIFY_ALLOW_PRIVATE_URLS: 'true', NOTIFY_TICK_MS: '0' });
  });
  afterAll(async () => {
    await t.close();
    await Promise.all([push.close(), hook.close()]);
  });

  /**
   * A test notification's id, delivered to no outward channel yet (the test endpoint sends at once, so insert one through
   * the inbox of the scheduler's kind).
   */
  async function notificationFor(userId: string, groupId: string, key: string): Promise<string> {
    const [row] = await t.db.query(
      `INSERT INTO notifications (id, recipient_id, group_id, kind, occurrence_key, title, body, due_date)
       VALUES (gen_random_uuid(), $1, $2, 'NoteReminder', $3, 'Reminder: Keys', 'Time to look at “Keys”.', now()) RETURNING id`,
      [userId, groupId, key],
    );
    return row.id;
  }

  it('removes a subscription its push service answers 404 or 410, and still reaches the other devices', async () => {
    const user = await signedInUser(t);
    await settings(t, user, { push: true });
    const [gone, missing, working] = [push.device(), push.device(), push.device()];
    gone.answers.push(410);
    missing.answers.push(404);
    for (const device of [gone, missing, working]) await subscribe(t, user, device);
    await t.app.get(Notifier).deliver(await notificationFor(user.id, user.groupId!, 'k1'));
    expect([gone.statuses, missing.statuses, working.statuses]).toEqual([[410], [404], [201]]);
    expect(working.received).toEqual([expect.objectContaining({ title: 'Reminder: Keys' })]);
    const left = (await t.api('GET', '/push-subscriptions', { token: user.accessToken })).json();
    expect(left.map((s: { endpoint: string }) => s.endpoint)).toEqual([working.endpoint]);
  });

  it('tries a busy push service again (429, 5xx) and sends each device the notification once', async () => {
    const user = await signedInUser(t);
    await settings(t, user, { push: true });
    const [busy, failing, fine] = [push.device(), push.device(), push.device()];
    busy.answers.push(429);
    failing.answers.push(503);
    for (const device of [busy, failing, fine]) await subscribe(t, user, device);
    const id = await notificationFor(user.id, user.groupId!, 'k2');
    const notifier = t.app.get(Notifier);
    // the job fails, so pg-boss retries it with back-off
    await expect(notifier.deliver(id)).rejects.toThrow(/429.*503|503.*429/s);
    await notifier.deliver(id);
    await notifier.deliver(id);
    expect([busy.statuses, failing.statuses, fine.statuses]).toEqual([[429, 201], [503, 201], [201]]);
    expect([busy.received.length, failing.received.length, fine.received.length]).toEqual([1, 1, 1]);
  });

  it('links each notification to where its feature shows it: a note, the recurring transactions, else the inbox', async () => {
    const user = await signedInUser(t);
    await settings(t, user, { webhookUrl: `${hook.url}/links-${user.id}` });
    const noteId = '00000000-0000-7000-8000-0000000000aa';
    const rows: [string, string | null, string | null][] = [
      ['l1', 'Note', noteId],
      ['l2', 'RecurringTransaction', '00000000-0000-7000-8000-0000000000bb'],
      ['l3', null, null],
    ];
    for (const [key, entityType, entityId] of rows) {
      const [row] = await t.db.query(
        `INSERT INTO notifications (id, recipient_id, group_id, kind, occurrence_key, title, body, due_date, entity_type, entity_id)
         VALUES (gen_random_uuid(), $1, $2, 'NoteReminder', $3, 'Reminder', 'Body', now(), $4, $5) RETURNING id`,
        [user.id, user.groupId, key, entityType, entityId],
      );
      await t.app.get(Notifier).deliver(row.id);
    }
    const urls = hook.received.filter((r) => r.path === `/links-${user.id}`).map((r) => new URL((r.body as { url: string }).url).pathname);
    expect(urls).toEqual([`/notes/${noteId}`, '/budget/recurring', '/notifications']);
  });

  it('sends a test through every chosen channel and answers what each did, at most once a minute', async () => {
    const user = await signedInUser(t);
    const phone = push.device();
    await subscribe(t, user, phone);
    await settings(t, user, { push: true, webhookUrl: `${hook.url}/test-${user.id}` });
    const response = await t.api('POST', '/account/notification-settings/test', { token: user.accessToken });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      channels: [
        { channel: 'inbox', ok: true, detail: null },
        { channel: 'push', ok: true, detail: null },
        { channel: 'webhook', ok: true, detail: null },
      ],
    });
    expect(phone.received).toEqual([expect.objectContaining({ kind: 'Test', title: 'Hearth test notification' })]);
    expect(hook.received.filter((r) => r.path === `/test-${user.id}`)).toHaveLength(1);
    const items = (await t.api('GET', '/notifications', { token: user.accessToken })).json();
    expect(items).toMatchObject({ totalItems: 1, unreadCount: 1, items: [{ kind: 'Test', title: 'Hearth test notification' }] });
    const again = await t.api('POST', '/account/notification-settings/test', { token: user.accessToken });
    expect(again.statusCode).toBe(429);
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('Notifications: webhook addresses', () => {
  let t: TestApp;
  let hook: WebhookReceiver;
  beforeAll(async () => {
    hook = await startWebhookReceiver();
    t = await createTestApp({ NOTIFY_TICK_MS: '0' });
  });
  afterAll(async () => {
    await t.close();
    await hook.close();
  });

  it.each([
    'http://127.0.0.1:9/x',
    'http://localhost:9/x',
    'http://[::1]:9/x',
    'http://169.254.169.254/latest',
    'http://10.1.2.3/hook',
    'http://192.168.1.5:8080/hearth',
    'http://[::ffff:127.0.0.1]/x',
  ])('refuses %s when private URLs are not allowed', async (url) => {
    const user = await signedInUser(t);
    const response = await t.api('PUT', '/account/notification-settings', { token: user.accessToken, payload: { webhookUrl: url } });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('WEBHOOK_URL_NOT_ALLOWED');
  });

  /** What a settings save answers for `url`: the status and the problem, without what differs per request. */
  async function saveAnswer(token: string, url: string) {
    const response = await t.api('PUT', '/account/notification-settings', { token, payload: { webhookUrl: url } });
    const { requestId: _requestId, ...problem } = response.json();
    return { status: response.statusCode, problem };
  }

  it.each([
    'https://[::127.0.0.1]/hook',
    'https://[::7f00:1]/hook',
    'https://[::]/hook',
    'https://[::ffff:7f00:1]/hook',
    'https://[::ffff:10.0.0.1]/hook',
    'https://[2002:7f00:1::1]/hook',
    'https://[2002:c0a8:105::]/hook',
    'https://[64:ff9b::7f00:1]/hook',
    'https://[64:ff9b:1::a00:1]/hook',
    'https://[fec0::1]/hook',
    'https://[fd00::1]/hook',
    'https://[fe80::1]/hook',
    'https://[2001:db8::1]/hook',
    'https://192.0.2.10/hook',
    'https://198.51.100.7/hook',
    'https://203.0.113.9/hook',
    'https://198.18.0.1/hook',
  ])('refuses %s with the very answer a host that cannot be resolved gets', async (url) => {
    const user = await signedInUser(t);
    const unresolvable = await saveAnswer(user.accessToken, 'https://no-such-host.invalid/hook');
    expect(unresolvable).toMatchObject({ status: 400, problem: { code: 'WEBHOOK_URL_NOT_ALLOWED' } });
    expect(await saveAnswer(user.accessToken, url)).toEqual(unresolvable);
    expect((await t.api('GET', '/account/notification-settings', { token: user.accessToken })).json().webhookUrl).toBeNull();
  });

  it.each([
    'https://8.8.8.8/hook',
    'https://[2606:4700:4700::1111]/hook',
    'https://[::ffff:8.8.8.8]/hook',
    'https://[64:ff9b::808:808]/hook',
    'https://[2002:808:808::1]/hook',
  ])('keeps a public address: %s', async (url) => {
    const user = await signedInUser(t);
    const response = await t.api('PUT', '/account/notification-settings', { token: user.accessToken, payload: { webhookUrl: url } });
    expect(response.statusCode).toBe(200);
    expect(response.json().webhookUrl).toBe(url);
  });

  it('checks again at delivery: a stored URL that now points at a private address is not called', async () => {
    const user = await signedInUser(t);
    // as if the name had resolved elsewhere when it was saved
    await t.db.query(`INSERT INTO notification_settings (user_id, webhook_url) VALUES ($1, $2)`, [user.id, `${hook.url}/private`]);
    const response = await t.api('POST', '/account/notification-settings/test', { token: user.accessToken });
    expect(response.json().channels).toEqual([
      { channel: 'inbox', ok: true, detail: null },
      { channel: 'webhook', ok: false, detail: expect.stringMatching(/refused/) },
    ]);
    expect(hook.received.filter((r) => r.path === '/private')).toEqual([]);
  });

  it('answers a stored name that no longer exists at delivery as it answers a private address', async () => {
    const answers = [];
    for (const url of [`${hook.url}/private-again`, 'http://no-such-host.invalid/hook']) {
      const user = await signedInUser(t);
      await t.db.query(`INSERT INTO notification_settings (user_id, webhook_url) VALUES ($1, $2)`, [user.id, url]);
      answers.push((await t.api('POST', '/account/notification-settings/test', { token: user.accessToken })).json().channels);
    }
    expect(answers[0]).toEqual([
      { channel: 'inbox', ok: true, detail: null },
      { channel: 'webhook', ok: false, detail: expect.stringMatching(/refused/) },
    ]);
    expect(answers[1]).toEqual(answers[0]);
  });

  it('checks every redirect: a redirect to an address not allowed is not followed', async () => {
    const other = await startWebhookReceiver('127.0.0.2');
    try {
      hook.redirect('/jump', `${other.url}/landed`);
      // 127.0.0.1 stands in for a public address here; 127.0.0.2 for a private one
      const options = { allowPrivate: false, isAllowed: (address: string) => address === '127.0.0.1', timeoutMs: 2000, maxRedirects: 3 };
      await expect(postSafely(`${hook.url}/jump`, { 'content-type': 'application/json' }, Buffer.from('{}'), options)).rejects.toBeInstanceOf(AddressRefused);
      expect(other.received).toEqual([]);
      // the same redirect, allowed, is followed with the body
      const followed = await postSafely(`${hook.url}/jump`, { 'content-type': 'application/json' }, Buffer.from('{"a":1}'), {
        ...options,
        isAllowed: () => true,
      });
      expect(followed.status).toBe(200);
      expect(other.received).toEqual([{ path: '/landed', body: { a: 1 } }]);
    } finally {
      await other.close();
    }
  });
});

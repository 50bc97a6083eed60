import { join } from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { expect, SCREENSHOTS, seedGroup, seedUser, signIn, test } from './support/fixtures';

// the scheduler looks at its queue every second, so a reminder set a few seconds ahead arrives at once
test.use({ serviceEnv: { NOTIFY_TICK_MS: '1000' } });

/** Calls the API as the page's signed-in person (a token of its own through the refresh cookie). */
async function apiAs<T = unknown>(page: Page, method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const refresh = await fetch('/api/v1/session/refresh', { method: 'POST', credentials: 'include' });
      const { accessToken } = (await refresh.json()) as { accessToken: string };
      const response = await fetch(`/api/v1${path}`, {
        method,
        headers: { authorization: `Bearer ${accessToken}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : null };
    },
    { method, path, body },
  );
}

interface Note {
  id: string;
  title: string;
  reminder: {
    at: string;
    nextAt: string | null;
    timeZone: string | null;
    recipients: unknown;
    repeat: { frequency: string; interval: number; until: string | null } | null;
  } | null;
}
interface InboxPage {
  unreadCount: number;
  items: { id: string; title: string; kind: string; readAt?: string; entityId?: string }[];
}

async function createNote(page: Page, title: string): Promise<Note> {
  const created = await apiAs<Note>(page, 'POST', '/notes', { title });
  expect(created.status).toBe(201);
  return created.body;
}

/** A one-off reminder a few seconds from now: the scheduler writes it into the inbox at once. */
async function remindSoon(page: Page, noteId: string): Promise<void> {
  const at = new Date(Date.now() + 2000).toISOString().replace(/\.\d+Z$/, 'Z');
  const answer = await apiAs(page, 'PUT', `/notes/${noteId}/reminder`, { at, recipients: 'me' });
  expect(answer.status).toBe(200);
}

/**
 * Chromium refuses the Push API in Playwright's (incognito) contexts and has no push service here:
 * the page's PushManager is replaced by one that makes a subscription as a browser would (a fresh
 * P-256 key and auth secret, an https endpoint), keeping the applicationServerKey it was given.
 */
const FAKE_PUSH_MANAGER = `(() => {
  const b64 = (bytes) => btoa(String.fromCharCode(...new Uint8Array(bytes))).replace(/\\+/g, '-').replace(/\\//g, '_').replace(/=+$/, '');
  let current = null;
  PushManager.prototype.getSubscription = async function () { return current; };
  PushManager.prototype.subscribe = async function (options) {
    const pair = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits']);
    const p256dh = b64(await crypto.subtle.exportKey('raw', pair.publicKey));
    const auth = b64(crypto.getRandomValues(new Uint8Array(16)));
    const key = new Uint8Array(options.applicationServerKey).slice().buffer;
    const endpoint = 'https://push.example.test/device/' + crypto.randomUUID();
    window.__pushKey = b64(key);
    current = {
      endpoint,
      options: { userVisibleOnly: options.userVisibleOnly, applicationServerKey: key },
      toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh, auth } }),
      unsubscribe: async () => { current = null; return true; },
    };
    return current;
  };
})();`;

const shot = (page: Page, name: string) => page.screenshot({ path: join(SCREENSHOTS, `notifications-${name}.png`) });

/** The screenshot in light and in dark mode. */
async function shots(page: Page, name: string): Promise<void> {
  await page.emulateMedia({ colorScheme: 'light' });
  await shot(page, `${name}-light`);
  await page.emulateMedia({ colorScheme: 'dark' });
  await shot(page, `${name}-dark`);
  await page.emulateMedia({ colorScheme: 'light' });
}

test.describe('Notifications', () => {
  test('the bell counts unread notifications live; the inbox lists them unread first, marks them read and opens the note', async ({ page, service }) => {
    const group = await seedGroup(service.db, { modules: ['Notes'] });
    const mia = await seedUser(service.db, group.id, { nickname: 'Mia' });
    await signIn(page, mia);
    const note = await createNote(page, 'Groceries');
    await page.goto('/notes');
    await expect(page.getByRole('link', { name: 'Notifications', exact: true })).toBeVisible();

    // a second tab sends a test from the account page: the first tab's bell counts it without a reload
    const other = await page.context().newPage();
    await other.goto('/account');
    await other.getByRole('button', { name: 'Send a test' }).click();
    await expect(other.getByRole('list', { name: 'Test results' })).toContainText('Inbox: sent');
    await expect(page.getByRole('link', { name: '1 unread notification' })).toBeVisible({ timeout: 5000 });
    await other.close();

    // the note's reminder falls due: the bell follows
    await remindSoon(page, note.id);
    await expect(page.getByRole('link', { name: '2 unread notifications' })).toBeVisible({ timeout: 15_000 });

    await page.getByRole('link', { name: '2 unread notifications' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
    const inbox = page.getByRole('list', { name: 'Notifications' });
    await expect(inbox.getByRole('listitem')).toHaveCount(2);
    await expect(page.getByText('2 unread')).toBeVisible();
    await shots(page, 'inbox-unread');

    // one read: it moves below the unread one, and the bell counts one
    await page.getByRole('button', { name: 'Mark read: Hearth test notification' }).click();
    await expect(page.getByRole('link', { name: '1 unread notification' })).toBeVisible();
    await expect(inbox.getByRole('listitem').first()).toContainText('Reminder: Groceries');
    await expect(inbox.getByRole('listitem').last()).toContainText('Hearth test notification');
    // and unread again
    await page.getByRole('button', { name: 'Mark unread: Hearth test notification' }).click();
    await expect(page.getByRole('link', { name: '2 unread notifications' })).toBeVisible();

    await page.getByRole('button', { name: 'Mark all read' }).click();
    await expect(page.getByText('All read.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Notifications', exact: true })).toBeVisible();
    const afterAll = await apiAs<InboxPage>(page, 'GET', '/notifications');
    expect(afterAll.body.unreadCount).toBe(0);

    // the reminder, unread again, opens its note and is read by opening it
    await page.getByRole('button', { name: 'Mark unread: Reminder: Groceries' }).click();
    await expect(page.getByRole('link', { name: '1 unread notification' })).toBeVisible();
    await inbox.getByRole('link', { name: 'Reminder: Groceries' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Groceries' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Notifications', exact: true })).toBeVisible();
    const opened = await apiAs<InboxPage>(page, 'GET', '/notifications');
    expect(opened.body.items.find((item) => item.kind === 'NoteReminder')?.readAt).toBeTruthy();
    await page.goto('/notifications');
    await expect(page.getByText('All read.')).toBeVisible();
    await shots(page, 'inbox-read');

    // in German, chosen in the account as a person does (the account's language wins over the device's)
    await page.goto('/account');
    await page.getByRole('radio', { name: 'Deutsch' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await page.goto('/notifications');
    await expect(page.getByRole('heading', { level: 1, name: 'Benachrichtigungen' })).toBeVisible();
    await expect(page.getByText('Alles gelesen.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Als ungelesen markieren: Reminder: Groceries' })).toBeVisible();
    await shots(page, 'inbox-de');
  });

  test('"Remind me" on a note: date, time, a weekly repeat for the group in a chosen zone; a past one-off refused; removed', async ({ page, service }) => {
    const group = await seedGroup(service.db, { modules: ['Notes'] });
    const mia = await seedUser(service.db, group.id, { nickname: 'Mia' });
    await seedUser(service.db, group.id, { nickname: 'Tom' });
    await signIn(page, mia);
    const note = await createNote(page, 'Bins out');
    await page.goto(`/notes/${note.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Bins out' })).toBeVisible();

    await page.getByRole('button', { name: 'Remind me' }).click();
    // a weekly repeat in words: the day of the week and the time; the first date is worked out
    await page.getByLabel('Repeat').selectOption('Weekly');
    await page.getByLabel('On', { exact: true }).selectOption({ label: 'Monday' });
    await page.getByLabel('Time', { exact: true }).fill('08:00');
    await page.getByLabel('Not before (optional)').fill('2030-03-21');
    await expect(page.getByText('The first one: 25 Mar 2030')).toBeVisible();
    await page.getByLabel('Every how many').fill('2');
    await page.getByLabel('Last date (optional)').fill('2030-12-31');
    await page.getByRole('radio', { name: 'Chosen members' }).check();
    await page.getByRole('checkbox', { name: 'Tom' }).check();
    await page.getByRole('radio', { name: 'The whole group' }).check();
    await page.getByLabel('Time zone').selectOption('Europe/Berlin');
    await page.getByRole('heading', { name: 'Reminder' }).evaluate((element) => element.scrollIntoView({ block: 'start' }));
    await shots(page, 'remind-me-form');
    await page.getByRole('button', { name: 'Save reminder' }).click();

    // the note's reminder and its next time, as the note now has it
    // (in the app's language, English: the browser's own locale does not decide)
    await expect(page.getByText('Next: Monday, 25 March 2030 at 08:00')).toBeVisible();
    await expect(page.getByText('Every 2 weeks · The whole group · Europe/Berlin · until 31 Dec 2030')).toBeVisible();
    const saved = await apiAs<Note>(page, 'GET', `/notes/${note.id}`);
    expect(saved.body.reminder).toMatchObject({
      at: '2030-03-25T08:00:00+01:00',
      timeZone: 'Europe/Berlin',
      recipients: 'group',
      repeat: { frequency: 'Weekly', interval: 2, until: '2030-12-31' },
      nextAt: '2030-03-25T08:00:00+01:00',
    });
    await shots(page, 'remind-me-set');

    // a one-off in the past is refused beside the date
    await page.getByRole('button', { name: 'Change reminder' }).click();
    await page.getByLabel('Repeat').selectOption('None');
    await page.getByLabel('Date').fill('2020-01-01');
    await page.getByRole('button', { name: 'Save reminder' }).click();
    await expect(page.getByText('That time has passed. Choose a time in the future, or a repeat.').first()).toBeVisible();
    await expect(page.getByLabel('Date')).toHaveAttribute('aria-invalid', 'true');
    await page.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('button', { name: 'Remove reminder' }).click();
    await expect(page.getByRole('button', { name: 'Remind me' })).toBeVisible();
    expect((await apiAs<Note>(page, 'GET', `/notes/${note.id}`)).body.reminder).toBeNull();
  });

  test(
    "the account's notifications: the zone from the browser at first sign-in, " +
      "channels, the webhook's refusal inline, quiet hours, a test, push on and off",
    async ({ browser, service }) => {
      const group = await seedGroup(service.db, { modules: ['Notes'] });
      const mia = await seedUser(service.db, group.id, { nickname: 'Mia' });
      const context = await browser.newContext({
        baseURL: service.url,
        timezoneId: 'Europe/Berlin',
        viewport: { width: 360, height: 780 },
        hasTouch: true,
        locale: 'en-GB',
      });
      await context.addInitScript(FAKE_PUSH_MANAGER);
      const page = await context.newPage();
      await signIn(page, mia);

      // the first sign-in takes the browser's zone
      await expect.poll(async () => (await apiAs<{ timeZone: string }>(page, 'GET', '/account/notification-settings')).body.timeZone).toBe('Europe/Berlin');

      await page.goto('/account');
      const section = page.getByRole('region', { name: 'Notifications' });
      await expect(section.getByLabel('Time zone')).toHaveValue('Europe/Berlin');
      await expect(section.getByRole('checkbox', { name: "In the app's inbox (always)" })).toBeChecked();
      await expect(section.getByRole('checkbox', { name: "In the app's inbox (always)" })).toBeDisabled();

      // a webhook on the loopback is refused, beside the field
      await section.getByLabel('Webhook URL (optional)').fill('http://127.0.0.1:9/hook');
      await section.getByRole('button', { name: 'Save notification settings' }).click();
      await expect(
        section
          .getByText(
            'This address does not lead to a public address (it is in a private network, or its name cannot be found), ' +
              'and this server may reach only public ones. Use a public address.',
          )
          .first(),
      ).toBeVisible();
      await expect(section.getByLabel('Webhook URL (optional)')).toHaveAttribute('aria-invalid', 'true');
      await section.getByLabel('Webhook URL (optional)').evaluate((element) => element.scrollIntoView({ block: 'center' }));
      await shots(page, 'account-webhook-refused');

      await section.getByLabel('Webhook URL (optional)').fill('');
      await section.getByRole('checkbox', { name: 'By email' }).check();
      await section.getByRole('checkbox', { name: 'Hold notifications during quiet hours' }).check();
      await section.getByLabel('From', { exact: true }).fill('22:30');
      await section.getByLabel('Until').fill('06:45');
      await section.getByLabel('Time zone').selectOption('America/New_York');
      await section.getByRole('button', { name: 'Save notification settings' }).click();
      await expect(section.getByText('Your notification settings have been saved.')).toBeVisible();
      const settings = await apiAs(page, 'GET', '/account/notification-settings');
      expect(settings.body).toEqual({
        timeZone: 'America/New_York',
        quietHours: { from: '22:30', to: '06:45' },
        inbox: true,
        push: false,
        email: true,
        webhookUrl: null,
        shoppingTrips: true,
      });

      // a test through every chosen channel: the inbox and the mail
      await section.getByRole('button', { name: 'Send a test' }).click();
      const results = section.getByRole('list', { name: 'Test results' });
      await expect(results).toContainText('Inbox: sent');
      await expect(results).toContainText('Email: sent');
      await expect.poll(() => service.mail.mailsTo(mia.email).filter((message) => message.subject === 'Hearth test notification').length).toBe(1);

      // push: the browser asks only now; the device's subscription is registered, then removed
      await context.grantPermissions(['notifications'], { origin: service.url });
      // (the box follows once the device is subscribed)
      await section.getByRole('checkbox', { name: 'Push notifications on this device' }).click();
      await expect(section.getByRole('checkbox', { name: 'Push notifications on this device' })).toBeChecked();
      await expect(section.getByText("This device shows Hearth's reminders even when the app is closed.")).toBeVisible();
      const subscribed = await apiAs<{ id: string; endpoint: string }[]>(page, 'GET', '/push-subscriptions');
      expect(subscribed.body).toHaveLength(1);
      const endpoint = await page.evaluate<string | undefined>(
        'navigator.serviceWorker.ready.then((r) => r.pushManager.getSubscription()).then((s) => s?.endpoint)',
      );
      expect(subscribed.body[0].endpoint).toBe(endpoint);
      // subscribed with the installation's VAPID key
      const { publicKey } = (await apiAs<{ publicKey: string }>(page, 'GET', '/push/public-key')).body;
      expect(await page.evaluate('window.__pushKey')).toBe(publicKey);
      expect((await apiAs<{ push: boolean }>(page, 'GET', '/account/notification-settings')).body.push).toBe(true);
      await shots(page, 'account-push-on');

      await section.getByRole('checkbox', { name: 'Push notifications on this device' }).click();
      await expect(section.getByRole('checkbox', { name: 'Push notifications on this device' })).not.toBeChecked();
      await expect(section.getByText('Your browser asks for permission when you turn this on.')).toBeVisible();
      expect((await apiAs<unknown[]>(page, 'GET', '/push-subscriptions')).body).toEqual([]);
      expect(await page.evaluate('navigator.serviceWorker.ready.then((r) => r.pushManager.getSubscription()).then((s) => s === null)')).toBe(true);
      expect((await apiAs<{ push: boolean }>(page, 'GET', '/account/notification-settings')).body.push).toBe(false);
      await context.close();
    },
  );

  test('bill reminders on the recurring-transaction form: "Remind me 2 days before", then none', async ({ page, service }) => {
    const group = await seedGroup(service.db, { modules: ['Budget'] });
    const mia = await seedUser(service.db, group.id, { nickname: 'Mia' });
    await signIn(page, mia);
    const account = await apiAs<{ id: string }>(page, 'POST', '/budget-accounts', { name: 'Current account' });
    expect(account.status).toBe(201);
    const category = await apiAs<{ id: string }>(page, 'POST', '/categories', { name: 'Home', color: '#3B82F6', icon: 'Home' });
    expect(category.status).toBe(201);
    const rule = await apiAs<{ id: string }>(page, 'POST', '/recurring-transactions', {
      type: 'Expense',
      categoryId: category.body.id,
      amount: '950.00',
      description: 'Rent',
      budgetAccountId: account.body.id,
      frequency: 'Monthly',
      interval: 1,
      startDate: '2030-01-01',
    });
    expect(rule.status).toBe(201);
    await page.goto(`/budget/recurring/${rule.body.id}`);
    await expect(page.getByLabel('Category').locator('option:checked')).toHaveText('Home');
    await expect(page.getByLabel('Remind me')).toHaveValue('');
    await page.getByLabel('Remind me').selectOption({ label: '2 days before' });
    await page.getByLabel('Remind me').evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await shots(page, 'bill-reminder');
    await page.getByRole('button', { name: 'Save recurring transaction' }).click();
    await expect(page).toHaveURL(/\/budget\/recurring$/);
    expect((await apiAs<{ remindDaysBefore: number | null }>(page, 'GET', `/recurring-transactions/${rule.body.id}`)).body.remindDaysBefore).toBe(2);

    await page.goto(`/budget/recurring/${rule.body.id}`);
    await expect(page.getByLabel('Category').locator('option:checked')).toHaveText('Home');
    await expect(page.getByLabel('Remind me')).toHaveValue('2');
    await page.getByLabel('Remind me').selectOption({ label: 'No reminder' });
    await page.getByRole('button', { name: 'Save recurring transaction' }).click();
    await expect(page).toHaveURL(/\/budget\/recurring$/);
    expect((await apiAs<{ remindDaysBefore: number | null }>(page, 'GET', `/recurring-transactions/${rule.body.id}`)).body.remindDaysBefore).toBeNull();
  });

  test('the service worker shows a push message with "Done" and "Snooze 1 h", which reach the service without opening a page', async ({ page, service }) => {
    const group = await seedGroup(service.db, { modules: ['Notes'] });
    const mia = await seedUser(service.db, group.id, { nickname: 'Mia' });
    const context = page.context();
    await context.grantPermissions(['notifications'], { origin: service.url });
    await signIn(page, mia);
    const note = await createNote(page, 'Groceries');
    const worker = await serviceWorkerOf(page, context);

    // two reminders in the inbox: the service's push message for each is delivered to the worker
    await remindSoon(page, note.id);
    await expect.poll(async () => (await apiAs<InboxPage>(page, 'GET', '/notifications')).body.unreadCount, { timeout: 15_000 }).toBe(1);
    await apiAs(page, 'POST', '/account/notification-settings/test');
    const inbox = (await apiAs<InboxPage>(page, 'GET', '/notifications')).body;
    expect(inbox.unreadCount).toBe(2);
    const reminder = inbox.items.find((item) => item.kind === 'NoteReminder')!;
    const test = inbox.items.find((item) => item.kind === 'Test')!;

    const cdp = await context.newCDPSession(page);
    const registrationId = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const found = registrations.find((registration) => !registration.isDeleted && registration.scopeURL === `${service.url}/`);
        if (found) resolve(found.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    const push = async (item: InboxPage['items'][number], url: string) =>
      cdp.send('ServiceWorker.deliverPushMessage', {
        origin: service.url,
        registrationId: await registrationId,
        data: JSON.stringify({
          id: item.id,
          kind: item.kind,
          title: item.title,
          body: 'Milk and bread still open.',
          entityType: 'Note',
          entityId: note.id,
          late: false,
          createdDate: new Date().toISOString(),
          url,
        }),
      });
    await push(reminder, `${service.url}/notes/${note.id}`);
    await push(test, `${service.url}/notifications`);

    // shown with title, body and both actions
    const shown = () =>
      worker.evaluate(
        `self.registration.getNotifications().then((list) => list.map((n) => ({ title: n.title, ` +
          `body: n.body, tag: n.tag, actions: n.actions.map((a) => a.action + ':' + a.title) })))`,
      );
    await expect.poll(shown).toEqual(
      expect.arrayContaining([
        { title: 'Reminder: Groceries', body: 'Milk and bread still open.', tag: reminder.id, actions: ['done:Done', 'snooze:Snooze 1 h'] },
        { title: 'Hearth test notification', body: 'Milk and bread still open.', tag: test.id, actions: ['done:Done', 'snooze:Snooze 1 h'] },
      ]),
    );
    // the page may close: the actions run in the worker alone
    await page.goto('about:blank');

    // "Done" on the reminder: read at the service, the notification gone
    const click = (tag: string, action: string) =>
      worker.evaluate(
        `self.registration.getNotifications({ tag: ${JSON.stringify(tag)} }).then(([notification]) => { self.dispatchEvent(new ` +
          `NotificationEvent('notificationclick', { notification, action: ${JSON.stringify(action)} })); return true; })`,
      );
    await click(reminder.id, 'done');
    const row = async (id: string) =>
      (await service.db.query<{ read_at: Date | null; snoozed_until: Date | null }>('SELECT read_at, snoozed_until FROM notifications WHERE id = $1', [id]))
        .rows[0];
    await expect.poll(async () => (await row(reminder.id)).read_at).not.toBeNull();
    expect((await row(reminder.id)).snoozed_until).toBeNull();
    await expect.poll(async () => ((await shown()) as unknown[]).length).toBe(1);

    // "Snooze 1 h" on the other: read, and due again an hour on
    const before = Date.now();
    await click(test.id, 'snooze');
    await expect.poll(async () => (await row(test.id)).snoozed_until).not.toBeNull();
    const snoozed = await row(test.id);
    expect(snoozed.read_at).not.toBeNull();
    expect(snoozed.snoozed_until!.getTime()).toBeGreaterThanOrEqual(before + 59 * 60_000);
    expect(snoozed.snoozed_until!.getTime()).toBeLessThanOrEqual(Date.now() + 61 * 60_000);
    // no page was opened for either
    expect(context.pages().map((p) => p.url())).toEqual(['about:blank']);

    // a click on the notification itself opens the app at its item
    await page.goto('/notes');
    await push(reminder, `${service.url}/notes/${note.id}`);
    await expect.poll(async () => ((await shown()) as unknown[]).length).toBeGreaterThan(0);
    await click(reminder.id, '');
    await expect(page).toHaveURL(`${service.url}/notes/${note.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Groceries' })).toBeVisible();
  });
});

/** The app's service worker, once it is active. */
async function serviceWorkerOf(page: Page, context: BrowserContext) {
  await page.evaluate('navigator.serviceWorker.ready.then(() => true)');
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  await expect.poll(() => worker.evaluate('self.registration.active !== null')).toBe(true);
  return worker;
}

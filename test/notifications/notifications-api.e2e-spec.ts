import { createTestApp, TestApp } from '../support/app';
import { signedInUser } from '../support/factories';
import { addItem, createNote, ownerMemberOutsider } from '../notes/notes-support';

/** The notification API's own rules: settings, reminders on notes, push subscriptions, the inbox. */
describe('Notifications API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  afterEach(() => t.clock.reset());

  describe('settings', () => {
    it('starts with the defaults, keeps what is sent and leaves out what is not', async () => {
      const user = await signedInUser(t);
      const initial = await t.api('GET', '/account/notification-settings', { token: user.accessToken });
      expect(initial.json()).toEqual({ timeZone: 'UTC', quietHours: null, inbox: true, push: false, email: false, webhookUrl: null, shoppingTrips: true });
      const saved = await t.api('PUT', '/account/notification-settings', {
        token: user.accessToken,
        payload: { timeZone: 'Europe/Berlin', quietHours: { from: '22:00', to: '07:00' }, email: true },
      });
      expect(saved.statusCode).toBe(200);
      expect(saved.json()).toEqual({
        timeZone: 'Europe/Berlin',
        quietHours: { from: '22:00', to: '07:00' },
        inbox: true,
        push: false,
        email: true,
        webhookUrl: null,
        shoppingTrips: true,
      });
      const again = await t.api('PUT', '/account/notification-settings', { token: user.accessToken, payload: { push: true } });
      expect(again.json()).toMatchObject({ timeZone: 'Europe/Berlin', quietHours: { from: '22:00', to: '07:00' }, push: true, email: true });
      expect((await t.api('GET', '/account/notification-settings', { token: user.accessToken })).json()).toEqual(again.json());
    });

    it.each([
      [{ timeZone: 'Mars/Olympus' }, 'timeZone'],
      [{ timeZone: '+02:00' }, 'timeZone'],
      [{ quietHours: { from: '25:00', to: '07:00' } }, 'quietHours.from'],
      [{ inbox: false }, 'inbox'],
      [{ webhookUrl: 'ftp://example.org/x' }, 'webhookUrl'],
    ])('refuses %j', async (payload, field) => {
      const user = await signedInUser(t);
      const response = await t.api('PUT', '/account/notification-settings', { token: user.accessToken, payload });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors.map((e: { field: string }) => e.field)).toContain(field);
    });
  });

  describe('note reminders', () => {
    it('sets, shows on the note and in the list, replaces and removes a reminder', async () => {
      const { owner } = await ownerMemberOutsider(t);
      const note = await createNote(t, owner.accessToken);
      expect(note.reminder).toBeNull();
      const set = await t.api('PUT', `/notes/${note.id}/reminder`, {
        token: owner.accessToken,
        payload: { at: '2099-03-30T08:00', timeZone: 'Europe/Berlin', repeat: { frequency: 'Weekly', interval: 1 } },
      });
      expect(set.statusCode).toBe(200);
      expect(set.json().reminder).toEqual({
        at: '2099-03-30T08:00:00+02:00',
        repeat: { frequency: 'Weekly', interval: 1, until: null },
        timeZone: 'Europe/Berlin',
        recipients: 'me',
        nextAt: '2099-03-30T08:00:00+02:00',
      });
      const list = (await t.api('GET', '/notes', { token: owner.accessToken })).json();
      expect(list.find((n: { id: string }) => n.id === note.id).reminder).toEqual(set.json().reminder);
      const replaced = await t.api('PUT', `/notes/${note.id}/reminder`, {
        token: owner.accessToken,
        payload: { at: '2099-01-05T09:30:00Z', recipients: 'group' },
      });
      expect(replaced.json().reminder).toEqual({
        at: '2099-01-05T09:30:00Z',
        repeat: null,
        timeZone: null,
        recipients: 'group',
        nextAt: '2099-01-05T09:30:00Z',
      });
      const [entry] = await t.db.query(`SELECT count(*)::int AS n FROM notification_schedule`);
      expect(entry.n).toBeGreaterThanOrEqual(1);
      const removed = await t.api('DELETE', `/notes/${note.id}/reminder`, { token: owner.accessToken });
      expect(removed.statusCode).toBe(200);
      expect(removed.json().reminder).toBeNull();
      expect((await t.api('GET', `/notes/${note.id}`, { token: owner.accessToken })).json().reminder).toBeNull();
    });

    // at fixed instants on both sides of midnight (Berlin's, the reminder's zone, and New York's and Auckland's), never the machine's
    it.each([
      ['00:30 on 28 February in Berlin', '2027-02-27T23:30:00Z', '2027-02-28T08:00:00+01:00'],
      ['08:30 on 28 February in Berlin', '2027-02-28T07:30:00Z', '2027-03-31T08:00:00+02:00'],
      ["00:30 on New Year's Day in Berlin", '2026-12-31T23:30:00Z', '2027-01-31T08:00:00+01:00'],
      ['23:30 on 30 January in New York', '2027-01-31T04:30:00Z', '2027-01-31T08:00:00+01:00'],
      ['00:30 on 1 February in Auckland', '2027-01-31T11:30:00Z', '2027-02-28T08:00:00+01:00'],
    ])('refuses a one-off in the past with REMINDER_IN_PAST, and accepts a repeating one that started in the past (at %s)', async (_, now, nextAt) => {
      t.clock.set(now);
      const { owner } = await ownerMemberOutsider(t);
      const note = await createNote(t, owner.accessToken);
      const past = await t.api('PUT', `/notes/${note.id}/reminder`, { token: owner.accessToken, payload: { at: '2020-01-01T08:00:00Z' } });
      expect(past.statusCode).toBe(400);
      expect(past.json().code).toBe('REMINDER_IN_PAST');
      const ended = await t.api('PUT', `/notes/${note.id}/reminder`, {
        token: owner.accessToken,
        payload: { at: '2020-01-01T08:00:00Z', repeat: { frequency: 'Daily', interval: 1, until: '2020-02-01' } },
      });
      expect(ended.json().code).toBe('REMINDER_IN_PAST');
      const repeating = await t.api('PUT', `/notes/${note.id}/reminder`, {
        token: owner.accessToken,
        payload: { at: '2020-01-31T08:00', timeZone: 'Europe/Berlin', repeat: { frequency: 'Monthly', interval: 1 } },
      });
      expect(repeating.statusCode).toBe(200);
      // the month end is clamped: the 31st, or the last day of a shorter month, always 08:00 in Berlin
      expect(repeating.json().reminder.nextAt).toBe(nextAt);
      // a one-off a second ahead is taken, a second behind refused
      const ahead = new Date(Date.parse(now) + 1000).toISOString().replace('.000', '');
      const behind = new Date(Date.parse(now) - 1000).toISOString().replace('.000', '');
      expect((await t.api('PUT', `/notes/${note.id}/reminder`, { token: owner.accessToken, payload: { at: ahead } })).json().reminder.nextAt).toBe(ahead);
      expect((await t.api('PUT', `/notes/${note.id}/reminder`, { token: owner.accessToken, payload: { at: behind } })).json().code).toBe('REMINDER_IN_PAST');
    });

    it('refuses recipients outside the group, and another group cannot reach the note', async () => {
      const { owner, member, outsider } = await ownerMemberOutsider(t);
      const note = await createNote(t, owner.accessToken);
      const ok = await t.api('PUT', `/notes/${note.id}/reminder`, {
        token: owner.accessToken,
        payload: { at: '2099-01-01T08:00:00Z', recipients: [member.id] },
      });
      expect(ok.json().reminder.recipients).toEqual([member.id]);
      const foreign = await t.api('PUT', `/notes/${note.id}/reminder`, {
        token: owner.accessToken,
        payload: { at: '2099-01-01T08:00:00Z', recipients: [outsider.id] },
      });
      expect(foreign.statusCode).toBe(404);
      const other = await t.api('PUT', `/notes/${note.id}/reminder`, { token: outsider.accessToken, payload: { at: '2099-01-01T08:00:00Z' } });
      expect(other.statusCode).toBe(404);
    });

    it("keeps a private note's reminder to its creator whatever is asked", async () => {
      const { owner } = await ownerMemberOutsider(t);
      const note = await createNote(t, owner.accessToken, { isPrivate: true });
      await addItem(t, owner.accessToken, note.id);
      const set = await t.api('PUT', `/notes/${note.id}/reminder`, { token: owner.accessToken, payload: { at: '2099-01-01T08:00:00Z', recipients: 'group' } });
      expect(set.json().reminder.recipients).toBe('me');
    });
  });

  describe('push subscriptions', () => {
    const keys = { p256dh: 'B' + 'A'.repeat(86), auth: 'A'.repeat(22) };

    it("subscribes a device once, lists the caller's own, removes them, and sign-out removes the device's", async () => {
      const user = await signedInUser(t);
      const other = await signedInUser(t);
      expect((await t.api('GET', '/push/public-key', { token: user.accessToken })).json().publicKey).toMatch(/^B[A-Za-z0-9_-]{86}$/);
      const endpoint = 'https://push.example.org/send/abc';
      const first = await t.api('POST', '/push-subscriptions', { token: user.accessToken, payload: { endpoint, keys, expirationTime: null } });
      expect(first.statusCode).toBe(201);
      const again = await t.api('POST', '/push-subscriptions', { token: user.accessToken, payload: { endpoint, keys } });
      expect(again.statusCode).toBe(200);
      expect(again.json().id).toBe(first.json().id);
      expect((await t.api('GET', '/push-subscriptions', { token: user.accessToken })).json()).toEqual([first.json()]);
      expect((await t.api('GET', '/push-subscriptions', { token: other.accessToken })).json()).toEqual([]);
      expect((await t.api('DELETE', `/push-subscriptions/${first.json().id}`, { token: other.accessToken })).statusCode).toBe(404);

      await t.api('POST', '/push-subscriptions', { token: user.accessToken, payload: { endpoint: 'https://push.example.org/send/def', keys } });
      expect((await t.api('DELETE', `/push-subscriptions/${first.json().id}`, { token: user.accessToken })).statusCode).toBe(204);
      expect((await t.api('GET', '/push-subscriptions', { token: user.accessToken })).json()).toHaveLength(1);
      const signOut = await t.api('DELETE', '/session', { token: user.accessToken, cookies: { refresh_token: user.refreshToken } });
      expect(signOut.statusCode).toBe(204);
      const [{ n }] = await t.db.query(`SELECT count(*)::int AS n FROM push_subscriptions WHERE user_id = $1`, [user.id]);
      expect(n).toBe(0);
    });

    it('refuses a plain http endpoint where private URLs are not allowed', async () => {
      const user = await signedInUser(t);
      const response = await t.api('POST', '/push-subscriptions', { token: user.accessToken, payload: { endpoint: 'http://push.example.org/x', keys } });
      expect(response.statusCode).toBe(400);
    });
  });
});

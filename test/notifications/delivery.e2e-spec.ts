import { DateTime } from 'luxon';
import { createTestApp, TestApp } from '../support/app';
import { signedInUser } from '../support/factories';
import { startMailServer, TestMailServer } from '../support/mail';
import { addItem, createNote } from '../notes/notes-support';
import { startPushService, startWebhookReceiver, PushService, WebhookReceiver } from './push-service';
import { DELIVERY_ENV, deliveriesSettled, inbox, received, remind, runAt, settings, subscribe } from './notify-support';

/**
 * Reminders end to end with a controlled clock: the scheduler run at chosen times, the deliveries
 * by pg-boss to a push service written in the tests (VAPID and aes128gcm checked), the mail
 * catcher and a webhook receiver.
 */
describe('Notifications: delivery', () => {
  let t: TestApp;
  let mail: TestMailServer;
  let push: PushService;
  let hook: WebhookReceiver;

  beforeAll(async () => {
    [mail, push, hook] = await Promise.all([startMailServer(), startPushService(), startWebhookReceiver()]);
    t = await createTestApp({ ...DELIVERY_ENV, ...mail.env });
  });
  afterAll(async () => {
    await t.close();
    await Promise.all([mail.stop(), push.close(), hook.close()]);
  });
  // the reminders below are set on this day (before every date they name), never on the machine's
  beforeEach(() => t.clock.set('2026-12-01T12:00:00Z'));

  it('keeps 08:00 Europe/Berlin across the spring-forward change: push, mail and webhook exactly once each', async () => {
    const anna = await signedInUser(t, { modules: ['Notes'] });
    const phone = push.device();
    await subscribe(t, anna, phone);
    await settings(t, anna, { timeZone: 'Europe/Berlin', push: true, email: true, webhookUrl: `${hook.url}/anna` });
    const note = await createNote(t, anna.accessToken, { title: 'Bins out' });
    await addItem(t, anna.accessToken, note.id, { text: 'Paper' });
    // Mondays 08:00 in Berlin; summer time begins on Sunday 28 March 2027
    const reminder = await remind(t, anna, note.id, { at: '2027-03-22T08:00', timeZone: 'Europe/Berlin', repeat: { frequency: 'Weekly', interval: 1 } });
    expect(reminder.nextAt).toBe('2027-03-22T08:00:00+01:00');

    expect(await runAt(t, '2027-03-22T06:59:50Z')).toBe(0);
    expect(await runAt(t, '2027-03-22T07:00:05Z')).toBe(1);
    await deliveriesSettled(t);
    expect(phone.received).toHaveLength(1);

    // the Monday after the change: 08:00 is now 06:00 UTC, not 07:00
    expect(await runAt(t, '2027-03-29T05:59:30Z')).toBe(0);
    expect(await runAt(t, '2027-03-29T06:00:10Z')).toBe(1);
    expect(await runAt(t, '2027-03-29T06:00:40Z')).toBe(0);
    await deliveriesSettled(t);

    const hooks = hook.received.filter((r) => r.path === '/anna');
    expect(phone.received).toHaveLength(2);
    expect(mail.mailsTo(anna.email)).toHaveLength(2);
    expect(hooks).toHaveLength(2);
    const [pushed, mailed, posted] = [phone.received[1], mail.mailsTo(anna.email)[1], hooks[1].body];
    expect(pushed).toMatchObject({
      title: 'Reminder: Bins out',
      body: '1 of 1 items on “Bins out” still open.',
      entityType: 'Note',
      entityId: note.id,
      late: false,
    });
    expect(posted).toMatchObject({ title: pushed.title, body: pushed.body, kind: 'NoteReminder', entityId: note.id, late: false });
    expect(mailed.subject).toBe('Reminder: Bins out');
    expect(mailed.text).toContain('1 of 1 items on “Bins out” still open.');
    expect(push.refused).toEqual([]);
    // signed with the installation's VAPID key, the one GET /push/public-key gives
    const { publicKey } = (await t.api('GET', '/push/public-key', { token: anna.accessToken })).json();
    expect(new Set(push.vapidKeys)).toEqual(new Set([publicKey]));

    const due = await t.db.query(`SELECT due_date FROM notifications WHERE recipient_id = $1 ORDER BY due_date`, [anna.id]);
    const berlin = (d: Date) => new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Berlin', dateStyle: 'short', timeStyle: 'short' }).format(d);
    expect(due.map((row: { due_date: Date }) => berlin(row.due_date))).toEqual(['22/03/2027, 08:00', '29/03/2027, 08:00']);
    const items = (await inbox(t, anna)).items;
    expect(items.map((n: any) => n.title)).toEqual(['Reminder: Bins out', 'Reminder: Bins out']);
    expect((await t.api('GET', `/notes/${note.id}`, { token: anna.accessToken })).json().reminder.nextAt).toBe('2027-04-05T08:00:00+02:00');
  });

  it('catches up after downtime: up to 24 h late it is sent marked late, older only to the inbox', async () => {
    const ben = await signedInUser(t, { modules: ['Notes'] });
    await settings(t, ben, { webhookUrl: `${hook.url}/ben` });
    const note = await createNote(t, ben.accessToken, { title: 'Plants' });
    await remind(t, ben, note.id, { at: '2027-01-01T08:00', timeZone: 'UTC', repeat: { frequency: 'Daily', interval: 1 } });
    // down from before 1 January 08:00 until 3 January 09:00
    expect(await runAt(t, '2027-01-03T09:00:00Z')).toBe(3);
    await deliveriesSettled(t);
    const rows = await t.db.query(`SELECT due_date, late, outward FROM notifications WHERE recipient_id = $1 ORDER BY due_date`, [ben.id]);
    expect(rows.map((r: any) => [r.due_date.toISOString(), r.late, r.outward])).toEqual([
      ['2027-01-01T08:00:00.000Z', true, false],
      ['2027-01-02T08:00:00.000Z', true, false],
      ['2027-01-03T08:00:00.000Z', true, true],
    ]);
    const posted = hook.received.filter((r) => r.path === '/ben');
    expect(posted).toHaveLength(1);
    expect(posted[0].body).toMatchObject({ title: 'Reminder: Plants (late)', late: true });
    expect((await inbox(t, ben)).items.map((n: any) => n.late)).toEqual([true, true, true]);
  });

  it('delivers what falls in quiet hours when they end', async () => {
    const cleo = await signedInUser(t, { modules: ['Notes'] });
    await settings(t, cleo, { timeZone: 'Europe/Berlin', quietHours: { from: '22:00', to: '07:00' }, webhookUrl: `${hook.url}/cleo` });
    const note = await createNote(t, cleo.accessToken, { title: 'Passport' });
    await remind(t, cleo, note.id, { at: '2027-02-10T23:00', timeZone: 'Europe/Berlin' });
    await runAt(t, '2027-02-10T22:00:05Z');
    expect(await received(t, cleo)).toBe(0); // 23:00:05 in Berlin
    await runAt(t, '2027-02-11T05:59:00Z');
    expect(await received(t, cleo)).toBe(0); // 06:59
    await runAt(t, '2027-02-11T06:00:05Z');
    expect(await received(t, cleo)).toBe(1); // 07:00:05
    await deliveriesSettled(t);
    const posted = hook.received.filter((r) => r.path === '/cleo');
    expect(posted).toHaveLength(1);
    expect(posted[0].body.late).toBe(false);
    const [row] = await t.db.query(`SELECT due_date FROM notifications WHERE recipient_id = $1`, [cleo.id]);
    expect(row.due_date.toISOString()).toBe('2027-02-11T06:00:00.000Z');
  });

  it('does not fire for a list whose items are all completed, and a repeating one moves on', async () => {
    const dan = await signedInUser(t, { modules: ['Notes'] });
    const note = await createNote(t, dan.accessToken, { title: 'Shopping' });
    const milk = await addItem(t, dan.accessToken, note.id, { text: 'Milk' });
    const eggs = await addItem(t, dan.accessToken, note.id, { text: 'Eggs' });
    for (const item of [milk, eggs]) await t.api('PATCH', `/notes/${note.id}/items/${item.id}/toggle`, { token: dan.accessToken });
    await remind(t, dan, note.id, { at: '2027-05-01T09:00', timeZone: 'UTC', repeat: { frequency: 'Daily', interval: 1 } });
    await runAt(t, '2027-05-01T09:00:05Z');
    expect(await received(t, dan)).toBe(0);
    expect((await t.api('GET', `/notes/${note.id}`, { token: dan.accessToken })).json().reminder.nextAt).toBe('2027-05-02T09:00:00Z');
    await t.api('PATCH', `/notes/${note.id}/items/${eggs.id}/toggle`, { token: dan.accessToken });
    await runAt(t, '2027-05-02T09:00:05Z');
    expect(await received(t, dan)).toBe(1);
    expect((await inbox(t, dan)).items[0].body).toBe('1 of 2 items on “Shopping” still open.');
  });

  it('reminds nobody while the group has the Notes module switched off', async () => {
    const lea = await signedInUser(t, { modules: ['Notes'] });
    const note = await createNote(t, lea.accessToken, { title: 'Library books' });
    await remind(t, lea, note.id, { at: '2027-05-10T09:00', timeZone: 'UTC', repeat: { frequency: 'Daily', interval: 1 } });
    await t.db.query(`UPDATE groups SET modules = '{}' WHERE id = $1`, [lea.groupId]);
    await runAt(t, '2027-05-10T09:00:05Z');
    expect(await received(t, lea)).toBe(0);
    await t.db.query(`UPDATE groups SET modules = '{Notes}' WHERE id = $1`, [lea.groupId]);
    await runAt(t, '2027-05-11T09:00:05Z');
    expect(await received(t, lea)).toBe(1);
  });

  it('waits for the next occurrence when nobody is left to remind, instead of running ahead', async () => {
    const max = await signedInUser(t, { modules: ['Notes'] });
    const note = await createNote(t, max.accessToken, { title: 'Water the garden' });
    await remind(t, max, note.id, { at: '2027-06-10T07:00', timeZone: 'UTC', repeat: { frequency: 'Daily', interval: 1 } });
    await t.db.query(`UPDATE users SET status = 'Deactivated' WHERE id = $1`, [max.id]);
    await runAt(t, '2027-06-10T07:00:05Z');
    const [row] = await t.db.query(
      `SELECT r.next_index, s.due_at FROM note_reminders r JOIN notification_schedule s ON s.source_id = r.id WHERE r.note_id = $1`,
      [note.id],
    );
    expect(row.next_index).toBe(1);
    expect(row.due_at.toISOString()).toBe('2027-06-11T07:00:00.000Z');
    expect(await received(t, max)).toBe(0);
  });

  it('reminds only the creator of a private note, even when the stored reminder names the group', async () => {
    const eva = await signedInUser(t, { modules: ['Notes'] });
    const finn = await signedInUser(t, { groupId: eva.groupId! });
    const note = await createNote(t, eva.accessToken, { title: 'Birthday present', isPrivate: true });
    await remind(t, eva, note.id, { at: '2027-06-01T10:00:00Z', recipients: 'group' });
    await t.db.query(`UPDATE note_reminders SET recipients = 'group' WHERE note_id = $1`, [note.id]);
    await runAt(t, '2027-06-01T10:00:05Z');
    expect(await received(t, eva)).toBe(1);
    expect((await inbox(t, eva)).items.map((n: any) => n.title)).toEqual(['Reminder: Birthday present']);
    expect((await inbox(t, finn)).items).toEqual([]);
  });

  it('reminds the group of a shared note, each member at the time in their own zone', async () => {
    const gus = await signedInUser(t, { modules: ['Notes'] });
    const hana = await signedInUser(t, { groupId: gus.groupId! });
    await settings(t, gus, { timeZone: 'Europe/Berlin' });
    await settings(t, hana, { timeZone: 'America/New_York' });
    const note = await createNote(t, gus.accessToken, { title: 'Call grandma' });
    await remind(t, gus, note.id, { at: '2027-07-04T09:00', recipients: 'group' });
    await runAt(t, '2027-07-04T07:00:05Z');
    expect([await received(t, gus), await received(t, hana)]).toEqual([1, 0]); // 09:00 in Berlin
    await runAt(t, '2027-07-04T13:00:05Z');
    expect([await received(t, gus), await received(t, hana)]).toEqual([1, 1]); // 09:00 in New York
    expect((await inbox(t, gus)).items).toHaveLength(1);
    expect((await inbox(t, hana)).items).toHaveLength(1);
  });

  /**
   * "Tomorrow 09:00" set in the recipient's own zone, then the recipient moves. Run at fixed instants
   * on both sides of midnight in UTC, New York and Auckland and on daylight-saving change days (never
   * at the machine's hour): the reminder then waits for 09:00 of that date in the new zone, or, when
   * that had passed there before the reminder was set, ends without reminding (an occurrence is
   * never sent to someone for whom it fell before the reminder was set).
   */
  describe.each([
    ['the hour CI once failed at', '2026-11-29T03:08:00Z'],
    ['23:30 in UTC', '2027-01-15T23:30:00Z'],
    ['00:30 in UTC', '2027-01-16T00:30:00Z'],
    ['23:30 in New York', '2027-01-16T04:30:00Z'],
    ['00:30 in New York', '2027-01-16T05:30:00Z'],
    ['23:30 in Auckland', '2027-01-16T10:30:00Z'],
    ['00:30 in Auckland', '2027-01-16T11:30:00Z'],
    ['23:30 in New York before spring-forward', '2027-03-14T04:30:00Z'],
    ['00:30 in New York on the spring-forward day', '2027-03-14T05:30:00Z'],
    ['23:30 in New York before fall-back', '2026-11-01T03:30:00Z'],
    ['00:30 in New York on the fall-back day', '2026-11-01T04:30:00Z'],
    ['23:30 in Auckland before spring-forward', '2026-09-26T11:30:00Z'],
    ['00:30 in Auckland on the spring-forward day', '2026-09-26T12:30:00Z'],
    ['23:30 in Auckland before fall-back', '2027-04-03T10:30:00Z'],
    ['00:30 in Auckland on the fall-back day', '2027-04-03T11:30:00Z'],
  ])('works out again when a reminder is due after its recipient moves to another time zone, at %s (%s)', (_, now) => {
    it.each([
      ['America/New_York', 'Asia/Tokyo'],
      ['Pacific/Auckland', 'America/New_York'],
      ['UTC', 'Pacific/Auckland'],
    ])('from %s to %s', async (from, to) => {
      t.clock.set(now);
      const at = Date.parse(now);
      const kai = await signedInUser(t, { modules: ['Notes'] });
      await settings(t, kai, { timeZone: from });
      const note = await createNote(t, kai.accessToken, { title: 'Tickets' });
      // tomorrow 09:00 in the recipient's own zone, whatever it is then
      const tomorrow = DateTime.fromISO(now, { zone: from }).plus({ days: 1 }).toISODate();
      const reminder = await remind(t, kai, note.id, { at: `${tomorrow}T09:00` });
      const inFrom = DateTime.fromISO(`${tomorrow}T09:00`, { zone: from });
      expect(reminder.nextAt).toBe(inFrom.toISO({ suppressMilliseconds: true }));
      expect(await runAt(t, now)).toBe(0);
      const dueAt = async (): Promise<Date | undefined> =>
        (await t.db.query(`SELECT s.due_at FROM notification_schedule s JOIN note_reminders r ON r.id = s.source_id WHERE r.note_id = $1`, [note.id]))[0]
          ?.due_at;
      // its next look: at that time, or within a day when that is further off
      expect((await dueAt())?.getTime()).toBe(Math.min(inFrom.toMillis(), at + 24 * 3_600_000));

      await settings(t, kai, { timeZone: to });
      expect((await dueAt())?.getTime()).toBe(at);
      const inTo = DateTime.fromISO(`${tomorrow}T09:00`, { zone: to }).toMillis();
      const made = await runAt(t, now);
      if (inTo > at) {
        expect(made).toBe(0);
        expect((await dueAt())?.getTime()).toBe(Math.min(inTo, at + 24 * 3_600_000));
        expect(await runAt(t, new Date(inTo - 1000).toISOString())).toBe(0);
        expect(await runAt(t, new Date(inTo).toISOString())).toBe(1);
        expect((await inbox(t, kai)).items.map((n: any) => [n.title, n.late])).toEqual([['Reminder: Tickets', false]]);
      } else {
        // 09:00 of that date had already passed in the new zone when the reminder was set: not sent
        expect(made).toBe(0);
        expect((await inbox(t, kai)).items).toEqual([]);
      }
      expect(await dueAt()).toBeUndefined();
      expect((await t.api('GET', `/notes/${note.id}`, { token: kai.accessToken })).json().reminder.nextAt).toBeNull();
    });
  });
});

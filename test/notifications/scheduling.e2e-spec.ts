import { Notifier } from '../../src/modules/notifications/notifier.service';
import { createTestApp, TestApp } from '../support/app';
import { signedInUser } from '../support/factories';
import { openStream } from '../support/sse';
import { createNote } from '../notes/notes-support';
import { budgetSetup, call } from '../budget/budget-support';
import { startWebhookReceiver, WebhookReceiver } from './push-service';
import { DELIVERY_ENV, deliveriesSettled, inbox, received, remind, runAt, settings } from './notify-support';

/** Two instances on one database, bill reminders, and the inbox with its live badge. */
describe('Notifications: scheduling across instances, bills and the inbox', () => {
  let a: TestApp;
  let b: TestApp;
  let hook: WebhookReceiver;

  beforeAll(async () => {
    hook = await startWebhookReceiver();
    a = await createTestApp(DELIVERY_ENV);
    b = await createTestApp(DELIVERY_ENV, { existingDatabase: a.databaseName });
  });
  afterAll(async () => {
    await b.app.close();
    await a.close();
    await hook.close();
  }, 60_000);
  // the reminders below are set on this day (before every date they name), never on the machine's
  beforeEach(() => [a, b].forEach((app) => app.clock.set('2027-01-10T12:00:00Z')));

  it('delivers each occurrence once per recipient when two instances run the scheduler at once', async () => {
    const owner = await signedInUser(a, { modules: ['Notes'] });
    const members = [owner, await signedInUser(a, { groupId: owner.groupId! }), await signedInUser(a, { groupId: owner.groupId! })];
    for (const m of members) await settings(a, m, { webhookUrl: `${hook.url}/pair-${m.id}` });
    const notes = [];
    for (let i = 0; i < 30; i++) {
      const note = await createNote(a, owner.accessToken, { title: `List ${i}` });
      await remind(a, owner, note.id, { at: '2027-08-01T10:00:00Z', recipients: 'group' });
      notes.push(note.id);
    }
    const made = await Promise.all([
      runAt(a, '2027-08-01T10:00:10Z'),
      runAt(b, '2027-08-01T10:00:10Z'),
      runAt(a, '2027-08-01T10:00:20Z'),
      runAt(b, '2027-08-01T10:00:20Z'),
    ]);
    expect(made.reduce((x, y) => x + y, 0)).toBe(90);
    await Promise.all([deliveriesSettled(a), deliveriesSettled(b)]);
    for (const m of members) {
      const got = hook.received.filter((r) => r.path === `/pair-${m.id}`).map((r) => r.body.entityId);
      expect(got.sort()).toEqual([...notes].sort());
      expect(await received(a, m)).toBe(30);
    }
  });

  it('tells every member of the group "Rent €950.00 is due tomorrow" at 08:00 in their own time zone', async () => {
    const { member: payer, food } = await budgetSetup(a);
    const partner = await signedInUser(a, { groupId: payer.groupId! });
    await settings(a, payer, { timeZone: 'Europe/Berlin', webhookUrl: `${hook.url}/rent-payer` });
    await settings(a, partner, { timeZone: 'America/New_York' });
    const rent = { type: 'Expense', amount: '950.00', description: 'Rent', categoryId: food.id, frequency: 'Monthly', startDate: '2027-02-01' };
    const rule = await call(a, payer, 'POST', '/recurring-transactions', { ...rent, remindDaysBefore: 1 });
    expect(rule.remindDaysBefore).toBe(1);
    await runAt(a, '2027-01-31T06:59:00Z');
    expect([await received(a, payer), await received(a, partner)]).toEqual([0, 0]);
    await runAt(a, '2027-01-31T07:00:05Z'); // 08:00 in Berlin
    expect([await received(a, payer), await received(a, partner)]).toEqual([1, 0]);
    await runAt(a, '2027-01-31T13:00:05Z'); // 08:00 in New York
    expect([await received(a, payer), await received(a, partner)]).toEqual([1, 1]);
    const [item] = (await inbox(a, partner)).items;
    expect(item).toMatchObject({
      kind: 'BillReminder',
      title: 'Upcoming: Rent',
      body: 'Rent €950.00 is due tomorrow',
      entityType: 'RecurringTransaction',
      entityId: rule.id,
    });
    await deliveriesSettled(a);
    expect(hook.received.filter((r) => r.path === '/rent-payer').map((r) => r.body.body)).toEqual(['Rent €950.00 is due tomorrow']);
    // the next month's reminder: 28 February, still 08:00 in each zone
    await runAt(a, '2027-02-28T07:00:05Z');
    expect([await received(a, payer), await received(a, partner)]).toEqual([2, 1]);
    // no reminder any more: nothing further, not even the partner's still to come in New York that day
    await call(a, payer, 'PUT', `/recurring-transactions/${rule.id}`, { ...rent, remindDaysBefore: null });
    await runAt(a, '2027-03-31T14:00:00Z');
    expect([await received(a, payer), await received(a, partner)]).toEqual([2, 1]);
  });

  it("names both amounts of a bill paid in francs, each in the recipient's language, the description cut to the column", async () => {
    const { member: payer, food } = await budgetSetup(a);
    const partner = await signedInUser(a, { groupId: payer.groupId! });
    await settings(a, payer, { timeZone: 'Europe/Berlin', webhookUrl: `${hook.url}/fee-payer` });
    await settings(a, partner, { timeZone: 'Europe/Berlin' });
    expect((await a.api('PUT', '/account', { token: partner.accessToken, payload: { locale: 'de' } })).statusCode).toBe(200);
    const fee = { type: 'Expense', description: 'Gym', categoryId: food.id, frequency: 'Monthly', startDate: '2027-02-01', remindDaysBefore: 1 };
    const rule = await call(a, payer, 'POST', '/recurring-transactions', { ...fee, original: { amount: '1284.00', currency: 'CHF', rate: '1.0611' } });
    expect(rule.amount).toBe('1362.45');
    await runAt(a, '2027-01-31T07:00:05Z');
    const [en] = (await inbox(a, payer)).items;
    expect(en).toMatchObject({ kind: 'BillReminder', title: 'Upcoming: Gym', body: 'Gym CHF\u00a01,284.00 (€1,362.45) is due tomorrow' });
    const [de] = (await inbox(a, partner)).items;
    expect(de).toMatchObject({ title: 'Demnächst: Gym', body: 'Gym 1.284,00\u00a0CHF (1.362,45\u00a0€) ist morgen fällig' });
    await deliveriesSettled(a);
    expect(hook.received.filter((r) => r.path === '/fee-payer').map((r) => r.body.body)).toEqual(['Gym CHF\u00a01,284.00 (€1,362.45) is due tomorrow']);
    // a description as long as it may be: the title is cut to its column, the body keeps both amounts whole
    const long = 'Fitness '.repeat(62) + 'Club';
    const francs = { amount: '84.00', currency: 'CHF', rate: '1.0611' };
    await call(a, payer, 'PUT', `/recurring-transactions/${rule.id}`, { ...fee, description: long, original: francs });
    await runAt(a, '2027-02-28T07:00:05Z');
    const [cut] = (await inbox(a, payer)).items;
    expect([...cut.title]).toHaveLength(200);
    expect(cut.title).toMatch(/^Upcoming: Fitness .*…$/);
    expect(cut.body).toBe(`${long} CHF\u00a084.00 (€89.13) is due tomorrow`);
  });

  it('refuses remindDaysBefore outside 0–30', async () => {
    const { member } = await budgetSetup(a);
    const response = await a.api('POST', '/recurring-transactions', {
      token: member.accessToken,
      payload: { type: 'Expense', amount: '1.00', frequency: 'Monthly', startDate: '2027-02-01', remindDaysBefore: 31 },
    });
    expect(response.statusCode).toBe(400);
  });

  it('lists the inbox unread first, marks read, unread, all read, snoozes, and tells only the recipient live', async () => {
    const ida = await signedInUser(a, { modules: ['Notes'] });
    const jon = await signedInUser(a, { groupId: ida.groupId! });
    await a.app.listen(0, '127.0.0.1');
    const url = (await a.app.getUrl()).replace('[::1]', '127.0.0.1');
    const [idaStream, jonStream] = await Promise.all([openStream(url, ida.accessToken), openStream(url, jon.accessToken)]);
    try {
      await Promise.all([idaStream.next((e) => e.event === 'ready'), jonStream.next((e) => e.event === 'ready')]);
      const ids: string[] = [];
      for (const [title, at] of [
        ['First', '2027-09-01T08:00:00Z'],
        ['Second', '2027-09-02T08:00:00Z'],
        ['Third', '2027-09-03T08:00:00Z'],
      ]) {
        const note = await createNote(a, ida.accessToken, { title });
        await remind(a, ida, note.id, { at });
        await runAt(a, at.replace(':00Z', ':05Z'));
        ids.push((await inbox(a, ida)).items[0].id);
      }
      const event = await idaStream.next((e) => e.event === 'change' && e.data.entityType === 'Notification');
      expect(event.data).toMatchObject({ entityType: 'Notification', action: 'Created' });
      expect(jonStream.changes().filter((c) => c.entityType === 'Notification')).toEqual([]);

      let page = await inbox(a, ida);
      expect(page).toMatchObject({ totalItems: 3, unreadCount: 3 });
      expect(page.items.map((n: any) => n.title)).toEqual(['Reminder: Third', 'Reminder: Second', 'Reminder: First']);
      expect(page.items[0].readAt).toBeUndefined();

      const read = await a.api('PATCH', `/notifications/${ids[2]}`, { token: ida.accessToken, payload: { read: true } });
      expect(read.statusCode).toBe(200);
      expect(read.json().readAt).toEqual(expect.any(String));
      page = await inbox(a, ida);
      expect(page.unreadCount).toBe(2);
      expect(page.items.map((n: any) => n.title)).toEqual(['Reminder: Second', 'Reminder: First', 'Reminder: Third']);
      expect((await a.api('GET', '/notifications?unread=true', { token: ida.accessToken })).json().items).toHaveLength(2);
      expect((await a.api('PATCH', `/notifications/${ids[2]}`, { token: jon.accessToken, payload: { read: true } })).statusCode).toBe(404);

      const snoozed = await a.api('POST', `/notifications/${ids[1]}/snooze`, { token: ida.accessToken, payload: {} });
      expect(snoozed.statusCode).toBe(200);
      const [job] = await a.db.query(
        `SELECT data, start_after FROM pgboss.job WHERE name = 'notification-deliver' AND data->>'id' = $1 AND (data->>'attempt')::int = 1`,
        [ids[1]],
      );
      expect(job.start_after.getTime() - Date.now()).toBeGreaterThan(55 * 60_000);
      expect(snoozed.json().readAt).toEqual(expect.any(String));
      // an hour later (its job run now): unread again, and sent again
      await a.app.get(Notifier).deliver(ids[1], 1);
      const woken = (await inbox(a, ida)).items.find((n: any) => n.id === ids[1]);
      expect(woken.readAt).toBeUndefined();
      await a.api('PATCH', `/notifications/${ids[1]}`, { token: ida.accessToken, payload: { read: true } });

      // two unread again, then all read at once: each gets its history row, the recipient's live event
      await a.api('PATCH', `/notifications/${ids[1]}`, { token: ida.accessToken, payload: { read: false } });
      const all = await a.api('POST', '/notifications/read-all', { token: ida.accessToken });
      expect(all.json()).toEqual({ unreadCount: 0 });
      const afterAll = await inbox(a, ida);
      expect(afterAll.unreadCount).toBe(0);
      for (const id of [ids[0], ids[1]]) {
        const change = await idaStream.next((e) => e.event === 'change' && e.data.entityId === id && e.data.action === 'Updated');
        expect(change.data).toMatchObject({ entityType: 'Notification' });
        const [row] = await a.db.query(
          `SELECT changes, entity_label, private_to_user_id, group_id FROM action_histories
            WHERE entity_id = $1 AND action = 'Updated' ORDER BY created_date DESC, id DESC LIMIT 1`,
          [id],
        );
        const readAt = afterAll.items.find((n: any) => n.id === id).readAt;
        expect(row).toEqual({
          changes: { readAt: { old: null, new: readAt } },
          entity_label: expect.stringMatching(/^Reminder: /),
          private_to_user_id: ida.id,
          group_id: ida.groupId,
        });
      }
      expect(jonStream.changes().filter((c) => c.entityType === 'Notification')).toEqual([]);
      const unread = await a.api('PATCH', `/notifications/${ids[0]}`, { token: ida.accessToken, payload: { read: false } });
      expect(unread.json().readAt).toBeUndefined();
      expect((await inbox(a, ida)).unreadCount).toBe(1);
    } finally {
      idaStream.close();
      jonStream.close();
    }
  });
});

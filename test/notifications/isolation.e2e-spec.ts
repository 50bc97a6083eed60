import { createTestApp, TestApp } from '../support/app';
import { signedInUser } from '../support/factories';
import { createNote } from '../notes/notes-support';
import { budgetSetup, call } from '../budget/budget-support';
import { inbox, received, remind, runAt, settings } from './notify-support';

/**
 * Nothing one member types stops what others receive: every notification text is cut to its
 * column, and a reminder that cannot be written is retried alone while the others are sent.
 * Every run of the scheduler here is at a fixed time (`runAt`), never the machine's.
 */
describe('Notifications: one reminder never holds up the others', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const scheduleOf = async (sourceId: string) =>
    (await t.db.query(`SELECT due_at, failures FROM notification_schedule WHERE source_id = $1`, [sourceId]))[0] as
      { due_at: Date; failures: number } | undefined;

  it('cuts a bill reminder of a 500-character description to the title column with "…", in English and German, late or not', async () => {
    const { member: payer, food } = await budgetSetup(t);
    const partner = await signedInUser(t, { groupId: payer.groupId! });
    expect((await t.api('PUT', '/account', { token: partner.accessToken, payload: { locale: 'de' } })).statusCode).toBe(200);
    const description = 'Very long rent description '.repeat(19).slice(0, 500);
    expect(description).toHaveLength(500);
    const rule = await call(t, payer, 'POST', '/recurring-transactions', {
      type: 'Expense',
      amount: '950.00',
      description,
      categoryId: food.id,
      frequency: 'Monthly',
      startDate: '2027-02-01',
      remindDaysBefore: 1,
    });
    // 08:00 UTC on 31 January for both (UTC is their zone); the run a minute later is on time
    expect(await runAt(t, '2027-01-31T08:01:00Z')).toBe(2);
    const [english] = (await inbox(t, payer)).items;
    expect(english.title.length).toBeLessThanOrEqual(200);
    expect(english.title).toBe(`Upcoming: ${description.slice(0, 189).trimEnd()}…`);
    expect(english.body.length).toBeLessThanOrEqual(1000);
    expect(english.body).toBe(`${description} €950.00 is due tomorrow`);
    const [german] = (await inbox(t, partner)).items;
    expect(german.title.length).toBeLessThanOrEqual(200);
    expect(german.title.length).toBeGreaterThan(190);
    expect(german.title.startsWith('Demnächst: Very long rent description')).toBe(true);
    expect(german.title.endsWith('…')).toBe(true);
    // the next month's reminder written an hour late: the "(late)" mark stays whole, the description is cut
    expect(await runAt(t, '2027-02-28T09:00:00Z')).toBe(2);
    const late = (await inbox(t, payer)).items.find((n: any) => n.late);
    expect(late.title.length).toBeLessThanOrEqual(200);
    expect(late.title.length).toBeGreaterThan(190);
    expect(late.title).toMatch(/^Upcoming: Very long rent description .*… \(late\)$/);
    expect((await inbox(t, partner)).items.find((n: any) => n.late).title).toMatch(/… \(verspätet\)$/);
    expect(await scheduleOf(rule.id)).toMatchObject({ failures: 0 });
    // the tests below count every notification a run makes
    await call(t, payer, 'DELETE', `/recurring-transactions/${rule.id}`);
  });

  it('writes another group’s reminder at its time while one reminder cannot be written, and retries that one alone later', async () => {
    const stuck = await signedInUser(t, { modules: ['Notes'] });
    const other = await signedInUser(t, { modules: ['Notes'] });
    const poisoned = await createNote(t, stuck.accessToken, { title: 'Refused by the table' });
    const fine = await createNote(t, other.accessToken, { title: 'Groceries' });
    const stuckReminder = await remind(t, stuck, poisoned.id, { at: '2027-10-01T08:00:00Z' });
    await remind(t, other, fine.id, { at: '2027-10-01T08:02:00Z' });
    const [{ id: stuckId }] = await t.db.query(`SELECT id FROM note_reminders WHERE note_id = $1`, [poisoned.id]);
    expect(stuckReminder).toBeTruthy();
    // a notification the database refuses (as it refused a title too long for its column)
    await t.db.query(`ALTER TABLE notifications ADD CONSTRAINT ck_test_refused CHECK (title NOT LIKE '%Refused by the table%') NOT VALID`);
    try {
      expect(await runAt(t, '2027-10-01T08:00:05Z')).toBe(0);
      const first = await scheduleOf(stuckId);
      expect(first!.failures).toBe(1);
      expect(first!.due_at.toISOString()).toBe('2027-10-01T08:01:05.000Z');
      // the other group's reminder comes at its time, in the same runs that still fail the first
      expect(await runAt(t, '2027-10-01T08:02:05Z')).toBe(1);
      expect(await received(t, other)).toBe(1);
      expect((await inbox(t, other)).items[0]).toMatchObject({ title: 'Reminder: Groceries', late: false });
      expect(await received(t, stuck)).toBe(0);
      const second = await scheduleOf(stuckId);
      expect(second!.failures).toBe(2);
      expect(second!.due_at.toISOString()).toBe('2027-10-01T08:04:05.000Z');
    } finally {
      await t.db.query(`ALTER TABLE notifications DROP CONSTRAINT ck_test_refused`);
    }
    // once it can be written, the retry sends it (late: ten minutes after its time)
    expect(await runAt(t, '2027-10-01T08:10:05Z')).toBe(1);
    expect((await inbox(t, stuck)).items).toMatchObject([{ title: 'Reminder: Refused by the table (late)', late: true }]);
    expect(await scheduleOf(stuckId)).toBeUndefined();
    expect(await received(t, other)).toBe(1);
  });

  it('retries alone a reminder whose source cannot load it, while the batch around it is sent', async () => {
    const owner = await signedInUser(t, { modules: ['Notes'] });
    const notes = [];
    for (const title of ['One', 'Two', 'Three']) {
      const note = await createNote(t, owner.accessToken, { title });
      await remind(t, owner, note.id, { at: '2027-11-01T08:00:00Z' });
      notes.push(note.id);
    }
    // a stored repetition the rule cannot step through: the source throws for this reminder only
    const [[{ id: broken }]] = await t.db.query(`UPDATE note_reminders SET frequency = 'Hourly' WHERE note_id = $1 RETURNING id`, [notes[1]]);
    const made = await runAt(t, '2027-11-01T08:00:05Z');
    const titles = (await inbox(t, owner)).items.map((n: any) => n.title).sort();
    expect({ made, titles }).toEqual({ made: 2, titles: ['Reminder: One', 'Reminder: Three'] });
    expect(await scheduleOf(broken)).toMatchObject({ failures: 1 });
  });
});

describe('Notifications: a change of zone or quiet hours rechecks only that member', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  /** Due in two hours by the database's clock: what the scheduler's daily look leaves in the queue. */
  const dueLater = (ids: string[]) =>
    t.db.query(`UPDATE notification_schedule SET due_at = now() + interval '2 hours' WHERE source_id = ANY($1::uuid[])`, [ids]);
  const dueIn = async (id: string) =>
    Number((await t.db.query(`SELECT extract(epoch FROM due_at - now()) AS seconds FROM notification_schedule WHERE source_id = $1`, [id]))[0].seconds);

  it('brings forward the reminders that remind the member, at most once a minute, and nobody else’s', async () => {
    const { member: ida, food } = await budgetSetup(t, await signedInUser(t, { modules: ['Budget', 'Notes'] }));
    const jon = await signedInUser(t, { groupId: ida.groupId! });
    const stranger = await signedInUser(t, { modules: ['Notes'] });
    const idasNote = await createNote(t, ida.accessToken, { title: 'Ida’s' });
    const jonsNote = await createNote(t, jon.accessToken, { title: 'Jon’s' });
    const strangersNote = await createNote(t, stranger.accessToken, { title: 'Stranger’s' });
    await remind(t, ida, idasNote.id, { at: '2027-12-01T08:00' });
    await remind(t, jon, jonsNote.id, { at: '2027-12-01T08:00' });
    await remind(t, stranger, strangersNote.id, { at: '2027-12-01T08:00' });
    const bill = await call(t, ida, 'POST', '/recurring-transactions', {
      type: 'Expense',
      amount: '10.00',
      categoryId: food.id,
      frequency: 'Monthly',
      startDate: '2027-12-05',
      remindDaysBefore: 1,
    });
    const ids = Object.fromEntries(
      (
        await t.db.query(`SELECT n.title, r.id FROM note_reminders r JOIN notes n ON n.id = r.note_id WHERE r.note_id = ANY($1::uuid[])`, [
          [idasNote.id, jonsNote.id, strangersNote.id],
        ])
      ).map((row: { title: string; id: string }) => [row.title, row.id]),
    );
    const all = [ids['Ida’s'], ids['Jon’s'], ids['Stranger’s'], bill.id];
    await dueLater(all);

    await settings(t, ida, { timeZone: 'Pacific/Auckland' });
    // Ida's own note reminder and her group's bill reminder are looked at now; Jon's and the stranger's stay
    expect(await dueIn(ids['Ida’s'])).toBeLessThanOrEqual(1);
    expect(await dueIn(bill.id)).toBeLessThanOrEqual(1);
    expect(await dueIn(ids['Jon’s'])).toBeGreaterThan(7000);
    expect(await dueIn(ids['Stranger’s'])).toBeGreaterThan(7000);

    // within the minute, another change: looked at again a minute after the first look, not at once
    await dueLater(all);
    await settings(t, ida, { quietHours: { from: '22:00', to: '07:00' } });
    const again = await dueIn(ids['Ida’s']);
    expect(again).toBeGreaterThan(50);
    expect(again).toBeLessThanOrEqual(61);
    expect(await dueIn(bill.id)).toBeCloseTo(again, 0);
    expect(await dueIn(ids['Jon’s'])).toBeGreaterThan(7000);

    // a change that is not of timing (mail on) rechecks nothing
    await dueLater(all);
    await settings(t, jon, { email: true });
    expect(await dueIn(ids['Jon’s'])).toBeGreaterThan(7000);
    // Jon's change of zone: his note and the group's bill, not Ida's note
    await settings(t, jon, { timeZone: 'America/New_York' });
    expect(await dueIn(ids['Jon’s'])).toBeLessThanOrEqual(1);
    expect(await dueIn(bill.id)).toBeLessThanOrEqual(1);
    expect(await dueIn(ids['Ida’s'])).toBeGreaterThan(7000);
    expect(await dueIn(ids['Stranger’s'])).toBeGreaterThan(7000);
  });
});

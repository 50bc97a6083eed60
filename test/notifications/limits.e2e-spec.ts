import { createTestApp, TestApp } from '../support/app';
import { signedInUser } from '../support/factories';
import { createNote } from '../notes/notes-support';
import { budgetSetup, call } from '../budget/budget-support';
import { inbox, remind, runAt } from './notify-support';

/** What one person may have and do: at most 500 active reminders, 3 snoozes a notification and 30 an hour. */
describe('Notifications: limits', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  /** `count` note reminders set by `user` with occurrences left, written straight into the tables. */
  async function seedNoteReminders(user: { id: string; groupId: string | null }, count: number): Promise<void> {
    await t.db.query(
      `WITH n AS (INSERT INTO notes (id, group_id, title, created_by) SELECT gen_random_uuid(), $1, 'Seeded ' || i, $2
                    FROM generate_series(1, $3) i RETURNING id)
       INSERT INTO note_reminders (id, note_id, group_id, start_local, setter_time_zone, recipients, set_by, set_date, next_index)
       SELECT gen_random_uuid(), n.id, $1, '2028-01-01T08:00:00', 'UTC', 'me', $2, now(), 0 FROM n`,
      [user.groupId, user.id, count],
    );
  }

  const problem = (response: { statusCode: number; headers: Record<string, unknown>; json: () => any }) => ({
    status: response.statusCode,
    type: response.headers['content-type'],
    code: response.json().code,
    detail: response.json().detail,
  });

  it('refuses a member’s 501st active reminder (note or bill) with 400 TOO_MANY_REMINDERS, and takes it once one is gone', async () => {
    const { member, food } = await budgetSetup(t, await signedInUser(t, { modules: ['Budget', 'Notes'] }));
    const partner = await signedInUser(t, { groupId: member.groupId! });
    await seedNoteReminders(member, 500);
    // a finished reminder (no occurrence left) does not count
    await t.db.query(`UPDATE note_reminders SET next_index = NULL WHERE id = (SELECT id FROM note_reminders WHERE set_by = $1 LIMIT 1)`, [member.id]);
    const note = await createNote(t, member.accessToken, { title: 'Five hundredth' });
    await remind(t, member, note.id, { at: '2028-02-01T08:00' });
    await remind(t, member, note.id, { at: '2028-02-02T08:00' }); // replacing one's own reminder adds none
    const another = await createNote(t, member.accessToken, { title: 'One too many' });

    const refused = await t.api('PUT', `/notes/${another.id}/reminder`, { token: member.accessToken, payload: { at: '2028-02-01T08:00' } });
    expect(problem(refused)).toEqual({
      status: 400,
      type: 'application/problem+json; charset=utf-8',
      code: 'TOO_MANY_REMINDERS',
      detail: 'A member may have at most 500 active reminders; remove one before setting another',
    });
    expect((await t.db.query(`SELECT count(*)::int AS n FROM note_reminders WHERE note_id = $1`, [another.id]))[0].n).toBe(0);

    const rent = { type: 'Expense', amount: '950.00', description: 'Rent', categoryId: food.id, frequency: 'Monthly', startDate: '2028-02-01' };
    const bill = await t.api('POST', '/recurring-transactions', { token: member.accessToken, payload: { ...rent, remindDaysBefore: 1 } });
    expect(problem(bill)).toMatchObject({ status: 400, code: 'TOO_MANY_REMINDERS' });
    expect((await call(t, member, 'GET', '/recurring-transactions')).length).toBe(0);
    // without a reminder the rule is made; adding one to it is refused
    const plain = await call(t, member, 'POST', '/recurring-transactions', rent);
    expect(
      problem(await t.api('PUT', `/recurring-transactions/${plain.id}`, { token: member.accessToken, payload: { ...rent, remindDaysBefore: 2 } })),
    ).toMatchObject({
      status: 400,
      code: 'TOO_MANY_REMINDERS',
    });
    // the limit is the member's own: their partner still sets a reminder on the same rule
    expect((await call(t, partner, 'PUT', `/recurring-transactions/${plain.id}`, { ...rent, remindDaysBefore: 2 })).remindDaysBefore).toBe(2);

    await call(t, member, 'DELETE', `/notes/${note.id}/reminder`, undefined, 200);
    expect((await remind(t, member, another.id, { at: '2028-02-01T08:00' })).at).toBeTruthy();
  });

  async function notificationOf(user: Awaited<ReturnType<typeof signedInUser>>, title: string, at: string): Promise<string> {
    const note = await createNote(t, user.accessToken, { title });
    await remind(t, user, note.id, { at });
    await runAt(t, at.replace(':00Z', ':05Z'));
    return (await inbox(t, user)).items.find((n: any) => n.title === `Reminder: ${title}`).id;
  }

  const snooze = (user: { accessToken: string }, id: string) =>
    t.api('POST', `/notifications/${id}/snooze`, { token: user.accessToken, payload: { minutes: 5 } });

  it('snoozes a notification at most 3 times: the 4th is 409 SNOOZE_LIMIT and changes nothing', async () => {
    const ida = await signedInUser(t, { modules: ['Notes'] });
    const id = await notificationOf(ida, 'Water the plants', '2028-03-01T08:00:00Z');
    for (let i = 0; i < 3; i++) expect((await snooze(ida, id)).statusCode).toBe(200);
    const fourth = await snooze(ida, id);
    expect(problem(fourth)).toEqual({
      status: 409,
      type: 'application/problem+json; charset=utf-8',
      code: 'SNOOZE_LIMIT',
      detail: 'A notification can be snoozed at most 3 times',
    });
    const [row] = await t.db.query(`SELECT snooze_count FROM notifications WHERE id = $1`, [id]);
    expect(row.snooze_count).toBe(3);
    const jobs = await t.db.query(
      `SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'notification-deliver' AND data->>'id' = $1 AND (data->>'attempt')::int > 0`,
      [id],
    );
    expect(jobs[0].n).toBe(3);
  });

  it('takes at most 30 snoozes a person an hour: then 429 with Retry-After', async () => {
    const jon = await signedInUser(t, { modules: ['Notes'] });
    const other = await signedInUser(t, { modules: ['Notes'] });
    const ids = [];
    // one a day, each after the last: running the scheduler at a reminder's time stands the app's clock there
    for (let i = 0; i < 11; i++)
      ids.push(await notificationOf(jon, `List ${i}`, `2028-04-${String(1 + i).padStart(2, '0')}T${String(8 + i).padStart(2, '0')}:00:00Z`));
    let taken = 0;
    for (const id of ids.slice(0, 10)) {
      for (let i = 0; i < 3; i++) {
        const response = await snooze(jon, id);
        expect(response.statusCode).toBe(200);
        taken++;
      }
    }
    expect(taken).toBe(30);
    const refused = await snooze(jon, ids[10]);
    expect(problem(refused)).toMatchObject({ status: 429, type: 'application/problem+json; charset=utf-8', code: 'RATE_LIMITED' });
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeGreaterThan(3500);
    expect(wait).toBeLessThanOrEqual(3600);
    expect((await t.db.query(`SELECT snooze_count FROM notifications WHERE id = $1`, [ids[10]]))[0].snooze_count).toBe(0);
    // another person's snoozes are their own
    const theirs = await notificationOf(other, 'Theirs', '2028-05-01T08:00:00Z');
    expect((await snooze(other, theirs)).statusCode).toBe(200);
  });
});

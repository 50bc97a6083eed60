import { createTestApp, TestApp } from '../support/app';
import { signedInUser } from '../support/factories';
import { addItem, createNote, getNote } from '../notes/notes-support';
import { inbox, type Member, remind, runAt } from './notify-support';

/**
 * Reminders on a shared note are personal: each member sets and removes their own, a note answers
 * the caller's own as `reminder` and, as `reminders`, those the caller may see (their own and those
 * that name them or the group); each reminder reaches its own recipients, once.
 */
describe('Notifications: personal reminders on a shared note', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  // set on this day, before every date the reminders name
  beforeEach(() => t.clock.set('2027-05-01T12:00:00Z'));
  afterEach(() => t.clock.reset());

  async function family(): Promise<{ anna: Member; jonas: Member; oma: Member; note: any }> {
    const anna = await signedInUser(t, { modules: ['Notes'] });
    const jonas = await signedInUser(t, { groupId: anna.groupId! });
    const oma = await signedInUser(t, { groupId: anna.groupId! });
    const note = await createNote(t, anna.accessToken, { title: 'Einkaufsliste' });
    await addItem(t, anna.accessToken, note.id, { text: 'Brot' });
    return { anna, jonas, oma, note };
  }

  const seen = (note: any) => note.reminders.map((r: any) => `${r.setBy}:${JSON.stringify(r.recipients)}:${r.nextAt}`).sort();
  const listed = async (user: Member, noteId: string) =>
    (await t.api('GET', '/notes', { token: user.accessToken })).json().find((n: { id: string }) => n.id === noteId);

  it('keeps each member’s own reminder: setting one replaces only the caller’s, “only me” is seen by nobody else', async () => {
    const { anna, jonas, oma, note } = await family();
    const annas = await remind(t, anna, note.id, { at: '2027-05-08T08:00:00Z' });
    const jonass = await remind(t, jonas, note.id, { at: '2027-05-08T09:00:00Z' });
    expect(annas).toMatchObject({ recipients: 'me', nextAt: '2027-05-08T08:00:00Z' });
    expect(jonass).toMatchObject({ recipients: 'me', nextAt: '2027-05-08T09:00:00Z' });

    // Anna's "only me" is still hers, and only hers
    const forAnna = await getNote(t, anna.accessToken, note.id);
    expect(forAnna.reminder).toEqual(annas);
    expect(seen(forAnna)).toEqual([`${anna.id}:"me":2027-05-08T08:00:00Z`]);
    const forJonas = await getNote(t, jonas.accessToken, note.id);
    expect(forJonas.reminder).toEqual(jonass);
    expect(seen(forJonas)).toEqual([`${jonas.id}:"me":2027-05-08T09:00:00Z`]);
    const forOma = await getNote(t, oma.accessToken, note.id);
    expect(forOma.reminder).toBeNull();
    expect(forOma.reminders).toEqual([]);
    // the list says the same
    expect((await listed(anna, note.id)).reminder).toEqual(annas);
    expect(seen(await listed(jonas, note.id))).toEqual(seen(forJonas));
    expect((await listed(oma, note.id)).reminders).toEqual([]);

    // Jonas changes his: a reminder for the group; Anna's stays as it was
    await remind(t, jonas, note.id, { at: '2027-05-08T10:00:00Z', recipients: 'group' });
    expect((await getNote(t, anna.accessToken, note.id)).reminder).toEqual(annas);
    expect(seen(await getNote(t, anna.accessToken, note.id))).toEqual([`${anna.id}:"me":2027-05-08T08:00:00Z`, `${jonas.id}:"group":2027-05-08T10:00:00Z`]);
    // Oma sees the group's, not Anna's own, and has none of her own
    const omaNow = await getNote(t, oma.accessToken, note.id);
    expect(omaNow.reminder).toBeNull();
    expect(seen(omaNow)).toEqual([`${jonas.id}:"group":2027-05-08T10:00:00Z`]);
    expect((await t.db.query(`SELECT count(*)::int AS n FROM note_reminders WHERE note_id = $1`, [note.id]))[0].n).toBe(2);

    // DELETE removes the caller's own only
    const removed = await t.api('DELETE', `/notes/${note.id}/reminder`, { token: jonas.accessToken });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().reminder).toBeNull();
    expect(removed.json().reminders).toEqual([]);
    expect((await getNote(t, anna.accessToken, note.id)).reminder).toEqual(annas);
    expect(seen(await getNote(t, anna.accessToken, note.id))).toEqual([`${anna.id}:"me":2027-05-08T08:00:00Z`]);
    // Oma's DELETE (she has none) changes nothing
    expect((await t.api('DELETE', `/notes/${note.id}/reminder`, { token: oma.accessToken })).statusCode).toBe(200);
    expect((await getNote(t, anna.accessToken, note.id)).reminder).toEqual(annas);
  });

  it('shows a reminder that names the member to that member, and not to the others', async () => {
    const { anna, jonas, oma, note } = await family();
    await remind(t, anna, note.id, { at: '2027-05-08T08:00:00Z', recipients: [oma.id] });
    const forOma = await getNote(t, oma.accessToken, note.id);
    expect(forOma.reminder).toBeNull();
    expect(seen(forOma)).toEqual([`${anna.id}:${JSON.stringify([oma.id])}:2027-05-08T08:00:00Z`]);
    expect((await getNote(t, jonas.accessToken, note.id)).reminders).toEqual([]);
    expect((await getNote(t, anna.accessToken, note.id)).reminders).toHaveLength(1);
  });

  it('reminds each member by their own reminder, once each', async () => {
    const { anna, jonas, oma, note } = await family();
    await remind(t, anna, note.id, { at: '2027-05-15T08:00:00Z' });
    await remind(t, jonas, note.id, { at: '2027-05-15T08:00:00Z' });
    await remind(t, oma, note.id, { at: '2027-05-15T09:00:00Z', recipients: [anna.id] });

    await runAt(t, '2027-05-15T08:00:05Z');
    await runAt(t, '2027-05-15T08:00:40Z');
    await runAt(t, '2027-05-15T09:00:05Z');
    await runAt(t, '2027-05-15T09:30:00Z');
    // (the scheduler also catches up the other tests' reminders here: only this note's notifications are counted)
    const titles = async (user: Member) => (await inbox(t, user)).items.filter((n: any) => n.entityId === note.id).map((n: any) => n.title);
    // Anna: her own at 08:00 and Oma's for her at 09:00; Jonas his own; Oma (who named Anna) none
    expect(await titles(anna)).toHaveLength(2);
    expect(await titles(jonas)).toHaveLength(1);
    expect(await titles(oma)).toEqual([]);
    const rows = await t.db.query(`SELECT recipient_id, due_date FROM notifications WHERE entity_id = $1 ORDER BY due_date, recipient_id`, [note.id]);
    expect(rows.map((r: { recipient_id: string; due_date: Date }) => `${r.recipient_id}@${r.due_date.toISOString()}`).sort()).toEqual(
      [`${anna.id}@2027-05-15T08:00:00.000Z`, `${jonas.id}@2027-05-15T08:00:00.000Z`, `${anna.id}@2027-05-15T09:00:00.000Z`].sort(),
    );
  });

  it('keeps one reminder a member on a note: setting one’s own again replaces it, another member’s stays', async () => {
    const { anna, jonas, note } = await family();
    await remind(t, anna, note.id, { at: '2027-05-08T08:00:00Z' });
    await remind(t, anna, note.id, { at: '2027-05-09T08:00:00Z' }); // replaces her own
    await remind(t, jonas, note.id, { at: '2027-05-08T08:00:00Z' });
    const [row] = await t.db.query(
      `SELECT count(*) FILTER (WHERE set_by = $2)::int AS anna, count(*) FILTER (WHERE set_by = $3)::int AS jonas FROM note_reminders WHERE note_id = $1`,
      [note.id, anna.id, jonas.id],
    );
    expect(row).toEqual({ anna: 1, jonas: 1 });
  });
});

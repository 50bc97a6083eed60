import { randomUUID } from 'node:crypto';
import { UnitOfWork } from '../../src/database/transaction';
import { NotesRepository } from '../../src/modules/notes/notes.repository';
import { createTestApp, TestApp } from '../support/app';
import { addItem, createNote, ownerMemberOutsider } from '../notes/notes-support';
import { call, flatOfThree, historyOf, Member } from './budget-support';

/**
 * Client-made ids on create (docs/budget.md, Settlements; docs/notes.md): an id that exists anywhere,
 * in any group, is 409 and nothing is written or changed; a create inserts and never updates. Only
 * the same member's identical retry is answered with what the first call made.
 */
describe('client-made ids: a create never takes over an existing row', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const post = async (user: Member, path: string, payload: unknown) => {
    const response = await t.api('POST', path, { token: user.accessToken, payload });
    return { status: response.statusCode, body: response.json() };
  };
  const settlementRow = async (id: string) =>
    (
      await t.db.query(
        'SELECT group_id, from_user_id, to_user_id, amount::text, date::text, note, created_by_id, updated_date FROM settlements WHERE id = $1',
        [id],
      )
    )[0];

  it("POST /budget/settlements with another group's settlement id: 409 ID_TAKEN, and that settlement is unchanged", async () => {
    const theirs = await flatOfThree(t);
    const ours = await flatOfThree(t);
    const id = randomUUID();
    const original = await call(t, theirs.ben, 'POST', '/budget/settlements', {
      id,
      fromUserId: theirs.ben.id,
      toUserId: theirs.anna.id,
      amount: '14.00',
      date: '2026-03-05',
      note: 'rent',
    });
    const before = await settlementRow(id);

    for (const payload of [
      { id, fromUserId: ours.ben.id, toUserId: ours.anna.id, amount: '99.00', date: '2026-04-01', note: 'mine now' },
      { id, fromUserId: ours.ben.id, toUserId: ours.anna.id, amount: '14.00', date: '2026-03-05', note: 'rent' },
    ]) {
      const answer = await post(ours.ben, '/budget/settlements', payload);
      expect([answer.status, answer.body.code]).toEqual([409, 'ID_TAKEN']);
    }
    expect(await settlementRow(id)).toEqual(before);
    expect(await call(t, theirs.anna, 'GET', `/budget/settlements/${id}`)).toEqual(original);
    expect((await historyOf(t, id)).map((h) => [h.action, h.group_id])).toEqual([['Created', theirs.anna.groupId]]);
    expect((await call(t, ours.anna, 'GET', '/budget/settlements')).items).toEqual([]);
  });

  it("the same member's identical retry answers the settlement it made; other values, or another member's, are 409 ID_TAKEN", async () => {
    const { anna, ben, cleo } = await flatOfThree(t);
    const id = randomUUID();
    const body = { id, fromUserId: ben.id, toUserId: anna.id, amount: '14', date: '2026-03-05' };
    const first = await call(t, ben, 'POST', '/budget/settlements', body);
    const before = await settlementRow(id);
    expect(await call(t, ben, 'POST', '/budget/settlements', body)).toEqual(first);

    for (const [user, payload] of [
      [ben, { ...body, amount: '15.00' }],
      [ben, { ...body, date: '2026-03-06' }],
      [ben, { ...body, note: 'changed' }],
      [cleo, body],
      [anna, body],
    ] as const) {
      const answer = await post(user, '/budget/settlements', payload);
      expect([answer.status, answer.body.code]).toEqual([409, 'ID_TAKEN']);
    }
    expect(await settlementRow(id)).toEqual(before);
    expect(await historyOf(t, id)).toHaveLength(1);
    const balances = await call(t, anna, 'GET', '/budget/balances');
    expect(balances.parties.find((p: any) => p.userId === ben.id).sent).toBe('14.00');
  });

  it('parallel creates with one new id make one settlement; the others are answered with it or 409, never 500', async () => {
    const { anna, ben } = await flatOfThree(t);
    const id = randomUUID();
    const body = { id, fromUserId: ben.id, toUserId: anna.id, amount: '7.00', date: '2026-03-05' };
    const answers = await Promise.all(Array.from({ length: 6 }, () => post(ben, '/budget/settlements', body)));
    for (const answer of answers) expect(answer.status === 201 || (answer.status === 409 && answer.body.code === 'ID_TAKEN')).toBe(true);
    expect(answers.filter((a) => a.status === 201).length).toBeGreaterThanOrEqual(1);
    const [{ n }] = await t.db.query('SELECT count(*)::int AS n FROM settlements WHERE id = $1', [id]);
    expect(n).toBe(1);
    expect(await historyOf(t, id)).toHaveLength(1);
  });

  it("a note item's create inserts and never updates: an item id taken in another group is refused by the database, and that item is unchanged", async () => {
    const { owner, outsider: stranger } = await ownerMemberOutsider(t);
    const theirNote = await createNote(t, owner.accessToken);
    const item = await addItem(t, owner.accessToken, theirNote.id, { text: 'Bread' });
    const myNote = await createNote(t, stranger.accessToken);
    const before = (await t.db.query('SELECT * FROM note_items WHERE id = $1', [item.id]))[0];

    // what a create meets when the id is taken between its check and its write (a parallel create)
    const notes = t.app.get(NotesRepository);
    const write = t.app
      .get(UnitOfWork)
      .run(() => notes.createItem({ id: item.id, groupId: stranger.groupId!, noteId: myNote.id, text: 'Mine now', url: null, isCompleted: false, order: 0 }));
    await expect(write).rejects.toThrow(/duplicate key|PK_/);
    expect((await t.db.query('SELECT * FROM note_items WHERE id = $1', [item.id]))[0]).toEqual(before);
    expect(await historyOf(t, item.id)).toHaveLength(1);
  });
});

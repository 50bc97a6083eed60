import { createTestApp, TestApp } from '../support/app';
import { signedInUser } from '../support/factories';
import {
  addItem,
  allAnswer,
  answers,
  createNote,
  getNote,
  historyOf,
  noteRoutes,
  noteScopedRoutes,
  NotesUser as User,
  ownerMemberOutsider,
} from './notes-support';

describe('notes: who can see and change what', () => {
  let t: TestApp;
  let owner: User;
  let member: User;
  let outsider: User;
  beforeAll(async () => {
    t = await createTestApp();
    ({ owner, member, outsider } = await ownerMemberOutsider(t));
  });
  afterAll(() => t.close());

  /** A snapshot of a note, its items and its history, to prove that refused calls changed nothing. */
  const state = async (noteId: string) => ({
    notes: await t.db.query('SELECT * FROM notes WHERE id = $1', [noteId]),
    items: await t.db.query('SELECT * FROM note_items WHERE note_id = $1 ORDER BY "order"', [noteId]),
    history: await t.db.query('SELECT count(*)::int AS n FROM action_histories'),
  });

  it("shares a group's notes with every member of the group", async () => {
    const note = await createNote(t, owner.accessToken, { title: 'Shared' });
    const item = await addItem(t, owner.accessToken, note.id);
    expect(await getNote(t, member.accessToken, note.id)).toEqual(await getNote(t, owner.accessToken, note.id));
    const toggled = await t.api('PATCH', `/notes/${note.id}/items/${item.id}/toggle`, { token: member.accessToken });
    expect(toggled.statusCode).toBe(200);
    const [row] = (await historyOf(t, item.id)).slice(-1);
    expect(row).toMatchObject({ user_id: member.id, user_nickname: member.nickname, private_to_user_id: null });
  });

  describe('a private note', () => {
    let note: any;
    let item: any;
    beforeAll(async () => {
      note = await createNote(t, owner.accessToken, { title: 'Secret', isPrivate: true });
      item = await addItem(t, owner.accessToken, note.id, { text: 'gift' });
      const pinned = await t.api('PATCH', `/notes/${note.id}/pin`, { token: owner.accessToken, payload: { isPinned: true } });
      const toggled = await t.api('PATCH', `/notes/${note.id}/items/${item.id}/toggle`, { token: owner.accessToken });
      expect([pinned.statusCode, toggled.statusCode]).toEqual([200, 200]);
    });

    it('is visible and changeable for its creator', async () => {
      expect(note.isPrivate).toBe(true);
      const listed = (await t.api('GET', '/notes', { token: owner.accessToken })).json();
      expect(listed.map((n: { id: string }) => n.id)).toContain(note.id);
      const detail = await getNote(t, owner.accessToken, note.id);
      expect(detail).toMatchObject({ isPrivate: true, isPinned: true, items: [{ id: item.id, isCompleted: true }] });
    });

    it('is missing from the list of every other member', async () => {
      const listed = (await t.api('GET', '/notes', { token: member.accessToken })).json();
      expect(listed.map((n: { id: string }) => n.id)).not.toContain(note.id);
    });

    it('answers 404 to every other member on every route, and nothing changes', async () => {
      const before = await state(note.id);
      const routes = noteScopedRoutes(note.id, item.id);
      expect(await answers(t, member.accessToken, routes)).toEqual(allAnswer(routes, '404 NOT_FOUND: Note not found'));
      expect(await state(note.id)).toEqual(before);
    });

    it('keeps its history and its items history private to the creator', async () => {
      const rows = [...(await historyOf(t, note.id)), ...(await historyOf(t, item.id))];
      expect(rows.map((row) => [row.entity_type, row.action])).toEqual([
        ['Note', 'Created'],
        ['Note', 'Updated'],
        ['NoteItem', 'Created'],
        ['NoteItem', 'Updated'],
      ]);
      for (const row of rows) expect(row).toMatchObject({ private_to_user_id: owner.id, group_id: owner.groupId, user_id: owner.id });
    });

    it('keeps the history of its deletion private too', async () => {
      const doomed = await createNote(t, owner.accessToken, { isPrivate: true });
      const doomedItem = await addItem(t, owner.accessToken, doomed.id);
      expect((await t.api('DELETE', `/notes/${doomed.id}`, { token: owner.accessToken })).statusCode).toBe(204);
      const deletions = [...(await historyOf(t, doomed.id)), ...(await historyOf(t, doomedItem.id))].filter((row) => row.action === 'Deleted');
      expect(deletions).toHaveLength(2);
      for (const row of deletions) expect(row.private_to_user_id).toBe(owner.id);
    });
  });

  describe("another group's note", () => {
    let note: any;
    let item: any;
    beforeAll(async () => {
      note = await createNote(t, owner.accessToken, { title: 'Ours' });
      item = await addItem(t, owner.accessToken, note.id);
    });

    it('answers 404 on every route, exactly like a missing id, and nothing changes', async () => {
      const before = await state(note.id);
      const missing = '0190a5c4-1b2c-7d3e-8f40-123456789abc';
      for (const route of noteScopedRoutes(note.id, item.id)) {
        const foreign = await t.api(route.method, route.path, { token: outsider.accessToken, payload: route.payload });
        const absent = await t.api(route.method, route.path.replace(note.id, missing), { token: outsider.accessToken, payload: route.payload });
        expect([route.method, route.path, foreign.statusCode]).toEqual([route.method, route.path, 404]);
        const strip = (body: any) => ({ ...body, instance: undefined, requestId: undefined });
        expect(strip(foreign.json())).toEqual(strip(absent.json()));
      }
      expect(await state(note.id)).toEqual(before);
      const listed = (await t.api('GET', '/notes', { token: outsider.accessToken })).json();
      expect(listed.map((n: { id: string }) => n.id)).not.toContain(note.id);
    });

    it("answers 404 for its item addressed through the caller's own note", async () => {
      const own = await createNote(t, outsider.accessToken);
      const routes = noteScopedRoutes(own.id, item.id).filter((route) => route.path.includes(item.id) && !route.path.endsWith('/order'));
      expect(routes).toHaveLength(3);
      expect(await answers(t, outsider.accessToken, routes)).toEqual(allAnswer(routes, '404 NOT_FOUND: Note item not found'));
      const reorder = await t.api('PATCH', `/notes/${own.id}/items/order`, { token: outsider.accessToken, payload: { itemIds: [item.id] } });
      expect(reorder.statusCode).toBe(400);
      expect((await getNote(t, owner.accessToken, note.id)).items).toEqual([item]);
    });
  });

  it('answers 403 MODULE_DISABLED on every route when the group lacks the Notes module', async () => {
    const note = await createNote(t, owner.accessToken);
    const item = await addItem(t, owner.accessToken, note.id);
    const without = await signedInUser(t, { modules: ['Map', 'Budget'] });
    const routes = noteRoutes(note.id, item.id);
    expect(await answers(t, without.accessToken, routes)).toEqual(allAnswer(routes, '403 MODULE_DISABLED: The Notes module is not enabled for this group'));
    expect((await getNote(t, owner.accessToken, note.id)).items).toEqual([item]);
  });

  it('answers 401 on every route without a token', async () => {
    const routes = noteRoutes('0190a5c4-1b2c-7d3e-8f40-123456789abc', '0190a5c4-1b2c-7d3e-8f40-123456789abd');
    expect((await answers(t, undefined, routes)).map((answer) => answer.split(' → ')[1].slice(0, 3))).toEqual(routes.map(() => '401'));
  });
});

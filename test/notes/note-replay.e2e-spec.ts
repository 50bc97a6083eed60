import { randomUUID } from 'node:crypto';
import { createTestApp, TestApp } from '../support/app';
import { addItem, apiAs, createNote, getNote, historyOf, NotesUser as User, ownerMemberOutsider } from './notes-support';

/**
 * Safe replay (docs/offline.md): an offline client sends its queue again after a lost
 * answer, so creates take a client-made id, toggles can set instead of flip, and edits name the
 * version they started from.
 */
describe('notes: safe replay of offline writes', () => {
  let t: TestApp;
  let owner: User;
  let member: User;
  let outsider: User;
  beforeAll(async () => {
    t = await createTestApp();
    ({ owner, member, outsider } = await ownerMemberOutsider(t));
  });
  afterAll(() => t.close());

  const as = (user: User) => apiAs(t, user.accessToken);
  const count = async (table: 'notes' | 'note_items', id: string) => (await t.db.query(`SELECT count(*)::int AS n FROM ${table} WHERE id = $1`, [id]))[0].n;

  describe('POST /notes with a client-made id', () => {
    it('creates once: every repeat answers 200 with the same note, one row, one history row', async () => {
      const id = randomUUID();
      const body = { id, title: 'Shop', content: 'Saturday', color: '#10b981' };
      const first = await as(owner)('POST', '/notes', body);
      expect(first.statusCode).toBe(201);
      expect(first.json()).toMatchObject({ id, title: 'Shop', color: '#10B981', version: 1 });

      for (let i = 0; i < 3; i++) {
        const again = await as(owner)('POST', '/notes', body);
        expect(again.statusCode).toBe(200);
        expect(again.json()).toEqual(first.json());
        expect(again.headers.etag).toBe('"1"');
      }
      expect(await count('notes', id)).toBe(1);
      expect(await historyOf(t, id)).toHaveLength(1);
    });

    it('answers a repeat with the note as it is now, items included', async () => {
      const id = randomUUID();
      await as(owner)('POST', '/notes', { id, title: 'Trip' });
      const item = await addItem(t, owner.accessToken, id, { text: 'Tent' });
      const again = await as(owner)('POST', '/notes', { id, title: 'Trip' });
      expect(again.statusCode).toBe(200);
      expect(again.json().items).toEqual([item]);
    });

    it('refuses the id with other content, from another member, or from another group with 409 ID_CONFLICT, writing nothing', async () => {
      const id = randomUUID();
      await as(owner)('POST', '/notes', { id, title: 'Mine' });
      const historyBefore = await historyOf(t, id);
      for (const [user, body] of [
        [owner, { id, title: 'Other title' }],
        [owner, { id, title: 'Mine', isPrivate: true }],
        [member, { id, title: 'Mine' }],
        [outsider, { id, title: 'Mine' }],
      ] as const) {
        const response = await as(user)('POST', '/notes', body);
        expect(response.statusCode).toBe(409);
        expect(response.json()).toMatchObject({ code: 'ID_CONFLICT', detail: 'This id is already used by another note: make a new id' });
        // nothing about the note that holds the id is told
        expect(response.body).not.toContain('Mine');
      }
      expect(await getNote(t, owner.accessToken, id)).toMatchObject({ title: 'Mine', isPrivate: false, version: 1 });
      expect(await historyOf(t, id)).toEqual(historyBefore);
    });

    it('refuses an id that is not a UUID with 400', async () => {
      const response = await as(owner)('POST', '/notes', { id: 'note-1', title: 'x' });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual([{ field: 'id', message: 'id must be a UUID' }]);
    });
  });

  describe('POST /notes/{id}/items with a client-made id', () => {
    it('adds once: every repeat answers 200 with the same item, one row, one history row', async () => {
      const note = await createNote(t, owner.accessToken);
      const id = randomUUID();
      const first = await as(owner)('POST', `/notes/${note.id}/items`, { id, text: 'Milk' });
      expect(first.statusCode).toBe(201);
      expect(first.json()).toEqual({
        id,
        text: 'Milk',
        url: null,
        isCompleted: false,
        order: 0,
        version: 1,
        quantity: null,
        aisle: null,
        catalogItemId: null,
        addedDuringTrip: false,
      });
      const repeats = await Promise.all([1, 2, 3].map(() => as(owner)('POST', `/notes/${note.id}/items`, { id, text: 'Milk' })));
      for (const again of repeats) {
        expect(again.statusCode).toBe(200);
        expect(again.json()).toEqual(first.json());
      }
      expect(await count('note_items', id)).toBe(1);
      expect(await historyOf(t, id)).toHaveLength(1);
      expect((await getNote(t, owner.accessToken, note.id)).items).toHaveLength(1);
    });

    it('answers a repeat even after the item was ticked (the item as it is), and never adds it twice', async () => {
      const note = await createNote(t, owner.accessToken);
      const id = randomUUID();
      await as(owner)('POST', `/notes/${note.id}/items`, { id, text: 'Eggs' });
      await as(owner)('PATCH', `/notes/${note.id}/items/${id}/toggle`, { isCompleted: true });
      const again = await as(owner)('POST', `/notes/${note.id}/items`, { id, text: 'Eggs' });
      expect(again.statusCode).toBe(200);
      expect(again.json()).toMatchObject({ id, isCompleted: true, version: 2 });
      expect(await count('note_items', id)).toBe(1);
    });

    it("refuses the id with other content, on another note, from another member or another group's note with 409", async () => {
      const note = await createNote(t, owner.accessToken);
      const otherNote = await createNote(t, owner.accessToken);
      const outsiderNote = await createNote(t, outsider.accessToken);
      const id = randomUUID();
      await as(owner)('POST', `/notes/${note.id}/items`, { id, text: 'Bread' });
      for (const [user, noteId, text] of [
        [owner, note.id, 'Rolls'],
        [owner, otherNote.id, 'Bread'],
        [member, note.id, 'Bread'],
        [outsider, outsiderNote.id, 'Bread'],
      ] as const) {
        const response = await as(user)('POST', `/notes/${noteId}/items`, { id, text });
        expect(response.statusCode).toBe(409);
        expect(response.json()).toMatchObject({ code: 'ID_CONFLICT', detail: 'This id is already used by another item: make a new id' });
      }
      expect((await getNote(t, owner.accessToken, otherNote.id)).items).toEqual([]);
      expect((await getNote(t, outsider.accessToken, outsiderNote.id)).items).toEqual([]);
      expect(await historyOf(t, id)).toHaveLength(1);
    });
  });

  describe('toggle with {isCompleted}', () => {
    it('sets the state: repeats change nothing and write no history; without a body it still flips', async () => {
      const note = await createNote(t, owner.accessToken);
      const item = await addItem(t, owner.accessToken, note.id, { text: 'Milk' });
      const path = `/notes/${note.id}/items/${item.id}/toggle`;
      for (let i = 0; i < 3; i++) {
        const response = await as(owner)('PATCH', path, { isCompleted: true });
        expect(response.statusCode).toBe(200);
        expect(response.json()).toMatchObject({ isCompleted: true, version: 2 });
        expect(response.headers.etag).toBe('"2"');
      }
      const rows = await historyOf(t, item.id);
      expect(rows.map((row) => [row.action, row.changes])).toEqual([
        ['Created', expect.any(Object)],
        ['Updated', { isCompleted: { old: false, new: true } }],
      ]);
      expect((await as(owner)('PATCH', path, { isCompleted: false })).json()).toMatchObject({ isCompleted: false, version: 3 });
      expect((await as(owner)('PATCH', path)).json()).toMatchObject({ isCompleted: true, version: 4 });
      expect(await historyOf(t, item.id)).toHaveLength(4);
    });

    it.each([[{ isCompleted: 'yes' }], [{ isCompleted: true, text: 'x' }]])('refuses the body %j with 400', async (payload) => {
      const note = await createNote(t, owner.accessToken);
      const item = await addItem(t, owner.accessToken, note.id);
      expect((await as(owner)('PATCH', `/notes/${note.id}/items/${item.id}/toggle`, payload)).statusCode).toBe(400);
    });
  });

  describe('versions, ETag and If-Match', () => {
    it("raises a note's version on each change of its own fields, not on its items' changes", async () => {
      const note = await createNote(t, owner.accessToken);
      const item = await addItem(t, owner.accessToken, note.id);
      await as(owner)('PATCH', `/notes/${note.id}/items/${item.id}/toggle`);
      const read = await as(owner)('GET', `/notes/${note.id}`);
      expect(read.headers.etag).toBe('"1"');
      expect(read.json()).toMatchObject({ version: 1, items: [{ version: 2 }] });
      const pinned = await as(owner)('PATCH', `/notes/${note.id}/pin`, { isPinned: true });
      expect(pinned.json().version).toBe(2);
      expect(pinned.headers.etag).toBe('"2"');
      // a PUT that changes nothing keeps the version
      const same = await as(owner)('PUT', `/notes/${note.id}`, { title: note.title }, { 'if-match': '"2"' });
      expect(same.json().version).toBe(2);
    });

    it('refuses a PUT of a note from a stale version with 412 and the current note; the current version passes', async () => {
      const note = await createNote(t, owner.accessToken, { title: 'Shop' });
      await as(member)('PUT', `/notes/${note.id}`, { title: 'Shop Saturday' }, { 'if-match': '"1"' });
      const historyBefore = await historyOf(t, note.id);

      const stale = await as(owner)('PUT', `/notes/${note.id}`, { title: 'Shop Sunday' }, { 'if-match': '"1"' });
      expect(stale.statusCode).toBe(412);
      expect(stale.headers['content-type']).toContain('application/problem+json');
      expect(stale.json()).toMatchObject({
        status: 412,
        code: 'VERSION_CONFLICT',
        current: { id: note.id, title: 'Shop Saturday', version: 2, items: [] },
      });
      expect(await historyOf(t, note.id)).toEqual(historyBefore);

      const fresh = await as(owner)('PUT', `/notes/${note.id}`, { title: 'Shop Sunday' }, { 'if-match': 'W/"2"' });
      expect(fresh.statusCode).toBe(200);
      expect(fresh.headers.etag).toBe('"3"');
      // without If-Match the last write wins, as before
      const blind = await as(member)('PUT', `/notes/${note.id}`, { title: 'Shop Monday' });
      expect(blind.json()).toMatchObject({ title: 'Shop Monday', version: 4 });
    });

    it('refuses a PUT of an item from a stale version with 412 and the current item', async () => {
      const note = await createNote(t, owner.accessToken);
      const item = await addItem(t, owner.accessToken, note.id, { text: 'Milk' });
      const path = `/notes/${note.id}/items/${item.id}`;
      expect((await as(member)('PUT', path, { text: 'Oat milk' }, { 'if-match': '"1"' })).json().version).toBe(2);

      const stale = await as(owner)('PUT', path, { text: 'Soy milk' }, { 'if-match': '"1"' });
      expect(stale.statusCode).toBe(412);
      expect(stale.json()).toMatchObject({ code: 'VERSION_CONFLICT', current: { id: item.id, text: 'Oat milk', version: 2 } });
      expect((await getNote(t, owner.accessToken, note.id)).items[0].text).toBe('Oat milk');

      const any = await as(owner)('PUT', path, { text: 'Soy milk' }, { 'if-match': '*' });
      expect(any.json()).toMatchObject({ text: 'Soy milk', version: 3 });
      expect(any.headers.etag).toBe('"3"');
    });

    it('refuses a DELETE of an item from a stale version with 412 and the current item, deleting nothing; the current version deletes', async () => {
      const note = await createNote(t, owner.accessToken);
      const item = await addItem(t, owner.accessToken, note.id, { text: 'Milk' });
      const path = `/notes/${note.id}/items/${item.id}`;
      expect((await as(member)('PUT', path, { text: 'Oat milk' }, { 'if-match': '"1"' })).statusCode).toBe(200);

      const stale = await as(owner)('DELETE', path, undefined, { 'if-match': '"1"' });
      expect(stale.statusCode).toBe(412);
      expect(stale.json()).toMatchObject({ code: 'VERSION_CONFLICT', current: { id: item.id, text: 'Oat milk', version: 2 } });
      expect(await count('note_items', item.id)).toBe(1);
      expect((await historyOf(t, item.id)).map((row) => row.action)).not.toContain('Deleted');

      const current = await as(owner)('DELETE', path, undefined, { 'if-match': '"2"' });
      expect(current.statusCode).toBe(204);
      expect(await count('note_items', item.id)).toBe(0);
    });

    it('refuses a malformed If-Match with 400', async () => {
      const note = await createNote(t, owner.accessToken);
      const response = await as(owner)('PUT', `/notes/${note.id}`, { title: 'x' }, { 'if-match': 'yesterday' });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('INVALID_IF_MATCH');
    });
  });
});

import { createTestApp, TestApp } from '../support/app';
import { signedInUser } from '../support/factories';
import { addItem, apiAs, createNote, creationRow, getNote, historyOf, noteUpdatedDate } from './notes-support';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe('notes: CRUD, pinning and lists', () => {
  let t: TestApp;
  let user: Awaited<ReturnType<typeof signedInUser>>;
  let api: ReturnType<typeof apiAs>;
  beforeAll(async () => {
    t = await createTestApp();
    user = await signedInUser(t, { modules: ['Notes'] });
    api = apiAs(t, user.accessToken);
  });
  afterAll(() => t.close());

  it('creates a note with the contract defaults and records who created it', async () => {
    const response = await api('POST', '/notes', { title: '  Groceries  ' });

    expect(response.statusCode).toBe(201);
    const note = response.json();
    expect(note).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      title: 'Groceries',
      content: null,
      color: '#3B82F6',
      icon: 'ShoppingCart',
      isPrivate: false,
      isPinned: false,
      createdBy: user.id,
      createdDate: expect.stringMatching(ISO),
      updatedDate: expect.stringMatching(ISO),
      version: 1,
      items: [],
      reminder: null,
      reminders: [],
      kind: 'list',
      trip: null,
    });
    expect(response.headers.etag).toBe('"1"');
    const [row] = await t.db.query('SELECT group_id, created_by, title FROM notes WHERE id = $1', [note.id]);
    expect(row).toEqual({ group_id: user.groupId, created_by: user.id, title: 'Groceries' });

    const created = await creationRow(t, note.id, 'Note', user);
    expect(created.changes).toMatchObject({
      title: { old: null, new: 'Groceries' },
      color: { old: null, new: '#3B82F6' },
      icon: { old: null, new: 'ShoppingCart' },
      isPinned: { old: null, new: false },
      isPrivate: { old: null, new: false },
    });
  });

  it('stores every given field, with the colour upper-cased', async () => {
    const note = await createNote(t, user.accessToken, { title: 'Trip', content: 'Pack light', color: '#a1b2c3', icon: 'Plane' });
    expect(note).toMatchObject({ title: 'Trip', content: 'Pack light', color: '#A1B2C3', icon: 'Plane', isPrivate: false });
    expect(await getNote(t, user.accessToken, note.id)).toEqual(note);
  });

  it.each([
    ['an empty title', { title: '' }, 'title'],
    ['a blank title', { title: '   ' }, 'title'],
    ['a missing title', {}, 'title'],
    ['a 101-character title', { title: 'x'.repeat(101) }, 'title'],
    ['over-long content', { title: 'ok', content: 'x'.repeat(10_001) }, 'content'],
    ['a colour name', { title: 'ok', color: 'blue' }, 'color'],
    ['a short hex colour', { title: 'ok', color: '#FFF' }, 'color'],
    ['an icon with spaces', { title: 'ok', icon: 'shopping cart' }, 'icon'],
    ['a non-boolean isPrivate', { title: 'ok', isPrivate: 'yes' }, 'isPrivate'],
    ['an unknown field', { title: 'ok', owner: 'me' }, 'owner'],
  ])('refuses %s with 400', async (_case, payload, field) => {
    const before = await t.db.query('SELECT count(*)::int AS n FROM notes');
    const response = await api('POST', '/notes', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', status: 400 });
    expect(response.json().errors.map((error: { field: string }) => error.field)).toContain(field);
    expect(await t.db.query('SELECT count(*)::int AS n FROM notes')).toEqual(before);
  });

  it('accepts the longest title and content', async () => {
    const note = await createNote(t, user.accessToken, { title: 'x'.repeat(100), content: 'y'.repeat(10_000) });
    expect(note.title).toHaveLength(100);
    expect(note.content).toHaveLength(10_000);
  });

  it('answers 404 for an unknown note and 400 for a malformed id', async () => {
    const unknown = await api('GET', '/notes/0190a5c4-1b2c-7d3e-8f40-123456789abc');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'NOT_FOUND', detail: 'Note not found' });
    const malformed = await api('GET', '/notes/not-a-uuid');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ code: 'INVALID_ID' });
  });

  it('updates a note: the response, the row, updatedDate and a history row with the diff', async () => {
    const note = await createNote(t, user.accessToken, { title: 'Draft', content: 'old', color: '#000000', icon: 'Star' });
    const before = await noteUpdatedDate(t, note.id);

    const response = await api('PUT', `/notes/${note.id}`, { title: 'Final', content: 'new', color: '#FFFFFF', icon: 'Star' });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: note.id, title: 'Final', content: 'new', color: '#FFFFFF', icon: 'Star', items: [] });
    const after = await noteUpdatedDate(t, note.id);
    expect(after.getTime()).toBeGreaterThan(before.getTime());
    expect(new Date(response.json().updatedDate).getTime()).toBe(after.getTime());
    const history = await historyOf(t, note.id);
    expect(history.map((row) => row.action)).toEqual(['Created', 'Updated']);
    expect(history[1]).toMatchObject({ entity_type: 'Note', user_id: user.id, user_nickname: user.nickname });
    expect(history[1].changes).toEqual({
      title: { old: 'Draft', new: 'Final' },
      content: { old: 'old', new: 'new' },
      color: { old: '#000000', new: '#FFFFFF' },
    });
  });

  it('PUT replaces the editable fields: omitted optional ones go back to their defaults', async () => {
    const note = await createNote(t, user.accessToken, { content: 'text', color: '#123456', icon: 'Star' });
    const response = await api('PUT', `/notes/${note.id}`, { title: 'Groceries' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ content: null, color: '#3B82F6', icon: 'ShoppingCart' });
  });

  it('writes nothing for a PUT that changes nothing', async () => {
    const note = await createNote(t, user.accessToken, { title: 'Same' });
    const before = await noteUpdatedDate(t, note.id);
    const response = await api('PUT', `/notes/${note.id}`, { title: 'Same' });
    expect(response.statusCode).toBe(200);
    expect(await noteUpdatedDate(t, note.id)).toEqual(before);
    expect(await historyOf(t, note.id)).toHaveLength(1);
  });

  it('refuses isPrivate on PUT (fixed at creation) and validates like POST', async () => {
    const note = await createNote(t, user.accessToken);
    const privacy = await api('PUT', `/notes/${note.id}`, { title: 'Groceries', isPrivate: true });
    expect(privacy.statusCode).toBe(400);
    expect(privacy.json().errors).toEqual([{ field: 'isPrivate', message: 'isPrivate is not an allowed field' }]);
    const long = await api('PUT', `/notes/${note.id}`, { title: 'x'.repeat(101) });
    expect(long.statusCode).toBe(400);
    expect((await getNote(t, user.accessToken, note.id)).isPrivate).toBe(false);
  });

  it('deletes a note with its items, each with a Deleted history row', async () => {
    const note = await createNote(t, user.accessToken);
    const item = await addItem(t, user.accessToken, note.id);

    const response = await api('DELETE', `/notes/${note.id}`);

    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect((await api('GET', `/notes/${note.id}`)).statusCode).toBe(404);
    expect(await t.db.query('SELECT id FROM notes WHERE id = $1', [note.id])).toEqual([]);
    expect(await t.db.query('SELECT id FROM note_items WHERE note_id = $1', [note.id])).toEqual([]);
    expect((await historyOf(t, note.id)).at(-1)).toMatchObject({ entity_type: 'Note', action: 'Deleted', user_id: user.id });
    expect((await historyOf(t, item.id)).at(-1)).toMatchObject({ entity_type: 'NoteItem', action: 'Deleted', user_id: user.id });
    expect((await api('DELETE', `/notes/${note.id}`)).statusCode).toBe(404);
  });

  it('pins and unpins a note, with a history row for each change', async () => {
    const note = await createNote(t, user.accessToken);
    const before = await noteUpdatedDate(t, note.id);

    const pinned = await api('PATCH', `/notes/${note.id}/pin`, { isPinned: true });
    expect(pinned.statusCode).toBe(200);
    expect(pinned.json()).toMatchObject({ id: note.id, isPinned: true });
    expect((await noteUpdatedDate(t, note.id)).getTime()).toBeGreaterThan(before.getTime());

    const unpinned = await api('PATCH', `/notes/${note.id}/pin`, { isPinned: false });
    expect(unpinned.json().isPinned).toBe(false);

    const history = await historyOf(t, note.id);
    expect(history.slice(1).map((row) => [row.action, row.changes, row.user_id])).toEqual([
      ['Updated', { isPinned: { old: false, new: true } }, user.id],
      ['Updated', { isPinned: { old: true, new: false } }, user.id],
    ]);
  });

  it.each([[{}], [{ isPinned: 'yes' }], [{ isPinned: true, extra: 1 }]])('refuses the pin body %j with 400', async (payload) => {
    const note = await createNote(t, user.accessToken);
    const response = await api('PATCH', `/notes/${note.id}/pin`, payload);
    expect(response.statusCode).toBe(400);
    expect((await getNote(t, user.accessToken, note.id)).isPinned).toBe(false);
  });

  describe('list', () => {
    let lister: Awaited<ReturnType<typeof signedInUser>>;
    const titles = async (query = '') => {
      const response = await t.api('GET', `/notes${query}`, { token: lister.accessToken });
      expect(response.statusCode).toBe(200);
      return response.json().map((note: { title: string; isPinned: boolean }) => `${note.isPinned ? '*' : ''}${note.title}`);
    };

    beforeAll(async () => {
      lister = await signedInUser(t, { modules: ['Notes'] });
      for (const title of ['Banana', 'apple', 'Cherry', 'Date']) await createNote(t, lister.accessToken, { title });
    });

    it('lists the most recently updated first, pinned notes before all others', async () => {
      expect(await titles()).toEqual(['Date', 'Cherry', 'apple', 'Banana']);
      const [banana] = (await t.api('GET', '/notes', { token: lister.accessToken })).json().slice(-1);
      await t.api('PATCH', `/notes/${banana.id}/pin`, { token: lister.accessToken, payload: { isPinned: true } });
      expect(await titles()).toEqual(['*Banana', 'Date', 'Cherry', 'apple']);
      await t.api('PATCH', `/notes/${banana.id}/pin`, { token: lister.accessToken, payload: { isPinned: false } });
      // unpinning is a change too: Banana is now the most recently updated
      expect(await titles()).toEqual(['Banana', 'Date', 'Cherry', 'apple']);
    });

    it('sorts by title or newest creation, still pinned first', async () => {
      const notes = (await t.api('GET', '/notes', { token: lister.accessToken })).json();
      const cherry = notes.find((note: { title: string }) => note.title === 'Cherry');
      await t.api('PATCH', `/notes/${cherry.id}/pin`, { token: lister.accessToken, payload: { isPinned: true } });
      expect(await titles('?sort=title')).toEqual(['*Cherry', 'apple', 'Banana', 'Date']);
      expect(await titles('?sort=-createdDate')).toEqual(['*Cherry', 'Date', 'apple', 'Banana']);
      await t.api('PATCH', `/notes/${cherry.id}/pin`, { token: lister.accessToken, payload: { isPinned: false } });
    });

    it('includes each note with its items in order', async () => {
      const note = await createNote(t, lister.accessToken, { title: 'With items' });
      await addItem(t, lister.accessToken, note.id, { text: 'first' });
      await addItem(t, lister.accessToken, note.id, { text: 'second' });
      const listed = (await t.api('GET', '/notes', { token: lister.accessToken })).json().find((n: { id: string }) => n.id === note.id);
      expect(listed).toEqual(await getNote(t, lister.accessToken, note.id));
      expect(listed.items.map((item: { text: string; order: number }) => [item.order, item.text])).toEqual([
        [0, 'first'],
        [1, 'second'],
      ]);
    });

    it.each(['?sort=color', '?sort=updatedDate,title', '?page=2'])('refuses %s with 400', async (query) => {
      const response = await t.api('GET', `/notes${query}`, { token: lister.accessToken });
      expect(response.statusCode).toBe(400);
    });
  });
});

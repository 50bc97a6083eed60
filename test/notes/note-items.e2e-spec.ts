import { createTestApp, TestApp } from '../support/app';
import { signedInUser } from '../support/factories';
import { addItem, apiAs, createNote, creationRow, getNote, historyOf, itemTexts, noteUpdatedDate } from './notes-support';

describe('note items', () => {
  let t: TestApp;
  let user: Awaited<ReturnType<typeof signedInUser>>;
  let api: ReturnType<typeof apiAs>;
  beforeAll(async () => {
    t = await createTestApp();
    user = await signedInUser(t, { modules: ['Notes'] });
    api = apiAs(t, user.accessToken);
  });
  afterAll(() => t.close());

  /** A note with the given item texts, in that order. */
  async function noteWith(...texts: string[]): Promise<{ note: any; ids: Record<string, string> }> {
    const note = await createNote(t, user.accessToken);
    const ids: Record<string, string> = {};
    for (const text of texts) ids[text] = (await addItem(t, user.accessToken, note.id, { text })).id;
    return { note, ids };
  }

  it('adds an item, with a history row, and moves the note updatedDate', async () => {
    const note = await createNote(t, user.accessToken);
    const before = await noteUpdatedDate(t, note.id);

    const response = await api('POST', `/notes/${note.id}/items`, { text: ' Milk ', url: 'https://shop.example/milk' });

    expect(response.statusCode).toBe(201);
    const item = response.json();
    expect(item).toEqual({
      id: expect.any(String),
      text: 'Milk',
      url: 'https://shop.example/milk',
      isCompleted: false,
      order: 0,
      version: 1,
      quantity: null,
      aisle: null,
      catalogItemId: null,
      addedDuringTrip: false,
    });
    expect(response.headers.etag).toBe('"1"');
    expect((await noteUpdatedDate(t, note.id)).getTime()).toBeGreaterThan(before.getTime());
    expect((await getNote(t, user.accessToken, note.id)).items).toEqual([item]);
    const [row] = await t.db.query('SELECT group_id, note_id FROM note_items WHERE id = $1', [item.id]);
    expect(row).toEqual({ group_id: user.groupId, note_id: note.id });

    const created = await creationRow(t, item.id, 'NoteItem', user);
    expect(created.changes).toMatchObject({
      noteId: { old: null, new: note.id },
      text: { old: null, new: 'Milk' },
      url: { old: null, new: 'https://shop.example/milk' },
      isCompleted: { old: null, new: false },
      order: { old: null, new: 0 },
    });
  });

  it('puts a new item after the last uncompleted item, so a list typed in order keeps its order', async () => {
    const { note, ids } = await noteWith('A', 'B', 'C');
    expect(await itemTexts(t, user.accessToken, note.id)).toEqual(['A', 'B', 'C']);
    await api('PATCH', `/notes/${note.id}/items/${ids.C}/toggle`);

    const added = await addItem(t, user.accessToken, note.id, { text: 'N' });

    // C (ticked) stays below the open items
    expect(added.order).toBe(2);
    expect(await itemTexts(t, user.accessToken, note.id)).toEqual(['A', 'B', 'N', 'C']);
  });

  it('puts a new item first when every item is completed', async () => {
    const { note, ids } = await noteWith('A', 'B');
    for (const id of Object.values(ids)) await api('PATCH', `/notes/${note.id}/items/${id}/toggle`);
    await addItem(t, user.accessToken, note.id, { text: 'N' });
    expect(await itemTexts(t, user.accessToken, note.id)).toEqual(['N', 'A', 'B']);
  });

  it.each([
    ['an empty text', { text: '' }, 'text'],
    ['a 1001-character text', { text: 'x'.repeat(1001) }, 'text'],
    ['a javascript: url', { text: 'ok', url: 'javascript:alert(1)' }, 'url'],
    ['a data: url', { text: 'ok', url: 'data:text/html,<b>x</b>' }, 'url'],
    ['an ftp url', { text: 'ok', url: 'ftp://files.example/x' }, 'url'],
    ['a url without a scheme', { text: 'ok', url: 'shop.example/milk' }, 'url'],
    ['a url over 2048 characters', { text: 'ok', url: `https://example.com/${'a'.repeat(2030)}` }, 'url'],
    ['an unknown field', { text: 'ok', isCompleted: true }, 'isCompleted'],
  ])('refuses %s with 400 on add and edit', async (_case, payload, field) => {
    const { note, ids } = await noteWith('A');
    for (const [method, path] of [
      ['POST', `/notes/${note.id}/items`],
      ['PUT', `/notes/${note.id}/items/${ids.A}`],
    ] as const) {
      const response = await api(method, path, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
      expect(response.json().errors.map((error: { field: string }) => error.field)).toContain(field);
    }
    expect((await getNote(t, user.accessToken, note.id)).items).toEqual([expect.objectContaining({ text: 'A', url: null })]);
  });

  it('accepts the longest text and url', async () => {
    const note = await createNote(t, user.accessToken);
    const url = `http://example.com/${'a'.repeat(2048 - 19)}`;
    expect(url).toHaveLength(2048);
    const item = await addItem(t, user.accessToken, note.id, { text: 'x'.repeat(1000), url });
    expect(item.url).toBe(url);
  });

  it('edits text and url with a history diff; an omitted url clears it; a no-op writes nothing', async () => {
    const { note, ids } = await noteWith('Milk');
    const before = await noteUpdatedDate(t, note.id);

    const edited = await api('PUT', `/notes/${note.id}/items/${ids.Milk}`, { text: 'Oat milk', url: 'http://shop.example/oat' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toEqual({
      id: ids.Milk,
      text: 'Oat milk',
      url: 'http://shop.example/oat',
      isCompleted: false,
      order: 0,
      version: 2,
      quantity: null,
      aisle: null,
      catalogItemId: null,
      addedDuringTrip: false,
    });
    expect(edited.headers.etag).toBe('"2"');
    expect((await noteUpdatedDate(t, note.id)).getTime()).toBeGreaterThan(before.getTime());

    const cleared = await api('PUT', `/notes/${note.id}/items/${ids.Milk}`, { text: 'Oat milk' });
    expect(cleared.json().url).toBeNull();
    const same = await api('PUT', `/notes/${note.id}/items/${ids.Milk}`, { text: 'Oat milk', url: '' });
    expect(same.statusCode).toBe(200);

    const history = await historyOf(t, ids.Milk);
    expect(history.slice(1).map((row) => [row.action, row.changes, row.user_id])).toEqual([
      ['Updated', { text: { old: 'Milk', new: 'Oat milk' }, url: { old: null, new: 'http://shop.example/oat' } }, user.id],
      ['Updated', { url: { old: 'http://shop.example/oat', new: null } }, user.id],
    ]);
  });

  it('toggles an item on and off again, each with a history row, moving the note updatedDate', async () => {
    const { note, ids } = await noteWith('Milk');
    const before = await noteUpdatedDate(t, note.id);

    const first = await api('PATCH', `/notes/${note.id}/items/${ids.Milk}/toggle`);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ id: ids.Milk, isCompleted: true, order: 0 });
    const middle = await noteUpdatedDate(t, note.id);
    expect(middle.getTime()).toBeGreaterThan(before.getTime());

    const second = await api('PATCH', `/notes/${note.id}/items/${ids.Milk}/toggle`);
    expect(second.json()).toMatchObject({ id: ids.Milk, isCompleted: false });
    expect((await noteUpdatedDate(t, note.id)).getTime()).toBeGreaterThan(middle.getTime());

    const history = await historyOf(t, ids.Milk);
    expect(history.slice(1).map((row) => [row.entity_type, row.action, row.changes, row.user_nickname])).toEqual([
      ['NoteItem', 'Updated', { isCompleted: { old: false, new: true } }, user.nickname],
      ['NoteItem', 'Updated', { isCompleted: { old: true, new: false } }, user.nickname],
    ]);
  });

  it('applies parallel toggles one after the other: an even number leaves the original state', async () => {
    const { note, ids } = await noteWith('Milk');
    for (const count of [2, 6]) {
      const responses = await Promise.all(Array.from({ length: count }, () => api('PATCH', `/notes/${note.id}/items/${ids.Milk}/toggle`)));
      expect(responses.map((response) => response.statusCode)).toEqual(Array(count).fill(200));
      // every toggle saw the previous one's result: half answered true, half false
      const states = responses.map((response) => response.json().isCompleted);
      expect(states.filter(Boolean)).toHaveLength(count / 2);
      const [row] = await t.db.query('SELECT is_completed FROM note_items WHERE id = $1', [ids.Milk]);
      expect(row.is_completed).toBe(false);
    }
    const history = await historyOf(t, ids.Milk);
    expect(history.filter((row) => row.action === 'Updated')).toHaveLength(8);
  });

  describe('reorder', () => {
    it('puts the items in the given order, with a history row per moved item', async () => {
      const { note, ids } = await noteWith('A', 'B', 'C', 'D');
      const before = await noteUpdatedDate(t, note.id);

      const response = await api('PATCH', `/notes/${note.id}/items/order`, { itemIds: [ids.C, ids.A, ids.B, ids.D] });

      expect(response.statusCode).toBe(200);
      expect(response.json().map((item: any) => [item.text, item.order])).toEqual([
        ['C', 0],
        ['A', 1],
        ['B', 2],
        ['D', 3],
      ]);
      expect(await itemTexts(t, user.accessToken, note.id)).toEqual(['C', 'A', 'B', 'D']);
      expect((await noteUpdatedDate(t, note.id)).getTime()).toBeGreaterThan(before.getTime());
      const moves = async (id: string) => (await historyOf(t, id)).filter((row) => row.action === 'Updated').map((row) => row.changes);
      expect(await moves(ids.C)).toEqual([{ order: { old: 2, new: 0 } }]);
      expect(await moves(ids.A)).toEqual([{ order: { old: 0, new: 1 } }]);
      expect(await moves(ids.D)).toEqual([]);
    });

    it('refuses anything but exactly the note item ids with 400 and changes nothing', async () => {
      const { note, ids } = await noteWith('A', 'B', 'C');
      const other = await noteWith('X');
      const unknown = '0190a5c4-1b2c-7d3e-8f40-123456789abc';
      const cases: [string, unknown, string][] = [
        ['missing id', [ids.B, ids.A], 'INVALID_ORDER'],
        ['duplicate id', [ids.B, ids.A, ids.A], 'INVALID_ORDER'],
        ['duplicate replacing one', [ids.B, ids.A, ids.B], 'INVALID_ORDER'],
        ['id of another note', [ids.C, ids.B, ids.A, other.ids.X], 'INVALID_ORDER'],
        ['foreign id replacing one', [ids.C, ids.B, other.ids.X], 'INVALID_ORDER'],
        ['unknown id', [ids.C, ids.B, unknown], 'INVALID_ORDER'],
        ['empty list', [], 'INVALID_ORDER'],
        ['malformed id', [ids.C, ids.B, 'nope'], 'VALIDATION_FAILED'],
        ['not a list', ids.A, 'VALIDATION_FAILED'],
      ];
      for (const [name, itemIds, code] of cases) {
        const response = await api('PATCH', `/notes/${note.id}/items/order`, { itemIds });
        expect([name, response.statusCode, response.json().code]).toEqual([name, 400, code]);
      }
      expect((await api('PATCH', `/notes/${note.id}/items/order`, {})).statusCode).toBe(400);
      expect((await api('PATCH', `/notes/${note.id}/items/order`, { itemIds: [ids.A, ids.B, ids.C], x: 1 })).statusCode).toBe(400);
      expect(await itemTexts(t, user.accessToken, note.id)).toEqual(['A', 'B', 'C']);
      expect(await itemTexts(t, user.accessToken, other.note.id)).toEqual(['X']);
    });
  });

  it('deletes an item and closes the gap in the order', async () => {
    const { note, ids } = await noteWith('A', 'B', 'C', 'D');
    const before = await noteUpdatedDate(t, note.id);

    const response = await api('DELETE', `/notes/${note.id}/items/${ids.B}`);

    expect(response.statusCode).toBe(204);
    expect(await itemTexts(t, user.accessToken, note.id)).toEqual(['A', 'C', 'D']);
    expect((await noteUpdatedDate(t, note.id)).getTime()).toBeGreaterThan(before.getTime());
    expect((await historyOf(t, ids.B)).at(-1)).toMatchObject({ entity_type: 'NoteItem', action: 'Deleted', user_id: user.id });
    expect((await api('DELETE', `/notes/${note.id}/items/${ids.B}`)).statusCode).toBe(404);

    await api('DELETE', `/notes/${note.id}/items/${ids.D}`);
    await api('DELETE', `/notes/${note.id}/items/${ids.A}`);
    expect(await itemTexts(t, user.accessToken, note.id)).toEqual(['C']);
    await addItem(t, user.accessToken, note.id, { text: 'E' });
    expect(await itemTexts(t, user.accessToken, note.id)).toEqual(['C', 'E']);
  });

  it("answers 404 for an item of another note, even in the caller's group", async () => {
    const first = await noteWith('A');
    const second = await noteWith('B');
    for (const [method, suffix, payload] of [
      ['PUT', '', { text: 'changed' }],
      ['PATCH', '/toggle', undefined],
      ['DELETE', '', undefined],
    ] as const) {
      const response = await api(method, `/notes/${first.note.id}/items/${second.ids.B}${suffix}`, payload);
      expect(response.statusCode).toBe(404);
      expect(response.json().detail).toBe('Note item not found');
    }
    expect((await getNote(t, user.accessToken, second.note.id)).items).toEqual([
      {
        id: second.ids.B,
        text: 'B',
        url: null,
        isCompleted: false,
        order: 0,
        version: 1,
        quantity: null,
        aisle: null,
        catalogItemId: null,
        addedDuringTrip: false,
      },
    ]);
  });

  it('allows at most 999 items a note (409 ITEM_LIMIT)', async () => {
    const note = await createNote(t, user.accessToken);
    // 998 items straight into the table, so the test stays fast; the 999th and 1000th go through HTTP
    await t.db.query(
      `INSERT INTO note_items (id, group_id, note_id, text, "order")
       SELECT gen_random_uuid(), $1, $2, 'item ' || n, n FROM generate_series(0, 997) AS n`,
      [user.groupId, note.id],
    );
    const last = await api('POST', `/notes/${note.id}/items`, { text: 'number 999' });
    expect(last.statusCode).toBe(201);

    const over = await api('POST', `/notes/${note.id}/items`, { text: 'number 1000' });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ code: 'ITEM_LIMIT', status: 409 });
    const [{ n }] = await t.db.query('SELECT count(*)::int AS n FROM note_items WHERE note_id = $1', [note.id]);
    expect(n).toBe(999);
  });
});

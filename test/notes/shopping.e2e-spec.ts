import { createTestApp, TestApp } from '../support/app';
import { signedInUser } from '../support/factories';
import { apiAs, createNote, getNote } from './notes-support';

type Member = Awaited<ReturnType<typeof signedInUser>>;

/** Shopping lists through the HTTP API: quantities, the catalogue, merging, learning, stores and trips. */
describe('shopping lists', () => {
  let t: TestApp;
  let anna: Member;
  let ben: Member;
  let cleo: Member;
  let outsider: Member;

  beforeAll(async () => {
    t = await createTestApp();
    anna = await signedInUser(t, { modules: ['Notes'] });
    ben = await signedInUser(t, { groupId: anna.groupId! });
    cleo = await signedInUser(t, { groupId: anna.groupId! });
    outsider = await signedInUser(t, { modules: ['Notes'] });
    await t.db.query(`UPDATE users SET locale = 'de' WHERE id = $1`, [ben.id]);
    await t.db.query(`UPDATE users SET locale = 'en' WHERE id = $1`, [cleo.id]);
  });
  afterAll(() => t.close());

  const shoppingList = (user: Member, title = 'Wocheneinkauf') => createNote(t, user.accessToken, { title, kind: 'shopping' });
  const add = (user: Member, noteId: string, payload: Record<string, unknown>) => apiAs(t, user.accessToken)('POST', `/notes/${noteId}/items`, payload);

  it('keeps plain lists as they were: kind list by default, no quantity read, no merging', async () => {
    const note = await createNote(t, anna.accessToken);
    expect(note.kind).toBe('list');
    expect(note.trip).toBeNull();
    const first = await add(anna, note.id, { text: '2 l Milch' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ text: '2 l Milch', quantity: null, aisle: null, catalogItemId: null });
    expect(first.json().merged).toBeUndefined();
    const second = await add(anna, note.id, { text: '2 l Milch' });
    expect(second.statusCode).toBe(201);
    expect((await getNote(t, anna.accessToken, note.id)).items).toHaveLength(2);
  });

  it('reads the quantity typed with the name and puts the item in its aisle at once', async () => {
    const note = await shoppingList(anna);
    expect(note.kind).toBe('shopping');
    const cases: [string, string, string | null, string][] = [
      ['2 l Milch', 'Milch', '2 l', 'dairy'],
      ['500g Hackfleisch', 'Hackfleisch', '500 g', 'meat-fish'],
      ['3 Zitronen', 'Zitronen', '3', 'produce'],
      ['Bier 6', 'Bier', '6', 'drinks'],
      ['1,5 kg Kartoffeln', 'Kartoffeln', '1,5 kg', 'produce'],
      ['2 Pck. Butter', 'Butter', '2 Pck.', 'dairy'],
      ['Vollkornbrot', 'Vollkornbrot', null, 'bakery'],
      ['Zauberwürfel', 'Zauberwürfel', null, 'other'],
    ];
    for (const [typed, text, quantity, aisle] of cases) {
      const response = await add(anna, note.id, { text: typed });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ text, quantity, aisle });
      expect(response.json().merged).toBeUndefined();
    }
    const milk = (await getNote(t, anna.accessToken, note.id)).items[0];
    expect(milk).toMatchObject({ text: 'Milch', quantity: '2 l', aisle: 'dairy', catalogItemId: 'milk', addedDuringTrip: false });
  });

  it('merges a text already on the list: singular or plural, accents and case ignored, quantities joined; a ticked one is unticked', async () => {
    const note = await shoppingList(anna);
    const tomatoes = (await add(anna, note.id, { text: '1 kg Tomaten' })).json();
    expect(tomatoes.catalogItemId).toBe('tomato');

    const again = await add(ben, note.id, { text: '500 g Tomate' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ id: tomatoes.id, text: 'Tomaten', quantity: '1 kg + 500 g', merged: true });
    // the Austrian name is the same thing
    const paradeiser = await add(ben, note.id, { text: 'paradeiser' });
    expect(paradeiser.json()).toMatchObject({ id: tomatoes.id, quantity: '1 kg + 500 g', merged: true });

    const milk = (await add(anna, note.id, { text: '1 l Milch' })).json();
    expect((await add(anna, note.id, { text: 'MILCH 2 l' })).json()).toMatchObject({ id: milk.id, quantity: '1 l + 2 l', merged: true });

    // not in the catalogue: accents and case
    const cafe = (await add(anna, note.id, { text: 'Café Crème' })).json();
    expect((await add(anna, note.id, { text: 'cafe creme' })).json()).toMatchObject({ id: cafe.id, merged: true });

    await apiAs(t, anna.accessToken)('PATCH', `/notes/${note.id}/items/${milk.id}/toggle`, { isCompleted: true });
    const rebought = await add(ben, note.id, { text: 'Milch' });
    expect(rebought.statusCode).toBe(200);
    expect(rebought.json()).toMatchObject({ id: milk.id, isCompleted: false, merged: true });
    expect((await getNote(t, anna.accessToken, note.id)).items.map((item: any) => item.text)).toEqual(['Tomaten', 'Milch', 'Café Crème']);
  });

  it('answers a repeated add with a client-made id (an offline replay) with the item it made, the quantity read once', async () => {
    const note = await shoppingList(anna);
    const id = '0193a1b2-0000-7000-8000-00000000a001';
    const first = await add(anna, note.id, { id, text: '2 l Milch' });
    expect(first.statusCode).toBe(201);
    const repeat = await add(anna, note.id, { id, text: '2 l Milch' });
    expect(repeat.statusCode).toBe(200);
    expect(repeat.json()).toEqual(first.json());
    expect((await getNote(t, anna.accessToken, note.id)).items).toHaveLength(1);
  });

  it('answers a repeated merged add (an offline replay) with the item, without joining the quantity twice', async () => {
    const note = await shoppingList(anna);
    const eggs = (await add(anna, note.id, { text: '6 Eier' })).json();
    const id = '0193a1b2-0000-7000-8000-00000000e661';
    const first = await add(anna, note.id, { id, text: '10 Eier' });
    expect(first.json()).toMatchObject({ id: eggs.id, quantity: '6 + 10', merged: true });
    const repeat = await add(anna, note.id, { id, text: '10 Eier' });
    expect(repeat.statusCode).toBe(200);
    expect(repeat.json()).toMatchObject({ id: eggs.id, quantity: '6 + 10', merged: true });
    expect((await add(ben, note.id, { id, text: '10 Eier' })).statusCode).toBe(409);
  });

  it('learns per group: a moved item goes to its new aisle next time, is suggested with its quantity, and another group learns nothing', async () => {
    const note = await shoppingList(anna);
    const item = (await add(anna, note.id, { text: '2 Zauberwürfel' })).json();
    expect(item.aisle).toBe('other');
    const moved = await apiAs(t, anna.accessToken)('PUT', `/notes/${note.id}/items/${item.id}`, { text: 'Zauberwürfel', aisle: 'household' });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ aisle: 'household', quantity: '2' });

    const other = await shoppingList(ben, 'Drogerie');
    expect((await add(ben, other.id, { text: 'Zauberwürfel' })).json().aisle).toBe('household');
    const suggested = (await apiAs(t, ben.accessToken)('GET', '/catalog?q=zauber&locale=de')).json();
    expect(suggested.learned).toEqual([{ text: 'Zauberwürfel', aisle: 'household', quantity: '2' }]);

    // a catalogue item moved by this group stays where the group put it
    const bread = (await add(anna, note.id, { text: 'Brot' })).json();
    await apiAs(t, anna.accessToken)('PUT', `/notes/${note.id}/items/${bread.id}`, { text: 'Brot', aisle: 'frozen' });
    expect((await add(ben, other.id, { text: 'Brot' })).json().aisle).toBe('frozen');

    const theirs = await shoppingList(outsider, 'Elsewhere');
    expect((await apiAs(t, outsider.accessToken)('GET', '/catalog?q=zauber&locale=de')).json().learned).toEqual([]);
    expect((await add(outsider, theirs.id, { text: 'Zauberwürfel' })).json().aisle).toBe('other');
    expect((await add(outsider, theirs.id, { text: 'Brot' })).json().aisle).toBe('bakery');
    // the other group knows only what it did itself
    expect((await apiAs(t, outsider.accessToken)('GET', '/catalog?q=zauber&locale=de')).json().learned).toEqual([
      { text: 'Zauberwürfel', aisle: 'other', quantity: null },
    ]);
  });

  it('suggests from the catalogue in German and in English, from the first letters, accents and case ignored', async () => {
    const get = async (q: string, locale: string) => (await apiAs(t, cleo.accessToken)('GET', `/catalog?q=${encodeURIComponent(q)}&locale=${locale}`)).json();
    const first = async (q: string, locale: string) => (await get(q, locale)).items[0];
    expect(await first('tom', 'de')).toEqual({ id: 'tomato', name: 'Tomate', plural: 'Tomaten', aisle: 'produce', icon: 'tomato' });
    expect(await first('tom', 'en')).toEqual({ id: 'tomato', name: 'Tomato', plural: 'Tomatoes', aisle: 'produce', icon: 'tomato' });
    expect((await first('PARAD', 'de')).id).toBe('tomato');
    expect((await first('semm', 'de')).id).toBe('rolls');
    expect((await first('brötch', 'de')).id).toBe('rolls');
    expect((await first('erdapf', 'de')).id).toBe('potato');
    expect((await first('topfen', 'de')).id).toBe('quark');
    expect((await first('schlagob', 'de')).id).toBe('cream');
    expect((await first('aubergine', 'en')).id).toBe('aubergine');
    expect((await first('eggpl', 'en')).id).toBe('aubergine');
    expect((await get('', 'de')).items).toEqual([]);
    // without a locale: the caller's language
    expect((await apiAs(t, ben.accessToken)('GET', '/catalog?q=tom')).json().items[0].name).toBe('Tomate');
    expect((await apiAs(t, cleo.accessToken)('GET', '/catalog?q=tom')).json().items[0].name).toBe('Tomato');
    expect((await apiAs(t, cleo.accessToken)('GET', '/catalog?q=x&locale=fr')).statusCode).toBe(400);
    expect((await t.api('GET', '/catalog?q=tom')).statusCode).toBe(401);
  });

  it('offers what was ticked in the last 8 weeks as recent, most often first', async () => {
    const group = await signedInUser(t, { modules: ['Notes'] });
    const note = await shoppingList(group, 'Recent');
    const tick = async (text: string, at: string) => {
      t.clock.set(at);
      const item = (await add(group, note.id, { text })).json();
      const response = await apiAs(t, group.accessToken)('PATCH', `/notes/${note.id}/items/${item.id}/toggle`, { isCompleted: true });
      expect(response.statusCode).toBe(200);
    };
    try {
      await tick('Brot', '2027-01-01T10:00:00Z');
      await tick('Brot', '2027-01-02T10:00:00Z');
      await tick('Brot', '2027-01-03T10:00:00Z');
      await tick('Milch', '2027-02-20T10:00:00Z');
      await tick('Milch', '2027-02-21T10:00:00Z');
      await tick('2 Zauberwürfel', '2027-02-22T10:00:00Z');
      t.clock.set('2027-03-10T10:00:00Z');
      const recent = (await apiAs(t, group.accessToken)('GET', '/catalog?locale=en')).json().recent;
      // the bread was 9 weeks ago
      expect(recent).toEqual([
        { text: 'Milk', aisle: 'dairy', quantity: null, catalogItemId: 'milk', icon: 'glass-of-milk', count: 2 },
        { text: 'Zauberwürfel', aisle: 'other', quantity: '2', catalogItemId: null, icon: null, count: 1 },
      ]);
      expect((await apiAs(t, group.accessToken)('GET', '/catalog?q=mil&locale=de')).json().recent.map((r: any) => r.text)).toEqual(['Milch']);
    } finally {
      t.clock.reset();
    }
  });

  it('keeps stores with their aisle order: create, list, set the order, rename, delete; per group', async () => {
    const api = apiAs(t, anna.accessToken);
    const created = await api('POST', '/shopping/stores', { name: 'REWE' });
    expect(created.statusCode).toBe(201);
    const store = created.json();
    expect(store).toMatchObject({ name: 'REWE', version: 1 });
    expect(store.aisleOrder).toHaveLength(14);
    expect(store.aisleOrder[0]).toBe('produce');

    const set = await api('PUT', `/shopping/stores/${store.id}`, { name: 'REWE Mitte', aisleOrder: ['drinks', 'bakery'] });
    expect(set.statusCode).toBe(200);
    expect(set.json().aisleOrder.slice(0, 3)).toEqual(['drinks', 'bakery', 'produce']);
    expect(set.json()).toMatchObject({ name: 'REWE Mitte', version: 2 });
    expect((await api('PUT', `/shopping/stores/${store.id}`, { name: 'x', aisleOrder: ['garden'] })).statusCode).toBe(400);

    expect((await apiAs(t, ben.accessToken)('GET', '/shopping/stores')).json().map((s: any) => s.name)).toContain('REWE Mitte');
    expect((await apiAs(t, outsider.accessToken)('GET', '/shopping/stores')).json()).toEqual([]);
    expect((await apiAs(t, outsider.accessToken)('PUT', `/shopping/stores/${store.id}`, { name: 'Mine' })).statusCode).toBe(404);
    expect((await api('DELETE', `/shopping/stores/${store.id}`)).statusCode).toBe(204);
    expect((await api('GET', '/shopping/stores')).json().map((s: any) => s.id)).not.toContain(store.id);
  });

  it('belongs to the Notes module: 403 without it', async () => {
    const without = await signedInUser(t, { modules: ['Map'] });
    const api = apiAs(t, without.accessToken);
    for (const [method, path] of [
      ['GET', '/catalog?q=tom'],
      ['GET', '/shopping/stores'],
      ['POST', '/shopping/stores'],
      ['POST', `/notes/${'0193a1b2-0000-7000-8000-000000000001'}/trip`],
    ] as const) {
      expect((await api(method, path, method === 'POST' ? { name: 'X' } : undefined)).json()).toMatchObject({ status: 403, code: 'MODULE_DISABLED' });
    }
  });

  describe('trips', () => {
    const inbox = async (user: Member) =>
      (await t.db.query(`SELECT kind, title, body, entity_id FROM notifications WHERE recipient_id = $1 ORDER BY created_date, id`, [user.id])) as any[];

    it('tells the others in their language, marks what they add as new for the shopper, ends with what was bought, and learns the store order', async () => {
      const store = (await apiAs(t, anna.accessToken)('POST', '/shopping/stores', { name: 'REWE' })).json();
      const note = await shoppingList(anna, 'Wocheneinkauf');
      const bread = (await add(anna, note.id, { text: 'Semmeln' })).json();
      const milk = (await add(anna, note.id, { text: 'Milch' })).json();
      const before = { ben: (await inbox(ben)).length, cleo: (await inbox(cleo)).length };

      const started = await apiAs(t, anna.accessToken)('POST', `/notes/${note.id}/trip`, { storeId: store.id });
      expect(started.statusCode).toBe(201);
      expect(started.json()).toMatchObject({
        noteId: note.id,
        shopperId: anna.id,
        shopperNickname: anna.nickname,
        storeId: store.id,
        storeName: 'REWE',
        boughtCount: 0,
      });
      expect((await apiAs(t, ben.accessToken)('POST', `/notes/${note.id}/trip`, {})).json()).toMatchObject({ status: 409, code: 'TRIP_IN_PROGRESS' });
      expect((await getNote(t, ben.accessToken, note.id)).trip).toMatchObject({ shopperId: anna.id, storeName: 'REWE' });

      const [toBen] = (await inbox(ben)).slice(before.ben);
      const anna_ = anna.nickname;
      expect(toBen).toMatchObject({ kind: 'TripStarted', title: `${anna_} kauft ein (REWE) – noch etwas?`, entity_id: note.id });
      expect(toBen.body).toBe(`${anna_} kauft ein (REWE) – noch etwas? 2 Einträge auf „Wocheneinkauf“ sind offen.`);
      const [toCleo] = (await inbox(cleo)).slice(before.cleo);
      expect(toCleo.title).toBe(`${anna_} is shopping (REWE) — anything else?`);
      expect(toCleo.body).toBe(`${anna_} is shopping (REWE) — anything else? 2 items are open on “Wocheneinkauf”.`);
      expect((await inbox(anna)).filter((n) => n.kind === 'TripStarted')).toEqual([]);

      const eggs = (await add(ben, note.id, { text: 'Eier' })).json();
      expect(eggs.addedDuringTrip).toBe(true);
      expect((await add(anna, note.id, { text: 'Käse' })).json().addedDuringTrip).toBe(false);

      // ticked in the shop's order: dairy before bakery
      const tick = (id: string) => apiAs(t, anna.accessToken)('PATCH', `/notes/${note.id}/items/${id}/toggle`, { isCompleted: true });
      await tick(milk.id);
      await tick(eggs.id);
      await tick(bread.id);
      expect((await getNote(t, ben.accessToken, note.id)).trip).toMatchObject({ boughtCount: 3 });
      const ended = await apiAs(t, anna.accessToken)('DELETE', `/notes/${note.id}/trip`);
      expect(ended.statusCode).toBe(204);
      expect((await getNote(t, anna.accessToken, note.id)).trip).toBeNull();
      expect((await getNote(t, anna.accessToken, note.id)).items.every((item: any) => !item.addedDuringTrip)).toBe(true);
      expect((await apiAs(t, anna.accessToken)('DELETE', `/notes/${note.id}/trip`)).json()).toMatchObject({ status: 404, code: 'NO_TRIP' });

      expect((await inbox(ben)).slice(-1)[0]).toMatchObject({
        kind: 'TripEnded',
        title: `${anna.nickname} hat 3 Artikel gekauft`,
        body: `Der Einkauf von „Wocheneinkauf“ bei REWE ist erledigt: ${anna.nickname} hat 3 Artikel gekauft.`,
      });
      expect((await inbox(cleo)).slice(-1)[0]).toMatchObject({ kind: 'TripEnded', title: `${anna.nickname} bought 3 items` });
      const order = (await apiAs(t, anna.accessToken)('GET', '/shopping/stores')).json().find((s: any) => s.id === store.id).aisleOrder;
      expect(order.indexOf('dairy')).toBeLessThan(order.indexOf('bakery'));

      const history = await t.db.query(`SELECT action FROM action_histories WHERE entity_type = 'ShoppingTrip' AND group_id = $1`, [anna.groupId]);
      expect(history.map((row: any) => row.action)).toEqual(expect.arrayContaining(['Created', 'Deleted']));
    });

    it('ends when the last open item is ticked, and leaves out members who turned trip messages off', async () => {
      const off = await t.api('PUT', '/account/notification-settings', { token: cleo.accessToken, payload: { shoppingTrips: false } });
      expect(off.json().shoppingTrips).toBe(false);
      const note = await shoppingList(ben, 'Quick');
      const item = (await add(ben, note.id, { text: 'Brot' })).json();
      const cleoBefore = (await inbox(cleo)).length;
      expect((await apiAs(t, ben.accessToken)('POST', `/notes/${note.id}/trip`)).statusCode).toBe(201);
      expect((await inbox(anna)).slice(-1)[0].title).toBe(`${ben.nickname} is shopping — anything else?`);
      await apiAs(t, ben.accessToken)('PATCH', `/notes/${note.id}/items/${item.id}/toggle`, { isCompleted: true });
      expect((await getNote(t, ben.accessToken, note.id)).trip).toBeNull();
      expect((await inbox(anna)).slice(-1)[0]).toMatchObject({ kind: 'TripEnded' });
      expect((await inbox(cleo)).length).toBe(cleoBefore);
      await t.api('PUT', '/account/notification-settings', { token: cleo.accessToken, payload: { shoppingTrips: true } });
    });
  });
});

import { createTestApp, TestApp } from '../support/app';
import { signedInUser } from '../support/factories';

type User = Awaited<ReturnType<typeof signedInUser>>;

/** History rows say what the entity was called then (entityLabel) and, for items and photos, their parent's title. */
describe('history labels', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const call = async (user: User, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, payload?: unknown) => {
    const response = await t.api(method, path, { token: user.accessToken, payload: payload as never });
    expect(response.statusCode).toBeLessThan(300);
    return response.statusCode === 204 ? undefined : response.json();
  };
  /** The caller's visible rows of one entity, oldest first: [action, entityLabel, parentLabel]. */
  const labels = async (user: User, entityId: string) => {
    const page = await call(user, 'GET', `/action-histories?entityId=${entityId}&pageSize=100`);
    return page.items.reverse().map((row: any) => [row.action, row.entityLabel, row.parentLabel]);
  };

  it('labels notes and items with the title and text of the moment, items with their note’s title', async () => {
    const mia = await signedInUser(t, { modules: ['Notes'] });
    const note = await call(mia, 'POST', '/notes', { title: 'Shopping' });
    const milk = await call(mia, 'POST', `/notes/${note.id}/items`, { text: 'Milk' });
    await call(mia, 'PATCH', `/notes/${note.id}/items/${milk.id}/toggle`);
    await call(mia, 'PUT', `/notes/${note.id}`, { title: 'Groceries' });
    await call(mia, 'PUT', `/notes/${note.id}/items/${milk.id}`, { text: 'Oat milk' });
    await call(mia, 'DELETE', `/notes/${note.id}/items/${milk.id}`);

    expect(await labels(mia, note.id)).toEqual([
      ['Created', 'Shopping', null],
      ['Updated', 'Groceries', null],
    ]);
    expect(await labels(mia, milk.id)).toEqual([
      ['Created', 'Milk', 'Shopping'],
      ['Updated', 'Milk', 'Shopping'],
      ['Updated', 'Oat milk', 'Groceries'],
      ['Deleted', 'Oat milk', 'Groceries'],
    ]);
    // a thousand-character item is clipped to 200 characters
    const long = await call(mia, 'POST', `/notes/${note.id}/items`, { text: 'x'.repeat(1000) });
    const [[, label]] = await labels(mia, long.id);
    expect(label).toHaveLength(200);
    expect(label.endsWith('…')).toBe(true);
  });

  it('keeps a private note’s labels to its creator, like its rows', async () => {
    const mia = await signedInUser(t, { modules: ['Notes'] });
    const tom = await signedInUser(t, { modules: ['Notes'], groupId: mia.groupId! });
    const secret = await call(mia, 'POST', '/notes', { title: 'Birthday present for Tom', isPrivate: true });
    const item = await call(mia, 'POST', `/notes/${secret.id}/items`, { text: 'Bike' });
    expect(await labels(mia, item.id)).toEqual([['Created', 'Bike', 'Birthday present for Tom']]);
    expect(await labels(tom, item.id)).toEqual([]);
    expect(await labels(tom, secret.id)).toEqual([]);
    const all = await call(tom, 'GET', '/action-histories?pageSize=100');
    expect(JSON.stringify(all)).not.toContain('Birthday present');
  });

  it('labels places with their title and photos with their place’s title only', async () => {
    const mia = await signedInUser(t, { modules: ['Map'] });
    const place = await call(mia, 'POST', '/markers', { title: 'Lisbon café', latitude: 38.72, longitude: -9.14 });
    const photo = await call(mia, 'POST', `/markers/${place.id}/images`, { contentType: 'image/png', size: 100 });
    expect(await labels(mia, place.id)).toEqual([['Created', 'Lisbon café', null]]);
    expect(await labels(mia, photo.imageId)).toEqual([['Created', null, 'Lisbon café']]);
  });

  it(
    'labels budget rows: categories and accounts by name, a transaction by its category, ' + 'else its description; its description (the payee) beside',
    async () => {
      const tom = await signedInUser(t, { modules: ['Budget'] });
      const groceries = await call(tom, 'POST', '/categories', { name: 'Groceries', color: '#22AA66', icon: 'cart' });
      const joint = await call(tom, 'POST', '/budget-accounts', { name: 'Joint' });
      const savings = await call(tom, 'POST', '/budget-accounts', { name: 'Savings' });
      const expense = await call(tom, 'POST', '/transactions', { type: 'Expense', amount: '12.50', categoryId: groceries.id, description: 'Market' });
      const transfer = await call(tom, 'POST', '/transactions', { type: 'Transfer', amount: '50.00', targetBudgetAccountId: savings.id });
      const described = await call(tom, 'POST', '/transactions', {
        type: 'Transfer',
        amount: '5.00',
        targetBudgetAccountId: savings.id,
        description: 'Pocket money',
      });
      await call(tom, 'PUT', `/transactions/${expense.id}`, {
        type: 'Expense',
        amount: '13.50',
        categoryId: groceries.id,
        description: 'Market',
        date: expense.date,
      });
      await call(tom, 'DELETE', `/transactions/${expense.id}`);

      expect(await labels(tom, groceries.id)).toEqual([['Created', 'Groceries', null]]);
      expect(await labels(tom, joint.id)).toEqual([['Created', 'Joint', null]]);
      expect(await labels(tom, expense.id)).toEqual([
        ['Created', 'Groceries', 'Market'],
        ['Updated', 'Groceries', 'Market'],
        ['Deleted', 'Groceries', 'Market'],
      ]);
      expect(await labels(tom, transfer.id)).toEqual([['Created', null, null]]);
      expect(await labels(tom, described.id)).toEqual([['Created', 'Pocket money', 'Pocket money']]);
    },
  );

  it('labels users with their nickname and groups with their name (admin rows)', async () => {
    const admin = await signedInUser(t, { role: 'Admin' });
    const group = await call(admin, 'POST', '/groups', { name: 'The Smiths', currency: 'EUR', modules: ['Notes'] });
    const created = await call(admin, 'POST', '/users', {
      username: `mia${Date.now()}`,
      email: `mia${Date.now()}@example.test`,
      nickname: 'Mia',
      groupId: group.id,
    });
    expect(await labels(admin, group.id)).toEqual([['Created', 'The Smiths', null]]);
    expect((await labels(admin, created.user.id))[0]).toEqual(['Created', 'Mia', null]);
  });
});

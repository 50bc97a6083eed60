import { createTestApp, TestApp } from '../support/app';
import { signedInUser } from '../support/factories';
import { budgetSetup, budgetUser, call, createAccount, createCategory, createTransaction, historyOf } from './budget-support';

describe('Budget: categories', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('creates, lists in order (new ones last), updates and deletes, with history rows', async () => {
    const user = await budgetUser(t);
    const first = await createCategory(t, user, { name: 'Food', color: '#FF0000', icon: 'Utensils' });
    const second = await createCategory(t, user, { name: 'Rent', color: '#00ff00', icon: 'home-outline' });
    expect(first).toEqual({ id: expect.any(String), name: 'Food', color: '#FF0000', icon: 'Utensils', order: 1 });
    expect(second.order).toBe(2);

    const updated = await call(t, user, 'PUT', `/categories/${first.id}`, { name: '  Groceries ', color: '#0000FF', icon: 'Cart' });
    expect(updated).toEqual({ id: first.id, name: 'Groceries', color: '#0000FF', icon: 'Cart', order: 1 });
    expect(await call(t, user, 'GET', '/categories')).toEqual([updated, second]);

    await call(t, user, 'DELETE', `/categories/${second.id}`);
    const third = await createCategory(t, user, { name: 'Fun' });
    expect(third.order).toBe(2);
    expect((await call(t, user, 'GET', '/categories')).map((c: any) => c.name)).toEqual(['Groceries', 'Fun']);

    const history = await historyOf(t, first.id);
    expect(history.map((row) => row.action)).toEqual(['Created', 'Updated']);
    expect(history[0]).toMatchObject({ entity_type: 'Category', user_id: user.id, group_id: user.groupId });
    expect(history[0].changes).toMatchObject({ name: { old: null, new: 'Food' }, order: { old: null, new: 1 } });
    expect(history[1].changes).toEqual({
      name: { old: 'Food', new: 'Groceries' },
      color: { old: '#FF0000', new: '#0000FF' },
      icon: { old: 'Utensils', new: 'Cart' },
    });
    expect((await historyOf(t, second.id)).map((row) => row.action)).toEqual(['Created', 'Deleted']);
  });

  it.each([
    [{ name: '', color: '#112233', icon: 'Tag' }, 'name'],
    [{ name: 'x'.repeat(51), color: '#112233', icon: 'Tag' }, 'name'],
    [{ name: 'Ok', color: '112233', icon: 'Tag' }, 'color'],
    [{ name: 'Ok', color: '#11223G', icon: 'Tag' }, 'color'],
    [{ name: 'Ok', icon: 'Tag' }, 'color'],
    [{ name: 'Ok', color: '#112233' }, 'icon'],
    [{ name: 'Ok', color: '#112233', icon: '1bad' }, 'icon'],
    [{ name: 'Ok', color: '#112233', icon: 'Tag', order: 3 }, 'order'],
  ])('refuses %j (%s)', async (payload, field) => {
    const user = await budgetUser(t);
    const response = await t.api('POST', '/categories', { token: user.accessToken, payload });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.map((e: any) => e.field)).toContain(field);
  });

  it('refuses a second category with the same name (case-insensitive) in a group, not across groups', async () => {
    const user = await budgetUser(t);
    await createCategory(t, user, { name: 'Food' });
    const response = await t.api('POST', '/categories', { token: user.accessToken, payload: { name: 'FOOD', color: '#112233', icon: 'Tag' } });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('CATEGORY_NAME_TAKEN');
    await createCategory(t, await budgetUser(t), { name: 'Food' });
  });

  it('reorders with exactly all ids and refuses anything else with 400', async () => {
    const user = await budgetUser(t);
    const [a, b, c] = [await createCategory(t, user), await createCategory(t, user), await createCategory(t, user)];
    const reordered = await call(t, user, 'PATCH', '/categories/order', { categoryIds: [c.id, a.id, b.id] });
    expect(reordered.map((x: any) => [x.id, x.order])).toEqual([
      [c.id, 1],
      [a.id, 2],
      [b.id, 3],
    ]);
    expect((await call(t, user, 'GET', '/categories')).map((x: any) => x.id)).toEqual([c.id, a.id, b.id]);
    expect((await historyOf(t, c.id)).at(-1)).toMatchObject({ action: 'Updated', changes: { order: { old: 3, new: 1 } } });

    const foreign = await createCategory(t, await budgetUser(t));
    for (const categoryIds of [[c.id, a.id], [c.id, a.id, b.id, b.id], [c.id, a.id, foreign.id], [c.id, a.id, b.id, foreign.id], ['nope']]) {
      const response = await t.api('PATCH', '/categories/order', { token: user.accessToken, payload: { categoryIds } });
      expect(response.statusCode).toBe(400);
    }
    expect((await call(t, user, 'GET', '/categories')).map((x: any) => x.id)).toEqual([c.id, a.id, b.id]);
  });

  it('refuses to delete a category used by a transaction or a recurring transaction (409 CATEGORY_IN_USE)', async () => {
    const { member, food, salary } = await budgetSetup(t);
    await createTransaction(t, member, { type: 'Expense', amount: '1.00', categoryId: food.id });
    await call(t, member, 'POST', '/recurring-transactions', {
      type: 'Income',
      amount: '10.00',
      categoryId: salary.id,
      frequency: 'Monthly',
      startDate: '2030-01-01',
    });
    for (const category of [food, salary]) {
      const response = await t.api('DELETE', `/categories/${category.id}`, { token: member.accessToken });
      expect(response.statusCode).toBe(409);
      expect(response.json().code).toBe('CATEGORY_IN_USE');
    }
    expect(await call(t, member, 'GET', '/categories')).toHaveLength(2);
  });

  it("answers 404 for another group's category and 400 for a malformed id", async () => {
    const owner = await budgetUser(t);
    const category = await createCategory(t, owner);
    const other = await budgetUser(t);
    const payload = { name: 'Mine', color: '#112233', icon: 'Tag' };
    expect((await t.api('PUT', `/categories/${category.id}`, { token: other.accessToken, payload })).statusCode).toBe(404);
    expect((await t.api('DELETE', `/categories/${category.id}`, { token: other.accessToken })).statusCode).toBe(404);
    expect(await call(t, other, 'GET', '/categories')).toEqual([]);
    expect((await t.api('DELETE', '/categories/not-a-uuid', { token: other.accessToken })).statusCode).toBe(400);
    await createAccount(t, owner);
  });

  it('answers 403 MODULE_DISABLED when the group lacks the Budget module', async () => {
    const user = await signedInUser(t, { modules: ['Map', 'Notes'] });
    for (const [method, path] of [
      ['GET', '/categories'],
      ['GET', '/budget-accounts'],
      ['GET', '/transactions'],
      ['GET', '/transactions/report/monthly?year=2026&month=1'],
      ['GET', '/recurring-transactions'],
      ['POST', '/categories'],
    ] as const) {
      const response = await t.api(method, path, { token: user.accessToken, payload: method === 'POST' ? {} : undefined });
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('MODULE_DISABLED');
    }
  });
});

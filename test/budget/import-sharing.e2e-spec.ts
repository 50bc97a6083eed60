import { createTestApp, TestApp } from '../support/app';
import { call, flatOfThree, Member } from './budget-support';

/**
 * docs/import.md, "Sharing imported rows": a budget account is `shared` or not; only a shared
 * account's imported expenses take the group's default split, and the commit can say otherwise per
 * row, per payee or for all rows.
 */
describe('Budget: imported rows are shared by their account', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const FILE = [
    'Date,Payee,Description,Amount',
    '2026-03-02,Drogerie Rossmann,Shampoo,-12.00',
    '2026-03-03,Edeka,Groceries,-60.00',
    '2026-03-04,Drogerie Rossmann,Toothpaste,-3.00',
    '2026-03-05,Employer,Salary,900.00',
  ].join('\n');

  async function preview(user: Member, accountId: string) {
    const response = await t.api('POST', `/budget-accounts/${accountId}/imports`, {
      token: user.accessToken,
      payload: FILE,
      headers: { 'content-type': 'text/csv' },
    });
    if (response.statusCode !== 201) throw new Error(response.body);
    return response.json();
  }

  async function householdOfThree() {
    const flat = await flatOfThree(t);
    const { anna, ben, cleo } = flat;
    const weights = [anna, ben, cleo].map((m) => ({ userId: m.id, weight: '1' }));
    await call(t, anna, 'PUT', '/budget/split-settings', { sharedByDefault: true, mode: 'equal', weights, units: [] });
    return flat;
  }

  const categorised = (p: any, food: { id: string }, salary: { id: string }) =>
    p.rows.map((row: any) => ({ index: row.index, include: true, categoryId: row.type === 'Expense' ? food.id : salary.id }));
  const splits = async (user: Member) =>
    Object.fromEntries(
      (await call(t, user, 'GET', '/transactions?from=2026-03-01&to=2026-03-31&sort=date')).items.map((tx: any) => [
        tx.description,
        tx.split?.owed.map((o: any) => o.amount) ?? null,
      ]),
    );

  it('an account is personal unless made shared, on create and on update', async () => {
    const { anna, main } = await flatOfThree(t);
    expect(main.shared).toBe(false);
    const household = await call(t, anna, 'POST', '/budget-accounts', { name: 'Household', shared: true });
    expect(household.shared).toBe(true);
    expect((await call(t, anna, 'PUT', `/budget-accounts/${main.id}`, { name: 'Main', shared: true })).shared).toBe(true);
    expect((await call(t, anna, 'PUT', `/budget-accounts/${main.id}`, { name: 'Main account' })).shared).toBe(true);
    expect((await call(t, anna, 'PUT', `/budget-accounts/${household.id}`, { name: 'Household', shared: false })).shared).toBe(false);
    const list = await call(t, anna, 'GET', '/budget-accounts');
    expect(list.map((a: any) => [a.name, a.shared])).toEqual([
      ['Main account', true],
      ['Household', false],
      ['Savings', false],
    ]);
    const bad = await t.api('PUT', `/budget-accounts/${main.id}`, { token: anna.accessToken, payload: { name: 'Main', shared: 'yes' } });
    expect([bad.statusCode, bad.json().code]).toEqual([400, 'VALIDATION_FAILED']);
  });

  it("a personal account's import changes no balance; a shared account's expenses take the group's default", async () => {
    const { anna, main, savings, food, salary } = await householdOfThree();
    const personal = await preview(anna, savings.id);
    expect([personal.accountShared, personal.canShare]).toEqual([false, true]);
    expect(personal.rows.map((r: any) => r.shared)).toEqual([false, false, false, false]);
    expect(await call(t, anna, 'POST', `/imports/${personal.id}/commit`, { rows: categorised(personal, food, salary) })).toEqual({ created: 4, skipped: 0 });
    expect(Object.values(await splits(anna))).toEqual([null, null, null, null]);
    expect((await call(t, anna, 'GET', '/budget/balances')).parties.map((p: any) => p.net)).toEqual(['0.00', '0.00', '0.00']);

    await call(t, anna, 'PUT', `/budget-accounts/${main.id}`, { name: 'Main', shared: true });
    const household = await preview(anna, main.id);
    expect(household.accountShared).toBe(true);
    expect(household.rows.map((r: any) => [r.payee, r.shared])).toEqual([
      ['Drogerie Rossmann', true],
      ['Edeka', true],
      ['Drogerie Rossmann', true],
      ['Employer', false],
    ]);
    expect(await call(t, anna, 'POST', `/imports/${household.id}/commit`, { rows: categorised(household, food, salary) })).toEqual({ created: 4, skipped: 0 });
    const list = (await call(t, anna, 'GET', `/transactions?budgetAccountId=${main.id}&sort=date`)).items;
    expect(list.map((tx: any) => tx.split?.owed.map((o: any) => o.amount) ?? null)).toEqual([
      ['4.00', '4.00', '4.00'],
      ['20.00', '20.00', '20.00'],
      ['1.00', '1.00', '1.00'],
      null,
    ]);
  });

  it('the commit shares or keeps rows per payee, for all rows or per row', async () => {
    const { anna, main, savings, food, salary } = await householdOfThree();
    // a personal account: the shop everyone uses is shared for this import, the rest not
    const personal = await preview(anna, savings.id);
    await call(t, anna, 'POST', `/imports/${personal.id}/commit`, { rows: categorised(personal, food, salary), payees: [{ payee: 'Edeka', shared: true }] });
    expect(await splits(anna)).toEqual({
      'Drogerie Rossmann — Shampoo': null,
      'Edeka — Groceries': ['20.00', '20.00', '20.00'],
      'Drogerie Rossmann — Toothpaste': null,
      'Employer — Salary': null,
    });

    // a shared account: everything but one payee; one row of that payee shared after all
    await call(t, anna, 'PUT', `/budget-accounts/${main.id}`, { name: 'Main', shared: true });
    const household = await preview(anna, main.id);
    const rows = categorised(household, food, salary);
    rows[2].shared = true;
    await call(t, anna, 'POST', `/imports/${household.id}/commit`, { rows, payees: [{ payee: 'Drogerie Rossmann', shared: false }] });
    const list = (await call(t, anna, 'GET', `/transactions?budgetAccountId=${main.id}&sort=date`)).items;
    expect(list.map((tx: any) => tx.split?.owed.map((o: any) => o.amount) ?? null)).toEqual([
      null,
      ['20.00', '20.00', '20.00'],
      ['1.00', '1.00', '1.00'],
      null,
    ]);
  });

  it('all rows at once, and sharing that cannot be done is 400 with nothing written', async () => {
    const { anna, ben, savings, food, salary } = await flatOfThree(t);
    const p = await preview(anna, savings.id);
    expect(p.canShare).toBe(false);
    const noDefault = await t.api('POST', `/imports/${p.id}/commit`, {
      token: anna.accessToken,
      payload: { rows: categorised(p, food, salary), shared: true },
    });
    expect([noDefault.statusCode, noDefault.json().code, noDefault.json().errors.map((e: any) => e.field)]).toEqual([400, 'VALIDATION_FAILED', ['shared']]);
    await call(t, anna, 'PUT', '/budget/split-settings', {
      sharedByDefault: true,
      mode: 'equal',
      weights: [anna, ben].map((m) => ({ userId: m.id, weight: '1' })),
      units: [],
    });
    const income = categorised(p, food, salary);
    income[3].shared = true;
    const refused = await t.api('POST', `/imports/${p.id}/commit`, { token: anna.accessToken, payload: { rows: income } });
    expect([refused.statusCode, refused.json().errors.map((e: any) => e.field)]).toEqual([400, ['rows[3].shared']]);
    const both = await t.api('POST', `/imports/${p.id}/commit`, {
      token: anna.accessToken,
      payload: { rows: [{ index: 0, include: true, shared: true, split: null }] },
    });
    expect([both.statusCode, both.json().code]).toEqual([400, 'VALIDATION_FAILED']);
    expect((await call(t, anna, 'GET', '/transactions')).items).toHaveLength(0);

    await call(t, anna, 'POST', `/imports/${p.id}/commit`, { rows: categorised(p, food, salary), shared: true });
    expect(Object.values(await splits(anna))).toEqual([['6.00', '6.00'], ['30.00', '30.00'], ['1.50', '1.50'], null]);
  });
});

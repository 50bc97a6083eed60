import { createTestApp, TestApp } from '../support/app';
import { budgetSetup, budgetUser, call, createAccount, createTransaction, historyOf } from './budget-support';

describe('Budget: accounts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const defaults = async (groupId: string) =>
    (await t.db.query('SELECT id FROM budget_accounts WHERE group_id = $1 AND is_default', [groupId])).map((row: any) => row.id);

  it('makes the first account the default, renames, and records history', async () => {
    const user = await budgetUser(t);
    const first = await createAccount(t, user, 'Wallet');
    const second = await createAccount(t, user, 'Bank');
    expect(first).toEqual({
      id: expect.any(String),
      name: 'Wallet',
      isDefault: true,
      isDisabled: false,
      openingBalance: '0.00',
      balance: '0.00',
      shared: false,
    });
    expect(second).toMatchObject({ name: 'Bank', isDefault: false });
    const renamed = await call(t, user, 'PUT', `/budget-accounts/${second.id}`, { name: 'Bank account' });
    expect(renamed).toMatchObject({ id: second.id, name: 'Bank account', isDefault: false, isDisabled: false });
    expect((await call(t, user, 'GET', '/budget-accounts')).map((a: any) => a.name)).toEqual(['Wallet', 'Bank account']);
    const history = await historyOf(t, second.id);
    expect(history.map((row) => [row.entity_type, row.action])).toEqual([
      ['BudgetAccount', 'Created'],
      ['BudgetAccount', 'Updated'],
    ]);
    expect(history[1].changes).toEqual({ name: { old: 'Bank', new: 'Bank account' } });
  });

  it('validates the body and refuses duplicate names', async () => {
    const user = await budgetUser(t);
    await createAccount(t, user, 'Cash');
    for (const payload of [{ name: '' }, { name: 'x'.repeat(51) }, {}, { name: 'Ok', isDefault: true }, { name: 5 }]) {
      expect((await t.api('POST', '/budget-accounts', { token: user.accessToken, payload })).statusCode).toBe(400);
    }
    const duplicate = await t.api('POST', '/budget-accounts', { token: user.accessToken, payload: { name: 'cash' } });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().code).toBe('ACCOUNT_NAME_TAKEN');
  });

  it('moves the default flag in one step and keeps exactly one default', async () => {
    const user = await budgetUser(t);
    const a = await createAccount(t, user);
    const b = await createAccount(t, user);
    const moved = await call(t, user, 'PATCH', `/budget-accounts/${b.id}/default`);
    expect(moved).toMatchObject({ id: b.id, isDefault: true });
    expect(await defaults(user.groupId!)).toEqual([b.id]);
    expect((await historyOf(t, a.id)).at(-1)).toMatchObject({ action: 'Updated', changes: { isDefault: { old: true, new: false } } });
    // setting the current default again changes nothing
    await call(t, user, 'PATCH', `/budget-accounts/${b.id}/default`);
    expect(await defaults(user.groupId!)).toEqual([b.id]);
  });

  it('keeps exactly one default under parallel set-default and parallel first creations', async () => {
    const user = await budgetUser(t);
    const created = await Promise.all(
      Array.from({ length: 6 }, (_, i) => t.api('POST', '/budget-accounts', { token: user.accessToken, payload: { name: `P${i}` } })),
    );
    expect(created.map((r) => r.statusCode)).toEqual(Array(6).fill(201));
    expect(created.filter((r) => r.json().isDefault)).toHaveLength(1);
    const ids = created.map((r) => r.json().id);
    const answers = await Promise.all(ids.map((id) => t.api('PATCH', `/budget-accounts/${id}/default`, { token: user.accessToken })));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(6).fill(200));
    expect(await defaults(user.groupId!)).toHaveLength(1);
  });

  it('enforces one default per group in the database itself', async () => {
    const user = await budgetUser(t);
    const a = await createAccount(t, user);
    const b = await createAccount(t, user);
    await expect(t.db.query('UPDATE budget_accounts SET is_default = true WHERE id = $1', [b.id])).rejects.toThrow(/uq_budget_accounts_default/);
    expect(await defaults(user.groupId!)).toEqual([a.id]);
  });

  it('refuses to disable the default and to make a disabled account the default; disabled accounts take no transactions', async () => {
    const { member, main, savings, food } = await budgetSetup(t);
    const refused = await t.api('PUT', `/budget-accounts/${main.id}`, { token: member.accessToken, payload: { name: 'Main', isDisabled: true } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('ACCOUNT_IS_DEFAULT');

    const disabled = await call(t, member, 'PUT', `/budget-accounts/${savings.id}`, { name: 'Savings', isDisabled: true });
    expect(disabled).toMatchObject({ isDisabled: true, isDefault: false });
    const toDefault = await t.api('PATCH', `/budget-accounts/${savings.id}/default`, { token: member.accessToken });
    expect(toDefault.statusCode).toBe(409);
    expect(toDefault.json().code).toBe('ACCOUNT_DISABLED');

    for (const payload of [
      { type: 'Expense', amount: '1.00', categoryId: food.id, budgetAccountId: savings.id },
      { type: 'Transfer', amount: '1.00', targetBudgetAccountId: savings.id },
    ]) {
      const response = await t.api('POST', '/transactions', { token: member.accessToken, payload });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('ACCOUNT_DISABLED');
    }
    // enabled again, it takes transactions
    await call(t, member, 'PUT', `/budget-accounts/${savings.id}`, { name: 'Savings', isDisabled: false });
    await createTransaction(t, member, { type: 'Expense', amount: '1.00', categoryId: food.id, budgetAccountId: savings.id });
  });

  it('computes balances: income − expense − transfers out + transfers in, exact to the cent', async () => {
    const { member, main, savings, food, salary } = await budgetSetup(t);
    await createTransaction(t, member, { type: 'Income', amount: '1000.10', categoryId: salary.id });
    await createTransaction(t, member, { type: 'Expense', amount: '0.10', categoryId: food.id });
    await createTransaction(t, member, { type: 'Expense', amount: '0.20', categoryId: food.id });
    await createTransaction(t, member, { type: 'Transfer', amount: '250.05', targetBudgetAccountId: savings.id });
    await createTransaction(t, member, { type: 'Expense', amount: '5', categoryId: food.id, budgetAccountId: savings.id });
    await createTransaction(t, member, { type: 'Transfer', amount: '0.01', budgetAccountId: savings.id, targetBudgetAccountId: main.id });
    const accounts = await call(t, member, 'GET', '/budget-accounts');
    expect(accounts.map((a: any) => [a.id, a.balance])).toEqual([
      [main.id, '749.76'], // 1000.10 − 0.10 − 0.20 − 250.05 + 0.01
      [savings.id, '245.04'], // 250.05 − 5 − 0.01
    ]);
  });

  it('starts an account at its opening balance: balance = opening balance + transactions', async () => {
    const { member, food } = await budgetSetup(t);
    const joint = await call(t, member, 'POST', '/budget-accounts', { name: 'Joint', openingBalance: '1250.00' });
    expect(joint).toMatchObject({ name: 'Joint', openingBalance: '1250.00', balance: '1250.00' });
    await createTransaction(t, member, { type: 'Expense', amount: '12.50', categoryId: food.id, budgetAccountId: joint.id });
    const balanceOf = async (id: string) => (await call(t, member, 'GET', '/budget-accounts')).find((a: any) => a.id === id);
    expect(await balanceOf(joint.id)).toMatchObject({ openingBalance: '1250.00', balance: '1237.50' });

    // overdrawn at the start, with one decimal; an update without it keeps it, with it moves the balance at once
    const renamed = await call(t, member, 'PUT', `/budget-accounts/${joint.id}`, { name: 'Joint account' });
    expect(renamed).toMatchObject({ openingBalance: '1250.00', balance: '1237.50' });
    const corrected = await call(t, member, 'PUT', `/budget-accounts/${joint.id}`, { name: 'Joint account', openingBalance: '-80.5' });
    expect(corrected).toMatchObject({ openingBalance: '-80.50', balance: '-93.00' });
    const history = await historyOf(t, joint.id);
    expect(history[0].changes.openingBalance).toEqual({ old: null, new: '1250.00' });
    expect(history.map((row) => row.changes)).toContainEqual({ name: { old: 'Joint', new: 'Joint account' } });
    expect(history[history.length - 1].changes).toEqual({ openingBalance: { old: '1250.00', new: '-80.50' } });
    // the same value again changes nothing and records nothing
    await call(t, member, 'PUT', `/budget-accounts/${joint.id}`, { name: 'Joint account', openingBalance: '-80.50' });
    expect(await historyOf(t, joint.id)).toHaveLength(history.length);

    for (const openingBalance of [12.5, '1,00', '1.234', '--1', '+5', '1e3', '1000000000.00', '', ' ']) {
      const response = await t.api('POST', '/budget-accounts', { token: member.accessToken, payload: { name: 'Bad', openingBalance } });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors.map((e: { field: string }) => e.field)).toEqual(expect.arrayContaining(['openingBalance']));
      expect(response.json().errors.every((e: { field: string }) => e.field === 'openingBalance')).toBe(true);
    }
    expect(await call(t, member, 'POST', '/budget-accounts', { name: 'Zero', openingBalance: '-0' })).toMatchObject({
      openingBalance: '0.00',
      balance: '0.00',
    });
  });

  it('applies the delete rules of the contract', async () => {
    const { member, main, savings, food } = await budgetSetup(t);
    const expect409 = async (id: string, code: string) => {
      const response = await t.api('DELETE', `/budget-accounts/${id}`, { token: member.accessToken });
      expect(response.statusCode).toBe(409);
      expect(response.json().code).toBe(code);
    };
    await expect409(main.id, 'ACCOUNT_IS_DEFAULT');

    // transactions on either side of a transfer
    const transfer = await createTransaction(t, member, { type: 'Transfer', amount: '1.00', targetBudgetAccountId: savings.id });
    await expect409(savings.id, 'ACCOUNT_HAS_TRANSACTIONS');
    await call(t, member, 'DELETE', `/transactions/${transfer.id}`);
    const expense = await createTransaction(t, member, { type: 'Expense', amount: '1.00', categoryId: food.id, budgetAccountId: savings.id });
    await expect409(savings.id, 'ACCOUNT_HAS_TRANSACTIONS');
    await call(t, member, 'DELETE', `/transactions/${expense.id}`);

    // an enabled recurring transaction blocks; a disabled one is deleted with the account
    const recurring = await call(t, member, 'POST', '/recurring-transactions', {
      type: 'Expense',
      amount: '3.00',
      categoryId: food.id,
      budgetAccountId: savings.id,
      frequency: 'Monthly',
      startDate: '2030-01-31',
    });
    await expect409(savings.id, 'ACCOUNT_HAS_RECURRING');
    await call(t, member, 'PATCH', `/recurring-transactions/${recurring.id}/toggle`);
    await call(t, member, 'DELETE', `/budget-accounts/${savings.id}`);
    expect((await t.api('GET', `/recurring-transactions/${recurring.id}`, { token: member.accessToken })).statusCode).toBe(404);
    expect((await historyOf(t, savings.id)).at(-1).action).toBe('Deleted');
    expect((await historyOf(t, recurring.id)).at(-1).action).toBe('Deleted');
    expect((await call(t, member, 'GET', '/budget-accounts')).map((a: any) => a.id)).toEqual([main.id]);
  });

  it("answers 404 for another group's account on every route", async () => {
    const { main } = await budgetSetup(t);
    const other = await budgetUser(t);
    const token = other.accessToken;
    expect((await t.api('PUT', `/budget-accounts/${main.id}`, { token, payload: { name: 'x' } })).statusCode).toBe(404);
    expect((await t.api('PATCH', `/budget-accounts/${main.id}/default`, { token })).statusCode).toBe(404);
    expect((await t.api('DELETE', `/budget-accounts/${main.id}`, { token })).statusCode).toBe(404);
    expect(await call(t, other, 'GET', '/budget-accounts')).toEqual([]);
  });
});

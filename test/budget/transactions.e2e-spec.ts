import { createTestApp, TestApp } from '../support/app';
import { budgetSetup, budgetUser, call, createCategory, createTransaction, historyOf } from './budget-support';

describe('Budget: transactions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  afterEach(() => t.clock.reset());

  it('creates, reads, updates and deletes, with history rows', async () => {
    const { member, main, savings, food, salary } = await budgetSetup(t);
    const created = await createTransaction(t, member, {
      type: 'Expense',
      amount: '12.3',
      date: '2026-03-04',
      description: '  Lunch ',
      categoryId: food.id,
    });
    expect(created).toEqual({
      id: expect.any(String),
      type: 'Expense',
      amount: '12.30',
      date: '2026-03-04',
      description: 'Lunch',
      categoryId: food.id,
      budgetAccountId: main.id, // the default account
      targetBudgetAccountId: null,
      recurringTransactionId: null,
      createdBy: member.id,
      createdDate: expect.stringMatching(/Z$/),
      split: null,
      original: null,
    });
    expect(await call(t, member, 'GET', `/transactions/${created.id}`)).toEqual(created);
    const [row] = await t.db.query('SELECT amount::text AS amount, date::text AS date FROM transactions WHERE id = $1', [created.id]);
    expect(row).toEqual({ amount: '12.30', date: '2026-03-04' });

    const updated = await call(t, member, 'PUT', `/transactions/${created.id}`, {
      type: 'Income',
      amount: '99.99',
      categoryId: salary.id,
      budgetAccountId: savings.id,
    });
    expect(updated).toMatchObject({ type: 'Income', amount: '99.99', date: '2026-03-04', description: null, budgetAccountId: savings.id });

    await call(t, member, 'DELETE', `/transactions/${created.id}`);
    expect((await t.api('GET', `/transactions/${created.id}`, { token: member.accessToken })).statusCode).toBe(404);

    const history = await historyOf(t, created.id);
    expect(history.map((h) => h.action)).toEqual(['Created', 'Updated', 'Deleted']);
    expect(history[0]).toMatchObject({ entity_type: 'Transaction', user_id: member.id, user_nickname: member.nickname });
    expect(history[0].changes).toMatchObject({ amount: { old: null, new: '12.30' }, type: { old: null, new: 'Expense' } });
    expect(history[1].changes).toMatchObject({
      type: { old: 'Expense', new: 'Income' },
      amount: { old: '12.30', new: '99.99' },
      budgetAccountId: { old: main.id, new: savings.id },
    });
  });

  it.each([
    ["23:59:59 UTC on New Year's Eve", '2026-12-31T23:59:59Z', '2026-12-31'],
    ["00:00 UTC on New Year's Day", '2027-01-01T00:00:00Z', '2027-01-01'],
    ['23:30 in New York (already the next day in UTC)', '2027-03-01T04:30:00Z', '2027-03-01'],
    ['00:30 in Auckland (still the day before in UTC)', '2027-02-28T11:30:00Z', '2027-02-28'],
  ])('defaults the date to today (UTC), at %s', async (_, now, date) => {
    t.clock.set(now);
    const { member, food } = await budgetSetup(t);
    const created = await createTransaction(t, member, { type: 'Expense', amount: '1', categoryId: food.id });
    expect(created.date).toBe(date);
  });

  it.each([['12.345'], ['-1'], ['abc'], [12.5], [1e3], ['1e3'], ['0'], ['0.00'], ['1000000000.00'], ['12.'], ['.5'], ['01.50'], [''], [null]])(
    'refuses the amount %j',
    async (amount) => {
      const { member, food } = await budgetSetup(t);
      const response = await t.api('POST', '/transactions', { token: member.accessToken, payload: { type: 'Expense', amount, categoryId: food.id } });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors.map((e: any) => e.field)).toContain('amount');
    },
  );

  it('accepts amounts up to 999999999.99 and keeps them exact', async () => {
    const { member, food } = await budgetSetup(t);
    for (const amount of ['999999999.99', '0.01', '0.1', '7']) {
      const created = await createTransaction(t, member, { type: 'Expense', amount, categoryId: food.id });
      expect(created.amount).toBe(amount.includes('.') ? amount.padEnd(amount.indexOf('.') + 3, '0') : `${amount}.00`);
    }
  });

  it('checks type, category and accounts together', async () => {
    const { member, main, savings, food } = await budgetSetup(t);
    const cases: [Record<string, unknown>, string][] = [
      [{ type: 'Expense', amount: '1' }, 'categoryId'],
      [{ type: 'Income', amount: '1' }, 'categoryId'],
      [{ type: 'Expense', amount: '1', categoryId: food.id, targetBudgetAccountId: savings.id }, 'targetBudgetAccountId'],
      [{ type: 'Transfer', amount: '1' }, 'targetBudgetAccountId'],
      [{ type: 'Transfer', amount: '1', targetBudgetAccountId: savings.id, categoryId: food.id }, 'categoryId'],
      [{ type: 'Transfer', amount: '1', targetBudgetAccountId: main.id }, 'targetBudgetAccountId'],
      [{ type: 'Transfer', amount: '1', budgetAccountId: savings.id, targetBudgetAccountId: savings.id }, 'targetBudgetAccountId'],
      [{ type: 'Refund', amount: '1', categoryId: food.id }, 'type'],
      [{ type: 'Expense', amount: '1', categoryId: food.id, date: '2026-02-30' }, 'date'],
      [{ type: 'Expense', amount: '1', categoryId: food.id, date: '2026-3-1' }, 'date'],
      [{ type: 'Expense', amount: '1', categoryId: food.id, description: 'x'.repeat(501) }, 'description'],
      [{ type: 'Expense', amount: '1', categoryId: 'not-a-uuid' }, 'categoryId'],
      [{ type: 'Expense', amount: '1', categoryId: food.id, recurringTransactionId: food.id }, 'recurringTransactionId'],
    ];
    for (const [payload, field] of cases) {
      const response = await t.api('POST', '/transactions', { token: member.accessToken, payload });
      expect({ payload, status: response.statusCode }).toEqual({ payload, status: 400 });
      expect(response.json().errors.map((e: any) => e.field)).toContain(field);
    }
  });

  it('answers 409 NO_DEFAULT_ACCOUNT when the group has no account yet', async () => {
    const member = await budgetUser(t);
    const food = await createCategory(t, member);
    const response = await t.api('POST', '/transactions', { token: member.accessToken, payload: { type: 'Expense', amount: '1', categoryId: food.id } });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('NO_DEFAULT_ACCOUNT');
  });

  it("refuses another group's ids in the path, the body and the filters with 404", async () => {
    const mine = await budgetSetup(t);
    const theirs = await budgetSetup(t);
    const token = mine.member.accessToken;
    const foreignTx = await createTransaction(t, theirs.member, { type: 'Expense', amount: '5', categoryId: theirs.food.id });
    const body = { type: 'Expense', amount: '1', categoryId: mine.food.id };
    for (const payload of [
      { ...body, categoryId: theirs.food.id },
      { ...body, budgetAccountId: theirs.main.id },
      { type: 'Transfer', amount: '1', targetBudgetAccountId: theirs.savings.id },
    ]) {
      expect((await t.api('POST', '/transactions', { token, payload })).statusCode).toBe(404);
    }
    expect((await t.api('GET', `/transactions/${foreignTx.id}`, { token })).statusCode).toBe(404);
    expect((await t.api('PUT', `/transactions/${foreignTx.id}`, { token, payload: body })).statusCode).toBe(404);
    expect((await t.api('DELETE', `/transactions/${foreignTx.id}`, { token })).statusCode).toBe(404);
    const own = await createTransaction(t, mine.member, body);
    expect((await t.api('PUT', `/transactions/${own.id}`, { token, payload: { ...body, categoryId: theirs.food.id } })).statusCode).toBe(404);
    expect((await t.api('GET', `/transactions?categoryId=${theirs.food.id}`, { token })).statusCode).toBe(404);
    expect((await t.api('GET', `/transactions?budgetAccountId=${theirs.main.id}`, { token })).statusCode).toBe(404);
    expect((await t.api('GET', `/transactions/report/monthly?year=2026&month=1&budgetAccountId=${theirs.main.id}`, { token })).statusCode).toBe(404);
    expect((await t.api('GET', `/transactions/report/yearly?year=2026&budgetAccountId=${theirs.main.id}`, { token })).statusCode).toBe(404);
    expect((await call(t, mine.member, 'GET', '/transactions')).items.map((x: any) => x.id)).toEqual([own.id]);
    expect((await t.api('GET', '/transactions/nope', { token })).statusCode).toBe(400);
  });

  it('keeps a transaction on an account disabled later editable, but refuses moving one onto a disabled account', async () => {
    const { member, main, savings, food } = await budgetSetup(t);
    const onSavings = await createTransaction(t, member, { type: 'Expense', amount: '2', categoryId: food.id, budgetAccountId: savings.id });
    const onMain = await createTransaction(t, member, { type: 'Expense', amount: '2', categoryId: food.id });
    await call(t, member, 'PUT', `/budget-accounts/${savings.id}`, { name: 'Savings', isDisabled: true });
    const edited = await call(t, member, 'PUT', `/transactions/${onSavings.id}`, { type: 'Expense', amount: '3', categoryId: food.id });
    expect(edited).toMatchObject({ amount: '3.00', budgetAccountId: savings.id });
    const moved = await t.api('PUT', `/transactions/${onMain.id}`, {
      token: member.accessToken,
      payload: { type: 'Expense', amount: '2', categoryId: food.id, budgetAccountId: savings.id },
    });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().code).toBe('ACCOUNT_DISABLED');
    expect((await call(t, member, 'GET', `/transactions/${onMain.id}`)).budgetAccountId).toBe(main.id);
  });
});

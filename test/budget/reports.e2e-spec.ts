import { createTestApp, TestApp } from '../support/app';
import { createGroup } from '../support/factories';
import { budgetSetup, budgetUser, call, centsToString, createCategory, createTransaction } from './budget-support';

interface Made {
  type: 'Expense' | 'Income' | 'Transfer';
  cents: number;
  date: string;
  categoryId: string | null;
  accountId: string;
}

describe('Budget: reports', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** Sums computed here, in integer cents, from the rows the test created. */
  const sum = (rows: Made[], type: Made['type'], keep: (row: Made) => boolean) =>
    centsToString(rows.filter((row) => row.type === type && keep(row)).reduce((total, row) => total + row.cents, 0));

  it('reports a month and a year exactly (many 0.1 + 0.2 style amounts), without transfers, per account on demand', async () => {
    const group = await createGroup(t, { currency: 'CHF', modules: ['Budget'] });
    const member = await budgetUser(t, group.id);
    const { main, savings, food, salary } = await budgetSetup(t, member);
    const fun = await createCategory(t, member, { name: 'Fun' }); // never used: absent from the reports
    const made: Made[] = [];
    const add = async (row: Made) => {
      made.push(row);
      await createTransaction(t, member, {
        type: row.type,
        amount: centsToString(row.cents),
        date: row.date,
        ...(row.type === 'Transfer' ? { targetBudgetAccountId: row.accountId === main.id ? savings.id : main.id } : { categoryId: row.categoryId }),
        budgetAccountId: row.accountId,
      });
    };
    const smallCents = [10, 20, 30, 1, 7, 99, 70, 3];
    for (let i = 0; i < 192; i++) {
      const month = (i % 12) + 1;
      const day = ((Math.floor(i / 12) * 3 + (i % 5)) % 28) + 1;
      const type = (['Expense', 'Income', 'Expense', 'Transfer', 'Expense', 'Income', 'Expense', 'Expense'] as const)[Math.floor(i / 12) % 8];
      await add({
        type,
        cents: smallCents[i % smallCents.length] + (i % 5 === 0 ? 123_456 : 0),
        date: `2025-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
        categoryId: type === 'Transfer' ? null : type === 'Income' ? salary.id : food.id,
        accountId: i % 4 === 0 ? savings.id : main.id,
      });
    }
    // just outside the periods
    await add({ type: 'Expense', cents: 999, date: '2024-12-31', categoryId: food.id, accountId: main.id });
    await add({ type: 'Expense', cents: 999, date: '2026-01-01', categoryId: food.id, accountId: main.id });
    await add({ type: 'Income', cents: 999, date: '2025-02-28', categoryId: salary.id, accountId: main.id });
    await add({ type: 'Income', cents: 999, date: '2025-04-01', categoryId: salary.id, accountId: main.id });

    const inMarch = (row: Made) => row.date.startsWith('2025-03');
    const in2025 = (row: Made) => row.date.startsWith('2025');
    const monthly = await call(t, member, 'GET', '/transactions/report/monthly?year=2025&month=3');
    const income = sum(made, 'Income', inMarch);
    const expense = sum(made, 'Expense', inMarch);
    // the data really exercises the sums: both kinds, several days, transfers in the month
    expect(Number(income) > 0 && Number(expense) > 0).toBe(true);
    expect(new Set(made.filter(inMarch).map((row) => row.date)).size).toBeGreaterThan(5);
    expect(made.some((row) => inMarch(row) && row.type === 'Transfer')).toBe(true);
    expect(monthly).toMatchObject({ year: 2025, month: 3, currency: 'CHF', totalIncome: income, totalExpense: expense });
    expect(monthly.net).toBe(centsToString(Math.round(Number(income) * 100) - Math.round(Number(expense) * 100)));
    expect(monthly.categories).toEqual([
      { categoryId: food.id, name: 'Food', color: '#112233', icon: 'ShoppingCart', income: '0.00', expense },
      { categoryId: salary.id, name: 'Salary', color: '#112233', icon: 'ShoppingCart', income, expense: '0.00' },
    ]);
    expect(monthly.categories.map((c: any) => c.categoryId)).not.toContain(fun.id);
    expect(monthly.days).toHaveLength(31);
    for (const day of monthly.days) {
      const onDay = (row: Made) => row.date === day.date;
      expect(day).toEqual({ date: day.date, income: sum(made, 'Income', onDay), expense: sum(made, 'Expense', onDay) });
    }

    const yearly = await call(t, member, 'GET', '/transactions/report/yearly?year=2025');
    expect(yearly).toMatchObject({
      year: 2025,
      currency: 'CHF',
      totalIncome: sum(made, 'Income', in2025),
      totalExpense: sum(made, 'Expense', in2025),
    });
    expect(yearly.months.map((m: any) => m.month)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    for (const month of yearly.months) {
      const inMonth = (row: Made) => row.date.startsWith(`2025-${String(month.month).padStart(2, '0')}`);
      const monthIncome = sum(made, 'Income', inMonth);
      const monthExpense = sum(made, 'Expense', inMonth);
      const net = centsToString(Math.round(Number(monthIncome) * 100) - Math.round(Number(monthExpense) * 100));
      expect(month).toEqual({ month: month.month, income: monthIncome, expense: monthExpense, net });
    }
    expect(yearly.categories.map((c: any) => [c.categoryId, c.income, c.expense])).toEqual([
      [food.id, '0.00', sum(made, 'Expense', (row) => in2025(row) && row.categoryId === food.id)],
      [salary.id, sum(made, 'Income', (row) => in2025(row) && row.categoryId === salary.id), '0.00'],
    ]);

    // one account only
    const onSavings = (row: Made) => in2025(row) && row.accountId === savings.id;
    const savingsYear = await call(t, member, 'GET', `/transactions/report/yearly?year=2025&budgetAccountId=${savings.id}`);
    expect(savingsYear).toMatchObject({ totalIncome: sum(made, 'Income', onSavings), totalExpense: sum(made, 'Expense', onSavings) });
    const savingsMarch = await call(t, member, 'GET', `/transactions/report/monthly?year=2025&month=3&budgetAccountId=${savings.id}`);
    expect(savingsMarch.totalExpense).toBe(sum(made, 'Expense', (row) => inMarch(row) && row.accountId === savings.id));
  });

  it('stays exact through updates and deletes (the trigger-kept day sums and balances match the transactions)', async () => {
    const group = await createGroup(t, { modules: ['Budget'] });
    const member = await budgetUser(t, group.id);
    const { main, savings, food, salary } = await budgetSetup(t, member);
    const ids: string[] = [];
    for (let i = 0; i < 40; i++) {
      const income = i % 3 === 0;
      const created = await createTransaction(t, member, {
        type: income ? 'Income' : 'Expense',
        amount: centsToString(10 + i * 7),
        date: `2025-0${(i % 4) + 1}-1${i % 9}`,
        categoryId: income ? salary.id : food.id,
        budgetAccountId: i % 2 ? main.id : savings.id,
      });
      ids.push(created.id);
    }
    // move amounts, days, months, accounts and categories; turn one into a transfer; delete some
    for (let i = 0; i < 12; i++) {
      const income = i % 2 === 0;
      await call(t, member, 'PUT', `/transactions/${ids[i]}`, {
        type: income ? 'Income' : 'Expense',
        amount: centsToString(1 + i * 13),
        date: `2025-0${((i + 2) % 4) + 1}-0${(i % 9) + 1}`,
        categoryId: income ? salary.id : food.id,
        budgetAccountId: i % 3 ? savings.id : main.id,
      });
    }
    await call(t, member, 'PUT', `/transactions/${ids[12]}`, {
      type: 'Transfer',
      amount: '5.00',
      date: '2025-02-02',
      budgetAccountId: main.id,
      targetBudgetAccountId: savings.id,
    });
    for (const id of ids.slice(30)) await call(t, member, 'DELETE', `/transactions/${id}`);

    // the reports against sums computed straight from the transactions left
    const truth = async (from: string, until: string) =>
      (
        await t.db.query(
          `SELECT COALESCE(SUM(amount) FILTER (WHERE type = 'Income'), 0)::text AS income,
                  COALESCE(SUM(amount) FILTER (WHERE type = 'Expense'), 0)::text AS expense
             FROM transactions WHERE group_id = $1 AND date >= $2 AND date < $3`,
          [group.id, from, until],
        )
      )[0];
    const fixed = (value: string) => Number(value).toFixed(2);
    const yearly = await call(t, member, 'GET', '/transactions/report/yearly?year=2025');
    const year = await truth('2025-01-01', '2026-01-01');
    expect([yearly.totalIncome, yearly.totalExpense]).toEqual([fixed(year.income), fixed(year.expense)]);
    for (const month of [1, 2, 3, 4]) {
      const report = await call(t, member, 'GET', `/transactions/report/monthly?year=2025&month=${month}`);
      const expected = await truth(`2025-0${month}-01`, `2025-0${month + 1}-01`);
      expect([month, report.totalIncome, report.totalExpense]).toEqual([month, fixed(expected.income), fixed(expected.expense)]);
    }
    // and the day sums, row by row, equal a fresh aggregation
    const drift = await t.db.query(
      `SELECT * FROM (
         SELECT group_id, date, budget_account_id, category_id, type, SUM(amount) AS amount, count(*)::int AS count
           FROM transactions WHERE group_id = $1 AND type <> 'Transfer' GROUP BY 1, 2, 3, 4, 5) fresh
       FULL JOIN (SELECT * FROM transaction_day_sums WHERE group_id = $1 AND count > 0) kept
         USING (group_id, date, budget_account_id, category_id, type)
       WHERE fresh.amount IS DISTINCT FROM kept.amount OR fresh.count IS DISTINCT FROM kept.count`,
      [group.id],
    );
    expect(drift).toEqual([]);

    // balances (trigger-kept too) against a fresh sum over what is left, transfers included
    const balances = await call(t, member, 'GET', '/budget-accounts');
    for (const account of [main, savings]) {
      const [{ balance }] = await t.db.query(
        `SELECT (COALESCE(SUM(CASE WHEN budget_account_id = $1 THEN CASE WHEN type = 'Income' THEN amount ELSE -amount END END), 0)
               + COALESCE(SUM(amount) FILTER (WHERE target_budget_account_id = $1), 0))::numeric(18,2)::text AS balance
           FROM transactions WHERE group_id = $2`,
        [account.id, group.id],
      );
      expect([account.id, balances.find((a: { id: string }) => a.id === account.id).balance]).toEqual([account.id, balance]);
    }
  });

  it('leaves transfers out of every total while they move balances', async () => {
    const { member, main, savings } = await budgetSetup(t);
    await createTransaction(t, member, { type: 'Transfer', amount: '500.00', date: '2025-06-10', targetBudgetAccountId: savings.id });
    const monthly = await call(t, member, 'GET', '/transactions/report/monthly?year=2025&month=6');
    expect(monthly).toMatchObject({ totalIncome: '0.00', totalExpense: '0.00', net: '0.00', categories: [] });
    expect(monthly.days.every((d: any) => d.income === '0.00' && d.expense === '0.00')).toBe(true);
    const yearly = await call(t, member, 'GET', '/transactions/report/yearly?year=2025');
    expect(yearly).toMatchObject({ totalIncome: '0.00', totalExpense: '0.00', net: '0.00', categories: [] });
    expect(yearly.months).toHaveLength(12);
    const balances = await call(t, member, 'GET', '/budget-accounts');
    expect(balances.map((a: any) => [a.id, a.balance])).toEqual([
      [main.id, '-500.00'],
      [savings.id, '500.00'],
    ]);
  });

  it('answers an empty period with zeros: 12 months, every day of February in a leap year', async () => {
    const member = await budgetUser(t);
    const monthly = await call(t, member, 'GET', '/transactions/report/monthly?year=2028&month=2');
    expect(monthly.days).toHaveLength(29);
    expect(monthly.days[28]).toEqual({ date: '2028-02-29', income: '0.00', expense: '0.00' });
    const yearly = await call(t, member, 'GET', '/transactions/report/yearly?year=2028');
    expect(yearly.months).toHaveLength(12);
    expect(yearly.months[11]).toEqual({ month: 12, income: '0.00', expense: '0.00', net: '0.00' });
  });

  it('validates the query', async () => {
    const member = await budgetUser(t);
    for (const query of [
      'monthly?year=2025',
      'monthly?year=2025&month=13',
      'monthly?year=2025&month=0',
      'monthly?year=abc&month=1',
      'yearly',
      'yearly?year=1899',
      'yearly?year=2025&budgetAccountId=x',
      'yearly?year=2025.5',
    ]) {
      expect({ query, status: (await t.api('GET', `/transactions/report/${query}`, { token: member.accessToken })).statusCode }).toEqual({
        query,
        status: 400,
      });
    }
  });
});

import { createTestApp, TestApp } from '../support/app';
import { budgetSetup, call, createAccount, createTransaction } from './budget-support';

describe('Budget: transaction list', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('filters by from, to, type, category, account (both sides of a transfer) and search; sorts by date and amount', async () => {
    const { member, main, savings, food, salary } = await budgetSetup(t);
    const make = (body: Record<string, unknown>) => createTransaction(t, member, body);
    const a = await make({ type: 'Expense', amount: '10.00', date: '2026-01-05', categoryId: food.id, description: 'Groceries 100% organic' });
    const b = await make({ type: 'Income', amount: '2500.00', date: '2026-01-31', categoryId: salary.id, description: 'Salary January' });
    const c = await make({ type: 'Transfer', amount: '300.00', date: '2026-02-01', targetBudgetAccountId: savings.id, description: 'to savings' });
    const d = await make({ type: 'Expense', amount: '4.50', date: '2026-02-15', categoryId: food.id, budgetAccountId: savings.id, description: 'coffee' });
    const e = await make({ type: 'Expense', amount: '4.50', date: '2026-02-15', categoryId: food.id, description: 'COFFEE again' });
    const ids = async (query: string) => (await call(t, member, 'GET', `/transactions?${query}`)).items.map((x: any) => x.id);

    // default: date, newest first; equal dates by id (creation order) descending
    expect(await ids('')).toEqual([e.id, d.id, c.id, b.id, a.id]);
    expect(await ids('sort=date')).toEqual([a.id, b.id, c.id, d.id, e.id]);
    expect(await ids('sort=-amount')).toEqual([b.id, c.id, a.id, e.id, d.id]);
    expect(await ids('sort=amount')).toEqual([d.id, e.id, a.id, c.id, b.id]);
    expect(await ids('from=2026-01-31&to=2026-02-01')).toEqual([c.id, b.id]);
    expect(await ids('from=2026-02-01')).toEqual([e.id, d.id, c.id]);
    expect(await ids('to=2026-01-05')).toEqual([a.id]);
    expect(await ids('type=Expense')).toEqual([e.id, d.id, a.id]);
    expect(await ids('type=Transfer')).toEqual([c.id]);
    expect(await ids(`categoryId=${salary.id}`)).toEqual([b.id]);
    expect(await ids(`budgetAccountId=${savings.id}`)).toEqual([d.id, c.id]);
    expect(await ids(`budgetAccountId=${main.id}&type=Expense`)).toEqual([e.id, a.id]);
    expect(await ids('search=coffee')).toEqual([e.id, d.id]);
    expect(await ids('search=100%25')).toEqual([a.id]);
    expect(await ids('search=_')).toEqual([]);
    expect(await ids('search=coffee&sort=amount&from=2026-02-15&to=2026-02-15')).toEqual([d.id, e.id]);

    const page = await call(t, member, 'GET', '/transactions?page=2&pageSize=2');
    expect(page).toMatchObject({ page: 2, pageSize: 2, totalItems: 5, totalPages: 3, totalItemsExact: true });
    for (const filter of [`budgetAccountId=${savings.id}`, `categoryId=${food.id}`, 'search=coffee', `budgetAccountId=${main.id}&categoryId=${food.id}`]) {
      expect({ filter, ...(await call(t, member, 'GET', `/transactions?${filter}`)) }).toMatchObject({ filter, totalItemsExact: true });
    }
    expect(page.items.map((x: any) => x.id)).toEqual([c.id, b.id]);
    expect(await call(t, member, 'GET', '/transactions?type=Expense&page=2&pageSize=2')).toMatchObject({ totalItems: 3, totalPages: 2 });
    expect(await call(t, member, 'GET', '/transactions?page=9')).toMatchObject({ items: [], totalItems: 5 });

    for (const query of [
      'sort=description',
      'pageSize=101',
      'page=0',
      'from=2026-13-01',
      'type=Other',
      'categoryId=x',
      'search=' + 'x'.repeat(101),
      'extra=1',
    ]) {
      expect({ query, status: (await t.api('GET', `/transactions?${query}`, { token: member.accessToken })).statusCode }).toEqual({ query, status: 400 });
    }
  });

  it('pages through tens of thousands of rows exactly like ORDER BY ... OFFSET, at every depth and on every path', async () => {
    const { member, main, savings, food, salary } = await budgetSetup(t);
    // 24 000 rows over 120 days, ~200 a day (several pages share a day), a mix of types
    await t.bulk(
      `INSERT INTO transactions (id, group_id, type, amount, date, description, category_id, budget_account_id, target_budget_account_id)
       SELECT gen_random_uuid(), $1,
              CASE WHEN i % 10 = 0 THEN 'Transfer' WHEN i % 4 = 1 THEN 'Income' ELSE 'Expense' END,
              (i % 997 + 1) / 100.0, DATE '2025-01-01' + (i % 120), 'row ' || i,
              CASE WHEN i % 10 = 0 THEN NULL WHEN i % 4 = 1 THEN $3::uuid ELSE $2::uuid END,
              $4, CASE WHEN i % 10 = 0 THEN $5::uuid END
         FROM generate_series(1, 24000) AS i`,
      [member.groupId, food.id, salary.id, main.id, savings.id],
    );
    // a few writes through the API too: counts must follow inserts, date and type changes, deletes
    const moved = await createTransaction(t, member, { type: 'Expense', amount: '1', date: '2025-02-01', categoryId: food.id });
    await call(t, member, 'PUT', `/transactions/${moved.id}`, { type: 'Income', amount: '1', date: '2025-03-15', categoryId: salary.id });
    const removed = await createTransaction(t, member, { type: 'Expense', amount: '1', date: '2025-02-02', categoryId: food.id });
    await call(t, member, 'DELETE', `/transactions/${removed.id}`);
    const [{ drift }] = await t.db.query(
      `SELECT count(*)::int AS drift
         FROM (SELECT date, type, count(*)::int AS n FROM transactions WHERE group_id = $1 GROUP BY date, type) a
         FULL JOIN (SELECT date, type, count AS n FROM transaction_day_counts WHERE group_id = $1 AND count > 0) c USING (date, type)
        WHERE a.n IS DISTINCT FROM c.n`,
      [member.groupId],
    );
    expect(drift).toBe(0);

    const total = 24_001;
    const expectPage = async (query: string, where: string, order: string, page: number, pageSize = 20) => {
      const expected = await t.db.query(
        `SELECT id FROM transactions WHERE group_id = $1 ${where} ORDER BY ${order} LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`,
        [member.groupId],
      );
      const body = await call(t, member, 'GET', `/transactions?${query}&page=${page}&pageSize=${pageSize}`);
      expect({ query, page, ids: body.items.map((x: any) => x.id) }).toEqual({ query, page, ids: expected.map((r: any) => r.id) });
      return body;
    };
    const lastPage = Math.ceil(total / 20);
    for (const page of [1, 2, 7, 600, 601, 1100, lastPage - 1, lastPage, lastPage + 1]) {
      const body = await expectPage('sort=-date', '', 'date DESC, id DESC', page);
      expect(body.totalItems).toBe(total);
      await expectPage('sort=date', '', 'date ASC, id ASC', page);
    }
    for (const page of [1, 3, 40, 77]) {
      await expectPage('from=2025-02-01&to=2025-03-15', `AND date BETWEEN '2025-02-01' AND '2025-03-15'`, 'date DESC, id DESC', page, 100);
    }
    const expenses = (await call(t, member, 'GET', '/transactions?type=Expense&pageSize=1')).totalItems;
    const expensePages = Math.ceil(expenses / 20);
    for (const page of [1, 501, 600, expensePages - 3, expensePages]) {
      await expectPage('type=Expense', `AND type = 'Expense'`, 'date DESC, id DESC', page);
      await expectPage('type=Income&sort=date', `AND type = 'Income'`, 'date ASC, id ASC', Math.min(page, 280));
      await expectPage(`type=Expense&categoryId=${food.id}`, `AND type = 'Expense' AND category_id = '${food.id}'`, 'date DESC, id DESC', page);
    }
    const incomes = await call(t, member, 'GET', '/transactions?type=Income&from=2025-03-01&sort=-amount');
    const [{ n }] = await t.db.query(`SELECT count(*)::int AS n FROM transactions WHERE group_id = $1 AND type = 'Income' AND date >= '2025-03-01'`, [
      member.groupId,
    ]);
    expect(incomes.totalItems).toBe(n);
    for (const page of [1, 501, 1190, lastPage]) {
      await expectPage('sort=-amount', '', 'amount DESC, id DESC', page);
      await expectPage('sort=amount', '', 'amount ASC, id ASC', page);
    }

    // account (both sides of a transfer) and category lists: counts from the day counts, pages at any depth
    for (const [account, where] of [
      [main.id, `AND budget_account_id = '${main.id}'`],
      [savings.id, `AND target_budget_account_id = '${savings.id}'`],
    ]) {
      const [{ n: accountTotal }] = await t.db.query(`SELECT count(*)::int AS n FROM transactions WHERE group_id = $1 ${where}`, [member.groupId]);
      const pages = Math.ceil(accountTotal / 20);
      for (const page of [1, 2, Math.ceil(pages / 2), pages - 1, pages, pages + 1]) {
        const body = await expectPage(`budgetAccountId=${account}`, where, 'date DESC, id DESC', page);
        expect(body).toMatchObject({ totalItems: accountTotal, totalItemsExact: true });
        await expectPage(`budgetAccountId=${account}&sort=date`, where, 'date ASC, id ASC', page);
        await expectPage(`budgetAccountId=${account}&sort=-amount`, where, 'amount DESC, id DESC', Math.min(page, 30));
        await expectPage(
          `budgetAccountId=${account}&type=Transfer&from=2025-02-01`,
          `${where} AND type = 'Transfer' AND date >= '2025-02-01'`,
          'date DESC, id DESC',
          Math.min(page, 40),
        );
      }
    }
    const foodWhere = `AND category_id = '${food.id}'`;
    for (const page of [1, 2, 450, 900, 901]) {
      await expectPage(`categoryId=${food.id}`, foodWhere, 'date DESC, id DESC', page);
      await expectPage(`categoryId=${food.id}&sort=date&to=2025-03-01`, `${foodWhere} AND date <= '2025-03-01'`, 'date ASC, id ASC', page);
      await expectPage(`categoryId=${food.id}&sort=amount`, foodWhere, 'amount ASC, id ASC', Math.min(page, 20));
    }
  });

  it('caps the search count and says so in totalItemsExact', async () => {
    const { member, main } = await budgetSetup(t);
    await t.db.query(
      `INSERT INTO transactions (id, group_id, type, amount, date, description, budget_account_id, target_budget_account_id)
       SELECT gen_random_uuid(), $1, 'Transfer', 1, DATE '2025-01-01' + (i % 50), 'coffee ' || i, $2, $3
         FROM generate_series(1, 1100) AS i`,
      [member.groupId, main.id, (await createAccount(t, member, 'Other')).id],
    );
    const all = await t.db.query(`SELECT id FROM transactions WHERE group_id = $1 ORDER BY date DESC, id DESC`, [member.groupId]);
    // more matches than the cap (1 000): totalItems is the cap, a lower bound
    const first = await call(t, member, 'GET', '/transactions?search=coffee&pageSize=20');
    expect(first).toMatchObject({ totalItems: 1000, totalPages: 50, totalItemsExact: false });
    expect(first.items.map((x: any) => x.id)).toEqual(all.slice(0, 20).map((r: any) => r.id));
    // a page past the cap is still served, counted to its end
    const deep = await call(t, member, 'GET', '/transactions?search=coffee&pageSize=20&page=52');
    expect(deep).toMatchObject({ totalItems: 1040, totalItemsExact: false });
    expect(deep.items.map((x: any) => x.id)).toEqual(all.slice(1020, 1040).map((r: any) => r.id));
    const last = await call(t, member, 'GET', '/transactions?search=coffee&pageSize=100&page=11');
    expect(last).toMatchObject({ totalItems: 1100, totalPages: 11, totalItemsExact: true });
    expect(last.items.map((x: any) => x.id)).toEqual(all.slice(1000, 1100).map((r: any) => r.id));
    // fewer matches than the cap: exact
    expect(await call(t, member, 'GET', '/transactions?search=coffee%2011')).toMatchObject({ totalItems: 12, totalItemsExact: true });
    // without search, the count is exact whatever its size
    expect(await call(t, member, 'GET', '/transactions?type=Transfer')).toMatchObject({ totalItems: 1100, totalItemsExact: true });
  });
});

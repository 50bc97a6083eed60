import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { HousekeepingService } from '../../src/modules/housekeeping/housekeeping.service';
import { createTestApp, TestApp } from '../support/app';
import { openStream } from '../support/sse';
import { budgetUser, call, createCategory, createTransaction, equalSplit, flatOfThree, Member } from './budget-support';

/**
 * docs/budget.md, "Sharing costs": the worked example, a flat's month settled to zero, the daily
 * check of the kept sums, statement import and live events.
 */
describe('Budget: sharing costs over a month', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const balances = (user: Member, query = '') => call(t, user, 'GET', `/budget/balances${query}`);
  const nets = (b: any) => Object.fromEntries(b.parties.map((p: any) => [p.userId ?? p.unitId, p.net]));

  /** Records every suggestion as a settlement (a unit's side paid or received by its first member). */
  async function settleUp(user: Member, b: any) {
    const memberOf = (party: string) => b.parties.find((p: any) => (p.unitId ?? p.userId) === party).userIds[0];
    for (const s of b.suggestions) {
      await call(t, user, 'POST', '/budget/settlements', { fromUserId: memberOf(s.from), toUserId: memberOf(s.to), amount: s.amount, date: '2026-03-31' });
    }
  }

  it('the worked example of docs/budget.md: its table and its payments are what the API says', async () => {
    const { anna, ben, cleo } = await flatOfThree(t);
    const groceries = await createCategory(t, anna, { name: 'Groceries' });
    const dinner = await createCategory(t, anna, { name: 'Dinner' });
    await createTransaction(t, anna, { type: 'Expense', amount: '100.00', categoryId: groceries.id, date: '2026-03-02', split: equalSplit(anna, ben, cleo) });
    await createTransaction(t, ben, {
      type: 'Expense',
      amount: '60.00',
      categoryId: dinner.id,
      date: '2026-03-03',
      split: { ...equalSplit(anna, ben, cleo), adjustments: [{ userId: cleo.id, amount: '12.00' }] },
    });
    await call(t, ben, 'POST', '/budget/settlements', { fromUserId: ben.id, toUserId: anna.id, amount: '20.00', date: '2026-03-04' });

    const b = await balances(anna);
    const names = new Map([
      [anna.id, 'Anna'],
      [ben.id, 'Ben'],
      [cleo.id, 'Cleo'],
    ]);
    const docs = readFileSync(join(__dirname, '../../docs/budget.md'), 'utf8');
    const example = docs.slice(docs.indexOf('### Worked example'), docs.indexOf('### Decisions'));
    for (const party of b.parties) {
      const row = `| ${names.get(party.userId)} | ${party.paid} | ${party.share} | ${party.sent} | ${party.received} | ${party.net} |`;
      expect(example).toContain(row);
    }
    expect(b.parties).toHaveLength(3);
    const sentences = b.suggestions.map((s: any) => `**${names.get(s.from)} pays ${names.get(s.to)} €${s.amount}**`);
    expect(sentences).toEqual(['**Cleo pays Ben €30.67**', '**Cleo pays Anna €30.66**']);
    for (const sentence of sentences) expect(example).toContain(sentence);
    await settleUp(anna, b);
    expect(Object.values(nets(await balances(anna)))).toEqual(['0.00', '0.00', '0.00']);
  });

  it(
    'a flat of three over a month: shared and personal expenses, a shared refund, ' + 'edits, a partial payment; the suggestions settle it to exactly zero',
    async () => {
      const { anna, ben, cleo, food, salary } = await flatOfThree(t);
      const rent = await createCategory(t, anna, { name: 'Rent' });
      const home = await createCategory(t, anna, { name: 'Household' });
      const day = (d: number) => `2026-03-${String(d).padStart(2, '0')}`;
      const people = [anna, ben, cleo];
      // rent: Anna's room is larger (1.5 : 1 : 1)
      await createTransaction(t, anna, {
        type: 'Expense',
        amount: '1234.56',
        categoryId: rent.id,
        date: day(1),
        split: {
          mode: 'shares',
          members: [
            { userId: anna.id, value: '1.5' },
            { userId: ben.id, value: '1' },
            { userId: cleo.id, value: '1' },
          ],
        },
      });
      // groceries most days, by whoever shops, in odd amounts
      const created: any[] = [];
      for (let d = 2; d <= 28; d += 2) {
        const payer = people[d % 3];
        const amount = `${((d * 7) % 53) + 3}.${String((d * 37) % 100).padStart(2, '0')}`;
        created.push(await createTransaction(t, payer, { type: 'Expense', amount, categoryId: food.id, date: day(d), split: equalSplit(anna, ben, cleo) }));
      }
      // internet: exact parts; a cleaning product only Ben and Cleo use, with Cleo's extra 1.99
      await createTransaction(t, ben, {
        type: 'Expense',
        amount: '39.99',
        categoryId: home.id,
        date: day(5),
        split: {
          mode: 'exact',
          members: [
            { userId: anna.id, value: '13.33' },
            { userId: ben.id, value: '13.33' },
            { userId: cleo.id, value: '13.33' },
          ],
        },
      });
      await createTransaction(t, cleo, {
        type: 'Expense',
        amount: '8.98',
        categoryId: home.id,
        date: day(9),
        split: { ...equalSplit(ben, cleo), adjustments: [{ userId: cleo.id, amount: '1.99' }] },
      });
      // two people paid one bill together
      await createTransaction(t, ben, {
        type: 'Expense',
        amount: '77.77',
        categoryId: food.id,
        date: day(14),
        split: {
          mode: 'percent',
          members: [
            { userId: anna.id, value: '33.33' },
            { userId: ben.id, value: '33.33' },
            { userId: cleo.id, value: '33.34' },
          ],
          paidBy: [
            { userId: ben.id, amount: '50.00' },
            { userId: cleo.id, amount: '27.77' },
          ],
        },
      });
      // personal: not shared, moves nobody's balance
      await createTransaction(t, cleo, { type: 'Expense', amount: '250.00', categoryId: food.id, date: day(12), split: null });
      // the deposit refund came to Anna's account: it is the three's
      await createTransaction(t, anna, { type: 'Income', amount: '100.00', categoryId: salary.id, date: day(20), split: equalSplit(anna, ben, cleo) });
      // a typo fixed, a duplicate removed
      await call(t, ben, 'PUT', `/transactions/${created[3].id}`, { type: 'Expense', amount: '42.42', categoryId: food.id });
      await call(t, cleo, 'DELETE', `/transactions/${created[5].id}`);
      // Ben pays part of what he owes Anna
      await call(t, ben, 'POST', '/budget/settlements', { fromUserId: ben.id, toUserId: anna.id, amount: '150.00', date: day(15) });
      // something of April, outside the month
      await createTransaction(t, cleo, { type: 'Expense', amount: '9.99', categoryId: food.id, date: '2026-04-02', split: equalSplit(anna, ben, cleo) });

      const month = await balances(anna, '?from=2026-03-01&to=2026-03-31');
      const cents = (value: string) => BigInt(value.replace('.', ''));
      expect(month.parties.reduce((sum: bigint, p: any) => sum + cents(p.net), 0n)).toBe(0n);
      for (const p of month.parties) expect(cents(p.net)).toBe(cents(p.paid) - cents(p.share) + cents(p.sent) - cents(p.received));
      expect(month.parties.find((p: any) => p.userId === ben.id).sent).toBe('150.00');
      expect(month.suggestions.length).toBeLessThanOrEqual(2);
      // each party's explanation adds up to its net
      for (const p of month.parties) {
        const explained = await call(t, anna, 'GET', `/budget/balances/explain?party=${p.userId}&from=2026-03-01&to=2026-03-31&pageSize=100`);
        expect(explained.items.reduce((sum: bigint, i: any) => sum + cents(i.effect), 0n)).toBe(cents(p.net));
      }
      await settleUp(cleo, month);
      const after = await balances(anna, '?from=2026-03-01&to=2026-03-31');
      expect(Object.values(nets(after))).toEqual(['0.00', '0.00', '0.00']);
      expect(after.suggestions).toEqual([]);
      // April's dinner is still owed to Cleo
      expect(nets(await balances(anna))[cleo.id]).toBe('6.66');
    },
  );

  it('the daily check finds a kept sum that no longer matches the rows, logs it and repairs it', async () => {
    const { anna, ben, cleo, food } = await flatOfThree(t);
    const tx = await createTransaction(t, anna, {
      type: 'Expense',
      amount: '30.00',
      categoryId: food.id,
      date: '2026-03-02',
      split: equalSplit(anna, ben, cleo),
    });
    await call(t, ben, 'POST', '/budget/settlements', { fromUserId: ben.id, toUserId: anna.id, amount: '5.00', date: '2026-03-03' });
    const housekeeping = t.app.get(HousekeepingService);
    await housekeeping.runTask('housekeeping-balances', new Date());
    const before = await balances(anna);
    // what a bug or a hand-made UPDATE could leave behind
    await t.db.query(`UPDATE member_day_balances SET paid = paid + 1.23 WHERE group_id = $1 AND user_id = $2`, [anna.groupId, anna.id]);
    await t.db.query(`UPDATE member_day_balances SET received = 0 WHERE group_id = $1 AND user_id = $2 AND date = '2026-03-03'`, [anna.groupId, anna.id]);
    await t.db.query(`DELETE FROM member_day_sums WHERE group_id = $1 AND user_id = $2`, [anna.groupId, cleo.id]);
    await t.db.query(`INSERT INTO member_day_balances (group_id, user_id, date, paid, share, sent, received) VALUES ($1, $2, '2026-01-01', 7, 0, 0, 0)`, [
      anna.groupId,
      cleo.id,
    ]);
    await t.db.query(`ALTER TABLE transaction_shares DISABLE TRIGGER USER`);
    await t.db.query(`UPDATE transaction_shares SET share = 99 WHERE transaction_id = $1 AND user_id = $2`, [tx.id, ben.id]);
    await t.db.query(`ALTER TABLE transaction_shares ENABLE TRIGGER USER`);
    expect(await balances(anna)).not.toEqual(before);

    const result = (await housekeeping.runTask('housekeeping-balances', new Date())) as { repaired: number };
    expect(result.repaired).toBeGreaterThanOrEqual(5);
    expect(await balances(anna)).toEqual(before);
    const month = await call(t, anna, 'GET', `/transactions/report/monthly?year=2026&month=3&member=${cleo.id}`);
    expect(month.totalExpense).toBe('10.00');
    expect(await housekeeping.runTask('housekeeping-balances', new Date())).toEqual({ repaired: 0 });
  });

  it('a statement import into a shared account shares its rows by the group default, or as each commit row says', async () => {
    const { anna, ben, cleo, main, food, salary } = await flatOfThree(t);
    await call(t, anna, 'PUT', `/budget-accounts/${main.id}`, { name: 'Main', shared: true });
    await call(t, anna, 'PUT', '/budget/split-settings', {
      sharedByDefault: true,
      mode: 'equal',
      weights: [
        { userId: anna.id, weight: '1' },
        { userId: ben.id, weight: '1' },
      ],
      units: [],
    });
    const file = readFileSync(join(__dirname, 'fixtures', 'us-bank.csv'));
    const response = await t.api('POST', `/budget-accounts/${main.id}/imports`, {
      token: cleo.accessToken,
      payload: file,
      headers: { 'content-type': 'text/csv' },
    });
    expect(response.statusCode).toBe(201);
    const preview = response.json();
    const rows = preview.rows.map((row: any) => ({ index: row.index, include: true, categoryId: row.type === 'Expense' ? food.id : salary.id }));
    // row 0: Starbucks, Cleo's alone; row 2: Amazon, as the row says
    rows[0].split = null;
    rows[2].split = { mode: 'percent', members: [{ userId: cleo.id, value: '100' }], paidBy: [{ userId: anna.id, amount: '45.99' }] };
    const bad = await t.api('POST', `/imports/${preview.id}/commit`, {
      token: cleo.accessToken,
      payload: { rows: rows.map((r: any, i: number) => (i === 2 ? { ...r, split: { ...r.split, members: [{ userId: cleo.id, value: '90' }] } } : r)) },
    });
    expect([bad.statusCode, bad.json().code, bad.json().errors[0].field]).toEqual([400, 'SPLIT_SHARE_MISMATCH', 'rows[2].split.members']);
    const malformed = await t.api('POST', `/imports/${preview.id}/commit`, {
      token: cleo.accessToken,
      payload: { rows: rows.map((r: any, i: number) => (i === 2 ? { ...r, split: { mode: 'equal', members: [{ userId: 'x' }] } } : r)) },
    });
    expect([malformed.statusCode, malformed.json().code]).toEqual([400, 'VALIDATION_FAILED']);
    const stranger = await budgetUser(t);
    const foreign = await t.api('POST', `/imports/${preview.id}/commit`, {
      token: cleo.accessToken,
      payload: { rows: rows.map((r: any, i: number) => (i === 2 ? { ...r, split: equalSplit(stranger) } : r)) },
    });
    expect([foreign.statusCode, foreign.json().code, foreign.json().errors]).toEqual([
      400,
      'UNKNOWN_MEMBER',
      [{ field: 'rows[2].split.members.0.userId', message: 'rows[2].split.members.0.userId is not a member of this group' }],
    ]);
    expect(await call(t, cleo, 'POST', `/imports/${preview.id}/commit`, { rows })).toEqual({ created: 5, skipped: 0 });

    const list = (await call(t, anna, 'GET', '/transactions?sort=date')).items;
    const split = (description: RegExp) => list.find((tx: any) => description.test(tx.description)).split;
    expect(split(/STARBUCKS/)).toBeNull();
    expect(split(/PAYROLL/)).toBeNull(); // an income: the default is for expenses
    expect(split(/AMAZON/).owed).toEqual([{ userId: cleo.id, amount: '45.99' }]);
    expect(split(/WHOLE FOODS/)).toMatchObject({
      paidBy: [{ userId: cleo.id, amount: '123.40' }],
      owed: [
        { userId: anna.id, amount: '61.70' },
        { userId: ben.id, amount: '61.70' },
      ],
    });
    expect(split(/WATER/).owed.map((o: any) => o.amount)).toEqual(['30.00', '30.00']);
    expect(nets(await balances(anna))).toEqual({ [anna.id]: '-45.71', [ben.id]: '-91.70', [cleo.id]: '137.41' });
  });

  it('settlements and split settings are live changes of the Budget module', async () => {
    const { anna, ben } = await flatOfThree(t);
    await t.app.listen(0, '127.0.0.1');
    const url = (await t.app.getUrl()).replace('[::1]', '127.0.0.1');
    const stream = await openStream(url, ben.accessToken);
    try {
      const settlement = await call(t, anna, 'POST', '/budget/settlements', { fromUserId: anna.id, toUserId: ben.id, amount: '3.00' });
      const event = await stream.next((e) => e.event === 'change' && e.data.entityType === 'Settlement', 5000);
      expect(event.data).toMatchObject({ entityType: 'Settlement', entityId: settlement.id, action: 'Created', userId: anna.id });
      await call(t, anna, 'PUT', '/budget/split-settings', { sharedByDefault: false, mode: 'equal', weights: [], units: [] });
      const settings = await stream.next((e) => e.event === 'change' && e.data.entityType === 'SplitSettings', 5000);
      expect(settings.data.action).toBe('Created');
      await call(t, ben, 'DELETE', `/budget/settlements/${settlement.id}`);
      expect((await stream.next((e) => e.event === 'change' && e.data.action === 'Deleted', 5000)).data.entityId).toBe(settlement.id);
    } finally {
      stream.close();
    }
  });
});

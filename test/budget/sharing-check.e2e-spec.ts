import { HousekeepingService } from '../../src/modules/housekeeping/housekeeping.service';
import { createTestApp, TestApp } from '../support/app';
import { call, createTransaction, equalSplit, flatOfThree } from './budget-support';

/**
 * docs/budget.md, "The daily check": the kept sums are checked one group at a time, each in its own
 * short transaction that holds off only that group's writers of shared rows; another group's
 * writes go on meanwhile.
 */
describe('Budget: the daily check of sharing sums, one group at a time', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const check = () => t.app.get(HousekeepingService).runTask('housekeeping-balances', new Date()) as Promise<{ repaired: number }>;
  const balances = (user: any) => call(t, user, 'GET', '/budget/balances');

  it("repairs what it finds in each group, and only that group's rows", async () => {
    const first = await flatOfThree(t);
    const second = await flatOfThree(t);
    for (const g of [first, second]) {
      await createTransaction(t, g.anna, {
        type: 'Expense',
        amount: '30.00',
        categoryId: g.food.id,
        date: '2026-03-02',
        split: equalSplit(g.anna, g.ben, g.cleo),
      });
      await call(t, g.ben, 'POST', '/budget/settlements', { fromUserId: g.ben.id, toUserId: g.anna.id, amount: '5.00', date: '2026-03-03' });
    }
    await check();
    const before = [await balances(first.anna), await balances(second.anna)];
    await t.db.query(`UPDATE member_day_balances SET paid = paid + 1.23 WHERE group_id = $1 AND user_id = $2`, [first.anna.groupId, first.anna.id]);
    await t.db.query(`DELETE FROM member_day_sums WHERE group_id = $1 AND user_id = $2`, [second.anna.groupId, second.cleo.id]);
    await t.db.query(`UPDATE member_day_balances SET received = 0 WHERE group_id = $1 AND user_id = $2`, [second.anna.groupId, second.anna.id]);

    const result = await check();
    expect(result.repaired).toBeGreaterThanOrEqual(3);
    expect([await balances(first.anna), await balances(second.anna)]).toEqual(before);
    const month = await call(t, second.anna, 'GET', `/transactions/report/monthly?year=2026&month=3&member=${second.cleo.id}`);
    expect(month.totalExpense).toBe('10.00');
    expect(await check()).toEqual({ repaired: 0 });
  });

  it("never holds off another group's writes: while one group's writer keeps the check waiting, another group records and shares as usual", async () => {
    const busy = await flatOfThree(t);
    const other = await flatOfThree(t);
    // a writer of the busy group, in the middle of its transaction
    const writer = t.db.createQueryRunner();
    await writer.connect();
    await writer.startTransaction();
    let checking: Promise<{ repaired: number }> | undefined;
    try {
      await writer.query(
        `INSERT INTO settlements (id, group_id, from_user_id, to_user_id, amount, date, created_by_id)
         VALUES (gen_random_uuid(), $1, $2, $3, 4.00, '2026-03-04', $2)`,
        [busy.anna.groupId, busy.ben.id, busy.anna.id],
      );
      checking = check();
      await new Promise((resolve) => setTimeout(resolve, 500));

      const within = async (ms: number, what: Promise<unknown>) => {
        let timer: NodeJS.Timeout | undefined;
        const late = new Promise((resolve) => (timer = setTimeout(() => resolve('held off'), ms)));
        try {
          return await Promise.race([what.then(() => 'done'), late]);
        } finally {
          clearTimeout(timer);
        }
      };
      expect(
        await within(5_000, call(t, other.ben, 'POST', '/budget/settlements', { fromUserId: other.ben.id, toUserId: other.anna.id, amount: '3.00' })),
      ).toBe('done');
      expect(
        await within(
          5_000,
          createTransaction(t, other.anna, {
            type: 'Expense',
            amount: '9.00',
            categoryId: other.food.id,
            split: equalSplit(other.anna, other.ben, other.cleo),
          }),
        ),
      ).toBe('done');
      await writer.commitTransaction();
    } finally {
      if (writer.isTransactionActive) await writer.rollbackTransaction();
      await writer.release();
    }
    // the busy group's payment, written while the check waited, is counted once: nothing differed
    expect(await checking).toEqual({ repaired: 0 });
    const nets = Object.fromEntries((await balances(busy.anna)).parties.map((p: any) => [p.userId, p.net]));
    expect([nets[busy.anna.id], nets[busy.ben.id]]).toEqual(['-4.00', '4.00']);
    expect(Object.fromEntries((await balances(other.anna)).parties.map((p: any) => [p.userId, p.net]))).toEqual({
      [other.anna.id]: '3.00',
      [other.ben.id]: '0.00',
      [other.cleo.id]: '-3.00',
    });
  });
});

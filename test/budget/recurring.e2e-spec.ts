import { createDataSource } from '../../src/database/data-source';
import { Sql } from '../../src/database/sql';
import { UnitOfWork } from '../../src/database/transaction';
import type { JobsService } from '../../src/infrastructure/jobs/jobs.service';
import { RecurringScheduler } from '../../src/modules/budget/recurring-scheduler.service';
import { RecurringTransactionsRepository } from '../../src/modules/budget/recurring-transactions.repository';
import { createTestApp, TestApp } from '../support/app';
import { budgetSetup, call, historyOf } from './budget-support';

/** Recurring transactions and their scheduler, with the clock controlled through runDue(now). */
describe('Budget: recurring transactions', () => {
  let t: TestApp;
  let scheduler: RecurringScheduler;
  beforeAll(async () => {
    t = await createTestApp();
    scheduler = t.app.get(RecurringScheduler);
  });
  afterAll(() => t.close());
  afterEach(() => t.clock.reset());

  const at = (date: string) => new Date(`${date}T00:00:00Z`);
  const occurrences = async (recurringId: string) =>
    (
      await t.db.query(
        `SELECT date::text AS date, amount::text AS amount, type, created_by_id FROM transactions
          WHERE recurring_transaction_id = $1 ORDER BY date`,
        [recurringId],
      )
    ).map((row: any) => row.date);

  async function setup(rule: Record<string, unknown>) {
    const s = await budgetSetup(t);
    const recurring = await call(t, s.member, 'POST', '/recurring-transactions', {
      type: 'Expense',
      amount: '9.99',
      categoryId: s.food.id,
      description: 'Subscription',
      ...rule,
    });
    return { ...s, recurring };
  }

  it('creates, reads, lists, updates, toggles and deletes, with history rows', async () => {
    const { member, main, food, recurring } = await setup({ frequency: 'Monthly', startDate: '2030-01-31' });
    expect(recurring).toEqual({
      id: expect.any(String),
      type: 'Expense',
      amount: '9.99',
      description: 'Subscription',
      categoryId: food.id,
      budgetAccountId: main.id,
      targetBudgetAccountId: null,
      frequency: 'Monthly',
      interval: 1,
      startDate: '2030-01-31',
      endDate: null,
      nextOccurrence: '2030-01-31',
      isEnabled: true,
      remindDaysBefore: null,
      createdDate: expect.any(String),
      split: null,
      original: null,
    });
    expect(await call(t, member, 'GET', `/recurring-transactions/${recurring.id}`)).toEqual(recurring);
    expect(await call(t, member, 'GET', '/recurring-transactions')).toEqual([recurring]);

    const updated = await call(t, member, 'PUT', `/recurring-transactions/${recurring.id}`, {
      type: 'Expense',
      amount: '12.5',
      categoryId: food.id,
      frequency: 'Weekly',
      interval: 2,
      startDate: '2030-02-04',
      endDate: '2030-12-31',
    });
    expect(updated).toMatchObject({
      amount: '12.50',
      frequency: 'Weekly',
      interval: 2,
      nextOccurrence: '2030-02-04',
      endDate: '2030-12-31',
      description: null,
    });
    const off = await call(t, member, 'PATCH', `/recurring-transactions/${recurring.id}/toggle`);
    expect(off.isEnabled).toBe(false);
    const on = await call(t, member, 'PATCH', `/recurring-transactions/${recurring.id}/toggle`);
    expect(on).toMatchObject({ isEnabled: true, nextOccurrence: '2030-02-04' });
    await call(t, member, 'DELETE', `/recurring-transactions/${recurring.id}`);
    expect((await t.api('GET', `/recurring-transactions/${recurring.id}`, { token: member.accessToken })).statusCode).toBe(404);

    const history = await historyOf(t, recurring.id);
    expect(history.map((h) => h.action)).toEqual(['Created', 'Updated', 'Updated', 'Updated', 'Deleted']);
    expect(history[0]).toMatchObject({ entity_type: 'RecurringTransaction', user_id: member.id });
    expect(history[1].changes).toMatchObject({ frequency: { old: 'Monthly', new: 'Weekly' }, interval: { old: 1, new: 2 } });
    expect(history[1].changes.nextOccurrence).toBeUndefined();
    expect(history[2].changes).toEqual({ isEnabled: { old: true, new: false } });
  });

  it('validates the rule like a transaction, plus frequency, interval and dates', async () => {
    const { member, main, savings, food } = await budgetSetup(t);
    const base = { type: 'Expense', amount: '1.00', categoryId: food.id, frequency: 'Monthly', startDate: '2030-01-01' };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, frequency: 'Hourly' }, 'frequency'],
      [{ ...base, interval: 0 }, 'interval'],
      [{ ...base, interval: '2' }, 'interval'],
      [{ ...base, interval: 1.5 }, 'interval'],
      [{ ...base, startDate: undefined }, 'startDate'],
      [{ ...base, endDate: '2029-12-31' }, 'endDate'],
      [{ ...base, amount: '12.345' }, 'amount'],
      [{ ...base, amount: 5 }, 'amount'],
      [{ ...base, categoryId: undefined }, 'categoryId'],
      [{ ...base, type: 'Transfer', categoryId: undefined, targetBudgetAccountId: main.id }, 'targetBudgetAccountId'],
      [{ ...base, nextOccurrence: '2030-01-01' }, 'nextOccurrence'],
    ];
    for (const [payload, field] of cases) {
      const response = await t.api('POST', '/recurring-transactions', { token: member.accessToken, payload });
      expect({ payload, status: response.statusCode }).toEqual({ payload, status: 400 });
      expect(response.json().errors.map((e: any) => e.field)).toContain(field);
    }
    const transfer = await call(t, member, 'POST', '/recurring-transactions', {
      ...base,
      type: 'Transfer',
      categoryId: undefined,
      targetBudgetAccountId: savings.id,
    });
    expect(transfer).toMatchObject({ type: 'Transfer', categoryId: null, budgetAccountId: main.id, targetBudgetAccountId: savings.id });

    const other = await budgetSetup(t);
    expect((await t.api('POST', '/recurring-transactions', { token: member.accessToken, payload: { ...base, categoryId: other.food.id } })).statusCode).toBe(
      404,
    );
    expect(
      (await t.api('POST', '/recurring-transactions', { token: member.accessToken, payload: { ...base, budgetAccountId: other.main.id } })).statusCode,
    ).toBe(404);
    for (const [method, path] of [
      ['GET', `/recurring-transactions/${transfer.id}`],
      ['PUT', `/recurring-transactions/${transfer.id}`],
      ['PATCH', `/recurring-transactions/${transfer.id}/toggle`],
      ['DELETE', `/recurring-transactions/${transfer.id}`],
    ] as const) {
      const response = await t.api(method, path, {
        token: other.member.accessToken,
        payload: method === 'PUT' ? { ...base, categoryId: other.food.id } : undefined,
      });
      expect({ method, status: response.statusCode }).toEqual({ method, status: 404 });
    }
    expect(await call(t, other.member, 'GET', '/recurring-transactions')).toEqual([]);
  });

  it('monthly on the 31st: clamps February and returns to the 31st, in a leap year too', async () => {
    const { recurring } = await setup({ frequency: 'Monthly', startDate: '2027-01-31' });
    const leap = (await setup({ frequency: 'Monthly', startDate: '2028-01-31' })).recurring;
    await scheduler.runDue(at('2027-05-01'));
    expect(await occurrences(recurring.id)).toEqual(['2027-01-31', '2027-02-28', '2027-03-31', '2027-04-30']);
    expect((await t.db.query('SELECT next_occurrence::text AS n FROM recurring_transactions WHERE id = $1', [recurring.id]))[0].n).toBe('2027-05-31');
    await scheduler.runDue(at('2028-03-31'));
    expect((await occurrences(leap.id)).slice(0, 3)).toEqual(['2028-01-31', '2028-02-29', '2028-03-31']);
  });

  it('weekly with interval 2, and an end date that stops it', async () => {
    const { member, recurring } = await setup({ frequency: 'Weekly', interval: 2, startDate: '2027-01-04', endDate: '2027-03-01' });
    await scheduler.runDue(at('2027-02-15'));
    expect(await occurrences(recurring.id)).toEqual(['2027-01-04', '2027-01-18', '2027-02-01', '2027-02-15']);
    await scheduler.runDue(at('2027-12-31'));
    expect(await occurrences(recurring.id)).toEqual(['2027-01-04', '2027-01-18', '2027-02-01', '2027-02-15', '2027-03-01']);
    expect((await call(t, member, 'GET', `/recurring-transactions/${recurring.id}`)).nextOccurrence).toBeNull();
  });

  it('catches up after an outage, and never makes a date twice', async () => {
    const { member, main, food, recurring } = await setup({ frequency: 'Daily', startDate: '2027-06-01', amount: '0.10' });
    expect(await scheduler.runDue(at('2027-06-03'))).toBeGreaterThanOrEqual(3);
    expect(await occurrences(recurring.id)).toEqual(['2027-06-01', '2027-06-02', '2027-06-03']);
    // the service was down from the 4th to the 9th
    await scheduler.runDue(new Date('2027-06-10T18:30:00Z'));
    const dates = await occurrences(recurring.id);
    expect(dates).toHaveLength(10);
    expect(dates.at(-1)).toBe('2027-06-10');
    await scheduler.runDue(at('2027-06-10'));
    expect(await occurrences(recurring.id)).toHaveLength(10);

    // the made transactions are ordinary ones linked back, created by the system
    const listed = await call(t, member, 'GET', '/transactions?from=2027-06-01&to=2027-06-30');
    expect(listed.totalItems).toBe(10);
    expect(listed.items[0]).toMatchObject({
      type: 'Expense',
      amount: '0.10',
      date: '2027-06-10',
      description: 'Subscription',
      categoryId: food.id,
      budgetAccountId: main.id,
      recurringTransactionId: recurring.id,
      createdBy: null,
    });
    const report = await call(t, member, 'GET', '/transactions/report/monthly?year=2027&month=6');
    expect(report.totalExpense).toBe('1.00');
  });

  it('two scheduler runs at once, in two instances with their own connection pools, make each occurrence exactly once', async () => {
    const daily = (await setup({ frequency: 'Daily', startDate: '2027-01-01' })).recurring;
    const monthly = (await setup({ frequency: 'Monthly', startDate: '2025-01-15' })).recurring;
    // a second instance of the service on its own pool (a second Nest app in one process would
    // share passport's global strategy registry with the first)
    const second = createDataSource(t.config.databaseUrl);
    await second.initialize();
    const secondSql = new Sql(t.config);
    try {
      const noJobs = { register: () => undefined, schedule: () => undefined } as unknown as JobsService;
      const other = new RecurringScheduler(new UnitOfWork(second), new RecurringTransactionsRepository(second, secondSql, new UnitOfWork(second)), noJobs);
      const now = at('2027-08-19');
      const madeSoFar = async () => (await t.db.query('SELECT count(*)::int AS n FROM transactions WHERE recurring_transaction_id IS NOT NULL'))[0].n;
      const before = await madeSoFar();
      const results = await Promise.all([scheduler.runDue(now), other.runDue(now), scheduler.runDue(now), other.runDue(now)]);
      const dailyDates = await occurrences(daily.id);
      expect(dailyDates).toHaveLength(231); // 1 Jan to 19 Aug 2027
      expect(new Set(dailyDates).size).toBe(231);
      expect(await occurrences(monthly.id)).toHaveLength(32); // Jan 2025 to Aug 2027
      // every transaction made (by any rule due in this database) was counted by exactly one run
      expect(results.reduce((a, b) => a + b, 0)).toBe((await madeSoFar()) - before);
      // and has exactly one history row
      const [{ rows, histories }] = await t.db.query(
        `SELECT count(*)::int AS rows, (SELECT count(*)::int FROM action_histories h WHERE h.entity_id IN
            (SELECT id FROM transactions WHERE recurring_transaction_id = ANY($1::uuid[]))) AS histories
           FROM transactions WHERE recurring_transaction_id = ANY($1::uuid[])`,
        [[daily.id, monthly.id]],
      );
      expect({ rows, histories }).toEqual({ rows: 263, histories: 263 });
    } finally {
      await secondSql.onModuleDestroy();
      await second.destroy();
    }
  });

  it('the unique (recurring, date) constraint is the backstop: a rewound cursor makes nothing twice', async () => {
    const { recurring } = await setup({ frequency: 'Daily', startDate: '2027-02-01' });
    await scheduler.runDue(at('2027-02-05'));
    await t.db.query(`UPDATE recurring_transactions SET next_occurrence = '2027-02-01' WHERE id = $1`, [recurring.id]);
    await scheduler.runDue(at('2027-02-06'));
    expect(await occurrences(recurring.id)).toEqual(['2027-02-01', '2027-02-02', '2027-02-03', '2027-02-04', '2027-02-05', '2027-02-06']);
    const [{ n }] = await t.db.query(
      `SELECT count(*)::int AS n FROM action_histories WHERE entity_type = 'Transaction' ` +
        `AND entity_id IN (SELECT id FROM transactions WHERE recurring_transaction_id = $1)`,
      [recurring.id],
    );
    expect(n).toBe(6);
  });

  it('records every occurrence in the history as made by System', async () => {
    const { member, recurring } = await setup({ frequency: 'Yearly', startDate: '2024-02-29' });
    await scheduler.runDue(at('2027-03-01'));
    const [first] = await t.db.query('SELECT id FROM transactions WHERE recurring_transaction_id = $1 ORDER BY date LIMIT 1', [recurring.id]);
    expect(await occurrences(recurring.id)).toEqual(['2024-02-29', '2025-02-28', '2026-02-28', '2027-02-28']);
    const [row] = await historyOf(t, first.id);
    expect(row).toMatchObject({ entity_type: 'Transaction', action: 'Created', user_id: null, user_nickname: 'System', group_id: member.groupId });
    expect(row.changes).toMatchObject({
      type: { old: null, new: 'Expense' },
      amount: { old: null, new: '9.99' },
      date: { old: null, new: '2024-02-29' },
      recurringTransactionId: { old: null, new: recurring.id },
    });
    expect(row.changes.createdById).toBeUndefined();
  });

  // "today" is the UTC date (the service's dates are UTC), whatever the hour in New York or Auckland
  it.each([
    ["23:30 UTC on New Year's Eve", '2026-12-31T23:30:00Z', '2027-01-01'],
    ["00:30 UTC on New Year's Day", '2027-01-01T00:30:00Z', '2027-01-01'],
    ["23:30 on New Year's Eve in New York", '2027-01-01T04:30:00Z', '2027-01-01'],
    ["00:30 on New Year's Day in Auckland", '2026-12-31T11:30:00Z', '2027-01-01'],
    ['00:30 UTC on the 2nd', '2027-01-02T00:30:00Z', '2027-02-01'],
  ])('makes nothing for a disabled recurring transaction; re-enabled at %s it resumes from that UTC day', async (_, now, next) => {
    t.clock.set('2026-06-01T12:00:00Z');
    const { member, recurring } = await setup({ frequency: 'Monthly', startDate: '2020-01-01' });
    await call(t, member, 'PATCH', `/recurring-transactions/${recurring.id}/toggle`);
    await scheduler.runDue(at('2027-01-01'));
    expect(await occurrences(recurring.id)).toEqual([]);
    t.clock.set(now);
    const enabled = await call(t, member, 'PATCH', `/recurring-transactions/${recurring.id}/toggle`);
    expect(enabled.nextOccurrence).toBe(next);
  });

  it('skips occurrences while the account (or a transfer target) is disabled', async () => {
    const { member, savings, food, recurring } = await setup({ frequency: 'Daily', startDate: '2027-04-01' });
    const onSavings = await call(t, member, 'POST', '/recurring-transactions', {
      type: 'Expense',
      amount: '1.00',
      categoryId: food.id,
      budgetAccountId: savings.id,
      frequency: 'Daily',
      startDate: '2027-04-01',
    });
    const toSavings = await call(t, member, 'POST', '/recurring-transactions', {
      type: 'Transfer',
      amount: '1.00',
      targetBudgetAccountId: savings.id,
      frequency: 'Daily',
      startDate: '2027-04-01',
    });
    await call(t, member, 'PUT', `/budget-accounts/${savings.id}`, { name: 'Savings', isDisabled: true });
    await scheduler.runDue(at('2027-04-03'));
    expect(await occurrences(recurring.id)).toHaveLength(3);
    expect(await occurrences(onSavings.id)).toEqual([]);
    expect(await occurrences(toSavings.id)).toEqual([]);
    // enabled again: later dates are made, the skipped ones are not made up
    await call(t, member, 'PUT', `/budget-accounts/${savings.id}`, { name: 'Savings', isDisabled: false });
    await scheduler.runDue(at('2027-04-05'));
    expect(await occurrences(onSavings.id)).toEqual(['2027-04-04', '2027-04-05']);
    expect(await occurrences(toSavings.id)).toEqual(['2027-04-04', '2027-04-05']);
  });

  it('a changed schedule resumes after the last occurrence made; deleting the rule keeps its transactions', async () => {
    const { member, food, recurring } = await setup({ frequency: 'Daily', startDate: '2027-09-01' });
    await scheduler.runDue(at('2027-09-03'));
    const changed = await call(t, member, 'PUT', `/recurring-transactions/${recurring.id}`, {
      type: 'Expense',
      amount: '9.99',
      categoryId: food.id,
      frequency: 'Weekly',
      startDate: '2027-09-01',
    });
    expect(changed.nextOccurrence).toBe('2027-09-08');
    await scheduler.runDue(at('2027-09-20'));
    expect(await occurrences(recurring.id)).toEqual(['2027-09-01', '2027-09-02', '2027-09-03', '2027-09-08', '2027-09-15']);

    await call(t, member, 'DELETE', `/recurring-transactions/${recurring.id}`);
    const kept = await call(t, member, 'GET', '/transactions?from=2027-09-01&to=2027-09-30');
    expect(kept.totalItems).toBe(5);
    expect(kept.items.every((x: any) => x.recurringTransactionId === null)).toBe(true);
  });

  it('enqueues its job at boot (processed by a worker when jobs are enabled: see recurring-job.e2e-spec)', async () => {
    const jobs = await t.db.query(`SELECT name, state FROM pgboss.job WHERE name = 'budget-recurring'`);
    expect(jobs).toEqual([{ name: 'budget-recurring', state: 'created' }]);
  });
});

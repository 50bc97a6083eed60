import { randomUUID } from 'node:crypto';
import { RecurringScheduler } from '../../src/modules/budget/recurring-scheduler.service';
import { createTestApp, TestApp } from '../support/app';
import { signedInUser } from '../support/factories';
import { budgetUser, call, createCategory, createTransaction, equalSplit, flatOfThree, historyOf, Member } from './budget-support';

/** docs/budget.md, "Sharing costs": splits, split settings, settlements, balances and their explanation, through HTTP. */
describe('Budget: sharing costs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** A flat of three in one group with the Budget module: Anna (who set it up), Ben and Cleo. */

  const problem = async (user: Member, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: unknown) => {
    const response = await t.api(method, path, { token: user.accessToken, payload });
    return { status: response.statusCode, ...(response.body ? response.json() : {}) };
  };
  const balances = (user: Member, query = '') => call(t, user, 'GET', `/budget/balances${query}`);
  const netOf = (b: any, id: string) => b.parties.find((p: any) => p.userId === id || p.unitId === id)?.net;
  /** party id → the named fields, whatever order the parties come in */
  const sums = (b: any, ...fields: string[]) => Object.fromEntries(b.parties.map((p: any) => [p.userId ?? p.unitId, fields.map((f) => p[f])]));

  it('creates a shared expense: the parts in cents with the remainder rule, paid by the creator by default, read back as created', async () => {
    const { anna, ben, cleo, food } = await flatOfThree(t);
    const created = await createTransaction(t, anna, {
      type: 'Expense',
      amount: '100',
      categoryId: food.id,
      date: '2026-03-01',
      split: equalSplit(anna, ben, cleo),
    });
    expect(created.split).toEqual({
      paidBy: [{ userId: anna.id, amount: '100.00' }],
      mode: 'equal',
      members: [
        { userId: anna.id, value: null },
        { userId: ben.id, value: null },
        { userId: cleo.id, value: null },
      ],
      adjustments: [],
      owed: [
        { userId: anna.id, amount: '33.34' },
        { userId: ben.id, amount: '33.33' },
        { userId: cleo.id, amount: '33.33' },
      ],
    });
    expect(await call(t, anna, 'GET', `/transactions/${created.id}`)).toEqual(created);
    const list = await call(t, ben, 'GET', '/transactions');
    expect(list.items).toEqual([created]);
    // the tie of the last cent goes to the member listed first
    const reordered = await createTransaction(t, anna, { type: 'Expense', amount: '0.01', categoryId: food.id, split: equalSplit(cleo, anna) });
    expect(reordered.split.owed).toEqual([
      { userId: cleo.id, amount: '0.01' },
      { userId: anna.id, amount: '0.00' },
    ]);
  });

  it('shares by weights, percent, exact amounts and adjustments, with several payers; any member may pay, whoever creates it', async () => {
    const { anna, ben, cleo, food } = await flatOfThree(t);
    const expense = (amount: string, split: unknown) => createTransaction(t, cleo, { type: 'Expense', amount, categoryId: food.id, split });
    const owed = (tx: any) => tx.split.owed.map((o: any) => [o.userId, o.amount]);
    expect(
      owed(
        await expense('10.00', {
          mode: 'shares',
          members: [
            { userId: anna.id, value: '2' },
            { userId: ben.id, value: '0.5' },
            { userId: cleo.id, value: '0.5' },
          ],
        }),
      ),
    ).toEqual([
      [anna.id, '6.67'],
      [ben.id, '1.67'],
      [cleo.id, '1.66'],
    ]);
    expect(
      owed(
        await expense('80.00', {
          mode: 'percent',
          members: [
            { userId: anna.id, value: '70' },
            { userId: ben.id, value: '30' },
          ],
        }),
      ),
    ).toEqual([
      [anna.id, '56.00'],
      [ben.id, '24.00'],
    ]);
    expect(
      owed(
        await expense('50.00', {
          mode: 'exact',
          members: [
            { userId: anna.id, value: '12.50' },
            { userId: ben.id, value: '37.50' },
          ],
        }),
      ),
    ).toEqual([
      [anna.id, '12.50'],
      [ben.id, '37.50'],
    ]);
    // Tom's beer: Cleo's 6.00 first, the rest equally
    const dinner = await expense('36.00', {
      ...equalSplit(anna, ben),
      adjustments: [{ userId: cleo.id, amount: '6' }],
      paidBy: [
        { userId: anna.id, amount: '20' },
        { userId: ben.id, amount: '16.00' },
      ],
    });
    expect(owed(dinner)).toEqual([
      [anna.id, '15.00'],
      [ben.id, '15.00'],
      [cleo.id, '6.00'],
    ]);
    expect(dinner.split.paidBy).toEqual([
      { userId: anna.id, amount: '20.00' },
      { userId: ben.id, amount: '16.00' },
    ]);
    expect(dinner.createdBy).toBe(cleo.id);
  });

  it('refuses splits that do not fit with the codes and fields of the rule', async () => {
    const { anna, ben, food, main, savings } = await flatOfThree(t);
    const body = (split: unknown, extra: Record<string, unknown> = {}) => ({ type: 'Expense', amount: '10.00', categoryId: food.id, split, ...extra });
    const cases: [unknown, number, string, string][] = [
      [
        body(equalSplit(anna, ben), { type: 'Transfer', categoryId: undefined, budgetAccountId: main.id, targetBudgetAccountId: savings.id }),
        400,
        'SPLIT_NOT_ALLOWED',
        'split',
      ],
      [body({ ...equalSplit(anna, ben), paidBy: [{ userId: anna.id, amount: '9.99' }] }), 400, 'SPLIT_PAID_MISMATCH', 'split.paidBy'],
      [
        body({
          ...equalSplit(anna, ben),
          paidBy: [
            { userId: anna.id, amount: '5' },
            { userId: ben.id, amount: '5.01' },
          ],
        }),
        400,
        'SPLIT_PAID_MISMATCH',
        'split.paidBy',
      ],
      [
        body({
          mode: 'percent',
          members: [
            { userId: anna.id, value: '60' },
            { userId: ben.id, value: '30' },
          ],
        }),
        400,
        'SPLIT_SHARE_MISMATCH',
        'split.members',
      ],
      [
        body({
          mode: 'exact',
          members: [
            { userId: anna.id, value: '6' },
            { userId: ben.id, value: '3' },
          ],
        }),
        400,
        'SPLIT_SHARE_MISMATCH',
        'split.members',
      ],
      [body({ ...equalSplit(anna), adjustments: [{ userId: ben.id, amount: '10.01' }] }), 400, 'SPLIT_SHARE_MISMATCH', 'split.adjustments'],
      [body({ mode: 'shares', members: [{ userId: anna.id, value: '0' }] }), 400, 'VALIDATION_FAILED', 'split.members.0.value'],
      [body({ mode: 'shares', members: [{ userId: anna.id }] }), 400, 'VALIDATION_FAILED', 'split.members.0.value'],
      [body({ mode: 'shares', members: [{ userId: anna.id, value: 1 }] }), 400, 'VALIDATION_FAILED', 'split.members.0.value'],
      [body({ mode: 'equal', members: [] }), 400, 'VALIDATION_FAILED', 'split.members'],
      [body({ mode: 'halves', members: [{ userId: anna.id }] }), 400, 'VALIDATION_FAILED', 'split.mode'],
      [body({ ...equalSplit(anna), paidBy: [{ userId: anna.id, amount: 10 }] }), 400, 'VALIDATION_FAILED', 'split.paidBy.0.amount'],
      [body({ ...equalSplit(anna), extra: true }), 400, 'VALIDATION_FAILED', 'split.extra'],
    ];
    for (const [payload, status, code, field] of cases) {
      const answer = await problem(anna, 'POST', '/transactions', payload);
      expect([answer.status, answer.code]).toEqual([status, code]);
      expect(answer.errors.map((e: any) => e.field)).toContain(field);
    }
    expect((await call(t, anna, 'GET', '/transactions')).totalItems).toBe(0);
  });

  it("answers UNKNOWN_MEMBER alike for another group's member and for no user at all, wherever a member is named", async () => {
    const { anna, ben, food } = await flatOfThree(t);
    const stranger = await budgetUser(t);
    const bodies = (id: string) =>
      [
        ['POST', '/transactions', { type: 'Expense', amount: '10.00', categoryId: food.id, split: equalSplit(anna, { id }) }, 'split.members.1.userId'],
        [
          'POST',
          '/transactions',
          { type: 'Expense', amount: '10.00', categoryId: food.id, split: { ...equalSplit(anna), paidBy: [{ userId: id, amount: '10' }] } },
          'split.paidBy.0.userId',
        ],
        [
          'POST',
          '/transactions',
          { type: 'Expense', amount: '10.00', categoryId: food.id, split: { ...equalSplit(anna), adjustments: [{ userId: id, amount: '1' }] } },
          'split.adjustments.0.userId',
        ],
        ['POST', '/budget/settlements', { fromUserId: id, toUserId: anna.id, amount: '1.00' }, 'fromUserId'],
        ['POST', '/budget/settlements', { fromUserId: ben.id, toUserId: id, amount: '1.00' }, 'toUserId'],
        ['PUT', '/budget/split-settings', { sharedByDefault: true, mode: 'equal', weights: [{ userId: id, weight: '1' }], units: [] }, 'weights.0.userId'],
        [
          'PUT',
          '/budget/split-settings',
          { sharedByDefault: false, mode: 'equal', weights: [], units: [{ name: 'Us', userIds: [anna.id, id] }] },
          'units.0.userIds.1',
        ],
        ['GET', `/transactions/report/monthly?year=2026&month=3&member=${id}`, undefined, 'member'],
      ] as const;
    for (const id of [stranger.id, randomUUID()]) {
      for (const [method, path, payload, field] of bodies(id)) {
        const answer = await problem(anna, method, path, payload);
        expect({ path, status: answer.status, code: answer.code, detail: answer.detail, errors: answer.errors }).toEqual({
          path,
          status: 400,
          code: 'UNKNOWN_MEMBER',
          detail: 'Not a member of this group',
          errors: [{ field, message: `${field} is not a member of this group` }],
        });
      }
    }
    expect((await call(t, anna, 'GET', '/transactions')).totalItems).toBe(0);
    expect((await call(t, anna, 'GET', '/budget/settlements')).totalItems).toBe(0);
  });

  it('an edit keeps the split on the new amount unless it says otherwise; null removes it; deleting takes it out of the balances', async () => {
    const { anna, ben, cleo, food, main, savings } = await flatOfThree(t);
    const tx = await createTransaction(t, anna, {
      type: 'Expense',
      amount: '30.00',
      categoryId: food.id,
      date: '2026-03-01',
      split: equalSplit(anna, ben, cleo),
    });
    expect(netOf(await balances(anna), anna.id)).toBe('20.00');
    const put = (payload: Record<string, unknown>) => call(t, ben, 'PUT', `/transactions/${tx.id}`, { type: 'Expense', categoryId: food.id, ...payload });
    const kept = await put({ amount: '45.00' });
    expect(kept.split.paidBy).toEqual([{ userId: anna.id, amount: '45.00' }]);
    expect(kept.split.owed.map((o: any) => o.amount)).toEqual(['15.00', '15.00', '15.00']);
    expect(netOf(await balances(anna), anna.id)).toBe('30.00');
    // a new split, paid by the creator when it names no payer
    const halves = await put({ amount: '45.00', split: equalSplit(ben, cleo) });
    expect(halves.split.paidBy).toEqual([{ userId: anna.id, amount: '45.00' }]);
    expect(sums(await balances(anna), 'net')).toEqual({ [anna.id]: ['45.00'], [ben.id]: ['-22.50'], [cleo.id]: ['-22.50'] });
    // a transfer cannot keep it
    const transfer = { type: 'Transfer', amount: '45.00', budgetAccountId: main.id, targetBudgetAccountId: savings.id };
    expect((await problem(ben, 'PUT', `/transactions/${tx.id}`, transfer)).code).toBe('SPLIT_NOT_ALLOWED');
    const removed = await call(t, ben, 'PUT', `/transactions/${tx.id}`, { ...transfer, split: null });
    expect(removed.split).toBeNull();
    expect((await balances(anna)).parties.map((p: any) => p.net)).toEqual(['0.00', '0.00', '0.00']);
    const back = await put({ amount: '9.00', split: equalSplit(anna, ben, cleo) });
    expect(back.split.owed.map((o: any) => o.amount)).toEqual(['3.00', '3.00', '3.00']);
    await call(t, anna, 'DELETE', `/transactions/${tx.id}`);
    expect((await balances(anna)).parties.map((p: any) => p.net)).toEqual(['0.00', '0.00', '0.00']);
    const [{ n }] = await t.db.query('SELECT count(*)::int AS n FROM transaction_shares WHERE transaction_id = $1', [tx.id]);
    expect(n).toBe(0);
  });

  it('split settings: defaults, replace, validation; a new Expense without split takes the default, null opts out, Income does not', async () => {
    const { anna, ben, cleo, food, salary } = await flatOfThree(t);
    expect(await call(t, ben, 'GET', '/budget/split-settings')).toEqual({ sharedByDefault: false, mode: 'equal', weights: [], units: [] });
    const bad: [unknown, string][] = [
      [{ sharedByDefault: true, mode: 'shares', weights: [], units: [] }, 'weights'],
      [
        {
          sharedByDefault: true,
          mode: 'shares',
          weights: [
            { userId: anna.id, weight: '1' },
            { userId: anna.id, weight: '2' },
          ],
          units: [],
        },
        'weights.1.userId',
      ],
      [{ sharedByDefault: true, mode: 'shares', weights: [{ userId: anna.id, weight: '0' }], units: [] }, 'weights.0.weight'],
      [
        {
          sharedByDefault: false,
          mode: 'equal',
          weights: [],
          units: [
            { name: 'A', userIds: [anna.id, ben.id] },
            { name: 'B', userIds: [ben.id, cleo.id] },
          ],
        },
        'units.1.userIds.0',
      ],
      [{ sharedByDefault: false, mode: 'equal', weights: [], units: [{ id: randomUUID(), name: 'A', userIds: [anna.id, ben.id] }] }, 'units.0.id'],
      [{ sharedByDefault: false, mode: 'equal', weights: [], units: [{ name: 'A', userIds: [anna.id] }] }, 'units.0.userIds'],
      [{ sharedByDefault: false, mode: 'percent', weights: [], units: [] }, 'mode'],
    ];
    for (const [payload, field] of bad) {
      const answer = await problem(anna, 'PUT', '/budget/split-settings', payload);
      expect([answer.status, answer.code]).toEqual([400, 'VALIDATION_FAILED']);
      expect(answer.errors.map((e: any) => e.field)).toContain(field);
    }
    const saved = await call(t, anna, 'PUT', '/budget/split-settings', {
      sharedByDefault: true,
      mode: 'shares',
      weights: [
        { userId: anna.id, weight: '0.70' },
        { userId: ben.id, weight: '0.3' },
      ],
      units: [{ name: 'Anna & Ben', userIds: [anna.id, ben.id] }],
    });
    expect(saved).toEqual({
      sharedByDefault: true,
      mode: 'shares',
      weights: [
        { userId: anna.id, weight: '0.7' },
        { userId: ben.id, weight: '0.3' },
      ],
      units: [{ id: expect.any(String), name: 'Anna & Ben', userIds: [anna.id, ben.id] }],
    });
    expect(await call(t, cleo, 'GET', '/budget/split-settings')).toEqual(saved);
    // the unit keeps its id when it is sent back
    const again = await call(t, ben, 'PUT', '/budget/split-settings', { ...saved, units: [{ ...saved.units[0], name: 'A+B' }] });
    expect(again.units[0]).toEqual({ id: saved.units[0].id, name: 'A+B', userIds: [anna.id, ben.id] });

    const byDefault = await createTransaction(t, cleo, { type: 'Expense', amount: '10.00', categoryId: food.id });
    expect(byDefault.split.paidBy).toEqual([{ userId: cleo.id, amount: '10.00' }]);
    expect(byDefault.split.owed).toEqual([
      { userId: anna.id, amount: '7.00' },
      { userId: ben.id, amount: '3.00' },
    ]);
    expect((await createTransaction(t, cleo, { type: 'Expense', amount: '10.00', categoryId: food.id, split: null })).split).toBeNull();
    expect((await createTransaction(t, cleo, { type: 'Income', amount: '10.00', categoryId: salary.id })).split).toBeNull();
    const [{ id: settingsId }] = await t.db.query('SELECT id FROM split_settings WHERE group_id = $1', [anna.groupId]);
    const history = await historyOf(t, settingsId);
    expect(history.map((h) => [h.entity_type, h.action])).toEqual([
      ['SplitSettings', 'Created'],
      ['SplitSettings', 'Updated'],
    ]);
    expect(history[1].changes.units.new[0].name).toBe('A+B');
  });

  it('settlements: record, list with filters, read, delete by its creator or either party; never in reports or account balances', async () => {
    const { anna, ben, cleo, main } = await flatOfThree(t);
    const dave = await budgetUser(t, anna.groupId!);
    expect(await problem(anna, 'POST', '/budget/settlements', { fromUserId: ben.id, toUserId: ben.id, amount: '5.00' })).toMatchObject({
      status: 400,
      code: 'SETTLEMENT_TO_SELF',
      errors: [{ field: 'toUserId', message: 'toUserId must differ from fromUserId' }],
    });
    for (const amount of ['0', '-1', '1.234', 5]) {
      expect((await problem(anna, 'POST', '/budget/settlements', { fromUserId: ben.id, toUserId: anna.id, amount })).code).toBe('VALIDATION_FAILED');
    }
    const first = await call(t, cleo, 'POST', '/budget/settlements', {
      fromUserId: ben.id,
      toUserId: anna.id,
      amount: '14',
      date: '2026-03-05',
      note: 'Groceries back',
    });
    expect(first).toEqual({
      id: expect.any(String),
      fromUserId: ben.id,
      toUserId: anna.id,
      amount: '14.00',
      date: '2026-03-05',
      note: 'Groceries back',
      createdBy: cleo.id,
      createdDate: expect.stringMatching(/Z$/),
      original: null,
    });
    const second = await call(t, anna, 'POST', '/budget/settlements', { fromUserId: anna.id, toUserId: cleo.id, amount: '3.50', date: '2026-03-07' });
    const third = await call(t, cleo, 'POST', '/budget/settlements', { fromUserId: cleo.id, toUserId: ben.id, amount: '1.00', date: '2026-04-01' });
    expect(await call(t, ben, 'GET', `/budget/settlements/${first.id}`)).toEqual(first);
    const list = await call(t, ben, 'GET', '/budget/settlements');
    expect(list).toEqual({ items: [third, second, first], page: 1, pageSize: 20, totalItems: 3, totalPages: 1 });
    expect((await call(t, ben, 'GET', '/budget/settlements?from=2026-03-06&to=2026-03-31')).items).toEqual([second]);
    expect((await call(t, ben, 'GET', `/budget/settlements?userId=${ben.id}`)).items).toEqual([third, first]);
    expect(await call(t, ben, 'GET', '/budget/settlements?pageSize=2&page=2')).toMatchObject({ items: [first], totalItems: 3, totalPages: 2 });

    // a settlement is no income or expense: reports and account balances do not move
    const report = await call(t, anna, 'GET', '/transactions/report/monthly?year=2026&month=3');
    expect([report.totalIncome, report.totalExpense]).toEqual(['0.00', '0.00']);
    expect((await call(t, anna, 'GET', '/budget-accounts')).find((a: any) => a.id === main.id).balance).toBe('0.00');
    expect(sums(await balances(anna), 'sent', 'received', 'net')).toEqual({
      [anna.id]: ['3.50', '14.00', '-10.50'],
      [ben.id]: ['14.00', '1.00', '13.00'],
      [cleo.id]: ['1.00', '3.50', '-2.50'],
      [dave.id]: ['0.00', '0.00', '0.00'],
    });

    // Dave neither made nor took part in the first: 403; Ben (a party) may delete it
    expect(await problem(dave, 'DELETE', `/budget/settlements/${first.id}`)).toMatchObject({ status: 403, code: 'FORBIDDEN' });
    await call(t, ben, 'DELETE', `/budget/settlements/${first.id}`);
    await call(t, anna, 'DELETE', `/budget/settlements/${second.id}`);
    await call(t, cleo, 'DELETE', `/budget/settlements/${third.id}`);
    expect((await problem(ben, 'GET', `/budget/settlements/${first.id}`)).status).toBe(404);
    expect((await balances(anna)).parties.every((p: any) => p.net === '0.00')).toBe(true);
    expect((await problem(ben, 'GET', '/budget/settlements/not-a-uuid')).status).toBe(400);

    const history = await historyOf(t, first.id);
    expect(history.map((h) => h.action)).toEqual(['Created', 'Deleted']);
    expect(history[0]).toMatchObject({ entity_type: 'Settlement', user_id: cleo.id });
    expect(history[0].changes).toMatchObject({ fromUserId: { new: ben.id }, toUserId: { new: anna.id }, amount: { new: '14.00' } });
    const [row] = await t.db.query(`SELECT entity_label FROM action_histories WHERE entity_id = $1 AND action = 'Created'`, [first.id]);
    expect(row.entity_label).toBe(`${ben.nickname} → ${anna.nickname}`);
  });

  it('history rows carry what the sentence "Anna paid €42.00 Groceries, shared by 3" needs', async () => {
    const { anna, ben, cleo } = await flatOfThree(t);
    const groceries = await createCategory(t, anna, { name: 'Groceries' });
    const tx = await createTransaction(t, anna, { type: 'Expense', amount: '42.00', categoryId: groceries.id, split: equalSplit(anna, ben, cleo) });
    const page = await call(t, ben, 'GET', `/action-histories?entityType=Transaction&entityId=${tx.id}`);
    const [created] = page.items;
    expect(created).toMatchObject({ action: 'Created', userNickname: anna.nickname, entityLabel: 'Groceries' });
    expect(created.changes.amount.new).toBe('42.00');
    expect(created.changes.split.new.paidBy).toEqual([{ userId: anna.id, amount: '42.00' }]);
    expect(created.changes.split.new.owed).toHaveLength(3);
  });

  it('another group sees none of it (404), and every route answers 403 MODULE_DISABLED without the Budget module', async () => {
    const { anna, ben } = await flatOfThree(t);
    const settlement = await call(t, anna, 'POST', '/budget/settlements', { fromUserId: ben.id, toUserId: anna.id, amount: '1.00' });
    const other = await budgetUser(t);
    expect((await problem(other, 'GET', `/budget/settlements/${settlement.id}`)).status).toBe(404);
    expect((await problem(other, 'DELETE', `/budget/settlements/${settlement.id}`)).status).toBe(404);
    expect((await call(t, other, 'GET', '/budget/settlements')).totalItems).toBe(0);
    expect((await balances(other)).parties.map((p: any) => p.userId)).toEqual([other.id]);
    expect((await problem(other, 'GET', `/budget/balances/explain?party=${anna.id}`)).status).toBe(404);
    expect((await call(t, ben, 'GET', `/budget/settlements/${settlement.id}`)).id).toBe(settlement.id);

    const noBudget = await signedInUser(t, { modules: ['Map', 'Notes'] });
    for (const [method, path] of [
      ['GET', '/budget/split-settings'],
      ['PUT', '/budget/split-settings'],
      ['GET', '/budget/settlements'],
      ['POST', '/budget/settlements'],
      ['GET', `/budget/settlements/${settlement.id}`],
      ['DELETE', `/budget/settlements/${settlement.id}`],
      ['GET', '/budget/balances'],
      ['GET', `/budget/balances/explain?party=${noBudget.id}`],
    ] as const) {
      const answer = await problem(noBudget, method, path, method === 'POST' || method === 'PUT' ? {} : undefined);
      expect([path, answer.status, answer.code]).toEqual([path, 403, 'MODULE_DISABLED']);
    }
  });

  it('balances of a period, and each party explained newest first, paginated', async () => {
    const { anna, ben, cleo, food, salary } = await flatOfThree(t);
    const day = (date: string, amount: string, payer: Member, split: unknown, type = 'Expense') =>
      createTransaction(t, payer, { type, amount, date, categoryId: type === 'Expense' ? food.id : salary.id, split });
    const a = await day('2026-02-20', '30.00', anna, equalSplit(anna, ben, cleo));
    const b = await day('2026-03-02', '60.00', ben, equalSplit(anna, ben, cleo));
    // a shared income: Cleo received 12.00 that belongs to the three
    const c = await day('2026-03-10', '12.00', cleo, equalSplit(anna, ben, cleo), 'Income');
    const s = await call(t, cleo, 'POST', '/budget/settlements', { fromUserId: cleo.id, toUserId: ben.id, amount: '10.00', date: '2026-03-15' });
    await day('2026-04-01', '3.00', anna, equalSplit(anna, ben, cleo));

    const march = await balances(anna, '?from=2026-03-01&to=2026-03-31');
    expect(march).toMatchObject({ currency: 'EUR', from: '2026-03-01', to: '2026-03-31' });
    const byId = (b: any) => sums(b, 'paid', 'share', 'sent', 'received', 'net');
    expect(byId(march)).toEqual({
      [anna.id]: ['0.00', '16.00', '0.00', '0.00', '-16.00'],
      [ben.id]: ['60.00', '16.00', '0.00', '10.00', '34.00'],
      [cleo.id]: ['-12.00', '16.00', '10.00', '0.00', '-18.00'],
    });
    const all = await balances(anna);
    expect(all.parties.reduce((sum: number, p: any) => sum + Math.round(Number(p.net.replace('.', ''))), 0)).toBe(0);
    expect(byId(all)[anna.id]).toEqual(['33.00', '27.00', '0.00', '0.00', '6.00']);
    expect(byId(await balances(anna, '?to=2026-02-28'))[anna.id]).toEqual(['30.00', '10.00', '0.00', '0.00', '20.00']);

    const explained = await call(t, anna, 'GET', `/budget/balances/explain?party=${cleo.id}`);
    expect(explained.totalItems).toBe(5);
    expect(explained.items.map((i: any) => [i.kind, i.date, i.effect])).toEqual([
      ['Transaction', '2026-04-01', '-1.00'],
      ['Settlement', '2026-03-15', '10.00'],
      ['Transaction', '2026-03-10', '-8.00'],
      ['Transaction', '2026-03-02', '-20.00'],
      ['Transaction', '2026-02-20', '-10.00'],
    ]);
    expect(explained.items[1]).toEqual({
      kind: 'Settlement',
      id: s.id,
      date: '2026-03-15',
      type: 'Settlement',
      amount: '10.00',
      description: null,
      categoryId: null,
      fromUserId: cleo.id,
      toUserId: ben.id,
      paid: '0.00',
      share: '0.00',
      effect: '10.00',
    });
    expect(explained.items[2]).toMatchObject({ id: c.id, type: 'Income', amount: '12.00', paid: '12.00', share: '4.00', categoryId: salary.id });
    const page2 = await call(t, anna, 'GET', `/budget/balances/explain?party=${cleo.id}&pageSize=2&page=2`);
    expect(page2).toMatchObject({ page: 2, pageSize: 2, totalItems: 5, totalPages: 3 });
    expect(page2.items.map((i: any) => i.id)).toEqual([c.id, b.id]);
    const inMarch = await call(t, anna, 'GET', `/budget/balances/explain?party=${anna.id}&from=2026-03-01&to=2026-03-31`);
    expect(inMarch.items.map((i: any) => i.id)).toEqual([c.id, b.id]);
    expect(a.id).toBeDefined();
    expect((await problem(anna, 'GET', `/budget/balances/explain?party=${randomUUID()}`)).status).toBe(404);
    expect((await problem(anna, 'GET', '/budget/balances/explain')).code).toBe('VALIDATION_FAILED');
    expect((await problem(anna, 'GET', '/budget/balances?from=2026-02-30')).code).toBe('VALIDATION_FAILED');
  });

  it('a unit is one party: a couple settles as one, a suggestion names the unit, a payment by either member settles it', async () => {
    const { anna, ben, cleo, food } = await flatOfThree(t);
    const settings = await call(t, anna, 'PUT', '/budget/split-settings', {
      sharedByDefault: false,
      mode: 'equal',
      weights: [],
      units: [{ name: 'Anna & Ben', userIds: [anna.id, ben.id] }],
    });
    const unitId = settings.units[0].id;
    await createTransaction(t, cleo, { type: 'Expense', amount: '90.00', categoryId: food.id, split: equalSplit(anna, ben, cleo) });
    await createTransaction(t, anna, { type: 'Expense', amount: '20.00', categoryId: food.id, split: equalSplit(anna, ben) });
    const b = await balances(cleo);
    expect(b.parties.map((p: any) => [p.unitId ?? p.userId, p.name, p.userIds, p.net]).sort()).toEqual(
      [
        [unitId, 'Anna & Ben', [anna.id, ben.id], '-60.00'],
        [cleo.id, cleo.nickname, [cleo.id], '60.00'],
      ].sort(),
    );
    expect(b.suggestions).toEqual([{ from: unitId, to: cleo.id, amount: '60.00' }]);
    expect(Object.fromEntries(b.members.map((m: any) => [m.userId, m.unitId]))).toEqual({ [anna.id]: unitId, [ben.id]: unitId, [cleo.id]: null });
    const explained = await call(t, cleo, 'GET', `/budget/balances/explain?party=${unitId}`);
    expect(explained.items.map((i: any) => i.effect)).toEqual(['0.00', '-60.00']);
    // recorded by Ben for the unit
    await call(t, ben, 'POST', '/budget/settlements', { fromUserId: ben.id, toUserId: cleo.id, amount: '60.00' });
    const after = await balances(cleo);
    expect(after.parties.map((p: any) => p.net)).toEqual(['0.00', '0.00']);
    expect(after.parties.find((p: any) => p.unitId)).toMatchObject({ sent: '60.00', received: '0.00' });
    expect(after.suggestions).toEqual([]);
  });

  it('a member who left keeps their rows and balance, is named as former, and can still be paid', async () => {
    const { anna, ben, cleo, food } = await flatOfThree(t);
    await createTransaction(t, ben, { type: 'Expense', amount: '30.00', categoryId: food.id, split: equalSplit(anna, ben, cleo) });
    const newcomer = await budgetUser(t, anna.groupId!);
    await t.db.query('UPDATE users SET group_id = NULL WHERE id = $1', [ben.id]);
    await t.db.query('UPDATE users SET group_id = NULL WHERE id = $1', [newcomer.id]);
    const b = await balances(anna);
    expect(b.parties.find((p: any) => p.userId === ben.id)).toMatchObject({ name: ben.nickname, isFormer: true, net: '20.00' });
    expect(b.parties.map((p: any) => p.userId)).not.toContain(newcomer.id);
    await call(t, anna, 'POST', '/budget/settlements', { fromUserId: anna.id, toUserId: ben.id, amount: '10.00' });
    // a user who left without taking part is no member of this group any more
    expect((await problem(anna, 'POST', '/budget/settlements', { fromUserId: anna.id, toUserId: newcomer.id, amount: '1.00' })).code).toBe('UNKNOWN_MEMBER');
    expect(netOf(await balances(anna), ben.id)).toBe('10.00');
  });

  it("reports add each member's paid and part, and ?member= reports one member's part of each category", async () => {
    const { anna, ben, cleo, food, salary, savings } = await flatOfThree(t);
    const rent = await createCategory(t, anna, { name: 'Rent' });
    await createTransaction(t, anna, { type: 'Expense', amount: '900.00', categoryId: rent.id, date: '2026-03-01', split: equalSplit(anna, ben, cleo) });
    await createTransaction(t, ben, {
      type: 'Expense',
      amount: '45.00',
      categoryId: food.id,
      date: '2026-03-03',
      split: {
        mode: 'shares',
        members: [
          { userId: ben.id, value: '2' },
          { userId: cleo.id, value: '1' },
        ],
      },
    });
    await createTransaction(t, cleo, { type: 'Expense', amount: '7.00', categoryId: food.id, date: '2026-03-03', budgetAccountId: savings.id });
    await createTransaction(t, cleo, { type: 'Income', amount: '30.00', categoryId: salary.id, date: '2026-03-20', split: equalSplit(anna, cleo) });
    await createTransaction(t, anna, { type: 'Expense', amount: '10.00', categoryId: food.id, date: '2026-04-01', split: equalSplit(anna, ben) });

    const month = await call(t, anna, 'GET', '/transactions/report/monthly?year=2026&month=3');
    expect(month.totalExpense).toBe('952.00');
    expect(month.members).toEqual(
      [
        { userId: anna.id, paid: '900.00', share: '300.00' },
        { userId: ben.id, paid: '45.00', share: '330.00' },
        { userId: cleo.id, paid: '0.00', share: '315.00' },
      ].sort((a, b) => a.userId.localeCompare(b.userId)),
    );
    const mine = await call(t, anna, 'GET', `/transactions/report/monthly?year=2026&month=3&member=${cleo.id}`);
    expect([mine.totalIncome, mine.totalExpense, mine.net]).toEqual(['15.00', '315.00', '-300.00']);
    expect(mine.categories.map((c: any) => [c.name, c.income, c.expense])).toEqual([
      ['Food', '0.00', '15.00'],
      ['Salary', '15.00', '0.00'],
      ['Rent', '0.00', '300.00'],
    ]);
    expect(mine.days.find((d: any) => d.date === '2026-03-03')).toEqual({ date: '2026-03-03', income: '0.00', expense: '15.00' });
    expect(mine.members).toEqual(month.members);
    const year = await call(t, anna, 'GET', `/transactions/report/yearly?year=2026&member=${anna.id}`);
    expect(year.months[2]).toEqual({ month: 3, income: '15.00', expense: '300.00', net: '-285.00' });
    expect(year.months[3]).toEqual({ month: 4, income: '0.00', expense: '5.00', net: '-5.00' });
    expect(year.members.find((m: any) => m.userId === anna.id)).toEqual({ userId: anna.id, paid: '910.00', share: '305.00' });
    const onSavings = await call(t, anna, 'GET', `/transactions/report/monthly?year=2026&month=3&budgetAccountId=${savings.id}&member=${cleo.id}`);
    expect([onSavings.totalExpense, onSavings.members]).toEqual(['0.00', []]);
  });

  it('each occurrence of a recurring transaction copies its split, exactly once', async () => {
    const { anna, ben, food, main } = await flatOfThree(t);
    const rule = await call(t, anna, 'POST', '/recurring-transactions', {
      type: 'Expense',
      amount: '50.00',
      categoryId: food.id,
      budgetAccountId: main.id,
      frequency: 'Monthly',
      startDate: '2030-01-15',
      split: { ...equalSplit(anna, ben), paidBy: [{ userId: ben.id, amount: '50.00' }] },
    });
    expect(rule.split.owed).toEqual([
      { userId: anna.id, amount: '25.00' },
      { userId: ben.id, amount: '25.00' },
    ]);
    const scheduler = t.app.get(RecurringScheduler);
    await Promise.all([scheduler.runDue(new Date('2030-03-20T00:00:00Z')), scheduler.runDue(new Date('2030-03-20T00:00:00Z'))]);
    const list = await call(t, anna, 'GET', `/transactions?from=2030-01-01&to=2030-12-31`);
    expect(list.items.map((i: any) => [i.date, i.split])).toEqual([
      ['2030-03-15', rule.split],
      ['2030-02-15', rule.split],
      ['2030-01-15', rule.split],
    ]);
    expect(netOf(await balances(anna), ben.id)).toBe('75.00');
    // an edit that keeps the split moves the payer's single payment to the new amount
    const edited = await call(t, anna, 'PUT', `/recurring-transactions/${rule.id}`, {
      type: 'Expense',
      amount: '60.00',
      categoryId: food.id,
      frequency: 'Monthly',
      startDate: '2030-01-15',
    });
    expect(edited.split.paidBy).toEqual([{ userId: ben.id, amount: '60.00' }]);
    await scheduler.runDue(new Date('2030-04-20T00:00:00Z'));
    expect(netOf(await balances(anna), ben.id)).toBe('105.00');
    const mismatch = {
      type: 'Expense',
      amount: '5.00',
      categoryId: food.id,
      frequency: 'Monthly',
      startDate: '2030-01-01',
      split: { mode: 'exact', members: [{ userId: anna.id, value: '1' }] },
    };
    expect(await problem(anna, 'POST', '/recurring-transactions', mismatch)).toMatchObject({ status: 400, code: 'SPLIT_SHARE_MISMATCH' });
  });
});

import { RecurringScheduler } from '../../src/modules/budget/recurring-scheduler.service';
import { createTestApp, TestApp } from '../support/app';
import { createGroup, signedInUser, type LoggedIn, type TestUser } from '../support/factories';
import { budgetUser, call, createTransaction, equalSplit, flatOfThree, Member } from './budget-support';

/**
 * docs/budget.md, "Group defaults and units": the group's default split counts only current
 * members. Whoever left (deactivated, or moved to another group) is dropped from the default when
 * a new expense, an import row or a recurring occurrence takes it; the settings name them.
 */
describe('Budget: the default split after a member leaves', () => {
  let t: TestApp;
  let admin: TestUser & LoggedIn;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signedInUser(t, { role: 'Admin' });
  });
  afterAll(() => t.close());

  const deactivate = async (user: Member) => {
    const response = await t.api('PATCH', `/users/${user.id}/status`, { token: admin.accessToken, payload: { status: 'Deactivated' } });
    expect(response.statusCode).toBe(200);
  };
  const moveToAnotherGroup = async (user: Member) => {
    const other = await createGroup(t);
    await t.db.query('UPDATE users SET group_id = $2 WHERE id = $1', [user.id, other.id]);
  };
  const shareEquallyBy = (by: Member, ...users: Member[]) =>
    call(t, by, 'PUT', '/budget/split-settings', {
      sharedByDefault: true,
      mode: 'equal',
      weights: users.map((u) => ({ userId: u.id, weight: '1' })),
      units: [],
    });
  const owed = (split: any) => split?.owed.map((o: any) => [o.userId, o.amount]);

  it('a €90 expense taking the default after the third member was deactivated is split 45/45; the settings name who was dropped', async () => {
    const { anna, ben, cleo, food } = await flatOfThree(t);
    await shareEquallyBy(anna, anna, ben, cleo);
    // Cleo took part before she left: she keeps her rows
    const before = await createTransaction(t, anna, { type: 'Expense', amount: '90.00', categoryId: food.id });
    expect(owed(before.split)).toEqual([
      [anna.id, '30.00'],
      [ben.id, '30.00'],
      [cleo.id, '30.00'],
    ]);
    await deactivate(cleo);

    const after = await createTransaction(t, anna, { type: 'Expense', amount: '90.00', categoryId: food.id });
    expect(after.split).toMatchObject({ paidBy: [{ userId: anna.id, amount: '90.00' }], mode: 'equal', members: [{ userId: anna.id }, { userId: ben.id }] });
    expect(owed(after.split)).toEqual([
      [anna.id, '45.00'],
      [ben.id, '45.00'],
    ]);
    const balances = await call(t, ben, 'GET', '/budget/balances');
    expect(balances.parties.find((p: any) => p.userId === cleo.id)).toMatchObject({ isFormer: true, net: '-30.00' });

    const settings = await call(t, ben, 'GET', '/budget/split-settings');
    expect(settings).toMatchObject({ sharedByDefault: true, weights: [{ userId: anna.id }, { userId: ben.id }, { userId: cleo.id }] });
    expect(settings.droppedMembers).toEqual([{ userId: cleo.id, name: cleo.nickname }]);
    // an explicit split may still name her (she has rows in the group)
    const explicit = await createTransaction(t, anna, { type: 'Expense', amount: '9.00', categoryId: food.id, split: equalSplit(anna, ben, cleo) });
    expect(owed(explicit.split)).toEqual([
      [anna.id, '3.00'],
      [ben.id, '3.00'],
      [cleo.id, '3.00'],
    ]);
  });

  it('a leaver without rows in the group no longer makes every new expense fail with UNKNOWN_MEMBER', async () => {
    const { anna, ben, food } = await flatOfThree(t);
    const dave = await budgetUser(t, anna.groupId!);
    await call(t, anna, 'PUT', '/budget/split-settings', {
      sharedByDefault: true,
      mode: 'shares',
      weights: [
        { userId: anna.id, weight: '2' },
        { userId: ben.id, weight: '1' },
        { userId: dave.id, weight: '1' },
      ],
      units: [],
    });
    await moveToAnotherGroup(dave);

    const response = await t.api('POST', '/transactions', { token: ben.accessToken, payload: { type: 'Expense', amount: '10.00', categoryId: food.id } });
    expect(response.statusCode).toBe(201);
    const split = response.json().split;
    expect(split.paidBy).toEqual([{ userId: ben.id, amount: '10.00' }]);
    expect(owed(split)).toEqual([
      [anna.id, '6.67'],
      [ben.id, '3.33'],
    ]);
    expect((await call(t, anna, 'GET', '/budget/split-settings')).droppedMembers).toEqual([{ userId: dave.id, name: dave.nickname }]);
    // nobody of the default is a current member any more: a new expense is the household's own
    const erin = await budgetUser(t, anna.groupId!);
    await call(t, anna, 'PUT', '/budget/split-settings', { sharedByDefault: true, mode: 'equal', weights: [{ userId: erin.id, weight: '1' }], units: [] });
    await moveToAnotherGroup(erin);
    expect((await createTransaction(t, ben, { type: 'Expense', amount: '10.00', categoryId: food.id })).split).toBeNull();
  });

  it('an import row taking the default drops the member who left', async () => {
    const { anna, ben, cleo, main, food, salary } = await flatOfThree(t);
    await call(t, anna, 'PUT', `/budget-accounts/${main.id}`, { name: 'Main', shared: true });
    await shareEquallyBy(anna, anna, ben, cleo);
    await deactivate(cleo);
    const upload = await t.api('POST', `/budget-accounts/${main.id}/imports`, {
      token: anna.accessToken,
      payload: 'Date,Description,Amount\n2026-03-02,GROCERIES,-90.00\n2026-03-05,PAYROLL,100.00\n',
      headers: { 'content-type': 'text/csv' },
    });
    if (upload.statusCode !== 201) throw new Error(upload.body);
    const preview = upload.json();
    const rows = preview.rows.map((row: any) => ({ index: row.index, include: true, categoryId: row.type === 'Expense' ? food.id : salary.id }));
    expect(await call(t, anna, 'POST', `/imports/${preview.id}/commit`, { rows })).toEqual({ created: 2, skipped: 0 });
    const list = await call(t, anna, 'GET', '/transactions?from=2026-03-01&to=2026-03-31&sort=date');
    expect(list.items.map((i: any) => [i.type, owed(i.split) ?? null])).toEqual([
      [
        'Expense',
        [
          [anna.id, '45.00'],
          [ben.id, '45.00'],
        ],
      ],
      ['Income', null],
    ]);
  });

  it('a recurring occurrence drops from the default a member who left after the rule was made; a rule made after they left never names them', async () => {
    const { anna, ben, cleo, main, food } = await flatOfThree(t);
    await shareEquallyBy(anna, anna, ben, cleo);
    const rule = { type: 'Expense', amount: '90.00', categoryId: food.id, budgetAccountId: main.id, frequency: 'Monthly', startDate: '2031-01-10' };
    const early = await call(t, anna, 'POST', '/recurring-transactions', rule);
    expect(owed(early.split)).toEqual([
      [anna.id, '30.00'],
      [ben.id, '30.00'],
      [cleo.id, '30.00'],
    ]);
    // an explicit split on a rule keeps naming whom it names
    const explicit = await call(t, anna, 'POST', '/recurring-transactions', { ...rule, amount: '9.00', split: equalSplit(anna, ben, cleo) });
    const scheduler = t.app.get(RecurringScheduler);
    await scheduler.runDue(new Date('2031-01-10T06:00:00Z'));
    await deactivate(cleo);
    const late = await call(t, ben, 'POST', '/recurring-transactions', { ...rule, startDate: '2031-02-10' });
    expect(owed(late.split)).toEqual([
      [anna.id, '45.00'],
      [ben.id, '45.00'],
    ]);
    await scheduler.runDue(new Date('2031-02-10T06:00:00Z'));

    const list = await call(t, anna, 'GET', '/transactions?from=2031-01-01&to=2031-12-31&sort=date');
    const occurrences = list.items.map((i: any) => [i.recurringTransactionId, i.date, owed(i.split)]);
    expect(occurrences).toEqual(
      expect.arrayContaining([
        [
          early.id,
          '2031-01-10',
          [
            [anna.id, '30.00'],
            [ben.id, '30.00'],
            [cleo.id, '30.00'],
          ],
        ],
        [
          early.id,
          '2031-02-10',
          [
            [anna.id, '45.00'],
            [ben.id, '45.00'],
          ],
        ],
        [
          late.id,
          '2031-02-10',
          [
            [anna.id, '45.00'],
            [ben.id, '45.00'],
          ],
        ],
        [
          explicit.id,
          '2031-02-10',
          [
            [anna.id, '3.00'],
            [ben.id, '3.00'],
            [cleo.id, '3.00'],
          ],
        ],
      ]),
    );
    expect(occurrences).toHaveLength(5);
    const paidBy = list.items.find((i: any) => i.recurringTransactionId === early.id && i.date === '2031-02-10').split.paidBy;
    expect(paidBy).toEqual([{ userId: anna.id, amount: '90.00' }]);
  });
});

import { randomUUID } from 'node:crypto';
import { createTestApp, TestApp } from '../support/app';
import { budgetSetup, budgetUser, call, createAccount, createCategory, createTransaction, equalSplit, flatOfThree, Member } from './budget-support';

/**
 * POST /transactions, whole: the response, the row, its "Created" history row column by column,
 * and which problem a body with several faults gets (the first of: accounts, category, split,
 * members), with nothing written when it fails.
 */
describe('Budget: creating a transaction', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** The "Created" history row of a transaction, every column a reader sees. */
  const createdRow = async (id: string) => {
    const rows = await t.db.query(
      `SELECT group_id, admin_only, private_to_user_id, entity_type, entity_id, parent_id, action, changes, user_id, user_nickname, entity_label, parent_label,
              created_date = (SELECT created_date FROM transactions WHERE id = $1) AS same_time
         FROM action_histories WHERE entity_id = $1`,
      [id],
    );
    expect(rows).toHaveLength(1);
    return rows[0];
  };
  const stored = async (id: string) =>
    (
      await t.db.query(`SELECT split, to_char(created_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created FROM transactions WHERE id = $1`, [
        id,
      ])
    )[0];
  const counts = async (groupId: string) =>
    (
      await t.db.query(
        `SELECT (SELECT count(*) FROM transactions WHERE group_id = $1)::int AS transactions,
                (SELECT count(*) FROM action_histories WHERE group_id = $1 AND entity_type = 'Transaction')::int AS history,
                (SELECT count(*) FROM transaction_shares WHERE group_id = $1)::int AS shares`,
        [groupId],
      )
    )[0];
  const problem = async (user: Member, payload: unknown) => {
    const response = await t.api('POST', '/transactions', { token: user.accessToken, payload });
    const body = response.json();
    return { status: response.statusCode, code: body.code, detail: body.detail, errors: body.errors };
  };
  const created = (old: null, value: unknown) => ({ old, new: value });

  it('answers the new row and writes its history row as it was made', async () => {
    const { member, main, food } = await budgetSetup(t);
    const body = await createTransaction(t, member, { type: 'Expense', amount: '12.3', date: '2026-03-04', description: 'Lunch', categoryId: food.id });
    expect(Object.keys(body)).toEqual([
      'id',
      'type',
      'amount',
      'date',
      'description',
      'categoryId',
      'budgetAccountId',
      'targetBudgetAccountId',
      'recurringTransactionId',
      'createdBy',
      'createdDate',
      'split',
      'original',
    ]);
    expect(body).toEqual({
      id: expect.any(String),
      type: 'Expense',
      amount: '12.30',
      date: '2026-03-04',
      description: 'Lunch',
      categoryId: food.id,
      budgetAccountId: main.id,
      targetBudgetAccountId: null,
      recurringTransactionId: null,
      createdBy: member.id,
      createdDate: (await stored(body.id)).created,
      split: null,
      original: null,
    });
    expect(await createdRow(body.id)).toEqual({
      group_id: member.groupId,
      admin_only: false,
      private_to_user_id: null,
      entity_type: 'Transaction',
      entity_id: body.id,
      parent_id: null,
      action: 'Created',
      changes: {
        groupId: created(null, member.groupId),
        type: created(null, 'Expense'),
        amount: created(null, '12.30'),
        description: created(null, 'Lunch'),
        categoryId: created(null, food.id),
        budgetAccountId: created(null, main.id),
        date: created(null, '2026-03-04'),
        createdById: created(null, member.id),
      },
      user_id: member.id,
      user_nickname: member.nickname,
      entity_label: 'Food',
      parent_label: 'Lunch',
      same_time: true,
    });
  });

  it('records a transfer by its description (clipped to 200), and one without any as unlabelled', async () => {
    const { member, main, savings } = await budgetSetup(t);
    const long = 'Pocket money '.repeat(30).trim();
    const described = await createTransaction(t, member, {
      type: 'Transfer',
      amount: '5',
      date: '2026-01-02',
      targetBudgetAccountId: savings.id,
      description: long,
    });
    expect(described).toMatchObject({
      type: 'Transfer',
      categoryId: null,
      budgetAccountId: main.id,
      targetBudgetAccountId: savings.id,
      description: long,
      split: null,
    });
    const clipped = `${long.slice(0, 199)}…`;
    expect(await createdRow(described.id)).toMatchObject({
      changes: {
        groupId: created(null, member.groupId),
        type: created(null, 'Transfer'),
        amount: created(null, '5.00'),
        description: created(null, long),
        budgetAccountId: created(null, main.id),
        targetBudgetAccountId: created(null, savings.id),
        date: created(null, '2026-01-02'),
        createdById: created(null, member.id),
      },
      entity_label: clipped,
      parent_label: clipped,
    });
    const bare = await createTransaction(t, member, {
      type: 'Transfer',
      amount: '5',
      date: '2026-01-02',
      budgetAccountId: savings.id,
      targetBudgetAccountId: main.id,
    });
    expect(await createdRow(bare.id)).toMatchObject({ entity_label: null, parent_label: null });
    expect(Object.keys((await createdRow(bare.id)).changes).sort()).toEqual([
      'amount',
      'budgetAccountId',
      'createdById',
      'date',
      'groupId',
      'targetBudgetAccountId',
      'type',
    ]);
  });

  it("records a split as it is stored and answered: the body's, the group's default, or none with split null", async () => {
    const { anna, ben, cleo, food, salary, savings } = await flatOfThree(t);
    await call(t, anna, 'PUT', '/budget/split-settings', {
      sharedByDefault: true,
      mode: 'shares',
      weights: [
        { userId: anna.id, weight: '2' },
        { userId: ben.id, weight: '1' },
      ],
      units: [],
    });
    const byDefault = await createTransaction(t, cleo, { type: 'Expense', amount: '9.00', date: '2026-05-01', categoryId: food.id });
    expect(Object.keys(byDefault.split)).toEqual(['paidBy', 'mode', 'members', 'adjustments', 'owed']);
    expect(byDefault.split).toEqual({
      paidBy: [{ userId: cleo.id, amount: '9.00' }],
      mode: 'shares',
      members: [
        { userId: anna.id, value: '2.00' },
        { userId: ben.id, value: '1.00' },
      ],
      adjustments: [],
      owed: [
        { userId: anna.id, amount: '6.00' },
        { userId: ben.id, amount: '3.00' },
      ],
    });
    expect((await stored(byDefault.id)).split).toEqual(byDefault.split);
    expect((await createdRow(byDefault.id)).changes.split).toEqual(created(null, byDefault.split));

    const optedOut = await createTransaction(t, cleo, { type: 'Expense', amount: '9.00', date: '2026-05-01', categoryId: food.id, split: null });
    expect(optedOut.split).toBeNull();
    expect((await createdRow(optedOut.id)).changes.split).toBeUndefined();

    const income = await createTransaction(t, ben, {
      type: 'Income',
      amount: '10',
      date: '2026-05-02',
      categoryId: salary.id,
      budgetAccountId: savings.id,
      split: { ...equalSplit(anna, ben, cleo), paidBy: [{ userId: anna.id, amount: '10' }] },
    });
    expect(income.split.owed).toEqual([
      { userId: anna.id, amount: '3.34' },
      { userId: ben.id, amount: '3.33' },
      { userId: cleo.id, amount: '3.33' },
    ]);
    expect(await createdRow(income.id)).toMatchObject({
      changes: { split: created(null, income.split), budgetAccountId: created(null, savings.id), createdById: created(null, ben.id) },
      user_id: ben.id,
      user_nickname: ben.nickname,
      entity_label: 'Salary',
      parent_label: null,
    });
    expect(await counts(anna.groupId!)).toEqual({ transactions: 3, history: 3, shares: 6 });
  });

  it('answers the first fault of a body with several, and writes nothing', async () => {
    const { anna, ben, food, main, savings } = await flatOfThree(t);
    const other = await budgetSetup(t);
    const disabled = await createAccount(t, anna, 'Old');
    await call(t, anna, 'PUT', `/budget-accounts/${disabled.id}`, { name: 'Old', isDisabled: true });
    const nobody = { id: randomUUID() };
    const notFound = (what: string) => ({ status: 404, code: 'NOT_FOUND', detail: `${what} not found`, errors: undefined });
    const unknown = (field: string) => ({
      status: 400,
      code: 'UNKNOWN_MEMBER',
      detail: 'Not a member of this group',
      errors: [{ field, message: `${field} is not a member of this group` }],
    });
    const expense = { type: 'Expense', amount: '10.00', categoryId: food.id };
    const before = await counts(anna.groupId!);

    // the account before the category, the category before the split, the split's sums before its members
    expect(await problem(anna, { ...expense, budgetAccountId: other.main.id, categoryId: other.food.id })).toEqual(notFound('Budget account'));
    expect(await problem(anna, { ...expense, budgetAccountId: disabled.id, categoryId: other.food.id })).toMatchObject({
      status: 400,
      code: 'ACCOUNT_DISABLED',
    });
    expect(await problem(anna, { ...expense, categoryId: other.food.id, split: equalSplit(anna, nobody) })).toEqual(notFound('Category'));
    expect(await problem(anna, { ...expense, categoryId: randomUUID() })).toEqual(notFound('Category'));
    expect(await problem(anna, { type: 'Transfer', amount: '1', targetBudgetAccountId: other.savings.id, split: equalSplit(anna, ben) })).toEqual(
      notFound('Budget account'),
    );
    expect(await problem(anna, { type: 'Transfer', amount: '1', budgetAccountId: main.id, targetBudgetAccountId: disabled.id })).toMatchObject({
      status: 400,
      code: 'ACCOUNT_DISABLED',
    });
    expect(await problem(anna, { type: 'Transfer', amount: '1', targetBudgetAccountId: savings.id, split: equalSplit(anna, nobody) })).toMatchObject({
      status: 400,
      code: 'SPLIT_NOT_ALLOWED',
      errors: [{ field: 'split', message: 'split is not allowed on a Transfer' }],
    });
    expect(await problem(anna, { ...expense, split: { mode: 'exact', members: [{ userId: nobody.id, value: '3' }] } })).toMatchObject({
      status: 400,
      code: 'SPLIT_SHARE_MISMATCH',
    });
    expect(await problem(anna, { ...expense, split: { ...equalSplit(anna), paidBy: [{ userId: nobody.id, amount: '9' }] } })).toMatchObject({
      status: 400,
      code: 'SPLIT_PAID_MISMATCH',
    });
    expect(
      await problem(anna, { ...expense, split: { ...equalSplit(nobody, anna, other.member), paidBy: [{ userId: other.member.id, amount: '10' }] } }),
    ).toEqual({
      ...unknown('split.paidBy.0.userId'),
      errors: ['split.paidBy.0.userId', 'split.members.0.userId', 'split.members.2.userId'].map((field) => unknown(field).errors[0]),
    });
    expect(await counts(anna.groupId!)).toEqual(before);
  });

  it("takes only current members into the group's default split; an explicit split may name one who left with rows, not one without", async () => {
    const { anna, ben, cleo, food } = await flatOfThree(t);
    await call(t, anna, 'PUT', '/budget/split-settings', {
      sharedByDefault: true,
      mode: 'equal',
      weights: ['1', '1', '1'].map((weight, i) => ({ userId: [anna, ben, cleo][i].id, weight })),
      units: [],
    });
    await createTransaction(t, anna, { type: 'Expense', amount: '3.00', categoryId: food.id, split: equalSplit(anna, ben) });
    await t.db.query(`UPDATE users SET status = 'Deactivated' WHERE id = ANY($1::uuid[])`, [[ben.id, cleo.id]]);
    // both left: the default is Anna's alone
    const byDefault = await createTransaction(t, anna, { type: 'Expense', amount: '3.00', categoryId: food.id });
    expect(byDefault.split.owed).toEqual([{ userId: anna.id, amount: '3.00' }]);
    const before = await counts(anna.groupId!);
    expect(await problem(anna, { type: 'Expense', amount: '3.00', categoryId: food.id, split: equalSplit(anna, cleo) })).toEqual({
      status: 400,
      code: 'UNKNOWN_MEMBER',
      detail: 'Not a member of this group',
      errors: [{ field: 'split.members.1.userId', message: 'split.members.1.userId is not a member of this group' }],
    });
    expect(await counts(anna.groupId!)).toEqual(before);
    // Ben left with rows: still a member a split may name
    const shared = await createTransaction(t, anna, { type: 'Expense', amount: '3.00', categoryId: food.id, split: equalSplit(anna, ben) });
    expect(shared.split.owed.map((o: any) => o.userId)).toEqual([anna.id, ben.id]);
  });

  it('answers 409 NO_DEFAULT_ACCOUNT before looking at the category', async () => {
    const member = await budgetUser(t);
    const other = await budgetSetup(t);
    expect(await problem(member, { type: 'Expense', amount: '1', categoryId: other.food.id })).toMatchObject({ status: 409, code: 'NO_DEFAULT_ACCOUNT' });
    const own = await createCategory(t, member);
    expect(await problem(member, { type: 'Expense', amount: '1', categoryId: own.id })).toMatchObject({ status: 409, code: 'NO_DEFAULT_ACCOUNT' });
  });
});

import { randomUUID } from 'node:crypto';
import { AppConfig } from '../../src/config/app-config';
import { Sql } from '../../src/database/sql';
import { UnitOfWork } from '../../src/database/transaction';
import { BudgetAccountsRepository } from '../../src/modules/budget/budget-accounts.repository';
import { CategoriesRepository } from '../../src/modules/budget/categories.repository';
import { TransactionRefsResolver } from '../../src/modules/budget/transaction-refs';
import { createServiceDb, ServiceDb } from '../support/service-db';

/** Service level: resolveTransactionRefs' rules on the real repositories, without HTTP. */
describe('TransactionRefsResolver', () => {
  let s: ServiceDb;
  let refs: TransactionRefsResolver;
  let unit: UnitOfWork;
  let sql: Sql;
  const group = { groupId: randomUUID() };
  const other = { groupId: randomUUID() };
  const ids = {
    main: randomUUID(),
    savings: randomUUID(),
    disabled: randomUUID(),
    food: randomUUID(),
    foreignAccount: randomUUID(),
    foreignCategory: randomUUID(),
  };

  beforeAll(async () => {
    s = await createServiceDb();
    sql = new Sql({ databaseUrl: s.url, databaseTimeoutMs: 5000 } as AppConfig);
    refs = new TransactionRefsResolver(
      new BudgetAccountsRepository(s.db, sql, new UnitOfWork(s.db)),
      new CategoriesRepository(s.db, sql, new UnitOfWork(s.db)),
    );
    unit = new UnitOfWork(s.db);
    for (const g of [group, other])
      await s.db.query(`INSERT INTO groups (id, name, currency, modules) VALUES ($1, $2, 'EUR', '{Budget}')`, [g.groupId, g.groupId]);
    const account = (id: string, groupId: string, name: string, isDefault: boolean, isDisabled = false) =>
      s.db.query('INSERT INTO budget_accounts (id, group_id, name, is_default, is_disabled) VALUES ($1, $2, $3, $4, $5)', [
        id,
        groupId,
        name,
        isDefault,
        isDisabled,
      ]);
    await account(ids.main, group.groupId, 'Main', true);
    await account(ids.savings, group.groupId, 'Savings', false);
    await account(ids.disabled, group.groupId, 'Old', false, true);
    await account(ids.foreignAccount, other.groupId, 'Theirs', true);
    const category = (id: string, groupId: string) =>
      s.db.query(`INSERT INTO categories (id, group_id, name, color, icon, sort_order) VALUES ($1, $2, $3, '#112233', 'Tag', 1)`, [
        id,
        groupId,
        id.slice(0, 8),
      ]);
    await category(ids.food, group.groupId);
    await category(ids.foreignCategory, other.groupId);
  });
  afterAll(async () => {
    await sql.onModuleDestroy();
    await s.close();
  });

  const resolve = (input: Record<string, unknown>, options?: { currentAccountId?: string; keepAccountIds?: string[] }) =>
    unit.run(() => refs.resolve(group, input as any, options));

  it('defaults the source account to the group default, and to the current one on an update', async () => {
    expect(await resolve({ type: 'Expense', categoryId: ids.food })).toEqual({ categoryId: ids.food, budgetAccountId: ids.main, targetBudgetAccountId: null });
    expect((await resolve({ type: 'Expense', categoryId: ids.food }, { currentAccountId: ids.savings })).budgetAccountId).toBe(ids.savings);
  });

  it('resolves a transfer without a category, and refuses one to the same account', async () => {
    expect(await resolve({ type: 'Transfer', targetBudgetAccountId: ids.savings })).toEqual({
      categoryId: null,
      budgetAccountId: ids.main,
      targetBudgetAccountId: ids.savings,
    });
    await expect(resolve({ type: 'Transfer', budgetAccountId: ids.savings, targetBudgetAccountId: ids.savings })).rejects.toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
    });
  });

  it('refuses shape errors naming every field', async () => {
    await expect(resolve({ type: 'Transfer', categoryId: ids.food })).rejects.toMatchObject({
      status: 400,
      errors: [
        { field: 'categoryId', message: 'categoryId must be absent for a Transfer' },
        { field: 'targetBudgetAccountId', message: 'targetBudgetAccountId is required for a Transfer' },
      ],
    });
    await expect(resolve({ type: 'Income' })).rejects.toMatchObject({ status: 400, errors: [{ field: 'categoryId' }] });
  });

  it("answers 404 for another group's account or category, like a missing one", async () => {
    await expect(resolve({ type: 'Expense', categoryId: ids.food, budgetAccountId: ids.foreignAccount })).rejects.toMatchObject({ status: 404 });
    await expect(resolve({ type: 'Expense', categoryId: ids.foreignCategory })).rejects.toMatchObject({ status: 404 });
    await expect(resolve({ type: 'Expense', categoryId: randomUUID() })).rejects.toMatchObject({ status: 404 });
  });

  it('refuses a disabled account unless the row already used it', async () => {
    await expect(resolve({ type: 'Expense', categoryId: ids.food, budgetAccountId: ids.disabled })).rejects.toMatchObject({
      status: 400,
      code: 'ACCOUNT_DISABLED',
    });
    const kept = await resolve({ type: 'Expense', categoryId: ids.food, budgetAccountId: ids.disabled }, { keepAccountIds: [ids.disabled] });
    expect(kept.budgetAccountId).toBe(ids.disabled);
  });

  it('answers 409 NO_DEFAULT_ACCOUNT for a group without accounts', async () => {
    const empty = { groupId: randomUUID() };
    await s.db.query(`INSERT INTO groups (id, name, currency) VALUES ($1, $2, 'EUR')`, [empty.groupId, empty.groupId]);
    await expect(unit.run(() => refs.resolve(empty, { type: 'Expense', categoryId: ids.food } as any))).rejects.toMatchObject({
      status: 409,
      code: 'NO_DEFAULT_ACCOUNT',
    });
  });
});

import { OriginalResolver } from '../../src/modules/budget/rates/original-resolver';
import { RatesService } from '../../src/modules/budget/rates/rates.service';
import { Clock } from '../../src/common/clock/clock';
import { randomUUID } from 'node:crypto';
import type { AppConfig } from '../../src/config/app-config';
import { Sql } from '../../src/database/sql';
import { UnitOfWork } from '../../src/database/transaction';
import { BudgetAccountsRepository } from '../../src/modules/budget/budget-accounts.repository';
import { CategoriesRepository } from '../../src/modules/budget/categories.repository';
import type { TransactionListQuery } from '../../src/modules/budget/dto/transaction.dto';
import { TransactionRefsResolver } from '../../src/modules/budget/transaction-refs';
import { TransactionsRepository } from '../../src/modules/budget/transactions.repository';
import { TransactionsService } from '../../src/modules/budget/transactions.service';
import { createServiceDb, ServiceDb } from '../support/service-db';
import { SharingRepository } from '../../src/modules/budget/sharing/sharing.repository';
import { SplitResolver } from '../../src/modules/budget/sharing/split-resolver';
import { UsersRepository } from '../../src/modules/users/users.repository';

/**
 * Service level, real database: transaction_account_day_counts (per account, day and type; a
 * transfer counts for its source and its target) stays equal to a fresh count after every kind of
 * write, and the account-filtered list that reads it matches a plain query on both sides.
 */
describe('budget: per-account day counts', () => {
  let s: ServiceDb;
  let sql: Sql;
  let service: TransactionsService;
  const user = { groupId: randomUUID(), userId: randomUUID() } as any;
  const [main, savings, cash] = [randomUUID(), randomUUID(), randomUUID()];
  const [food, salary] = [randomUUID(), randomUUID()];

  beforeAll(async () => {
    s = await createServiceDb();
    sql = new Sql({ databaseUrl: s.url, databaseTimeoutMs: 5000 } as AppConfig);
    const accounts = new BudgetAccountsRepository(s.db, sql, new UnitOfWork(s.db));
    const categories = new CategoriesRepository(s.db, sql, new UnitOfWork(s.db));
    const splits = new SplitResolver(new SharingRepository(new UnitOfWork(s.db), sql), new UsersRepository(s.db, sql));
    service = new TransactionsService(
      new UnitOfWork(s.db),
      new TransactionsRepository(new UnitOfWork(s.db), sql),
      new TransactionRefsResolver(accounts, categories),
      splits,
      new Clock(),
      new OriginalResolver(new RatesService(sql, new Clock(), { exchangeRates: { url: '' } } as AppConfig, { register() {}, schedule() {} } as never)),
    );
    await s.db.query(`INSERT INTO groups (id, name, currency, modules) VALUES ($1, 'Family', 'EUR', '{Budget}')`, [user.groupId]);
    await s.db.query(
      `INSERT INTO users (id, username, email, password_hash, nickname, role, status, email_status, group_id)
       VALUES ($1, 'member', 'member@example.org', 'x', 'M', 'User', 'Active', 'Confirmed', $2)`,
      [user.userId, user.groupId],
    );
    for (const [id, name, isDefault] of [
      [main, 'Main', true],
      [savings, 'Savings', false],
      [cash, 'Cash', false],
    ] as const) {
      await s.db.query(`INSERT INTO budget_accounts (id, group_id, name, is_default) VALUES ($1, $2, $3, $4)`, [id, user.groupId, name, isDefault]);
    }
    for (const [i, id] of [food, salary].entries()) {
      await s.db.query(`INSERT INTO categories (id, group_id, name, color, icon, sort_order) VALUES ($1, $2, $3, '#112233', 'Tag', $4)`, [
        id,
        user.groupId,
        `C${i}`,
        i + 1,
      ]);
    }
  });
  afterAll(async () => {
    await sql.onModuleDestroy();
    await s.close();
  });

  /** Rows where the kept counts differ from counting the transactions now (zero rows may stay). */
  const drift = () =>
    s.db.query(
      `SELECT * FROM (
         SELECT account_id AS budget_account_id, date, type, count(*)::int AS n
           FROM (SELECT budget_account_id AS account_id, date, type FROM transactions WHERE group_id = $1
                 UNION ALL
                 SELECT target_budget_account_id, date, type FROM transactions WHERE group_id = $1 AND target_budget_account_id IS NOT NULL) x
          GROUP BY 1, 2, 3) fresh
       FULL JOIN (SELECT budget_account_id, date, type, count AS n FROM transaction_account_day_counts
                   WHERE budget_account_id = ANY($2::uuid[]) AND count <> 0) kept USING (budget_account_id, date, type)
       WHERE fresh.n IS DISTINCT FROM kept.n`,
      [user.groupId, [main, savings, cash]],
    );
  const kept = async (account: string, type: string) =>
    Number(
      (
        await s.db.query(`SELECT COALESCE(SUM(count), 0) AS n FROM transaction_account_day_counts WHERE budget_account_id = $1 AND type = $2`, [account, type])
      )[0].n,
    );
  const list = (query: Partial<TransactionListQuery>) => service.list(user, { page: 1, pageSize: 100, ...query } as TransactionListQuery);

  it('follows inserts, updates of account, amount, type and transfer target, and deletes', async () => {
    const expense = await service.create(user, { type: 'Expense', amount: '10.00', date: '2026-03-01', categoryId: food });
    const transfer = await service.create(user, {
      type: 'Transfer',
      amount: '50.00',
      date: '2026-03-02',
      budgetAccountId: main,
      targetBudgetAccountId: savings,
    });
    expect(await drift()).toEqual([]);
    expect([await kept(main, 'Expense'), await kept(main, 'Transfer'), await kept(savings, 'Transfer')]).toEqual([1, 1, 1]);

    // moving the expense to another account (and changing its amount) moves its count
    await service.update(user, expense.id, { type: 'Expense', amount: '12.00', date: '2026-03-01', categoryId: food, budgetAccountId: cash });
    expect([await kept(main, 'Expense'), await kept(cash, 'Expense')]).toEqual([0, 1]);
    // changing its type and day
    await service.update(user, expense.id, { type: 'Income', amount: '12.00', date: '2026-03-05', categoryId: salary });
    expect([await kept(cash, 'Expense'), await kept(cash, 'Income')]).toEqual([0, 1]);
    // an income becoming a transfer gains a target side; a transfer's target moving moves that side
    await service.update(user, expense.id, { type: 'Transfer', amount: '12.00', budgetAccountId: cash, targetBudgetAccountId: main });
    expect([await kept(cash, 'Income'), await kept(cash, 'Transfer'), await kept(main, 'Transfer')]).toEqual([0, 1, 2]);
    await service.update(user, transfer.id, { type: 'Transfer', amount: '50.00', budgetAccountId: main, targetBudgetAccountId: cash });
    expect([await kept(savings, 'Transfer'), await kept(cash, 'Transfer')]).toEqual([0, 2]);
    // a transfer becoming an expense loses its target side
    await service.update(user, transfer.id, { type: 'Expense', amount: '50.00', categoryId: food, budgetAccountId: savings });
    expect([await kept(main, 'Transfer'), await kept(cash, 'Transfer'), await kept(savings, 'Expense')]).toEqual([1, 1, 1]);
    expect(await drift()).toEqual([]);

    await service.remove(user, expense.id);
    await service.remove(user, transfer.id);
    expect([await kept(main, 'Transfer'), await kept(cash, 'Transfer'), await kept(savings, 'Expense')]).toEqual([0, 0, 0]);
    expect(await drift()).toEqual([]);
  });

  it('follows bulk statements, and the account list reads both sides of a transfer exactly', async () => {
    await s.db.query(
      `INSERT INTO transactions (id, group_id, type, amount, date, description, category_id, budget_account_id, target_budget_account_id)
       SELECT gen_random_uuid(), $1,
              CASE WHEN i % 7 = 0 THEN 'Transfer' WHEN i % 3 = 1 THEN 'Income' ELSE 'Expense' END,
              (i % 500 + 1) / 100.0, DATE '2025-01-01' + (i % 90), 'bulk ' || i,
              CASE WHEN i % 7 = 0 THEN NULL ELSE $2::uuid END,
              ($3::uuid[])[i % 3 + 1], CASE WHEN i % 7 = 0 THEN ($3::uuid[])[(i + 1) % 3 + 1] END
         FROM generate_series(1, 3000) AS i`,
      [user.groupId, food, [main, savings, cash]],
    );
    // one UPDATE statement moving many rows between accounts, one DELETE of many
    await s.db.query(
      `UPDATE transactions SET budget_account_id = $2 WHERE group_id = $1 AND budget_account_id = $3 AND type <> 'Transfer' AND date < '2025-02-01'`,
      [user.groupId, cash, main],
    );
    await s.db.query(`DELETE FROM transactions WHERE group_id = $1 AND date = '2025-03-01'`, [user.groupId]);
    expect(await drift()).toEqual([]);

    for (const account of [main, savings, cash]) {
      const expected = await s.db.query(
        `SELECT id FROM transactions WHERE group_id = $1 AND (budget_account_id = $2 OR target_budget_account_id = $2)
          ORDER BY date DESC, id DESC`,
        [user.groupId, account],
      );
      const first = await list({ budgetAccountId: account });
      expect(first).toMatchObject({ totalItems: expected.length, totalItemsExact: true });
      expect(first.items.map((x) => x.id)).toEqual(expected.slice(0, 100).map((r: any) => r.id));
      const page = 7;
      const deep = await list({ budgetAccountId: account, page, type: undefined });
      expect(deep.items.map((x) => x.id)).toEqual(expected.slice(600, 700).map((r: any) => r.id));
      const transfers = await list({ budgetAccountId: account, type: 'Transfer', sort: 'date' });
      const [{ n }] = await s.db.query(
        `SELECT count(*)::int AS n FROM transactions WHERE type = 'Transfer' AND (budget_account_id = $1 OR target_budget_account_id = $1)`,
        [account],
      );
      expect(transfers.totalItems).toBe(n);
    }
  });
});

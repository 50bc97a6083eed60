/**
 * The budget seed of `npm run bench` (bench/seed.ts) and of the backup benchmark: one group with
 * BENCH_TRANSACTIONS (default 1 000 000) transactions, inserted set-based with generate_series so
 * the migrations' triggers keep the day counts, day sums and balances exactly as in production.
 */
import 'reflect-metadata';
import * as bcrypt from 'bcrypt';
import { Client } from 'pg';
import { newId } from '../src/database/base.entity';
import { createDataSource } from '../src/database/data-source';
import { runMigrations } from '../src/database/migrate';

const TRANSACTIONS = Number(process.env.BENCH_TRANSACTIONS ?? 1_000_000);
export const PASSWORD = 'bench-password-1';
const YEARS = 5; // 2021..2025, ~200 000 transactions a year, ~17 000 a month

export interface Seeded {
  userId: string;
  groupId: string;
  username: string;
  accounts: string[];
  categories: string[];
}

export async function migrate(url: string): Promise<void> {
  const dataSource = createDataSource(url);
  await dataSource.initialize();
  try {
    await runMigrations(dataSource);
  } finally {
    await dataSource.destroy();
  }
}

export async function seed(db: Client): Promise<Seeded> {
  const groupId = newId();
  const userId = newId();
  const username = 'bench';
  const accounts = [newId(), newId(), newId()];
  const categories = Array.from({ length: 12 }, () => newId());
  await db.query(`INSERT INTO groups (id, name, currency, modules) VALUES ($1, 'Bench', 'EUR', '{Budget}')`, [groupId]);
  await db.query(
    `INSERT INTO users (id, username, password_hash, email, email_status, status, nickname, role, group_id)
     VALUES ($1, $2, $3, 'bench@example.test', 'Confirmed', 'Active', 'Bench', 'User', $4)`,
    [userId, username, bcrypt.hashSync(PASSWORD, 4), groupId],
  );
  for (const [i, id] of accounts.entries()) {
    await db.query('INSERT INTO budget_accounts (id, group_id, name, is_default) VALUES ($1, $2, $3, $4)', [id, groupId, `Account ${i + 1}`, i === 0]);
  }
  for (const [i, id] of categories.entries()) {
    await db.query(`INSERT INTO categories (id, group_id, name, color, icon, sort_order) VALUES ($1, $2, $3, '#3B82F6', 'Tag', $4)`, [
      id,
      groupId,
      `Category ${i + 1}`,
      i + 1,
    ]);
  }
  // one statement per 100 000 rows: 5 % transfers, 20 % income, the rest expenses, spread over 5 years
  const chunk = 100_000;
  for (let first = 1; first <= TRANSACTIONS; first += chunk) {
    const last = Math.min(first + chunk - 1, TRANSACTIONS);
    await db.query(
      `INSERT INTO transactions (id, group_id, type, amount, date, description, category_id, budget_account_id,
                                 target_budget_account_id, created_by_id)
       SELECT gen_random_uuid(), $1,
              CASE WHEN i % 20 = 0 THEN 'Transfer' WHEN i % 5 = 1 THEN 'Income' ELSE 'Expense' END,
              ((i::bigint * 7919) % 50000 + 1) / 100.0,
              DATE '2021-01-01' + (i % ($5::int * 365)),
              'Payment ' || i || ' ' || (ARRAY['coffee', 'rent', 'groceries', 'fuel', 'salary', 'books', 'travel', 'gift'])[i % 8 + 1],
              CASE WHEN i % 20 = 0 THEN NULL ELSE ($3::uuid[])[i % 12 + 1] END,
              ($2::uuid[])[i % 3 + 1],
              CASE WHEN i % 20 = 0 THEN ($2::uuid[])[(i + 1) % 3 + 1] END,
              $4
         FROM generate_series($6::int, $7::int) AS i`,
      [groupId, accounts, categories, userId, YEARS, first, last],
    );
    if (process.stdout.isTTY) process.stdout.write(`\r  inserted ${last.toLocaleString('en')} transactions`);
  }
  process.stdout.write(process.stdout.isTTY ? '\n' : `  inserted ${TRANSACTIONS.toLocaleString('en')} transactions\n`);
  // a real database's autovacuum keeps the visibility map current; index-only scans need it
  await db.query('VACUUM ANALYZE transactions');
  return { groupId, userId, username, accounts, categories };
}

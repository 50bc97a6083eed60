/**
 * The budget's hot reads on a group with 1 000 000 transactions (part of `npm run bench`).
 * Seeds a scratch database (bulk insert with generate_series), starts the real application
 * in-process, measures each scenario through HTTP (`app.inject`: routing, guards, validation,
 * serialisation; no socket), prints p50/p99, then drops the database. A benchmark, not a test.
 *
 * BENCH_TRANSACTIONS (default 1000000) and BENCH_RUNS (default 30) tune it.
 */
import 'reflect-metadata';
import * as bcrypt from 'bcrypt';
import { randomBytes } from 'node:crypto';
import { availableParallelism, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { Client } from 'pg';
import { createApp } from '../src/app.factory';
import { loadConfig } from '../src/config';
import { createDatabase, databaseUrl, dropDatabase } from '../src/database/admin';
import { newId } from '../src/database/base.entity';
import { createDataSource } from '../src/database/data-source';
import { runMigrations } from '../src/database/migrate';
import { percentile } from './lib';

const TRANSACTIONS = Number(process.env.BENCH_TRANSACTIONS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const WARMUP = 3;
export const PASSWORD = 'bench-password-1';
const YEARS = 5; // 2021..2025, ~200 000 transactions a year, ~17 000 a month

export interface Seeded {
  userId: string;
  groupId: string;
  username: string;
  accounts: string[];
  categories: string[];
}

const elapsed = (start: number) => `${((performance.now() - start) / 1000).toFixed(1)} s`;

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
    process.stdout.write(`\r  inserted ${last.toLocaleString('en')} transactions`);
  }
  process.stdout.write('\n');
  // a real database's autovacuum keeps the visibility map current; index-only scans need it
  await db.query('VACUUM ANALYZE transactions');
  return { groupId, userId, username, accounts, categories };
}

export async function benchBudget(): Promise<void> {
  const name = `hearth_bench_${randomBytes(4).toString('hex')}`;
  const url = databaseUrl(name);
  const started = performance.now();
  console.log(`bench: scratch database ${name}, ${TRANSACTIONS.toLocaleString('en')} transactions, ${RUNS} runs per scenario`);
  await createDatabase(name);
  let app: Awaited<ReturnType<typeof createApp>> | undefined;
  try {
    await migrate(url);
    const db = new Client({ connectionString: url });
    await db.connect();
    let seeded: Seeded;
    try {
      const seedStart = performance.now();
      seeded = await seed(db);
      console.log(`  seeded and vacuumed in ${elapsed(seedStart)}`);
    } finally {
      await db.end();
    }

    app = await createApp(
      loadConfig({
        ...process.env,
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATABASE_URL: url,
        JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256-0123456789',
        JOBS_ENABLED: 'false',
        MIGRATIONS_RUN: 'false',
        RATE_LIMIT_ENABLED: 'false',
        REDIS_URL: '',
      }),
    );
    const login = await app.inject({ method: 'POST', url: '/api/v1/session', payload: { username: seeded.username, password: PASSWORD } });
    if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`);
    const headers = { authorization: `Bearer ${login.json().accessToken}` };
    const pages = Math.ceil(TRANSACTIONS / 20);
    const middle = Math.ceil(pages / 2);
    const expensePages = Math.ceil((TRANSACTIONS * 0.75) / 20); // about 3 in 4 seeded rows are expenses
    const scenarios: [string, string][] = [
      ['monthly report (2024-06)', '/transactions/report/monthly?year=2024&month=6'],
      ['monthly report, one account', `/transactions/report/monthly?year=2024&month=6&budgetAccountId=${seeded.accounts[1]}`],
      ['yearly report (2024)', '/transactions/report/yearly?year=2024'],
      ['yearly report, one account', `/transactions/report/yearly?year=2024&budgetAccountId=${seeded.accounts[1]}`],
      ['list page 1 (newest first)', '/transactions?page=1&pageSize=20'],
      ['list page 2', '/transactions?page=2&pageSize=20'],
      ['list page 5,000 (offset 100 k)', '/transactions?page=5000&pageSize=20'],
      [`list page ${middle.toLocaleString('en')} (middle)`, `/transactions?page=${middle}&pageSize=20`],
      [`list page ${pages.toLocaleString('en')} (last)`, `/transactions?page=${pages}&pageSize=20`],
      ['list page 1, one month', '/transactions?page=1&pageSize=20&from=2024-06-01&to=2024-06-30'],
      ['list page 1, type=Expense', '/transactions?page=1&pageSize=20&type=Expense'],
      [`list page ${Math.ceil(expensePages / 2).toLocaleString('en')}, type=Expense (middle)`, `/transactions?page=${Math.ceil(expensePages / 2)}&pageSize=20&type=Expense`],
      ['list page 1, sort -amount', '/transactions?page=1&pageSize=20&sort=-amount'],
      ['list page 5,000, sort -amount (OFFSET 100 k)', '/transactions?page=5000&pageSize=20&sort=-amount'],
      [`list page ${middle.toLocaleString('en')}, sort -amount (OFFSET, worst)`, `/transactions?page=${middle}&pageSize=20&sort=-amount`],
      ['list page 1, one category (count(*))', `/transactions?page=1&pageSize=20&categoryId=${seeded.categories[3]}`],
      ['list page 2,000, one category (OFFSET 40 k)', `/transactions?page=2000&pageSize=20&categoryId=${seeded.categories[3]}`],
      ['list page 1, one account (count(*))', `/transactions?page=1&pageSize=20&budgetAccountId=${seeded.accounts[1]}`],
      ['list page 1,000, one account (OFFSET 20 k)', `/transactions?page=1000&pageSize=20&budgetAccountId=${seeded.accounts[1]}`],
      ['list page 1, search "groceries" (1 row in 8)', '/transactions?page=1&pageSize=20&search=groceries'],
      ['list page 1, search "payment 4242" (rare)', '/transactions?page=1&pageSize=20&search=payment%204242%20'],
      ['budget accounts with balances', '/budget-accounts'],
    ];

    const load = () => loadavg().map((n) => n.toFixed(1)).join(' ');
    console.log(`\n  ${availableParallelism()} cores, load average ${load()} before measuring`);
    console.log('');
    console.log(`| scenario | p50 ms | p99 ms | mean ms |`);
    console.log(`|---|---:|---:|---:|`);
    for (const [label, path] of scenarios) {
      const times: number[] = [];
      for (let run = 0; run < WARMUP + RUNS; run++) {
        const start = performance.now();
        const response = await app.inject({ method: 'GET', url: `/api/v1${path}`, headers });
        const ms = performance.now() - start;
        if (response.statusCode !== 200) throw new Error(`${path}: ${response.statusCode} ${response.body}`);
        if (run >= WARMUP) times.push(ms);
      }
      const mean = times.reduce((sum, ms) => sum + ms, 0) / times.length;
      console.log(`| ${label} | ${percentile(times, 50).toFixed(1)} | ${percentile(times, 99).toFixed(1)} | ${mean.toFixed(1)} |`);
    }
    console.log(`\n  load average ${load()} after measuring\n`);
  } finally {
    await app?.close();
    await dropDatabase(name);
    console.log(`bench: done in ${elapsed(started)}, scratch database dropped`);
  }
}

if (require.main === module) {
  benchBudget().then(
    () => process.exit(0),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}

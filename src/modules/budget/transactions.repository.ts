import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { Page, parseSort, toPage } from '../../common/pagination/pagination';
import { lockInGroup, Tenant } from '../../common/tenancy/group-scope';
import { BudgetAccountsRepository } from './budget-accounts.repository';
import { CategoriesRepository } from './categories.repository';
import type { TransactionDto, TransactionListQuery } from './dto/transaction.dto';
import type { TransactionType } from './entities/budget-enums';
import { Transaction } from './entities/transaction.entity';

export const TRANSACTION_COLUMNS = `t.id, t.type, t.amount, t.date::text AS date, t.description, t.category_id, t.budget_account_id,
  t.target_budget_account_id, t.recurring_transaction_id, t.created_by_id, t.created_date`;

export interface TransactionRow {
  id: string;
  type: TransactionType;
  amount: string;
  date: string;
  description: string | null;
  category_id: string | null;
  budget_account_id: string;
  target_budget_account_id: string | null;
  recurring_transaction_id: string | null;
  created_by_id: string | null;
  created_date: Date;
}

export const transactionRowToDto = (row: TransactionRow): TransactionDto => ({
  id: row.id,
  type: row.type,
  amount: row.amount,
  date: row.date,
  description: row.description,
  categoryId: row.category_id,
  budgetAccountId: row.budget_account_id,
  targetBudgetAccountId: row.target_budget_account_id,
  recurringTransactionId: row.recurring_transaction_id,
  createdBy: row.created_by_id,
  createdDate: row.created_date,
});

/** Pages up to this offset run their count and their rows in parallel; deeper ones need the count first. */
const SHALLOW_OFFSET = 10_000;

/** A WHERE clause over one group's rows, with numbered parameters, and the row source it filters. */
class SqlFilter {
  readonly params: unknown[];
  private readonly conditions = ['group_id = $1'];
  from = 'transactions';

  constructor(groupId: string) {
    this.params = [groupId];
  }

  add(condition: (param: string) => string, value: unknown): void {
    this.params.push(value);
    this.conditions.push(condition(`$${this.params.length}`));
  }

  get sql(): string {
    return this.conditions.join(' AND ');
  }
}

type Direction = 'ASC' | 'DESC';

/**
 * The SQL of the `transactions` table. Inserts, updates and deletes go through `save`/`remove` (the
 * history subscriber sees them); `transaction_day_counts` and the day sums are kept by triggers
 * (migrations) and only read here. Occurrences of recurring rules are inserted by
 * `RecurringTransactionsRepository.insertOccurrence` (ON CONFLICT, with its own history row).
 */
@Injectable()
export class TransactionsRepository {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly categories: CategoriesRepository,
    private readonly accounts: BudgetAccountsRepository,
  ) {}

  async findInGroup(tenant: Tenant, id: string): Promise<TransactionRow | undefined> {
    const [row]: TransactionRow[] = await this.dataSource.query(`SELECT ${TRANSACTION_COLUMNS} FROM transactions t WHERE t.id = $1 AND t.group_id = $2`, [
      id,
      tenant.groupId,
    ]);
    return row;
  }

  lockInGroup(manager: EntityManager, tenant: Tenant, id: string): Promise<Transaction> {
    return lockInGroup(manager, Transaction, tenant, id, 'Transaction');
  }

  create(manager: EntityManager, values: Partial<Transaction>): Promise<Transaction> {
    return manager.save(manager.create(Transaction, values));
  }

  save(manager: EntityManager, transaction: Transaction): Promise<Transaction> {
    return manager.save(transaction);
  }

  async remove(manager: EntityManager, transaction: Transaction): Promise<void> {
    await manager.remove(transaction);
  }

  /** The latest occurrence date a recurring rule has made (null: none yet). */
  async lastOccurrenceOf(manager: EntityManager, recurringTransactionId: string): Promise<string | null> {
    const [{ last }] = await manager.query('SELECT MAX(occurrence_date)::text AS last FROM transactions WHERE recurring_transaction_id = $1', [
      recurringTransactionId,
    ]);
    return last;
  }

  /** One page of the group's transactions, filtered and sorted (see listTransactions). */
  async findPage(tenant: Tenant, query: TransactionListQuery): Promise<Page<TransactionDto>> {
    // a filter id of another group is 404 like a missing one
    if (query.categoryId) await this.categories.assertInGroup(tenant, query.categoryId);
    if (query.budgetAccountId) await this.accounts.assertInGroup(tenant, query.budgetAccountId);
    return listTransactions(this.dataSource, tenant.groupId, query);
  }
}

/**
 * The page-number envelope (docs/api.md, Paging) over a million rows, kept cheap.
 * `transaction_day_counts` (rows per group, day and type, kept exact by triggers) answers
 * totalItems whenever the filters are at most from, to and type: no count(*). Sorted by date, it
 * also finds the day a page starts on, so any page costs a scan of the day counts plus that day's
 * rows: no deep OFFSET. Otherwise (category, account, search filters; deep amount-sorted pages)
 * it is count(*) and OFFSET, where the page's ids come from an index scan and only those rows
 * are fetched, and a page past the middle is read from the other end.
 */
async function listTransactions(dataSource: DataSource, groupId: string, query: TransactionListQuery): Promise<Page<TransactionDto>> {
  const { column, direction } = parseSort<'date' | 'amount'>(query.sort, { date: 'date', amount: 'amount' }, '-date');
  const offset = (query.page - 1) * query.pageSize;
  const where = new SqlFilter(groupId);
  if (query.from) where.add((p) => `date >= ${p}`, query.from);
  if (query.to) where.add((p) => `date <= ${p}`, query.to);
  if (query.type) where.add((p) => `type = ${p}`, query.type);

  const byDayCounts = !query.categoryId && !query.budgetAccountId && !query.search;
  if (byDayCounts && column === 'date') {
    const [total, rows] = await Promise.all([dayCountTotal(dataSource, where), pageByDay(dataSource, where, direction, offset, query.pageSize)]);
    return toPage(rows.map(transactionRowToDto), total, query);
  }
  const total = byDayCounts ? () => dayCountTotal(dataSource, where) : undefined;
  if (query.categoryId) where.add((p) => `category_id = ${p}`, query.categoryId);
  if (query.budgetAccountId) {
    // both sides of a transfer: two ordered index scans merged (an OR would need the table and a sort)
    where.params.push(query.budgetAccountId);
    const p = `$${where.params.length}`;
    where.from = `(SELECT * FROM transactions WHERE budget_account_id = ${p}
                   UNION ALL SELECT * FROM transactions WHERE target_budget_account_id = ${p}) transactions`;
  }
  if (query.search) where.add((p) => `description ILIKE ${p}`, `%${query.search.replace(/[\\%_]/g, '\\$&')}%`);
  const count = total ?? (async () => Number((await dataSource.query(`SELECT count(*) AS n FROM ${where.from} WHERE ${where.sql}`, where.params))[0].n));
  const rows = (dir: Direction, from: number, limit: number): Promise<TransactionRow[]> =>
    dataSource.query(
      `SELECT ${TRANSACTION_COLUMNS}
         FROM (SELECT id, ${column} AS k FROM ${where.from} WHERE ${where.sql}
                ORDER BY ${column} ${dir}, id ${dir} LIMIT ${limit} OFFSET ${from}) p
         JOIN transactions t ON t.id = p.id
        ORDER BY p.k ${dir}, p.id ${dir}`,
      where.params,
    );

  if (offset <= SHALLOW_OFFSET) {
    const [n, items] = await Promise.all([count(), rows(direction, offset, query.pageSize)]);
    return toPage(items.map(transactionRowToDto), n, query);
  }
  const n = await count();
  if (offset >= n) return toPage([], n, query);
  const end = Math.min(offset + query.pageSize, n);
  if (offset <= n / 2) return toPage((await rows(direction, offset, end - offset)).map(transactionRowToDto), n, query);
  const reversed = await rows(direction === 'ASC' ? 'DESC' : 'ASC', n - end, end - offset);
  return toPage(reversed.reverse().map(transactionRowToDto), n, query);
}

async function dayCountTotal(dataSource: DataSource, where: SqlFilter): Promise<number> {
  const [{ total }] = await dataSource.query(`SELECT COALESCE(SUM(count), 0) AS total FROM transaction_day_counts WHERE ${where.sql}`, where.params);
  return Number(total);
}

/** The page starting `offset` rows in: the day it starts on from the running day counts, then that day's rows on. */
function pageByDay(dataSource: DataSource, where: SqlFilter, direction: Direction, offset: number, limit: number): Promise<TransactionRow[]> {
  return dataSource.query(
    `WITH days AS (SELECT date, SUM(count) AS count FROM transaction_day_counts WHERE ${where.sql} GROUP BY date),
          anchor AS (SELECT date, ${offset} - (running - count) AS skip
                       FROM (SELECT date, count, SUM(count) OVER (ORDER BY date ${direction}) AS running FROM days) d
                      WHERE running > ${offset}
                      ORDER BY date ${direction} LIMIT 1)
     SELECT ${TRANSACTION_COLUMNS}
       FROM (SELECT id, date AS k FROM transactions
              WHERE ${where.sql} AND date ${direction === 'DESC' ? '<=' : '>='} (SELECT date FROM anchor)
              ORDER BY date ${direction}, id ${direction}
              LIMIT ${limit} OFFSET (SELECT skip FROM anchor)) p
       JOIN transactions t ON t.id = p.id
      ORDER BY p.k ${direction}, p.id ${direction}`,
    where.params,
  );
}

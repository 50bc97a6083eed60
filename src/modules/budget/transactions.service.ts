import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AuthUser } from '../../common/auth/auth-user';
import { AppError } from '../../common/errors/app-error';
import { Page, parseSort, toPage } from '../../common/pagination/pagination';
import { assertAllInGroup, findInGroupTx } from '../../common/tenancy/group-scope';
import { inTransaction } from '../../database/transaction';
import { SaveTransactionDto, TransactionDto, TransactionListQuery } from './dto/transaction.dto';
import { Transaction } from './entities/transaction.entity';
import { normaliseMoney, resolveTransactionRefs, utcDate } from './transaction-refs';

const COLUMNS = `t.id, t.type, t.amount, t.date::text AS date, t.description, t.category_id, t.budget_account_id,
  t.target_budget_account_id, t.recurring_transaction_id, t.created_by_id, t.created_date`;

/** Pages up to this offset run their count and their rows in parallel; deeper ones need the count first. */
const SHALLOW_OFFSET = 10_000;

interface TransactionRow {
  id: string;
  type: Transaction['type'];
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

const rowToDto = (row: TransactionRow): TransactionDto => ({
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

const entityToDto = (t: Transaction): TransactionDto => ({
  id: t.id,
  type: t.type,
  amount: t.amount,
  date: t.date,
  description: t.description,
  categoryId: t.categoryId,
  budgetAccountId: t.budgetAccountId,
  targetBudgetAccountId: t.targetBudgetAccountId,
  recurringTransactionId: t.recurringTransactionId,
  createdBy: t.createdById,
  createdDate: t.createdDate,
});

/** A WHERE clause over one group's rows, with numbered parameters. */
class SqlFilter {
  readonly params: unknown[];
  private readonly conditions = ['group_id = $1'];

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

/** Transactions: CRUD through audited saves; the list in raw SQL shaped for the covering indexes. */
@Injectable()
export class TransactionsService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async get(groupId: string, id: string): Promise<TransactionDto> {
    const [row]: TransactionRow[] = await this.dataSource.query(`SELECT ${COLUMNS} FROM transactions t WHERE t.id = $1 AND t.group_id = $2`, [
      id,
      groupId,
    ]);
    if (!row) throw AppError.notFound('Transaction');
    return rowToDto(row);
  }

  create(user: AuthUser, dto: SaveTransactionDto): Promise<TransactionDto> {
    return inTransaction(this.dataSource, async (manager) => {
      const refs = await resolveTransactionRefs(manager, user.groupId, dto);
      const transaction = manager.create(Transaction, {
        groupId: user.groupId,
        type: dto.type,
        amount: normaliseMoney(dto.amount),
        date: dto.date ?? utcDate(),
        description: dto.description ?? null,
        ...refs,
        recurringTransactionId: null,
        occurrenceDate: null,
        createdById: user.userId,
      });
      return entityToDto(await manager.save(transaction));
    });
  }

  /** PUT replaces the editable fields; an omitted date or budgetAccountId keeps the current one. */
  update(groupId: string, id: string, dto: SaveTransactionDto): Promise<TransactionDto> {
    return inTransaction(this.dataSource, async (manager) => {
      const transaction = await findInGroupTx(manager, Transaction, groupId, id, 'Transaction', { lock: true });
      const refs = await resolveTransactionRefs(manager, groupId, dto, {
        currentAccountId: transaction.budgetAccountId,
        keepAccountIds: [transaction.budgetAccountId, transaction.targetBudgetAccountId].filter((x): x is string => !!x),
      });
      Object.assign(transaction, {
        type: dto.type,
        amount: normaliseMoney(dto.amount),
        date: dto.date ?? transaction.date,
        description: dto.description ?? null,
        ...refs,
      });
      return entityToDto(await manager.save(transaction));
    });
  }

  async remove(groupId: string, id: string): Promise<void> {
    await inTransaction(this.dataSource, async (manager) => {
      const transaction = await findInGroupTx(manager, Transaction, groupId, id, 'Transaction', { lock: true });
      await manager.remove(transaction);
    });
  }

  /**
   * The contract's page-number envelope over a million rows, kept cheap:
   * - sorted by date with at most a date range as filter (the common case), totalItems and the
   *   page's first day come from `transaction_day_counts` (one row per day, kept by triggers), so
   *   any page costs a scan of the day counts plus the rows of that day: no deep OFFSET, no count(*);
   * - otherwise count(*) and OFFSET, where the page's ids come from an index-only scan and only
   *   those rows are fetched; a page past the middle is read from the other end.
   */
  async list(groupId: string, query: TransactionListQuery): Promise<Page<TransactionDto>> {
    if (query.categoryId) await assertAllInGroup(this.dataSource.manager, 'categories', groupId, [query.categoryId], 'Category');
    if (query.budgetAccountId) {
      await assertAllInGroup(this.dataSource.manager, 'budget_accounts', groupId, [query.budgetAccountId], 'Budget account');
    }
    const { column, direction } = parseSort<'date' | 'amount'>(query.sort, { date: 'date', amount: 'amount' }, '-date');
    const where = new SqlFilter(groupId);
    if (query.from) where.add((p) => `date >= ${p}`, query.from);
    if (query.to) where.add((p) => `date <= ${p}`, query.to);
    const seekable = column === 'date' && !query.type && !query.categoryId && !query.budgetAccountId && !query.search;
    if (seekable) return this.listByDay(where, direction, query);
    if (query.type) where.add((p) => `type = ${p}`, query.type);
    if (query.categoryId) where.add((p) => `category_id = ${p}`, query.categoryId);
    if (query.budgetAccountId) where.add((p) => `(budget_account_id = ${p} OR target_budget_account_id = ${p})`, query.budgetAccountId);
    if (query.search) where.add((p) => `description ILIKE ${p}`, `%${query.search.replace(/[\\%_]/g, '\\$&')}%`);
    return this.listByOffset(where, column, direction, query);
  }

  private async listByDay(where: SqlFilter, direction: 'ASC' | 'DESC', query: TransactionListQuery): Promise<Page<TransactionDto>> {
    const offset = (query.page - 1) * query.pageSize;
    const bound = direction === 'DESC' ? '<=' : '>=';
    const [[{ total }], items] = await Promise.all([
      this.dataSource.query(`SELECT COALESCE(SUM(count), 0) AS total FROM transaction_day_counts WHERE ${where.sql}`, where.params),
      this.dataSource.query(
        `WITH anchor AS (
           SELECT date, ${offset} - (running - count) AS skip
             FROM (SELECT date, count, SUM(count) OVER (ORDER BY date ${direction}) AS running
                     FROM transaction_day_counts WHERE ${where.sql}) days
            WHERE running > ${offset}
            ORDER BY date ${direction} LIMIT 1)
         SELECT ${COLUMNS}
           FROM (SELECT id, date AS k FROM transactions
                  WHERE ${where.sql} AND date ${bound} (SELECT date FROM anchor)
                  ORDER BY date ${direction}, id ${direction}
                  LIMIT ${query.pageSize} OFFSET (SELECT skip FROM anchor)) p
           JOIN transactions t ON t.id = p.id
          ORDER BY p.k ${direction}, p.id ${direction}`,
        where.params,
      ) as Promise<TransactionRow[]>,
    ]);
    return toPage(items.map(rowToDto), Number(total), query);
  }

  private async listByOffset(
    where: SqlFilter,
    column: string,
    direction: 'ASC' | 'DESC',
    query: TransactionListQuery,
  ): Promise<Page<TransactionDto>> {
    const count = async () => Number((await this.dataSource.query(`SELECT count(*) AS total FROM transactions WHERE ${where.sql}`, where.params))[0].total);
    const rows = (dir: 'ASC' | 'DESC', offset: number, limit: number): Promise<TransactionRow[]> =>
      this.dataSource.query(
        `SELECT ${COLUMNS}
           FROM (SELECT id, ${column} AS k FROM transactions WHERE ${where.sql}
                  ORDER BY ${column} ${dir}, id ${dir} LIMIT ${limit} OFFSET ${offset}) p
           JOIN transactions t ON t.id = p.id
          ORDER BY p.k ${dir}, p.id ${dir}`,
        where.params,
      );
    const offset = (query.page - 1) * query.pageSize;
    if (offset <= SHALLOW_OFFSET) {
      const [total, items] = await Promise.all([count(), rows(direction, offset, query.pageSize)]);
      return toPage(items.map(rowToDto), total, query);
    }
    const total = await count();
    if (offset >= total) return toPage([], total, query);
    const end = Math.min(offset + query.pageSize, total);
    if (offset <= total / 2) return toPage((await rows(direction, offset, end - offset)).map(rowToDto), total, query);
    const reversed = await rows(direction === 'ASC' ? 'DESC' : 'ASC', total - end, end - offset);
    return toPage(reversed.reverse().map(rowToDto), total, query);
  }
}

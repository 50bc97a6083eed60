import { Injectable } from '@nestjs/common';
import { AppError } from '../../common/errors/app-error';
import { CountedPage, parseSort, toPage } from '../../common/pagination/pagination';
import { lockInGroup, Tenant } from '../../common/tenancy/group-scope';
import { newId } from '../../database/base.entity';
import { insertMany } from '../../database/bulk-insert';
import type { SearchHitRow, SearchValues } from '../../common/search/search-sql';
import { Sql, SqlRunner } from '../../database/sql';
import { UnitOfWork } from '../../database/transaction';
import { createdHistoryRow, recordCreatedMany, updatedHistoryRow } from '../history/history-rows';
import type { TransactionDto, TransactionListQuery } from './dto/transaction.dto';
import { Transaction } from './entities/transaction.entity';
import type { SplitFacts } from './sharing/split-resolver';
import type { RefsFacts } from './transaction-refs';
import {
  BUDGET_ACCOUNT_IN_GROUP,
  CATEGORY_IN_GROUP,
  Direction,
  ListKey,
  SEARCH_COUNT_CAP,
  TRANSACTION_BY_ID,
  TRANSACTION_COLUMNS,
  TRANSACTION_CREATE,
  TRANSACTION_CREATE_FACTS,
  TRANSACTION_LOCK,
  TRANSACTION_UPDATE,
  LockedTransactionRow,
  TRANSACTIONS_COUNT,
  TRANSACTIONS_PAGE_BY_AMOUNT_SQL,
  TRANSACTIONS_PAGE_BY_DATE,
  toTransactionDto,
  TransactionRow,
  TRANSACTIONS_BY_IMPORT_REFS,
  TRANSACTIONS_CATEGORISED_HISTORY,
  TRANSACTIONS_LAST_OCCURRENCE,
  TRANSACTIONS_NOT_IMPORTED,
  TRANSACTIONS_SEARCH_SQL,
  historyRowParams,
} from './transactions.sql';

/** What a create asks TRANSACTION_CREATE_FACTS about (the body's values the checks will look at). */
export interface CreateFactsQuestion {
  /** the body's account; undefined: the group's default */
  budgetAccountId?: string | null;
  /** a Transfer's target account, else null */
  targetBudgetAccountId: string | null;
  /** an Expense's or Income's category, else null */
  categoryId: string | null;
  /** the users the body's split names */
  memberIds: string[];
  /** whether the new row takes the group's default split (SplitResolver's `takesDefaultSplit`) */
  defaultSplit: boolean;
}

/** The answers of TRANSACTION_CREATE_FACTS, in the form the checks ask for them, and the category's name. */
export interface CreateFacts {
  refs: RefsFacts;
  split: SplitFacts;
  categoryName: string | null;
}

/** The values of a new transaction (POST /transactions). */
export type NewTransaction = Pick<
  Transaction,
  'groupId' | 'type' | 'amount' | 'split' | 'original' | 'date' | 'description' | 'categoryId' | 'budgetAccountId' | 'targetBudgetAccountId' | 'createdById'
>;

/** The editable values a PUT /transactions/{id} writes. */
export type TransactionChange = Pick<
  Transaction,
  'type' | 'amount' | 'split' | 'original' | 'date' | 'description' | 'categoryId' | 'budgetAccountId' | 'targetBudgetAccountId'
>;

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

/**
 * The SQL of the `transactions` table. A create is one fixed statement with its history row
 * (`insertCreated`), an update too (`update`), a statement import bulk inserts with their history
 * rows (`createMany`); deletes go through `remove` (the history subscriber sees them); the day counts
 * (per group and per account) and the day sums are kept by triggers (migrations) and only read
 * here; reads use fixed statements (transactions.sql.ts). Occurrences of recurring rules are
 * inserted by `RecurringTransactionsRepository.insertOccurrence` (ON CONFLICT, with its own history row).
 */
@Injectable()
export class TransactionsRepository {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly sql: Sql,
  ) {}

  /**
   * GET /search: the group's best `limit` transactions that match; `search` as `searchValues` gives
   * it, `amounts` one amount (decimal text) or null per word of it, `prefixes` each word's `prefix`.
   */
  search(tenant: Tenant, limit: number, search: SearchValues, amounts: (string | null)[], prefixes: (string | null)[]): Promise<SearchHitRow[]> {
    return this.sql.rows<SearchHitRow>(TRANSACTIONS_SEARCH_SQL[search.slots], [tenant.groupId, limit, ...search.values, ...amounts, ...prefixes]);
  }

  async findInGroup(tenant: Tenant, id: string): Promise<TransactionRow | undefined> {
    const [row] = await this.sql.rows<TransactionRow>(TRANSACTION_BY_ID, [id, tenant.groupId]);
    return row;
  }

  /** The transaction, locked in the current unit of work, or 404. */
  lockInGroup(tenant: Tenant, id: string): Promise<Transaction> {
    return lockInGroup(this.unitOfWork.manager, Transaction, tenant, id, 'Transaction');
  }

  /**
   * Everything the checks of a create read, in one statement (TRANSACTION_CREATE_FACTS), answered
   * as RefsFacts and SplitFacts. Asking them about anything the statement was not asked about is a
   * bug, and throws.
   */
  async readCreateFacts(tenant: Tenant, question: CreateFactsQuestion): Promise<CreateFacts> {
    const [row] = await this.sql.rows(TRANSACTION_CREATE_FACTS, {
      groupId: tenant.groupId,
      accountId: question.budgetAccountId ?? null,
      targetAccountId: question.targetBudgetAccountId,
      categoryId: question.categoryId,
      memberIds: question.memberIds,
      defaultSplit: question.defaultSplit,
    });
    const settings = row.shared_by_default === null ? undefined : { sharedByDefault: row.shared_by_default, mode: row.mode!, weights: row.weights! };
    const askedAccounts = new Set([row.source_id, question.targetBudgetAccountId]);
    const askedMembers = new Set([...question.memberIds, ...(settings?.sharedByDefault ? settings.weights.map((w) => w.userId) : [])]);
    const members = new Set(row.members);
    const currentWeighted = new Set(row.current_weighted);
    const unasked = (what: string) => new Error(`readCreateFacts was not asked about ${what}`);
    return {
      refs: {
        defaultAccountId: () => {
          if (question.budgetAccountId) throw unasked('the default account');
          return row.source_id ?? undefined;
        },
        accountStates: (ids) => {
          if (ids.some((id) => !askedAccounts.has(id))) throw unasked('these accounts');
          return row.account_ids.map((id, i) => ({ id, is_disabled: row.account_disabled[i] })).filter((account) => ids.includes(account.id));
        },
        categoryInGroup: (id) => {
          if (id !== question.categoryId) throw unasked('this category');
          return row.category_found;
        },
      },
      split: {
        settings: () => {
          if (!question.defaultSplit) throw unasked('the split settings');
          return settings;
        },
        members: (ids) => {
          if (ids.some((id) => !askedMembers.has(id))) throw unasked('these members');
          return new Set(ids.filter((id) => members.has(id)));
        },
        current: (ids) => {
          if (ids.some((id) => !askedMembers.has(id))) throw unasked('these members');
          return new Set(ids.filter((id) => currentWeighted.has(id)));
        },
      },
      categoryName: row.category_name,
    };
  }

  /**
   * Inserts a transaction with its "Created" history row (exactly the row the history subscriber
   * writes for a saved Transaction; `categoryName` its label, read with the checks) in one
   * statement: both commit or neither does, with what the triggers of the migrations (Budget,
   * TransactionDaySums, BudgetAccountBalances, TransactionAccountDayCounts, Sharing) write on the
   * insert: the day counts, the day sums, the accounts' balances, a split's shares and the members'
   * sums. Answers the row with its id and created date.
   */
  async insertCreated(values: NewTransaction, categoryName: string | null): Promise<TransactionRow> {
    // a row made by hand: neither an occurrence of a recurring rule nor imported
    const row = { ...values, recurringTransactionId: null, occurrenceDate: null, id: newId() };
    const category = row.categoryId && categoryName !== null ? { id: row.categoryId, name: categoryName } : undefined;
    const history = await createdHistoryRow(this.unitOfWork.manager, Transaction, { ...row, category: category as Transaction['category'] });
    const [{ created_date }] = await this.sql.rows(TRANSACTION_CREATE, {
      id: row.id,
      groupId: row.groupId,
      type: row.type,
      amount: row.amount,
      date: row.date,
      description: row.description,
      categoryId: row.categoryId,
      budgetAccountId: row.budgetAccountId,
      targetBudgetAccountId: row.targetBudgetAccountId,
      createdById: row.createdById,
      split: row.split === null ? null : JSON.stringify(row.split),
      original: row.original === null ? null : JSON.stringify(row.original),
      ...historyRowParams(history),
    });
    return { ...row, createdDate: created_date };
  }

  /** PUT: the transaction, locked in the current unit of work (TRANSACTION_LOCK), or 404. */
  async lockRow(tenant: Tenant, id: string): Promise<LockedTransactionRow> {
    const [row] = await this.sql.rows<LockedTransactionRow>(TRANSACTION_LOCK, [id, tenant.groupId]);
    if (!row) throw AppError.notFound('Transaction');
    return row;
  }

  /**
   * Updates a locked transaction (`lockRow`) with its "Updated" history row (exactly the row the
   * history subscriber writes for a saved Transaction: the changed fields, the updated row's label)
   * in one statement, TRANSACTION_UPDATE, in the current unit of work: both commit or neither does,
   * with what the triggers write on the update. A change of no recorded field writes nothing, as
   * save() does not. Answers the row as it now is.
   */
  async update(before: LockedTransactionRow, change: TransactionChange): Promise<TransactionRow> {
    const after = { ...before, ...change };
    const history = await updatedHistoryRow(this.unitOfWork.manager, Transaction, before as unknown as Transaction, change);
    if (!history) return after;
    await this.sql.rows(TRANSACTION_UPDATE, {
      id: before.id,
      type: change.type,
      amount: change.amount,
      date: change.date,
      description: change.description,
      categoryId: change.categoryId,
      budgetAccountId: change.budgetAccountId,
      targetBudgetAccountId: change.targetBudgetAccountId,
      split: change.split === null ? null : JSON.stringify(change.split),
      original: change.original === null ? null : JSON.stringify(change.original),
      ...historyRowParams(history),
    });
    return after;
  }

  /** Deletes through remove(): a "Deleted" history row; the same triggers. */
  async remove(transaction: Transaction): Promise<void> {
    await this.unitOfWork.manager.remove(transaction);
  }

  /**
   * Many new transactions in the current unit of work (a statement import): INSERTs of them all
   * (insertMany) and their "Created" history rows built exactly as the subscriber builds them
   * (recordCreatedMany), in the same transaction; the statement-level triggers keep the day sums,
   * day counts and balances as for any insert. One audited save() per row took ~30 s for 10 000.
   */
  async createMany(values: Omit<Partial<Transaction>, 'id'>[]): Promise<number> {
    const manager = this.unitOfWork.manager;
    const rows = values.map((value) => Object.assign(new Transaction(), value, { id: newId() }));
    await insertMany(manager, Transaction, rows);
    await recordCreatedMany(manager, Transaction, rows);
    return rows.length;
  }

  /** Of these import refs, those an account already holds → the transaction holding each. */
  async findByImportRefs(accountId: string, refs: string[]): Promise<Map<string, string>> {
    return new Map((await this.findImported(accountId, refs)).map((row) => [row.import_ref, row.id]));
  }

  /** Of these import refs, the transactions an account holds under them, with their date, type and amount. */
  async findImported(accountId: string, refs: string[]): Promise<{ id: string; import_ref: string; date: string; type: string; amount: string }[]> {
    if (refs.length === 0) return [];
    return this.sql.rows(TRANSACTIONS_BY_IMPORT_REFS, [accountId, refs]);
  }

  /** An account's Expense and Income rows not made by an import, between two dates (the manual-duplicate check). */
  findNotImported(accountId: string, from: string, to: string): Promise<{ id: string; date: string; type: string; amount: string }[]> {
    return this.sql.rows(TRANSACTIONS_NOT_IMPORTED, [accountId, from, to]);
  }

  /** The group's latest categorised transactions with a description, newest first (the category suggestions' source). */
  findCategorisedHistory(tenant: Tenant, limit: number): Promise<{ description: string; type: string; category_id: string }[]> {
    return this.sql.rows(TRANSACTIONS_CATEGORISED_HISTORY, [tenant.groupId, limit]);
  }

  /** The latest occurrence date a recurring rule has made (null: none yet), in the unit of work. */
  async lastOccurrenceOf(recurringTransactionId: string): Promise<string | null> {
    const [{ last }] = await this.sql.rows<{ last: string | null }>(TRANSACTIONS_LAST_OCCURRENCE, [recurringTransactionId]);
    return last;
  }

  /** One page of the group's transactions, filtered and sorted (see listTransactions). */
  async findPage(tenant: Tenant, query: TransactionListQuery): Promise<CountedPage<TransactionDto>> {
    // a filter id of another group is 404 like a missing one
    const [category, account] = await Promise.all([
      query.categoryId ? this.sql.rows(CATEGORY_IN_GROUP, [query.categoryId, tenant.groupId]) : [true],
      query.budgetAccountId ? this.sql.rows(BUDGET_ACCOUNT_IN_GROUP, [query.budgetAccountId, tenant.groupId]) : [true],
    ]);
    if (category.length === 0) throw AppError.notFound('Category');
    if (account.length === 0) throw AppError.notFound('Budget account');
    return listTransactions(this.sql, tenant.groupId, query);
  }
}

/**
 * The page-number envelope (docs/api.md, Paging) over a million rows, kept cheap, with fixed
 * statements (transactions.sql.ts). With at most one of account and category and no search, the
 * list is keyed by the group, the account or the category: totalItems is a sum of trigger-kept day
 * counts (no count(*)), and a date-ordered page at any depth starts from the day the running day
 * counts point at (no deep OFFSET). Amount-ordered pages use OFFSET over the amount index, read
 * from the nearer end. The rest (search, account and category together) is count(*) and OFFSET, with
 * a search's count stopped at SEARCH_COUNT_CAP (the envelope's totalItemsExact says so).
 */
async function listTransactions(sql: SqlRunner, groupId: string, query: TransactionListQuery): Promise<CountedPage<TransactionDto>> {
  const { column, direction } = parseSort<'date' | 'amount'>(query.sort, { date: 'date', amount: 'amount' }, '-date');
  const offset = (query.page - 1) * query.pageSize;
  const keyed = keyOf(groupId, query);
  if (keyed) {
    const params = [keyed.id, query.from ?? null, query.to ?? null, query.type ?? null];
    const count = async (): Promise<Count> => ({ total: (await sql.rows<{ total: number }>(TRANSACTIONS_COUNT[keyed.key], params))[0].total, exact: true });
    if (column === 'date') {
      const [{ total }, rows] = await Promise.all([
        count(),
        sql.rows<TransactionRow>(TRANSACTIONS_PAGE_BY_DATE[keyed.key][direction], [...params, offset, query.pageSize]),
      ]);
      return counted(rows, total, true, query);
    }
    const rows = (dir: Direction, from: number, limit: number) =>
      sql.rows<TransactionRow>(TRANSACTIONS_PAGE_BY_AMOUNT_SQL[keyed.key][dir], [...params, from, limit, groupId]);
    return pageByOffset(count, rows, direction, offset, query);
  }
  return filteredPage(sql, groupId, query, column, direction, offset);
}

/** The single key a list can use the day counts of, if any. */
function keyOf(groupId: string, query: TransactionListQuery): { key: ListKey; id: string } | undefined {
  if (query.search || (query.categoryId && query.budgetAccountId)) return undefined;
  if (query.budgetAccountId) return { key: 'account', id: query.budgetAccountId };
  if (query.categoryId) return { key: 'category', id: query.categoryId };
  return { key: 'group', id: groupId };
}

const counted = (rows: TransactionRow[], total: number, exact: boolean, query: TransactionListQuery): CountedPage<TransactionDto> => ({
  ...toPage(rows.map(toTransactionDto), total, query),
  totalItemsExact: exact,
});

interface Count {
  total: number;
  /** false: the count stopped at a bound and total is a lower bound */
  exact: boolean;
}

/**
 * OFFSET pages: shallow ones count and read in parallel; a page past the middle of an exact count
 * is read from the other end, so the deepest scan is half the result.
 */
async function pageByOffset(
  count: () => Promise<Count>,
  rows: (dir: Direction, from: number, limit: number) => Promise<TransactionRow[]>,
  direction: Direction,
  offset: number,
  query: TransactionListQuery,
): Promise<CountedPage<TransactionDto>> {
  if (offset <= SHALLOW_OFFSET) {
    const [{ total, exact }, items] = await Promise.all([count(), rows(direction, offset, query.pageSize)]);
    return counted(items, total, exact, query);
  }
  const { total, exact } = await count();
  if (offset >= total) return counted([], total, exact, query);
  const end = Math.min(offset + query.pageSize, total);
  if (!exact || offset <= total / 2) return counted(await rows(direction, offset, end - offset), total, exact, query);
  const reversed = await rows(direction === 'ASC' ? 'DESC' : 'ASC', total - end, end - offset);
  return counted(reversed.reverse(), total, exact, query);
}

/**
 * Search, or account and category together: WHERE built from fixed fragments (values are always
 * parameters), planned per request since a search pattern's selectivity decides the plan.
 */
function filteredPage(sql: SqlRunner, groupId: string, query: TransactionListQuery, column: string, direction: Direction, offset: number) {
  const where = new SqlFilter(groupId);
  if (query.from) where.add((p) => `date >= ${p}`, query.from);
  if (query.to) where.add((p) => `date <= ${p}`, query.to);
  if (query.type) where.add((p) => `type = ${p}`, query.type);
  if (query.categoryId) where.add((p) => `category_id = ${p}`, query.categoryId);
  if (query.budgetAccountId) {
    // both sides of a transfer: two ordered index scans merged (an OR would need the table and a sort)
    where.params.push(query.budgetAccountId);
    const p = `$${where.params.length}`;
    where.from = `(SELECT * FROM transactions WHERE budget_account_id = ${p}
                   UNION ALL SELECT * FROM transactions WHERE target_budget_account_id = ${p}) transactions`;
  }
  if (query.search) where.add((p) => `description ILIKE ${p}`, `%${query.search.replace(/[\\%_]/g, '\\$&')}%`);
  // a search counts at most up to the cap, or to the end of the requested page when that is deeper
  const bound = query.search ? Math.max(SEARCH_COUNT_CAP, offset + query.pageSize) : undefined;
  const count = async (): Promise<Count> => {
    const limit = bound === undefined ? '' : ` LIMIT ${bound + 1}`;
    const [{ n }] = await sql.rows<{ n: number }>(`SELECT count(*)::int AS n FROM (SELECT 1 FROM ${where.from} WHERE ${where.sql}${limit}) c`, where.params);
    return bound !== undefined && n > bound ? { total: bound, exact: false } : { total: n, exact: true };
  };
  const rows = (dir: Direction, from: number, limit: number): Promise<TransactionRow[]> =>
    sql.rows<TransactionRow>(
      `SELECT ${TRANSACTION_COLUMNS}
         FROM (SELECT id, ${column} AS k FROM ${where.from} WHERE ${where.sql}
                ORDER BY ${column} ${dir}, id ${dir} LIMIT ${limit} OFFSET ${from}) p
         JOIN transactions t ON t.id = p.id
        ORDER BY p.k ${dir}, p.id ${dir}`,
      where.params,
    );
  return pageByOffset(count, rows, direction, offset, query);
}

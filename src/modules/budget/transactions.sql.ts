import { isoTimestamp, statement } from '../../database/sql';
import type { TransactionType } from './entities/budget-enums';
import type { Transaction } from './entities/transaction.entity';

/**
 * The fixed SQL of `GET /transactions` (docs/budget.md, "How the list stays fast"). Every variant's
 * text is made once, at load; a request only picks a variant and sends parameters. The benchmark's
 * bare server imports these constants.
 *
 * Parameter order of every list statement:
 *   $1 the key: the group id, or the filtered account or category id (KEYS below)
 *   $2 from (date or null), $3 to (date or null), $4 type (or null)
 * then, for pages, $5 offset and $6 limit; the amount-ordered pages add $7 the group id (the key
 * of a group-keyed page is already the group).
 */

/**
 * Columns of one transaction as the API prints it (createdDate as ISO text, amount as numeric
 * text), named as the entity's fields: a TransactionRow, which `toTransactionDto` below maps like the entity.
 */
export const TRANSACTION_COLUMNS = `t.id, t.type, t.amount, t.date::text AS date, t.description, t.category_id AS "categoryId",
  t.budget_account_id AS "budgetAccountId", t.target_budget_account_id AS "targetBudgetAccountId",
  t.recurring_transaction_id AS "recurringTransactionId", t.created_by_id AS "createdById", ${isoTimestamp('t.created_date')} AS "createdDate"`;

/** A row of TRANSACTION_COLUMNS. */
export interface TransactionRow {
  id: string;
  type: TransactionType;
  amount: string;
  date: string;
  description: string | null;
  categoryId: string | null;
  budgetAccountId: string;
  targetBudgetAccountId: string | null;
  recurringTransactionId: string | null;
  createdById: string | null;
  /** ISO 8601 text, printed as it comes */
  createdDate: string;
}

/**
 * The one mapper of TransactionDto: a row of TRANSACTION_COLUMNS, or the entity after a save (the
 * same field names).
 */
export function toTransactionDto(t: TransactionRow | Transaction) {
  return {
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
    createdDate: typeof t.createdDate === 'string' ? t.createdDate : t.createdDate.toISOString(),
  };
}

/** `GET /transactions/{id}`. ($1 transaction id, $2 group id) */
export const TRANSACTION_BY_ID = statement('budget_transaction_by_id', `SELECT ${TRANSACTION_COLUMNS} FROM transactions t WHERE t.id = $1 AND t.group_id = $2`);

/** The filters every list statement takes as $2..$4 (null: not filtered); the bounds stay index conditions. */
const RANGE = `date >= COALESCE($2::date, '-infinity') AND date <= COALESCE($3::date, 'infinity')`;
const TYPE = `($4::varchar IS NULL OR type = $4::varchar)`;

interface Key {
  /** the trigger-kept counts of the key's rows per day and type, filtered to the key ($1) */
  counts: string;
  /**
   * The key's transactions (id, date) with `condition` ANDed in; `tail` (ORDER BY ... LIMIT) goes into
   * every branch, so each branch reads only its first rows in index order whatever plan is chosen.
   */
  rows: (condition: string, tail: string) => string;
}

/**
 * What a single-filter list is keyed by. The account's rows are its own and the transfers into it:
 * two ordered index scans (an OR would need the table and a sort). A category's counts are the
 * non-transfer counts of transaction_day_sums (a transfer has no category).
 */
const KEYS = {
  group: {
    counts: `SELECT date, count FROM transaction_day_counts WHERE group_id = $1 AND ${RANGE} AND ${TYPE}`,
    rows: (condition, tail) => `SELECT id, date FROM transactions WHERE group_id = $1 AND ${RANGE} AND ${TYPE} AND ${condition} ${tail}`,
  },
  account: {
    counts: `SELECT date, count FROM transaction_account_day_counts WHERE budget_account_id = $1 AND ${RANGE} AND ${TYPE}`,
    rows: (condition, tail) =>
      `(SELECT id, date FROM transactions WHERE budget_account_id = $1 AND ${RANGE} AND ${TYPE} AND ${condition} ${tail})
       UNION ALL
       (SELECT id, date FROM transactions WHERE target_budget_account_id = $1 AND ${RANGE} AND ${TYPE} AND ${condition} ${tail})`,
  },
  category: {
    counts: `SELECT date, count FROM transaction_day_sums WHERE category_id = $1 AND ${RANGE} AND ${TYPE}`,
    rows: (condition, tail) => `SELECT id, date FROM transactions WHERE category_id = $1 AND ${RANGE} AND ${TYPE} AND ${condition} ${tail}`,
  },
} satisfies Record<string, Key>;

export type ListKey = keyof typeof KEYS;
export type Direction = 'ASC' | 'DESC';

const countStatement = (key: ListKey) =>
  statement(`budget_transactions_count_${key}`, `SELECT COALESCE(SUM(count), 0)::int AS total FROM (${KEYS[key].counts}) c`);

/**
 * A date-ordered page at any depth: the day it starts on from the running day counts, then that
 * day's rows on (`date <= that day`, OFFSET only the rows into that day). ($1..$4, $5 offset, $6 limit)
 */
const pageByDayStatement = (key: ListKey, dir: Direction) =>
  statement(
    `budget_transactions_page_${key}_date_${dir.toLowerCase()}`,
    `WITH days AS (SELECT date, SUM(count) AS count FROM (${KEYS[key].counts}) c GROUP BY date),
          anchor AS (SELECT date, $5::bigint - (running - count) AS skip
                       FROM (SELECT date, count, SUM(count) OVER (ORDER BY date ${dir}) AS running FROM days) d
                      WHERE running > $5::bigint
                      ORDER BY date ${dir} LIMIT 1)
     SELECT ${TRANSACTION_COLUMNS}
       FROM (SELECT id, date AS k
               FROM (${KEYS[key].rows(
                 `date ${dir === 'DESC' ? '<=' : '>='} (SELECT date FROM anchor)`,
                 `ORDER BY date ${dir}, id ${dir} LIMIT (SELECT skip FROM anchor) + $6::int`,
               )}) r
              ORDER BY date ${dir}, id ${dir}
              LIMIT $6::int OFFSET (SELECT skip FROM anchor)) p
       JOIN transactions t ON t.id = p.id
      ORDER BY p.k ${dir}, p.id ${dir}`,
  );

/**
 * An amount-ordered page by OFFSET, only the page's rows fetched. Plain text, sent unnamed so it is
 * planned with its values: how selective the date range is decides between walking the amount
 * index and sorting the range. ($1..$4, $5 offset, $6 limit, $7 the group id)
 */
const pageByAmountSql = (key: ListKey, dir: Direction): string => {
  const keyed = { group: 'group_id = $1', account: '(budget_account_id = $1 OR target_budget_account_id = $1)', category: 'category_id = $1' }[key];
  // an absent filter folds away in the per-request plan (the amount index alone is index-only)
  return `SELECT ${TRANSACTION_COLUMNS}
       FROM (SELECT id, amount AS k FROM transactions
              WHERE group_id = $7::uuid AND ${keyed} AND ($2::date IS NULL OR date >= $2::date) AND ($3::date IS NULL OR date <= $3::date) AND ${TYPE}
              ORDER BY amount ${dir}, id ${dir} LIMIT $6::int OFFSET $5::bigint) p
       JOIN transactions t ON t.id = p.id
      ORDER BY p.k ${dir}, p.id ${dir}`;
};

const each = <T>(make: (key: ListKey) => T): Record<ListKey, T> => ({ group: make('group'), account: make('account'), category: make('category') });
const bothWays = <T>(make: (dir: Direction) => T): Record<Direction, T> => ({ ASC: make('ASC'), DESC: make('DESC') });

/** totalItems of a list keyed by the group, an account or a category: `{ total }` from the day counts. ($1..$4) */
export const TRANSACTIONS_COUNT = each(countStatement);
/** Date-ordered pages at any depth. ($1..$4, $5 offset, $6 limit) */
export const TRANSACTIONS_PAGE_BY_DATE = each((key) => bothWays((dir) => pageByDayStatement(key, dir)));
/** Amount-ordered pages, SQL text to send unnamed. ($1..$4, $5 offset, $6 limit, $7 group id) */
export const TRANSACTIONS_PAGE_BY_AMOUNT_SQL = each((key) => bothWays((dir) => pageByAmountSql(key, dir)));

/**
 * The search count stops after this many matches (or after the end of the requested page, when that
 * is deeper): the envelope then says `totalItemsExact: false` and totalItems is a lower bound.
 */
export const SEARCH_COUNT_CAP = 1000;

/** A filter id of another group answers 404 like a missing one. ($1 id, $2 group id) */
export const BUDGET_ACCOUNT_IN_GROUP = statement('budget_account_in_group', 'SELECT 1 FROM budget_accounts WHERE id = $1 AND group_id = $2');
export const CATEGORY_IN_GROUP = statement('budget_category_in_group', 'SELECT 1 FROM categories WHERE id = $1 AND group_id = $2');

/** Statement import: of these import refs ($2), those an account ($1) already holds, with the transaction holding each. */
export const TRANSACTIONS_BY_IMPORT_REFS = statement(
  'budget_transactions_by_import_refs',
  `SELECT id, import_ref, date::text AS date, type, amount::text AS amount
     FROM transactions WHERE budget_account_id = $1 AND import_ref = ANY($2::varchar[])`,
);

/** Statement import: an account's Expense and Income rows not made by an import, dated $2..$3 (the manual-duplicate check). */
export const TRANSACTIONS_NOT_IMPORTED = statement(
  'budget_transactions_not_imported',
  `SELECT id, date::text AS date, type, amount::text AS amount FROM transactions
    WHERE budget_account_id = $1 AND date BETWEEN $2 AND $3 AND import_ref IS NULL AND type <> 'Transfer'`,
);

/** Statement import: the group's ($1) latest $2 categorised transactions with a description, newest first (the suggestions' source). */
export const TRANSACTIONS_CATEGORISED_HISTORY = statement(
  'budget_transactions_categorised_history',
  `SELECT description, type, category_id FROM transactions
    WHERE group_id = $1 AND category_id IS NOT NULL AND description IS NOT NULL
    ORDER BY date DESC, id DESC LIMIT $2`,
);

/** The latest occurrence date the rule $1 has made (null: none yet). */
export const TRANSACTIONS_LAST_OCCURRENCE = statement(
  'budget_transactions_last_occurrence',
  'SELECT MAX(occurrence_date)::text AS last FROM transactions WHERE recurring_transaction_id = $1',
);

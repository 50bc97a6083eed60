import { isoTimestamp, Placeholders, statement } from '../../database/sql';
import { bySlots, searchParamCount, SearchParams, searchMatches, searchScore } from '../../common/search/search-sql';
import type { TransactionType } from './entities/budget-enums';
import type { Transaction } from './entities/transaction.entity';
import type { HistoryRowValues } from '../history/history-rows';
import type { StoredSplit } from './sharing/sharing';
import type { Original } from '../../../domain/currency';
import { accountsOfGroup, defaultAccountOf } from './budget-accounts.sql';
import { categoriesOfGroup } from './categories.sql';
import { hasKeptSums, splitSettingsOf } from './sharing/sharing.sql';
import { isActiveMember } from '../users/users.sql';

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
export const TRANSACTION_COLUMNS =
  `t.id, t.type, t.amount, t.date::text AS date, t.description, t.category_id AS "categoryId",
  t.budget_account_id AS "budgetAccountId", t.target_budget_account_id AS "targetBudgetAccountId",
  t.recurring_transaction_id AS "recurringTransactionId", t.created_by_id AS "createdById", ` +
  `${isoTimestamp('t.created_date')} AS "createdDate", t.split, t.original`;

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
  /** jsonb, as stored */
  split: StoredSplit | null;
  /** jsonb, as stored */
  original: Original | null;
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
    split: t.split,
    original: t.original,
  };
}

/** `GET /transactions/{id}`. ($1 transaction id, $2 group id) */
export const TRANSACTION_BY_ID = statement('budget_transaction_by_id', `SELECT ${TRANSACTION_COLUMNS} FROM transactions t WHERE t.id = $1 AND t.group_id = $2`);

/** The parameters of TRANSACTION_CREATE_FACTS. */
export interface TransactionCreateFactsParams {
  groupId: string;
  /** the body's account (null: the group's default) */
  accountId: string | null;
  /** a Transfer's target account, else null */
  targetAccountId: string | null;
  /** an Expense's or Income's category, else null */
  categoryId: string | null;
  /** the users the body's split names */
  memberIds: string[];
  /** whether the default split applies */
  defaultSplit: boolean;
}

/**
 * POST /transactions, the checks' facts in one read (the decisions stay with TransactionRefsResolver
 * and SplitResolver, in their order): the source account (the body's, else the group's default),
 * the states of the group's accounts among the source and the target, whether the category is the
 * group's and its name (the history row's label), the group's split settings when the new row takes
 * the default split, and, of the users the split may name (the body's, or the default split's
 * weights), those who may be named: current members and former ones with rows in the group, and
 * of the default's weighted users those who are current members (the default counts only them).
 * The tables of accounts, categories, split settings, kept sums and users are read through their
 * owners' fragments (budget-accounts.sql.ts, categories.sql.ts, sharing.sql.ts, users.sql.ts).
 * One row: TransactionCreateFacts.
 */
export const TRANSACTION_CREATE_FACTS = statement<TransactionCreateFactsParams, TransactionCreateFacts>(
  'budget_transaction_create_facts',
  (p) => `WITH source AS (
  SELECT COALESCE(${p.accountId}::uuid, ${defaultAccountOf(p.groupId)}) AS id
), settings AS (
  SELECT shared_by_default, mode, weights FROM ${splitSettingsOf(p.groupId)} s WHERE ${p.defaultSplit}::boolean
), named AS (
  SELECT unnest(${p.memberIds}::uuid[]) AS id
  UNION
  SELECT (w->>'userId')::uuid FROM settings s CROSS JOIN LATERAL jsonb_array_elements(s.weights) w WHERE s.shared_by_default
)
SELECT s.id AS source_id,
       COALESCE(a.ids, '{}') AS account_ids, COALESCE(a.disabled, '{}') AS account_disabled,
       c.id IS NOT NULL AS category_found, c.name AS category_name,
       st.shared_by_default, st.mode, st.weights,
       ARRAY(SELECT n.id FROM named n
              WHERE ${isActiveMember('n.id', p.groupId)}
                 OR ${hasKeptSums(p.groupId, 'n.id')}) AS members,
       ARRAY(SELECT (w->>'userId')::uuid FROM settings s CROSS JOIN LATERAL jsonb_array_elements(s.weights) w
              WHERE s.shared_by_default AND ${isActiveMember(`(w->>'userId')::uuid`, p.groupId)}) AS current_weighted
  FROM source s
  CROSS JOIN LATERAL (SELECT array_agg(a.id) AS ids, array_agg(a.is_disabled) AS disabled
                        FROM ${accountsOfGroup(p.groupId)} a WHERE a.id IN (s.id, ${p.targetAccountId}::uuid)) a
  LEFT JOIN ${categoriesOfGroup(p.groupId)} c ON c.id = ${p.categoryId}::uuid
  LEFT JOIN settings st ON true`,
);

/** The row of TRANSACTION_CREATE_FACTS. */
export interface TransactionCreateFacts {
  /** the body's account, else the group's default (null: it has none) */
  source_id: string | null;
  /** the group's accounts among the source and the target, and whether each is disabled (same order) */
  account_ids: string[];
  account_disabled: boolean[];
  category_found: boolean;
  category_name: string | null;
  /** the split settings, when the default split applies and the group has settings (else null) */
  shared_by_default: boolean | null;
  mode: 'equal' | 'shares' | null;
  weights: { userId: string; weight: string }[] | null;
  /** of the users asked about, those a split may name */
  members: string[];
  /** of the default's weighted users, those who are current members (empty unless the default applies) */
  current_weighted: string[];
}

/**
 * The parameters of a statement that inserts its own action-history row beside its change: the
 * row's values as `HistoryRowValues` (history-rows.ts) has them, `changes` as jsonb text; the
 * entity's id and group come from the changed row itself.
 */
export interface HistoryRowParams {
  historyId: string;
  adminOnly: boolean;
  privateToUserId: string | null;
  entityType: string;
  parentId: string | null;
  /** jsonb text */
  changes: string;
  userId: string | null;
  userNickname: string;
  entityLabel: string | null;
  parentLabel: string | null;
}

/** A history row's values (`createdHistoryRow`) as a statement's HistoryRowParams. */
export function historyRowParams(history: HistoryRowValues): HistoryRowParams {
  return {
    historyId: history.id,
    adminOnly: history.adminOnly,
    privateToUserId: history.privateToUserId,
    entityType: history.entityType,
    parentId: history.parentId,
    changes: JSON.stringify(history.changes),
    userId: history.userId,
    userNickname: history.userNickname,
    entityLabel: history.entityLabel,
    parentLabel: history.parentLabel,
  };
}

/** The parameters of TRANSACTION_CREATE: the new row's values (`split` as jsonb text, or null), then its "Created" history row's. */
export type TransactionCreateParams = HistoryRowParams &
  Pick<TransactionRow, 'id' | 'type' | 'amount' | 'date' | 'description' | 'categoryId' | 'budgetAccountId' | 'targetBudgetAccountId' | 'createdById'> & {
    groupId: string;
    split: string | null;
    original: string | null;
  };

/**
 * POST /transactions: inserts the transaction and its "Created" action-history row in one statement
 * (so both commit or neither does, with what the triggers write on the insert: the balances, the
 * day counts and sums, a split's shares and the members' sums), answering the row's created date
 * as the API prints it. The history values are those the history subscriber writes for an inserted
 * Transaction (`createdHistoryRow` in history-rows.ts). One row: `created_date`.
 */
export const TRANSACTION_CREATE = statement<TransactionCreateParams, { created_date: string }>(
  'budget_transaction_create',
  (p) => `WITH t AS (
  INSERT INTO transactions (id, group_id, type, amount, date, description, category_id, budget_account_id, target_budget_account_id,
                            recurring_transaction_id, occurrence_date, import_ref, created_by_id, split, original)
  VALUES (${p.id}, ${p.groupId}, ${p.type}, ${p.amount}, ${p.date}, ${p.description}, ${p.categoryId}, ${p.budgetAccountId}, ${p.targetBudgetAccountId},
          NULL, NULL, NULL, ${p.createdById}, ${p.split}::jsonb, ${p.original}::jsonb)
  RETURNING id, group_id, created_date
), history AS (
  INSERT INTO action_histories (id, group_id, admin_only, private_to_user_id, entity_type, entity_id, parent_id, action, changes,
                                user_id, user_nickname, entity_label, parent_label)
  SELECT ${historyValues(p, 't.group_id', 't.id', 'Created')} FROM t
)
SELECT ${isoTimestamp('t.created_date')} AS created_date FROM t`,
);

/** A row of TRANSACTION_LOCK: the row as the API prints it, with the fields its history compares besides. */
export interface LockedTransactionRow extends TransactionRow {
  groupId: string;
  importRef: string | null;
}

/**
 * PUT /transactions/{id}: the row, locked until the unit of work ends (the update, and whatever the
 * triggers write on it, sees no concurrent change). ($1 transaction id, $2 group id) One row or none.
 */
export const TRANSACTION_LOCK = statement(
  'budget_transaction_lock',
  `SELECT ${TRANSACTION_COLUMNS}, t.group_id AS "groupId", t.import_ref AS "importRef"
     FROM transactions t WHERE t.id = $1 AND t.group_id = $2 FOR UPDATE`,
);

/** The parameters of TRANSACTION_UPDATE: the row's new editable values (`split` as jsonb text, or null), then its "Updated" history row's. */
export type TransactionUpdateParams = HistoryRowParams &
  Pick<TransactionRow, 'id' | 'type' | 'amount' | 'date' | 'description' | 'categoryId' | 'budgetAccountId' | 'targetBudgetAccountId'> & {
    split: string | null;
    original: string | null;
  };

/**
 * PUT /transactions/{id}: updates the editable fields and inserts its "Updated" action-history row
 * in one statement (both commit or neither does, with what the triggers write on the update: the
 * balances, the day counts and sums, a split's shares and the members' sums). The history values
 * are those the history subscriber writes for an updated Transaction (`updatedHistoryRow` in
 * history-rows.ts); a PUT that changes no recorded field runs no statement, as save() does not.
 */
export const TRANSACTION_UPDATE = statement<TransactionUpdateParams, { updated: boolean }>(
  'budget_transaction_update',
  (p) => `WITH t AS (
  UPDATE transactions
     SET type = ${p.type}, amount = ${p.amount}, date = ${p.date}, description = ${p.description}, category_id = ${p.categoryId},
         budget_account_id = ${p.budgetAccountId}, target_budget_account_id = ${p.targetBudgetAccountId}, split = ${p.split}::jsonb,
         original = ${p.original}::jsonb, updated_date = now()
   WHERE id = ${p.id}
  RETURNING id, group_id
), history AS (
  INSERT INTO action_histories (id, group_id, admin_only, private_to_user_id, entity_type, entity_id, parent_id, action, changes,
                                user_id, user_nickname, entity_label, parent_label)
  SELECT ${historyValues(p, 't.group_id', 't.id', 'Updated')} FROM t
)
SELECT true AS updated FROM t`,
);

/** The values of an action-history row (in action_histories' column order above) for a statement's SELECT list. */
function historyValues(p: Placeholders<HistoryRowParams>, group: string, entity: string, action: 'Created' | 'Updated'): string {
  return (
    `${p.historyId}::uuid, ${group}, ${p.adminOnly}::boolean, ${p.privateToUserId}::uuid, ${p.entityType}::varchar, ` +
    `${entity}, ${p.parentId}::uuid, '${action}', ${p.changes}::jsonb,
         ${p.userId}::uuid, ${p.userNickname}::varchar, ${p.entityLabel}::varchar, ${p.parentLabel}::varchar`
  );
}

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

/** A transaction's amount as paid in another currency, numeric (null: paid in the group's); the expression of ix_transactions_group_original_amount. */
const ORIGINAL_AMOUNT = (alias: string) => `((${alias}.original->>'amount')::numeric)`;

/** The newest transactions of a group read row by row for every search: enough for a common word. */
const SEARCH_WINDOW = 5_000;
/**
 * Matches among the SEARCH_WINDOW newest from which walking on is cheaper than asking the indexes:
 * at this density the rest of the page is found within SEARCH_MORE rows.
 */
const SEARCH_DENSE = 25;
/** The transactions read row by row after the window, at most, when the word is common enough. */
const SEARCH_MORE = 20_000;
/**
 * Rows of the group that the words of a query without a `prefix` (fewer than three letters, a number
 * such as the "7" of "hardware store 7") may find through their own indexes, at most, for those words
 * to lead the way to the older rows; with more, the trigram index of the other words does.
 */
const SEARCH_SHORT_ROWS = 2_000;

/**
 * GET /search, transactions: the group's transactions whose description (the payee of an imported
 * row is part of it) matches (src/common/search/search-sql.ts), or whose amount is a word of the query
 * ("42.50", "42,50"), in the group's currency or as paid in another (its `original`); the newest `candidates` are ranked,
 * best first. A transaction has no title
 * of its own: a query of stop words only finds none.
 *
 * A million rows, in three steps, each run only when the one before found too few (docs/search.md):
 * - `recent`: the SEARCH_WINDOW newest transactions, read newest first (walking the date index)
 *   until enough match: all a common word needs;
 * - `more`: when the window held at least SEARCH_DENSE matches, the word is common
 *   enough that the next rows hold the rest: up to SEARCH_MORE older rows are read on in the same order;
 * - `older`: otherwise the word is rare, and the indexes give every older match, few by that measure,
 *   to be sorted by date: `ix_transactions_search_words` (trigrams of the text with its stems beside
 *   it) narrows all the words in one scan, by what each word shares with its stems (`prefix`),
 *   `ix_transactions_group_amount` finds amounts; each row is then tested as in the walks. (Asking a
 *   word's stems and its parts of words separately, per word, made "zahnarzt rechnung" read all
 *   9 000 "Zahnarzt" rows to find 571.)
 * The walks read the rows in a subquery with its own LIMIT, which the planner cannot push the match
 * into: however the words' selectivity is estimated, they stay walks of bounded length, and the
 * indexes are asked only for rare words. No plan reads all of a group's rows. Typos (the second try,
 * when the words as typed found too few) are the group's words one typo away (`fixes`), found by the
 * stems' index as any word is, in the same three steps.
 * Parameters: $1 group id, $2 how many rows, $3… the search's (`searchValues`), then one amount
 * per word (numeric, or null when the word is not one), then one `prefix` per word (SearchWord).
 * Rows: SearchHitRow (`amount` the amount, decimal text; no `body`: the snippet is the description's).
 * By number of words (`bySlots`).
 */
export const TRANSACTIONS_SEARCH_SQL = bySlots((slots) => {
  const p = new SearchParams(3, slots);
  const amount = (slot: number) => `$${3 + searchParamCount(slots) + slot}::numeric`;
  // the amount in the group's currency (ix_transactions_group_amount), or as paid in another one
  // (ix_transactions_group_original_amount, partial: only rows with an original)
  const isAmount = (slot: number) =>
    `(${amount(slot)} IS NOT NULL AND t.group_id = $1 AND (t.amount = ${amount(slot)} ` +
    `OR (t.original IS NOT NULL AND ${ORIGINAL_AMOUNT('t')} = ${amount(slot)})))`;
  const amountLevel = (slot: number) => `CASE WHEN c.amount = ${amount(slot)} OR ${ORIGINAL_AMOUNT('c')} = ${amount(slot)} THEN 1 ELSE 0 END`;
  const prefix = (slot: number) => `$${3 + searchParamCount(slots) + slots + slot}::text`;
  // what the older rows are narrowed by: each word in the text with its stems beside it (one scan of
  // ix_transactions_search_words for all the words), else as before; the match itself is tested after
  const words = `(t.search_text || ' ' || strip(t.search_vector)::text)`;
  /** a word found with a typo: a word of the group one typo away (the stems' index) */
  const typo = (i: number) => `(${p.slots[i].typos} AND t.search_vector @@ ${p.slots[i].fixes})`;
  /** a word without a `prefix` (fewer than three letters, a number): the ways it is found, each served by an index of its own */
  const ownWays = (i: number) =>
    `(t.search_vector @@ ${p.slots[i].query} OR (${p.slots[i].parts} AND ${words} LIKE '%' || ${p.slots[i].word} || '%') OR ${isAmount(i)} OR ${typo(i)})`;
  const narrowed = p.slots.length
    ? p.slots
        .map(
          (_, i) => `((${prefix(i)} IS NOT NULL AND ${words} LIKE '%' || ${prefix(i)} || '%')
        OR (${prefix(i)} IS NULL AND ${ownWays(i)})
        OR ${isAmount(i)} OR ${typo(i)})`,
        )
        .join('\n     AND ')
    : 'true';
  // whether a word without a prefix is an amount (constant once the values are bound: the statement is
  // planned with them); a short word that is not one ("dm") is a single condition on the stems, which
  // ix_transactions_search_words intersects with the other words in its one scan, so it needs no lead
  const short = p.slots.length ? `(${p.slots.map((_, i) => `(${prefix(i)} IS NULL AND ${amount(i)} IS NOT NULL)`).join(' OR ')})` : 'false';
  /** a row has every word of one kind (with a prefix, or without), as the match tests it */
  const hasAll = (withPrefix: boolean) =>
    p.slots
      .map(
        (s, i) =>
          `(${prefix(i)} IS ${withPrefix ? 'NULL' : 'NOT NULL'} OR t.search_vector @@ ${s.query} OR ` +
          `(${s.parts} AND t.search_text LIKE '%' || ${s.word} || '%') OR ${isAmount(i)} OR ${typo(i)})`,
      )
      .join(' AND ') || 'true';
  const row = { alias: 't', title: 't.description', typoText: 't.search_text' };
  const columns = 't.id, t.group_id, t.description, t.amount, t.original, t.date, t.search_vector, t.search_text';
  const matches = searchMatches(row, p, { extra: isAmount, titleWords: false });
  const newest = 'ORDER BY t.date DESC, t.id DESC';
  const found = '(SELECT count(*) FROM recent)';
  // two scalar values, so the date index starts at the edge (a join with \`edge\` would filter instead)
  const beforeEdge = '(t.date, t.id) < ((SELECT date FROM edge), (SELECT id FROM edge))';
  const olderNeeded = `${found} + (SELECT count(*) FROM more) < ${p.candidates}`;
  // the words without a prefix lead the way to the older rows when their own indexes give few rows
  const byShort = `(${short} AND (SELECT count(*) FROM short_few) <= ${SEARCH_SHORT_ROWS})`;
  return `WITH recent AS MATERIALIZED (
  SELECT * FROM (SELECT ${columns} FROM transactions t WHERE t.group_id = $1 ${newest} LIMIT ${SEARCH_WINDOW}) t
   WHERE ${matches}
   ${newest}
   LIMIT ${p.candidates}),
edge AS MATERIALIZED (SELECT date, id FROM transactions WHERE group_id = $1 ${newest.replace(/t\./g, '')} OFFSET ${SEARCH_WINDOW - 1} LIMIT 1),
more AS MATERIALIZED (
  SELECT * FROM (
    SELECT ${columns} FROM transactions t
     WHERE ${found} BETWEEN ${SEARCH_DENSE} AND ${p.candidates} - 1
       AND t.group_id = $1 AND ${beforeEdge}
     ${newest}
     LIMIT ${SEARCH_MORE}) t
   WHERE ${matches}
   ${newest}
   LIMIT ${p.candidates} - ${found}),
short_found AS MATERIALIZED (
  -- the group's rows that have every word without a prefix, from those words' own indexes (planned
  -- for all of them, read only as far as short_few asks)
  SELECT ${columns} FROM transactions t
   WHERE ${short} AND t.group_id = $1 AND ${hasAll(false)}),
short_few AS MATERIALIZED (SELECT id FROM short_found LIMIT ${SEARCH_SHORT_ROWS} + 1),
older_by_words AS MATERIALIZED (
  SELECT ${columns}
    FROM transactions t
   WHERE ${olderNeeded} AND NOT ${byShort}
     AND t.group_id = $1 AND ${beforeEdge}
     AND ${narrowed}
     AND ${matches}
   -- not in the index's order: the indexes of the words, not a walk through every older row
   ORDER BY t.date + 0 DESC, t.id DESC
   LIMIT ${p.candidates} - ${found}),
older_by_short AS MATERIALIZED (
  SELECT * FROM short_found t
   WHERE ${olderNeeded} AND ${byShort} AND ${beforeEdge} AND ${matches}
   ${newest}
   LIMIT ${p.candidates} - ${found}),
older AS (SELECT * FROM older_by_words UNION ALL SELECT * FROM older_by_short),
c AS (SELECT * FROM recent
      UNION ALL (SELECT * FROM more WHERE NOT EXISTS (SELECT FROM older))
      UNION ALL SELECT * FROM older)
SELECT c.id, NULL::uuid AS parent_id, coalesce(c.description, '') AS title, NULL::text AS body, c.amount::text AS amount, NULL::text AS context,
       c.date::text AS date, ${searchScore({ alias: 'c', title: 'c.description' }, p, amountLevel)} AS score,
       (SELECT count(*) FROM c)::int AS total
  FROM c
 ORDER BY score DESC, c.date DESC, c.id DESC
 LIMIT $2`;
});

import type { Original } from '../../../../domain/currency';
import { isoTimestamp, statement } from '../../../database/sql';

/*
 * The SQL of sharing costs (docs/budget.md, "Sharing costs"). A transaction's `split` (jsonb) is
 * expanded by triggers of the migration `Sharing` into `transaction_shares` (one row per member of
 * a shared transaction: what they paid and their part), and `transaction_shares` and `settlements`
 * are summed, by further triggers in the same database transaction, into `member_day_balances`
 * (per group, member and day: paid, share, sent, received; an Income's paid and share negative)
 * and `member_day_sums` (per group, member, day, account, category and type, for the reports).
 * Nothing but those triggers writes the three tables; this file only reads them, and the
 * housekeeping check recomputes them.
 */

/** The date bounds ($from, $to: dates or null) as index conditions. */
const range = (from: string, to: string) => `date >= COALESCE(${from}::date, '-infinity') AND date <= COALESCE(${to}::date, 'infinity')`;

/** The group's split settings (`shared_by_default`, `mode`, `weights`; no row: none), as a row source for another statement. */
export function splitSettingsOf(group: string): string {
  return `(SELECT shared_by_default, mode, weights FROM split_settings WHERE group_id = ${group})`;
}

/** The group's split settings. ($1 group id) */
export const SPLIT_SETTINGS_OF_GROUP = statement(
  'budget_split_settings_of_group',
  `SELECT id, shared_by_default AS "sharedByDefault", mode, weights, units FROM split_settings WHERE group_id = $1`,
);

/** The user `id` has kept sums in the group `group`: a member, current or former, who took part (a SQL condition). */
export function hasKeptSums(group: string, id: string): string {
  return `EXISTS (SELECT 1 FROM member_day_balances b WHERE b.group_id = ${group} AND b.user_id = ${id})`;
}

/** Of the users $2, those with kept sums in the group $1: members, current or former, who took part. */
export const MEMBERS_WITH_ROWS = statement(
  'budget_members_with_rows',
  `SELECT u.id FROM unnest($2::uuid[]) AS u(id)
    WHERE ${hasKeptSums('$1', 'u.id')}`,
);

/** Every member's sums over a period, from the kept day rows. ($1 group id, $2 from, $3 to: dates or null) */
export const MEMBER_TOTALS = statement(
  'budget_member_totals',
  `SELECT user_id AS "userId", SUM(paid)::text AS paid, SUM(share)::text AS share, SUM(sent)::text AS sent, SUM(received)::text AS received
     FROM member_day_balances WHERE group_id = $1 AND ${range('$2', '$3')}
    GROUP BY user_id`,
);

export interface MemberTotalsRow {
  userId: string;
  paid: string;
  share: string;
  sent: string;
  received: string;
}

// ---- settlements -----------------------------------------------------------------------------

const SETTLEMENT_COLUMNS = `s.id, s.from_user_id AS "fromUserId", s.to_user_id AS "toUserId", s.amount, s.date::text AS date, s.note,
  s.created_by_id AS "createdBy", ${isoTimestamp('s.created_date')} AS "createdDate", s.original`;

/** A row of SETTLEMENT_COLUMNS, as the API prints a settlement. */
export interface SettlementRow {
  id: string;
  fromUserId: string;
  toUserId: string;
  amount: string;
  date: string;
  note: string | null;
  createdBy: string | null;
  createdDate: string;
  /** jsonb, as stored: paid in another currency */
  original: Original | null;
}

/** `GET /budget/settlements/{id}`. ($1 id, $2 group id) */
export const SETTLEMENT_BY_ID = statement('budget_settlement_by_id', `SELECT ${SETTLEMENT_COLUMNS} FROM settlements s WHERE s.id = $1 AND s.group_id = $2`);

/** A settlement of any group by id, with its group: whether a client-made id is taken anywhere. ($1 id) */
export const SETTLEMENT_ANYWHERE = statement(
  'budget_settlement_anywhere',
  `SELECT ${SETTLEMENT_COLUMNS}, s.group_id AS "groupId" FROM settlements s WHERE s.id = $1`,
);

const SETTLEMENTS_FILTER = `s.group_id = $1 AND ${range('$2', '$3')} AND ($4::uuid IS NULL OR s.from_user_id = $4::uuid OR s.to_user_id = $4::uuid)`;

/** A page of settlements, newest first. ($1 group id, $2 from, $3 to, $4 user id or null, $5 offset, $6 limit) */
export const SETTLEMENTS_PAGE = statement(
  'budget_settlements_page',
  `SELECT ${SETTLEMENT_COLUMNS} FROM settlements s WHERE ${SETTLEMENTS_FILTER} ORDER BY s.date DESC, s.created_date DESC, s.id DESC OFFSET $5 LIMIT $6`,
);

/** How many settlements the page's filter matches. (the page's $1–$4) */
export const SETTLEMENTS_COUNT = statement('budget_settlements_count', `SELECT count(*)::int AS total FROM settlements s WHERE ${SETTLEMENTS_FILTER}`);

// ---- the explanation of a party's net ---------------------------------------------------------

/**
 * The shared transactions and settlements that move the net of the members $2 (one member, or a
 * unit's) in the group $1 between $3 and $4, with their effect, newest first (by date, then by id:
 * ids are time-ordered, so the later recorded first): a transaction once with its members' paid and
 * share summed; a settlement between two members of a unit moves nothing and is left out.
 *
 * A page never reads a member's whole history: each member's first $5 + $6 shares in that order come
 * from `ix_transaction_shares_member` (group, member, date, transaction) read backwards, index-only
 * (a transaction in the first N of the merged order is in the first N of each of its members'
 * lists), and so do the party's first $5 + $6 settlements; the page's keys are cut from those, and
 * only the page's rows are summed and joined.
 */
const SETTLEMENTS_OF_PARTY = `s.group_id = $1 AND ${range('$3', '$4')}
      AND (s.from_user_id = ANY($2::uuid[]) OR s.to_user_id = ANY($2::uuid[]))
      AND (s.from_user_id = ANY($2::uuid[])) <> (s.to_user_id = ANY($2::uuid[]))`;

const EXPLAIN_KEYS = `
  SELECT kind, id, date FROM (
    SELECT DISTINCT 'Transaction' AS kind, c.transaction_id AS id, c.date
      FROM unnest($2::uuid[]) AS u(id)
      CROSS JOIN LATERAL (
        SELECT transaction_id, date FROM transaction_shares
         WHERE group_id = $1 AND user_id = u.id AND ${range('$3', '$4')}
         ORDER BY date DESC, transaction_id DESC LIMIT $5::bigint + $6::bigint) c
    UNION ALL
    (SELECT 'Settlement', s.id, s.date FROM settlements s WHERE ${SETTLEMENTS_OF_PARTY}
      ORDER BY s.date DESC, s.id DESC LIMIT $5::bigint + $6::bigint)) k
  ORDER BY date DESC, id DESC OFFSET $5 LIMIT $6`;

/** A page of the explanation. ($1 group id, $2 user ids, $3 from, $4 to, $5 offset, $6 limit) */
export const EXPLAIN_PAGE = statement(
  'budget_balance_explain_page',
  `WITH page AS (${EXPLAIN_KEYS})
   SELECT e.kind, e.id, e.date::text AS date, e.type, e.amount, e.description, e.category_id AS "categoryId", e.from_user_id AS "fromUserId",
          e.to_user_id AS "toUserId", e.paid::text AS paid, e.share::text AS share, e.effect::text AS effect
     FROM (
       SELECT p.kind, t.id, t.date, t.type, t.amount, t.description, t.category_id, NULL::uuid AS from_user_id, NULL::uuid AS to_user_id,
              x.paid, x.share, CASE WHEN t.type = 'Income' THEN x.share - x.paid ELSE x.paid - x.share END AS effect
         FROM page p
         JOIN transactions t ON t.id = p.id
         CROSS JOIN LATERAL (SELECT SUM(paid) AS paid, SUM(share) AS share FROM transaction_shares
                              WHERE transaction_id = p.id AND user_id = ANY($2::uuid[])) x
        WHERE p.kind = 'Transaction'
       UNION ALL
       SELECT p.kind, s.id, s.date, 'Settlement', s.amount, s.note, NULL, s.from_user_id, s.to_user_id, 0.00, 0.00,
              CASE WHEN s.from_user_id = ANY($2::uuid[]) THEN s.amount ELSE -s.amount END
         FROM page p JOIN settlements s ON s.id = p.id
        WHERE p.kind = 'Settlement') e
    ORDER BY e.date DESC, e.id DESC`,
);

/**
 * How many rows the explanation pages through: the party's shared transactions (one member's
 * counted straight from the index, a unit's distinct) and settlements. ($1–$4 as the page)
 */
export const EXPLAIN_COUNT = statement(
  'budget_balance_explain_count',
  `SELECT CASE WHEN cardinality($2::uuid[]) = 1
               THEN (SELECT count(*) FROM transaction_shares WHERE group_id = $1 AND user_id = ($2::uuid[])[1] AND ${range('$3', '$4')})
               ELSE (SELECT count(DISTINCT transaction_id) FROM transaction_shares WHERE group_id = $1 AND user_id = ANY($2::uuid[]) AND ${range('$3', '$4')})
          END::int
        + (SELECT count(*) FROM settlements s WHERE ${SETTLEMENTS_OF_PARTY})::int AS total`,
);

export interface ExplainRow {
  kind: 'Transaction' | 'Settlement';
  id: string;
  date: string;
  type: string;
  amount: string;
  description: string | null;
  categoryId: string | null;
  fromUserId: string | null;
  toUserId: string | null;
  paid: string;
  share: string;
  effect: string;
}

// ---- the housekeeping check ---------------------------------------------------------------------

/*
 * Each check compares one group's ($1) kept rows with the same sums computed afresh from its rows,
 * and each repair writes the fresh value over every kept row that differs (a kept row with no rows
 * behind it is set to zero). They run in the group's own transaction after SHARING_GROUP_LOCK, so
 * no change of that group's shared rows is in flight while they compare; other groups are not held.
 */

/**
 * The group $1's sharing lock, exclusively: every writer of the group's shared rows (a transaction
 * with a split, a settlement) takes it in shared mode before its change (trigger
 * `sharing_group_write_lock`, migration SharingGroupLocks), so this waits for the group's writes in
 * flight and holds off new ones until the transaction ends.
 */
export const SHARING_GROUP_LOCK = statement('budget_sharing_group_lock', `SELECT pg_advisory_xact_lock(hashtextextended('sharing:' || $1::text, 0))`);

/** Every group, in a fixed order: the check goes through them one at a time. */
export const SHARING_CHECK_GROUPS = statement('budget_sharing_check_groups', 'SELECT id FROM groups ORDER BY id');

/** The shares a transaction's split stands for (what the triggers write), per transaction and member. */
const FRESH_SHARES = `
  SELECT t.id AS transaction_id, p.user_id, t.group_id, t.date, t.type, t.budget_account_id, t.category_id,
         SUM(p.paid) AS paid, SUM(p.share) AS share
    FROM transactions t
    CROSS JOIN LATERAL (
      SELECT (e->>'userId')::uuid AS user_id, (e->>'amount')::numeric AS paid, 0::numeric AS share FROM jsonb_array_elements(t.split->'paidBy') e
      UNION ALL
      SELECT (e->>'userId')::uuid, 0::numeric, (e->>'amount')::numeric FROM jsonb_array_elements(t.split->'owed') e) p
   WHERE t.group_id = $1 AND t.split IS NOT NULL
   GROUP BY t.id, p.user_id`;

const SHARE_KEY = ['transaction_id', 'user_id'];
const SHARE_VALUES = ['group_id', 'date', 'type', 'budget_account_id', 'category_id', 'paid', 'share'];

/** The member's day sums of the balances, from the shares (an Income negative) and the settlements. */
const FRESH_BALANCES = `
  SELECT group_id, user_id, date, SUM(paid) AS paid, SUM(share) AS share, SUM(sent) AS sent, SUM(received) AS received FROM (
    SELECT group_id, user_id, date, CASE WHEN type = 'Income' THEN -paid ELSE paid END AS paid,
           CASE WHEN type = 'Income' THEN -share ELSE share END AS share, 0 AS sent, 0 AS received FROM transaction_shares WHERE group_id = $1
    UNION ALL SELECT group_id, from_user_id, date, 0, 0, amount, 0 FROM settlements WHERE group_id = $1
    UNION ALL SELECT group_id, to_user_id, date, 0, 0, 0, amount FROM settlements WHERE group_id = $1) r
   GROUP BY group_id, user_id, date`;

const BALANCE_KEY = ['group_id', 'user_id', 'date'];
const BALANCE_VALUES = ['paid', 'share', 'sent', 'received'];

/** The member's day sums of the reports, from the shares. */
const FRESH_SUMS = `
  SELECT group_id, date, user_id, budget_account_id, category_id, type, SUM(paid) AS paid, SUM(share) AS share, count(*)::int AS count
    FROM transaction_shares WHERE group_id = $1 GROUP BY group_id, date, user_id, budget_account_id, category_id, type`;

const SUM_KEY = ['group_id', 'date', 'user_id', 'budget_account_id', 'category_id', 'type'];
const SUM_VALUES = ['paid', 'share', 'count'];

/**
 * The group $1's rows of `table` that differ from `fresh` (missing on either side counts as zero), as
 * `{key..., kept: {...}, fresh: {...}}`, and the repair writing the fresh values over them.
 */
function checkAndRepair(name: string, table: string, fresh: string, key: string[], values: string[], zeroable: boolean) {
  const on = key.map((k) => `k.${k} = f.${k}`).join(' AND ');
  const differs = values.map((v) => `k.${v} IS DISTINCT FROM f.${v}`).join(' OR ');
  const zeroedOrDiffers = `(f.${key[0]} IS NULL AND (${values.map((v) => `k.${v} <> 0`).join(' OR ')})) OR (f.${key[0]} IS NOT NULL AND (${differs}))`;
  const diff = `
    SELECT ${key.map((k) => `COALESCE(k.${k}, f.${k}) AS ${k}`).join(', ')},
           ${values.map((v) => `k.${v} AS kept_${v}, f.${v} AS fresh_${v}`).join(', ')}
      FROM (SELECT * FROM ${table} WHERE group_id = $1) k FULL JOIN (${fresh}) f ON ${on}
     WHERE ${zeroable ? zeroedOrDiffers : differs}`;
  const check = statement(`budget_sharing_check_${name}`, `SELECT to_jsonb(d) AS row FROM (${diff}) d`);
  const repair = zeroable
    ? statement(
        `budget_sharing_repair_${name}`,
        `WITH d AS (${diff})
         INSERT INTO ${table} (${[...key, ...values].join(', ')})
         SELECT ${key.join(', ')}, ${values.map((v) => `COALESCE(fresh_${v}, 0)`).join(', ')} FROM d
         ON CONFLICT (${key.join(', ')}) DO UPDATE SET ${values.map((v) => `${v} = EXCLUDED.${v}`).join(', ')}`,
      )
    : statement(
        `budget_sharing_repair_${name}`,
        `WITH d AS (${diff}),
              gone AS (DELETE FROM ${table} k USING d WHERE ${key.map((c) => `k.${c} = d.${c}`).join(' AND ')} AND d.fresh_${values[0]} IS NULL)
         INSERT INTO ${table} (${[...key, ...values].join(', ')})
         SELECT ${key.join(', ')}, ${values.map((v) => `fresh_${v}`).join(', ')} FROM d WHERE fresh_${values[0]} IS NOT NULL
         ON CONFLICT (${key.join(', ')}) DO UPDATE SET ${values.map((v) => `${v} = EXCLUDED.${v}`).join(', ')}`,
      );
  return { name, table, check, repair };
}

/**
 * The three checks of one group ($1), in the order they must run: the shares from the transactions'
 * splits, then the day sums from the shares and the settlements.
 */
export const SHARING_CHECKS = [
  checkAndRepair('shares', 'transaction_shares', FRESH_SHARES, SHARE_KEY, SHARE_VALUES, false),
  checkAndRepair('balances', 'member_day_balances', FRESH_BALANCES, BALANCE_KEY, BALANCE_VALUES, true),
  checkAndRepair('sums', 'member_day_sums', FRESH_SUMS, SUM_KEY, SUM_VALUES, true),
];

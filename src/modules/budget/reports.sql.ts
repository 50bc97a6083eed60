import { statement } from '../../database/sql';

/**
 * Income and expense of the group in [$2, $3), optionally of one account ($4, null: all), in one
 * pass with GROUPING SETS: the total, per category id and per `bucket` (the day, or the month
 * number), straight from `transaction_day_sums` (kept exact by triggers in the migrations, in the
 * same transaction as every change of a transaction): one aggregation over the day rows, with no
 * first pass summing the accounts of a day (which sorted every row by its text `type` and took
 * most of the time), and no join: the categories' names come from REPORT_CATEGORIES, a separate
 * lookup (docs/performance.md, "The yearly report"); then the members' rows (MEMBER_ROWS).
 */
const sumsSql = (
  bucket: string,
  table = 'transaction_day_sums',
  amount = 'amount',
  member = '',
) => `SELECT CASE grouped WHEN 3 THEN 'total' WHEN 1 THEN 'category' ELSE 'bucket' END AS kind,
              category_id, bucket::text AS bucket, income, expense, income - expense AS net
         FROM (SELECT GROUPING(category_id, ${bucket}) AS grouped, category_id, ${bucket} AS bucket,
                      COALESCE(SUM(${amount}) FILTER (WHERE type = 'Income'), 0.00) AS income,
                      COALESCE(SUM(${amount}) FILTER (WHERE type = 'Expense'), 0.00) AS expense
                 FROM ${table}
                WHERE group_id = $1 AND date >= $2::date AND date < $3::date AND count > 0
                  AND ($4::uuid IS NULL OR budget_account_id = $4::uuid)${member}
                GROUP BY GROUPING SETS ((), (category_id), (${bucket}))) rolled
       UNION ALL ${MEMBER_ROWS}`;

/**
 * Rows of kind 'member', one per member with shared expenses in the period: `bucket` their user id,
 * `income` what they paid of the shared expenses, `expense` their part (the reports' `members`),
 * from `member_day_sums` (kept by the triggers of the migration `Sharing` like the day sums). In
 * the same statement as the sums, so a report stays two statements.
 */
const MEMBER_ROWS = `SELECT 'member', NULL::uuid, user_id::text, SUM(paid), SUM(share), NULL::numeric
         FROM member_day_sums
        WHERE group_id = $1 AND date >= $2::date AND date < $3::date AND type = 'Expense' AND count > 0
          AND ($4::uuid IS NULL OR budget_account_id = $4::uuid)
        GROUP BY user_id`;

/** `GET /transactions/report/monthly`: per day. ($1 group id, $2 first day, $3 first day after, $4 account id or null) */
export const REPORT_MONTHLY = statement('budget_report_monthly', sumsSql('date'));
/** `GET /transactions/report/yearly`: per month number. (parameters as REPORT_MONTHLY) */
export const REPORT_YEARLY = statement('budget_report_yearly', sumsSql('EXTRACT(MONTH FROM date)::int'));
/**
 * One member's part ($5) of the shared transactions, per day, from `member_day_sums` (kept by the
 * triggers of the migration `Sharing` like the day sums). (parameters as REPORT_MONTHLY, then $5)
 */
export const REPORT_MEMBER_MONTHLY = statement('budget_report_member_monthly', sumsSql('date', 'member_day_sums', 'share', ' AND user_id = $5::uuid'));
/** The same per month number. */
export const REPORT_MEMBER_YEARLY = statement(
  'budget_report_member_yearly',
  sumsSql('EXTRACT(MONTH FROM date)::int', 'member_day_sums', 'share', ' AND user_id = $5::uuid'),
);
/** The reports' `members`, by user id, from the 'member' rows of a report's statement (MEMBER_ROWS). */
export function reportMembers(rows: { kind: string; bucket: string | null; income: string; expense: string }[]) {
  return rows
    .filter((row) => row.kind === 'member')
    .map((row) => ({ userId: row.bucket!, paid: row.income, share: row.expense }))
    .sort((a, b) => (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0));
}

/** The group's categories in their order, for the reports' per-category rows. ($1 group id) */
export const REPORT_CATEGORIES = statement(
  'budget_report_categories',
  'SELECT id, name, color, icon FROM categories WHERE group_id = $1 ORDER BY sort_order, id',
);

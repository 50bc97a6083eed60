import { statement } from '../../../database/sql';

/** The parameters of RATE_LOOKUP. */
export interface RateLookupParams {
  groupId: string;
  /** the currency asked about */
  currency: string;
  /** the group's currency */
  groupCurrency: string;
  /** on or before this day */
  date: string;
}

/** The row of RATE_LOOKUP: the group's latest manual rate and the ECB's latest day with both currencies (each null when none). */
export interface RateLookupRow {
  manual_rate: string | null;
  manual_date: string | null;
  ecb_date: string | null;
  of_per_euro: string | null;
  group_per_euro: string | null;
}

/** The ECB's per-euro rate of `currency` (a placeholder) on the day `d` found, as text. */
const ecbPerEuro = (currency: string) => `(SELECT per_euro::text FROM exchange_rates WHERE currency = ${currency}::varchar AND date = (SELECT date FROM d))`;

/**
 * The rate of `currency` in the group's currency on `date`: the group's latest manual rate on or
 * before it, and the ECB's latest working day on or before it on which both currencies were
 * published (the euro is 1 on every day), with both per-euro rates of that day. One row.
 */
export const RATE_LOOKUP = statement<RateLookupParams, RateLookupRow>(
  'budget_rate_lookup',
  (p) => `WITH m AS (
  SELECT rate::text AS rate, date FROM budget_manual_rates
   WHERE group_id = ${p.groupId} AND currency = ${p.currency}::varchar AND date <= ${p.date}::date
   ORDER BY date DESC LIMIT 1
), d AS (
  SELECT x.date FROM exchange_rates x
   WHERE x.currency = CASE WHEN ${p.currency}::varchar = 'EUR' THEN ${p.groupCurrency}::varchar ELSE ${p.currency}::varchar END
     AND x.date <= ${p.date}::date
     AND (${p.currency}::varchar = 'EUR' OR ${p.groupCurrency}::varchar = 'EUR'
          OR EXISTS (SELECT 1 FROM exchange_rates g WHERE g.currency = ${p.groupCurrency}::varchar AND g.date = x.date))
   ORDER BY x.date DESC LIMIT 1
)
SELECT (SELECT rate FROM m) AS manual_rate, (SELECT date::text FROM m) AS manual_date, (SELECT date::text FROM d) AS ecb_date,
       CASE WHEN ${p.currency}::varchar = 'EUR' THEN '1'
            ELSE ${ecbPerEuro(p.currency)} END AS of_per_euro,
       CASE WHEN ${p.groupCurrency}::varchar = 'EUR' THEN '1'
            ELSE ${ecbPerEuro(p.groupCurrency)} END AS group_per_euro`,
);

/** PUT /budget/rates: the group's rate of a currency on a day, replacing one set before. */
export const MANUAL_RATE_SET = statement<{ groupId: string; currency: string; date: string; rate: string; userId: string }>(
  'budget_manual_rate_set',
  (p) => `INSERT INTO budget_manual_rates (group_id, currency, date, rate, set_by_id)
VALUES (${p.groupId}, ${p.currency}, ${p.date}, ${p.rate}, ${p.userId})
ON CONFLICT (group_id, currency, date) DO UPDATE SET rate = excluded.rate, set_by_id = excluded.set_by_id, set_date = now()`,
);

/** The ECB's rates of a file, added or replacing those of the same currency and day. ($1 codes, $2 dates, $3 per-euro rates) */
export const ECB_RATES_UPSERT = statement(
  'budget_ecb_rates_upsert',
  `INSERT INTO exchange_rates (currency, date, per_euro)
   SELECT * FROM unnest($1::varchar[], $2::date[], $3::numeric[])
   ON CONFLICT (currency, date) DO UPDATE SET per_euro = excluded.per_euro`,
);

/** The latest day the ECB's rates are stored for (null: none yet). */
export const ECB_LATEST_DATE = statement('budget_ecb_latest_date', 'SELECT max(date)::text AS latest FROM exchange_rates');

-- budget_ecb_latest_date
SELECT max(date)::text AS latest FROM exchange_rates;

-- budget_ecb_rates_upsert
INSERT INTO exchange_rates (currency, date, per_euro)
   SELECT * FROM unnest($1::varchar[], $2::date[], $3::numeric[])
   ON CONFLICT (currency, date) DO UPDATE SET per_euro = excluded.per_euro;

-- budget_manual_rate_set
INSERT INTO budget_manual_rates (group_id, currency, date, rate, set_by_id)
VALUES ($1, $2, $3, $4, $5)
ON CONFLICT (group_id, currency, date) DO UPDATE SET rate = excluded.rate, set_by_id = excluded.set_by_id, set_date = now();

-- budget_rate_lookup
WITH m AS (
  SELECT rate::text AS rate, date FROM budget_manual_rates
   WHERE group_id = $1 AND currency = $2::varchar AND date <= $3::date
   ORDER BY date DESC LIMIT 1
), d AS (
  SELECT x.date FROM exchange_rates x
   WHERE x.currency = CASE WHEN $2::varchar = 'EUR' THEN $4::varchar ELSE $2::varchar END
     AND x.date <= $3::date
     AND ($2::varchar = 'EUR' OR $4::varchar = 'EUR'
          OR EXISTS (SELECT 1 FROM exchange_rates g WHERE g.currency = $4::varchar AND g.date = x.date))
   ORDER BY x.date DESC LIMIT 1
)
SELECT (SELECT rate FROM m) AS manual_rate, (SELECT date::text FROM m) AS manual_date, (SELECT date::text FROM d) AS ecb_date,
       CASE WHEN $2::varchar = 'EUR' THEN '1'
            ELSE (SELECT per_euro::text FROM exchange_rates WHERE currency = $2::varchar AND date = (SELECT date FROM d)) END AS of_per_euro,
       CASE WHEN $4::varchar = 'EUR' THEN '1'
            ELSE (SELECT per_euro::text FROM exchange_rates WHERE currency = $4::varchar AND date = (SELECT date FROM d)) END AS group_per_euro;

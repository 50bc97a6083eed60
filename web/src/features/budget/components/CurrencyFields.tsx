import { useEffect, useMemo, useState } from 'react';
import { formatRateInput, fromCents, parseRateInput } from '@domain/amount';
import { convertToCents, isRate, type Original } from '@domain/currency';
import type { SummaryItem } from '@/api/form-errors';
import { useSession } from '@/api/session-context';
import { Field, SelectField } from '@/ui';
import { formatDate, formatMoney } from '@/ui/format';
import { useLocale, useT } from '@/i18n';
import { useRate } from '../api';
import { normaliseAmount } from '../money';

const LAST_USED = 'hearth.budget.lastCurrency';
/** Currencies a trip from a euro, franc or pound household most often meets, listed first. */
const COMMON = ['EUR', 'CHF', 'GBP', 'USD', 'SEK', 'NOK', 'DKK', 'PLN', 'CZK', 'HUF', 'JPY'];

function lastUsed(): string | null {
  try {
    return localStorage.getItem(LAST_USED);
  } catch {
    return null;
  }
}

/**
 * The currency beside an amount (docs/budget.md, "Other currencies"): the group's by default, the
 * last one used on a trip next; in another currency the rate is filled in from GET /budget/rates
 * (editable, with the person's decimal sign: "1,0611" in German; a dot is read too), and the amount in
 * the group's currency is shown as it is typed. `body` turns the typed amount into what the API
 * takes: the group's amount, and `original` when paid in another currency.
 */
export function useCurrencyForm(existing: Original | null | undefined, date: string) {
  const t = useT();
  const locale = useLocale();
  const { claims } = useSession();
  const group = claims?.currency ?? 'EUR';
  const [currency, setCurrency] = useState(existing?.currency ?? group);
  /** the rate as shown and typed, in the person's language */
  const [rate, setRate] = useState(existing ? formatRateInput(existing.rate, locale) : '');
  const [rateTyped, setRateTyped] = useState(!!existing);
  const foreign = currency !== group;
  const stored = useRate(foreign ? currency : null, date);
  useEffect(() => {
    if (foreign && !rateTyped && stored.data) setRate(formatRateInput(stored.data.rate, locale));
  }, [foreign, rateTyped, stored.data, locale]);
  const options = useMemo(() => {
    const last = lastUsed();
    const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('currency') : COMMON;
    return [...new Set([group, ...(last ? [last] : []), ...COMMON, ...all])];
  }, [group]);
  /** the rate as the API takes it ('1.0611'), or null while what is typed is not one */
  const rateRead = parseRateInput(rate, locale);
  const rateValid = rateRead !== null && isRate(rateRead);
  /** the group's amount of a typed amount, or null when either is not usable yet */
  const converted = (typed: string): string | null => {
    const amount = normaliseAmount(typed);
    if (amount === null) return null;
    if (!foreign) return amount;
    return rateValid ? fromCents(convertToCents(amount, rateRead)) : null;
  };
  return {
    currency,
    foreign,
    converted,
    /** the amount and original the API takes, or null while the rate is missing */
    body(typed: string): { amount: string; original: Original | null } | null {
      const amount = normaliseAmount(typed);
      if (amount === null) return null;
      if (!foreign) return { amount, original: null };
      if (!rateValid) return null;
      try {
        localStorage.setItem(LAST_USED, currency);
      } catch {
        // private mode: the group's currency stays the first choice
      }
      return { amount: fromCents(convertToCents(amount, rateRead)), original: { amount, currency, rate: rateRead } };
    },
    /** the summary's line when the amount cannot be converted yet (no usable rate) */
    rateNeeded: { field: 'amount', message: t('budget.rate.needed') } satisfies SummaryItem,
    /** what stands beside the amount: the currency, and in another one the rate and the amount converted as typed */
    beside: (typed: string) => (
      <>
        <SelectField
          label={t('budget.field.currency')}
          value={currency}
          onChange={(event) => {
            setCurrency(event.target.value);
            setRateTyped(false);
            setRate('');
          }}
        >
          {options.map((code) => (
            <option key={code} value={code}>
              {code}
            </option>
          ))}
        </SelectField>
        {foreign ? (
          <>
            <Field
              label={t('budget.field.rate', { currency, group })}
              hint={stored.data ? t('budget.rate.from', { date: formatDate(stored.data.rateDate) }) : stored.isError ? t('budget.rate.unknown') : undefined}
              inputMode="decimal"
              autoComplete="off"
              value={rate}
              error={rate && !rateValid ? t('budget.rate.invalid') : undefined}
              onChange={(event) => {
                setRate(event.target.value);
                setRateTyped(true);
              }}
            />
            <p className="converted" aria-live="polite">
              {converted(typed) ? t('budget.rate.converted', { amount: formatMoney(converted(typed)!, group) }) : null}
            </p>
          </>
        ) : null}
      </>
    ),
  };
}

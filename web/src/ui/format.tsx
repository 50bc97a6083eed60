import { useSession } from '@/api/session-context';
import { currentLocale, useLocale } from '@/i18n';
import { formatMoney as formatMoneyIn } from '@domain/amount';
import { intlLocale } from './amount';

export { intlLocale };
export { localiseDates } from './dates';

/**
 * An amount (a decimal string from the API) in the group's currency and the chosen language
 * ("1.250,00 €" in German). The string goes to Intl as it is: Intl.NumberFormat accepts decimal
 * strings exactly, no float maths.
 */
export function Money({ amount, currency }: { amount: string; currency?: string }) {
  const { claims } = useSession();
  const locale = useLocale();
  return <span className="money">{formatMoney(amount, currency ?? claims?.currency ?? 'EUR', locale)}</span>;
}

/** An amount in a currency as the chosen language (the browser's variant of it) writes it. */
export function formatMoney(amount: string, currency: string, locale: string = currentLocale()): string {
  return formatMoneyIn(amount, currency, intlLocale(locale));
}

/** An instant (ISO 8601) or a date (`YYYY-MM-DD`) in the chosen language ("05.11.2026"), inside a <time>. */
export function DateText({ value, withTime = false }: { value: string; withTime?: boolean }) {
  const locale = useLocale();
  return <time dateTime={value}>{formatDate(value, withTime, locale)}</time>;
}

export function formatDate(value: string, withTime = false, locale: string = currentLocale()): string {
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const date = new Date(dateOnly ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(intlLocale(locale), {
    dateStyle: 'medium',
    ...(withTime && !dateOnly ? { timeStyle: 'short' } : {}),
    ...(dateOnly ? { timeZone: 'UTC' } : {}),
  }).format(date);
}

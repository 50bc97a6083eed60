import { useSession } from '@/api/session-context';

/**
 * An amount (a decimal string from the API) in the group's currency and the browser's locale.
 * The string goes to Intl as it is: Intl.NumberFormat accepts decimal strings exactly, no float maths.
 */
export function Money({ amount, currency }: { amount: string; currency?: string }) {
  const { claims } = useSession();
  return <span className="money">{formatMoney(amount, currency ?? claims?.currency ?? 'EUR')}</span>;
}

export function formatMoney(amount: string, currency: string, locale?: string): string {
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amount as unknown as number);
  } catch {
    return `${amount} ${currency}`;
  }
}

/** An instant (ISO 8601) or a date (`YYYY-MM-DD`) in the browser's locale, inside a <time>. */
export function DateText({ value, withTime = false }: { value: string; withTime?: boolean }) {
  return <time dateTime={value}>{formatDate(value, withTime)}</time>;
}

export function formatDate(value: string, withTime = false, locale?: string): string {
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const date = new Date(dateOnly ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(locale, {
    dateStyle: 'medium',
    ...(withTime && !dateOnly ? { timeStyle: 'short' } : {}),
    ...(dateOnly ? { timeZone: 'UTC' } : {}),
  }).format(date);
}

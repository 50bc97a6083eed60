/**
 * Amounts as people type them and as the API takes them: decimal strings, never floats.
 * "12,5" and "1 234.50" are accepted and become "12.5" and "1234.50"; arithmetic never happens here.
 */
import { translate } from '@/i18n';

const API_AMOUNT = /^(0|[1-9]\d{0,8})(\.\d{1,2})?$/;

/** The typed text as the API's decimal string (comma or dot as the separator, spaces dropped), or null. */
export function normaliseAmount(input: string): string | null {
  const compact = input.trim().replace(/[\s\u00a0\u202f']/g, '');
  // one separator: a comma or a dot followed by 1–2 digits is the decimal point
  const decimal = compact.replace(/,(\d{1,2})$/, '.$1');
  if (!API_AMOUNT.test(decimal)) return null;
  return decimal;
}

/** The message for an amount field, or true when the amount is usable. */
export function validateAmount(input: string): true | string {
  if (!input.trim()) return translate('budget.amount.required');
  const amount = normaliseAmount(input);
  if (amount === null) return translate('budget.amount.invalid');
  if (/^0(\.0{1,2})?$/.test(amount)) return translate('budget.amount.zero');
  return true;
}

/** A balance as typed ("1 250,00", "-80.5", "−80.50"; empty is zero) as the API's signed decimal string, or null. */
export function normaliseBalance(input: string): string | null {
  const trimmed = input.trim().replace(/^[\u2212\u2013]/, '-');
  if (!trimmed) return '0.00';
  const negative = trimmed.startsWith('-');
  const amount = normaliseAmount(negative ? trimmed.slice(1) : trimmed);
  if (amount === null) return null;
  return negative && !/^0(\.0{1,2})?$/.test(amount) ? `-${amount}` : amount;
}

/** The message for an opening-balance field, or true. */
export function validateBalance(input: string): true | string {
  return normaliseBalance(input) === null ? translate('budget.balance.invalid') : true;
}

/** Today as YYYY-MM-DD in the browser's time zone (what a person means by "today"). */
export function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/** A signed decimal string for display: expenses and outgoing transfers are shown negative. */
export function negate(amount: string): string {
  return amount.startsWith('-') ? amount.slice(1) : `-${amount}`;
}

/** Adds decimal strings exactly, in integer cents (BigInt), for the overview's total. */
export function sumCents(amounts: string[]): string {
  let cents = 0n;
  for (const amount of amounts) {
    const negative = amount.startsWith('-');
    const [whole, fraction = ''] = amount.replace('-', '').split('.');
    const value = BigInt(whole) * 100n + BigInt((fraction + '00').slice(0, 2));
    cents += negative ? -value : value;
  }
  const sign = cents < 0n ? '-' : '';
  const absolute = cents < 0n ? -cents : cents;
  return `${sign}${absolute / 100n}.${String(absolute % 100n).padStart(2, '0')}`;
}

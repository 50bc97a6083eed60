import { currentLocale, translate } from '@/i18n';
import { amountReadings, formatAmountInput, fromCents, parseAmount, sumCents as sumDomainCents, toCents } from '@domain/amount';
import { intlLocale } from '@/ui/amount';

/**
 * Amounts as people type them and as the API takes them: decimal strings, never floats.
 * "12,5" and "1 234.50" are accepted and become "12.5" and "1234.50" (@domain/amount reads them in
 * the chosen language); arithmetic never happens here.
 */

const API_AMOUNT = /^(0|[1-9]\d{0,8})(\.\d{1,2})?$/;

/** The typed text, as the chosen language writes amounts ("1.250,00" in German), as the API's decimal string, or null. */
export function normaliseAmount(input: string): string | null {
  const decimal = parseAmount(input, intlLocale(currentLocale()));
  return decimal !== null && API_AMOUNT.test(decimal) ? decimal : null;
}

/** The two amounts a typed text may mean, as the API's decimal strings: fifteen hundred first, then the decimal. */
export interface AmountChoices {
  thousands: string;
  decimal: string;
}

/**
 * When the typed text's only separator sits three digits from the end ("1.500", "1,500", "12.000";
 * "-1,500" for a balance), the two amounts it may mean, each as the API takes it ("1500", "1.50"):
 * such a text is asked about before it is saved, never read one way silently. Null when the text
 * reads one way only, or when one of the two readings is no amount the API takes ("1,234" cannot be
 * 1.234 of a currency with cents; "0,500" cannot be fifteen hundred): it is then read as always.
 */
export function amountChoices(input: string, signed = false): AmountChoices | null {
  const readings = amountReadings(input);
  if (!readings) return null;
  const negative = readings.thousands.startsWith('-');
  if (negative && !signed) return null;
  const fit = (reading: string): string | null => {
    // "1.500" is 1.50: a third decimal may be a zero, nothing else
    const plain = reading.replace('-', '').replace(/(\.\d\d)0$/, '$1');
    return API_AMOUNT.test(plain) ? `${negative ? '-' : ''}${plain}` : null;
  };
  const thousands = fit(readings.thousands);
  const decimal = fit(readings.decimal);
  return thousands && decimal ? { thousands, decimal } : null;
}

/** A stored amount put back into a field for editing, as the chosen language writes it ("1.250,00"). */
export function amountForInput(amount: string): string {
  return formatAmountInput(amount, intlLocale(currentLocale()));
}

/** The message for an amount field, or true when the amount is usable. */
export function validateAmount(input: string): true | string {
  if (!input.trim()) return translate('budget.amount.required');
  // a text that may mean two amounts is asked about when the form is saved
  if (amountChoices(input)) return true;
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
  return normaliseBalance(input) === null && !amountChoices(input, true) ? translate('budget.balance.invalid') : true;
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

/** Adds decimal strings exactly, in integer cents (@domain/amount's Cents), for the overview's and the import's totals. */
export function sumCents(amounts: string[]): string {
  return fromCents(sumDomainCents(amounts.map(toCents)));
}

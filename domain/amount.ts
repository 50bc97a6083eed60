/*
 * Amounts as people type them into a search box, the same on the service and in the app: "42.50",
 * "42,50", "42", "1.250,00", "1,250.00" (at most two decimals). Money is integer cents (`bigint`),
 * never a float.
 */

/** Cents, the one money representation of the domain. */
export type Cents = bigint;

const TYPED = /^(?:(\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d{1,2}))?|(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?)$/;

/** The cents a word of a query names ("1.250,00" → 125000n), or null when it names no amount (more than 10 whole digits included). */
export function typedAmount(word: string): Cents | null {
  const match = TYPED.exec(word);
  if (!match) return null;
  const whole = (match[1] ?? match[3]).replace(/[.,]/g, '');
  if (whole.length > 10) return null;
  const fraction = (match[2] ?? match[4] ?? '').padEnd(2, '0');
  return BigInt(whole) * 100n + BigInt(fraction);
}

/** Decimal text as the API writes amounts ("-12.50", "3") → cents; null when it is not such text. */
export function decimalCents(text: string): Cents | null {
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const cents = BigInt(match[2]) * 100n + BigInt((match[3] ?? '').padEnd(2, '0'));
  return match[1] ? -cents : cents;
}

/**
 * Decimal text as the API takes amounts → the text numeric(14,2) reads back as, two decimals:
 * "12.3" → "12.30", "-80.5" → "-80.50", "-0" → "0.00" (amounts are stored and shown so).
 */
export function normaliseMoney(value: string): string {
  const negative = value.startsWith('-');
  const [whole, fraction = ''] = value.replace('-', '').split('.');
  const text = `${whole}.${fraction.padEnd(2, '0')}`;
  return negative && !/^0\.00$/.test(text) ? `-${text}` : text;
}

/** Cents → decimal text with two decimals ("-12.50"). */
export function centsDecimal(cents: Cents): string {
  const sign = cents < 0n ? '-' : '';
  const abs = cents < 0n ? -cents : cents;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

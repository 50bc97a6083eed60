import type { Cents } from '../../../../../domain/amount';
import { STATEMENT_LIMITS } from './limits';

/** Which character separates the cents: `1.234,56` (comma) or `1,234.56` (dot). */
export type DecimalSeparator = ',' | '.';

const COMMA_DECIMAL = /^\D*\d{1,3}(\.\d{3})*,\d{1,2}\D*$|^\D*\d+,\d{1,2}\D*$/;
const DOT_DECIMAL = /^\D*\d{1,3}(,\d{3})*\.\d{1,2}\D*$|^\D*\d+\.\d{1,2}\D*$/;

/**
 * The decimal separator of a column's values: the one the unambiguous values agree on (`12,50`,
 * `1.234,56` say comma; `12.50`, `1,234.56` say dot); values such as `1.234` or `100` tell
 * nothing, and then `fallback` decides (comma for `;`-separated files, the European habit).
 */
export function detectDecimalSeparator(values: string[], fallback: DecimalSeparator): DecimalSeparator {
  let comma = 0;
  let dot = 0;
  for (const raw of values) {
    if (raw.length > STATEMENT_LIMITS.cell) continue;
    const value = raw.replace(/\s/g, '');
    if (COMMA_DECIMAL.test(value)) comma++;
    else if (DOT_DECIMAL.test(value)) dot++;
  }
  if (comma === dot) return fallback;
  return comma > dot ? ',' : '.';
}

/** Largest amount a transaction may carry (numeric(14,2) and the API's rule). */
export const MAX_CENTS = 99_999_999_999n;

/**
 * A bank's amount text to signed integer cents, or undefined when it is not a number:
 * thousands separators, a currency sign or code, a sign before or after (`12,50-`), parentheses
 * (`(12.50)`, accountants' negative) and the Unicode minus are understood.
 */
export function parseAmount(raw: string, separator: DecimalSeparator): Cents | undefined {
  // longer is no amount (and the patterns below stay linear on what they are given)
  if (raw.length > STATEMENT_LIMITS.cell) return undefined;
  let text = raw.replace(/[\s\u00a0\u202f']/g, '');
  if (!text) return undefined;
  let negative = false;
  if (/^\(.*\)$/.test(text)) {
    negative = true;
    text = text.slice(1, -1);
  }
  text = text.replace(/\u2212/g, '-');
  // currency symbols or codes around the number
  text = text.replace(/^[A-Za-z$€£¥]+/, '').replace(/[A-Za-z$€£¥]+$/, '');
  if (text.startsWith('-')) {
    negative = !negative;
    text = text.slice(1);
  } else if (text.startsWith('+')) text = text.slice(1);
  else if (text.endsWith('-')) {
    negative = !negative;
    text = text.slice(0, -1);
  } else if (text.endsWith('+')) text = text.slice(0, -1);
  text = text.replace(/^[A-Za-z$€£¥]+/, '');
  const thousands = separator === ',' ? '.' : ',';
  const pattern = separator === ',' ? /^(\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d{1,2}))?$/ : /^(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/;
  // a leading separator: ",50" / ".50"
  if (text.startsWith(separator)) text = `0${text}`;
  const match = pattern.exec(text);
  if (!match) return undefined;
  const whole = match[1].split(thousands).join('');
  if (whole.length > 12) return undefined;
  const cents = BigInt(whole) * 100n + BigInt((match[2] ?? '').padEnd(2, '0'));
  if (cents > MAX_CENTS) return undefined;
  return negative ? -cents : cents;
}

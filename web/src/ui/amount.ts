import { currentLocale } from '@/i18n';

/**
 * Amounts as people type them, in their language: "1.250,00", "1250,00", "1 250,00" and "1250.00"
 * are all 1250.00 in German; "1,250.00" and "1250.00" in English. Pure, and a decimal string out:
 * the text is only rearranged, never turned into a JavaScript number.
 */

/**
 * The tag Intl formats with: the browser's own regional variant of the chosen language when it
 * has one (German chosen on a de-AT browser: de-AT; English on en-GB: 15 Dec 2026), else the
 * language itself.
 */
export function intlLocale(locale: string = currentLocale()): string {
  const languages = typeof navigator === 'undefined' ? [] : navigator.languages;
  return languages.find((tag) => tag.toLowerCase().split('-')[0] === locale) ?? locale;
}

/** What may separate groups of thousands: dots, commas, spaces (no-break ones too) and apostrophes (Swiss). */
const GROUP = /[.,\s'\u2019]/;
const ALLOWED = /^[\d.,\s'\u2019]+$/;
const MINUS = /^[-\u2212\u2013]/;

/** The locale's decimal separator ("," in German, "." in English). */
export function decimalSeparator(locale: string): string {
  try {
    return new Intl.NumberFormat(locale).formatToParts(1.5).find((part) => part.type === 'decimal')?.value ?? '.';
  } catch {
    return '.';
  }
}

/**
 * The typed text as a decimal string ("-1250.00", "12.5", "7"), with as many decimals as typed, or
 * null when it is not an amount. A currency sign is ignored; a leading minus (or "−") makes it
 * negative. Which of "." and "," is the decimal point: the last one when both occur; else the
 * locale's decimal separator; else the other one, when it occurs once and is not followed by
 * exactly three digits ("1250.00" and "12.5" in German are decimals, "1.250" is a thousand).
 * Groups of thousands must have three digits ("1.250.000", not "1.25.0").
 */
export function parseAmount(input: string, locale: string): string | null {
  const { negative, text } = unsigned(input);
  if (!text || !ALLOWED.test(text)) return null;

  const point = decimalPoint(text, decimalSeparator(locale));
  if (point === undefined) return null;
  const at = point === null ? -1 : text.lastIndexOf(point);
  const whole = at < 0 ? text : text.slice(0, at);
  const fraction = at < 0 ? '' : text.slice(at + 1);
  if (at >= 0 && !/^\d+$/.test(fraction)) return null;

  const groups = whole.split(GROUP);
  if (!groups[0] || !/^\d+$/.test(groups[0])) return null;
  if (groups.length > 1 && (groups[0].length > 3 || groups.slice(1).some((group) => !/^\d{3}$/.test(group)))) return null;

  const digits = groups.join('');
  return `${negative ? '-' : ''}${digits}${fraction ? `.${fraction}` : ''}`;
}

/** The text without a currency sign and without its leading minus, which `negative` says. */
function unsigned(input: string): { negative: boolean; text: string } {
  const text = input.replace(/\p{Sc}/gu, '').trim();
  const negative = MINUS.test(text);
  return { negative, text: negative ? text.slice(1).trim() : text };
}

/** One "." or "," with exactly three digits after it and one to three before (no leading zero). */
const EITHER_WAY = /^([1-9]\d{0,2})[.,](\d{3})$/;

/**
 * The two amounts a text may mean when its only separator is a "." or "," exactly three digits
 * from the end ("1.500", "1,500", "12.000", "-1,500"): that many thousands ("1500") or a decimal
 * ("1.500"), both as decimal strings; null for every other text. The languages disagree on such
 * a text (German reads "1.500" as fifteen hundred, English as one and a half), and a person used
 * to the other convention would be read 1 000 times off, so the app asks instead of choosing.
 * Two separators ("1.250,00") or one not three digits from the end ("12,50") read one way only.
 */
export function amountReadings(input: string): { thousands: string; decimal: string } | null {
  const { negative, text } = unsigned(input);
  const match = EITHER_WAY.exec(text);
  if (!match) return null;
  const sign = negative ? '-' : '';
  return { thousands: `${sign}${match[1]}${match[2]}`, decimal: `${sign}${match[1]}.${match[2]}` };
}

/** The decimal point of the text: "." or ",", null when it has none, undefined when it cannot be read. */
function decimalPoint(text: string, localeDecimal: string): string | null | undefined {
  const dot = text.lastIndexOf('.');
  const comma = text.lastIndexOf(',');
  if (dot >= 0 && comma >= 0) {
    const point = dot > comma ? '.' : ',';
    return count(text, point) === 1 ? point : undefined;
  }
  const separator = dot >= 0 ? '.' : comma >= 0 ? ',' : null;
  if (separator === null) return null;
  const times = count(text, separator);
  if (separator === localeDecimal) return times === 1 ? separator : undefined;
  const after = text.length - text.lastIndexOf(separator) - 1;
  return times === 1 && after !== 3 ? separator : null;
}

function count(text: string, char: string): number {
  return text.split(char).length - 1;
}

/** An amount as the locale writes it for typing (no currency sign): "1.250,00" in German. */
export function formatAmountInput(amount: string, locale: string): string {
  try {
    return new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount as unknown as number);
  } catch {
    return amount;
  }
}

/*
 * Money and amounts, the same on the service and in the app. Money is integer cents (`Cents`,
 * a `bigint`), never a float; the API writes amounts as decimal strings ("-12.50"). Amounts as
 * people type them: into a search box in any language ("42,50", "1.250,00", "1,250.00"), into a
 * form in their language (`parseAmount`), and written back in it (`formatMoney`,
 * `formatAmountInput`); exchange rates likewise (`parseRateInput`, `formatRateInput`).
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

const DECIMAL = /^(-?)(\d{1,16})(?:\.(\d{1,2}))?$/;

/** Decimal text as the API writes amounts ("-12.50", "3") → cents; null when it is not such text. */
export function decimalCents(text: string): Cents | null {
  const match = DECIMAL.exec(text);
  if (!match) return null;
  const cents = BigInt(match[2]) * 100n + BigInt((match[3] ?? '').padEnd(2, '0'));
  return match[1] ? -cents : cents;
}

/** "12.3" → 1230n, "-0.05" → -5n. Throws on anything else (the DTOs, or the form, have checked the text). */
export function toCents(text: string): Cents {
  const cents = decimalCents(text);
  if (cents === null) throw new Error(`not a decimal amount: ${text}`);
  return cents;
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

/** Cents → decimal text with two decimals: 1230n → "12.30", -5n → "-0.05". */
export function fromCents(cents: Cents): string {
  const sign = cents < 0n ? '-' : '';
  const abs = cents < 0n ? -cents : cents;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

/** The size of an amount, its sign dropped: -1250n → 1250n. */
export function absCents(cents: Cents): Cents {
  return cents < 0n ? -cents : cents;
}

/** The sum of some cents. */
export function sumCents(values: Iterable<Cents>): Cents {
  let total = 0n;
  for (const value of values) total += value;
  return total;
}

// ---- in a person's language ------------------------------------------------------------------

/**
 * An amount (the API's decimal string) in a currency as `locale` writes it ("1.250,00 €" in
 * German, "€1,250.00" in English). The string goes to Intl as it is: Intl.NumberFormat takes
 * decimal strings exactly, no float maths. An unknown currency or locale: "1250.00 XYZ".
 */
export function formatMoney(amount: string, currency: string, locale: string): string {
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amount as unknown as number);
  } catch {
    return `${amount} ${currency}`;
  }
}

/** An amount as `locale` writes it for typing, without a currency sign: "1.250,00" in German. */
export function formatAmountInput(amount: string, locale: string): string {
  try {
    return new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount as unknown as number);
  } catch {
    return amount;
  }
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
 * The text a person typed, in their language, as a decimal string ("-1250.00", "12.5", "7"), with
 * as many decimals as typed, or null when it is not an amount: "1.250,00", "1250,00", "1 250,00"
 * and "1250.00" are all 1250.00 in German; "1,250.00" and "1250.00" in English. A currency sign
 * is ignored; a leading minus (or "−") makes it negative. Which of "." and "," is the decimal
 * point: the last one when both occur; else the locale's decimal separator; else the other one,
 * when it occurs once and is not followed by exactly three digits ("1250.00" and "12.5" in German
 * are decimals, "1.250" is a thousand). Groups of thousands must have three digits ("1.250.000",
 * not "1.25.0"). The text is only rearranged, never turned into a JavaScript number.
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

// ---- exchange rates in a person's language ---------------------------------------------------

/**
 * A rate (the API's decimal string, "1.0611") as `locale` writes it for typing: "1,0611" in
 * German, "1.0611" in English. Every decimal is kept and no groups are added (a rate typed back
 * must read as the same rate); only the point is exchanged, so nothing passes through a float.
 */
export function formatRateInput(rate: string, locale: string): string {
  return rate.replace('.', decimalSeparator(locale));
}

/**
 * A rate as a person typed it → the API's decimal string, or null when it is not one (a sign, a
 * currency, letters, more than the 8 decimals domain/currency.ts allows). Both "1,0611" and
 * "1.0611" are 1.0611 in every language: a rate has decimals far more often than thousands, so one
 * "." or "," alone (or the language's own decimal sign) is its decimal point. Groups of thousands
 * are read only before a decimal point ("1.500,25", "1,500.25"). The text is only rearranged,
 * never made a number.
 */
export function parseRateInput(input: string, locale: string): string | null {
  const own = decimalSeparator(locale);
  const text = (own === '.' || own === ',' ? input : input.split(own).join('.')).trim();
  const plain = /^(\d+)(?:[.,](\d{1,8}))?$/.exec(text);
  if (plain) return plain[2] ? `${plain[1]}.${plain[2]}` : plain[1];
  // groups of thousands only before a decimal point: "1.500,25", "1 500,25", "1,500.25"
  const grouped = /^[\d.,\s'\u2019]+$/.test(text) ? parseAmount(text, locale) : null;
  return grouped !== null && /\.\d{1,8}$/.test(grouped) ? grouped : null;
}

/*
 * Money in other currencies, the same on the service and in the app (docs/budget.md, "Other
 * currencies"). An amount paid in another currency is kept with the rate at which it was paid, the
 * group's currency per 1 unit of it; the group's amount is that amount × rate, rounded half-up to
 * the cent. Rates are decimal strings of at most 8 decimals, amounts decimal strings, results
 * integer cents (`bigint`): no value here ever passes through a JavaScript float.
 */
import type { Cents } from './amount';

/** Decimals a rate may have. */
export const RATE_DECIMALS = 8;
const RATE_SCALE = 10n ** BigInt(RATE_DECIMALS);

/** A rate as the API takes it: > 0, at most 8 decimals, at most 10 whole digits. */
export const RATE_PATTERN = /^\d{1,10}(?:\.\d{1,8})?$/;

/** A decimal string → its digits as an integer and its number of decimals ("84.5" → 845n, 1); null when it is not one. */
function scaled(text: string): { value: bigint; scale: number } | null {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return null;
  const fraction = match[2] ?? '';
  return { value: BigInt(match[1] + fraction), scale: fraction.length };
}

/** `numerator / denominator` rounded half-up (both ≥ 0, denominator > 0). */
function divideHalfUp(numerator: bigint, denominator: bigint): bigint {
  return (numerator * 2n + denominator) / (denominator * 2n);
}

/** A rate's value in units of 10⁻⁸ ("1.0611" → 106110000n); null when it is not a valid rate (> 0, ≤ 8 decimals). */
export function rateUnits(rate: string): bigint | null {
  if (!RATE_PATTERN.test(rate)) return null;
  const parsed = scaled(rate)!;
  const units = parsed.value * 10n ** BigInt(RATE_DECIMALS - parsed.scale);
  return units > 0n ? units : null;
}

/** Units of 10⁻⁸ as a rate's text, without trailing zeros (106110000n → "1.0611"). */
export function unitsRate(units: bigint): string {
  const whole = units / RATE_SCALE;
  const fraction = String(units % RATE_SCALE)
    .padStart(RATE_DECIMALS, '0')
    .replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : String(whole);
}

/** Whether `rate` is a rate the API takes: a decimal string > 0 with at most 8 decimals. */
export function isRate(rate: string): boolean {
  return rateUnits(rate) !== null;
}

/**
 * The cents of `amount` (a decimal string ≥ 0, any number of decimals) × `rate` (≤ 8 decimals),
 * rounded half-up to the cent: "84.00" at "1.0611" → 8913n (89.1324 → 89.13).
 */
export function convertToCents(amount: string, rate: string): Cents {
  const a = scaled(amount);
  const r = rateUnits(rate);
  if (!a || r === null) throw new Error(`not an amount and a rate: ${amount}, ${rate}`);
  // amount × rate = a.value × r / 10^(a.scale + 8); in cents: × 100
  return divideHalfUp(a.value * r * 100n, 10n ** BigInt(a.scale + RATE_DECIMALS));
}

/**
 * Cents in the group's currency → the amount in the other currency at `rate` (group per unit),
 * rounded half-up to `digits` decimals (its minor unit), as a decimal string with that many decimals.
 * Signed: a negative amount converts to a negative one ("-10.00" stays owed).
 */
export function convertFromCents(cents: Cents, rate: string, digits = 2): string {
  const r = rateUnits(rate);
  if (r === null) throw new Error(`not a rate: ${rate}`);
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  // cents / 100 / (r / 10^8) in units of 10^-digits = abs × 10^8 × 10^digits / (100 × r)
  const units = divideHalfUp(abs * RATE_SCALE * 10n ** BigInt(digits), 100n * r);
  return (negative && units > 0n ? '-' : '') + decimalOf(units, digits);
}

/** An integer of 10^-digits units as a decimal string with that many decimals. */
function decimalOf(units: bigint, digits: number): string {
  if (digits === 0) return String(units);
  const scale = 10n ** BigInt(digits);
  return `${units / scale}.${String(units % scale).padStart(digits, '0')}`;
}

/**
 * The rate of one currency in another through a third (the euro: the ECB gives units per euro):
 * `perEuroOf` units of the paid currency and `perEuroGroup` units of the group's per euro → the
 * group's currency per 1 unit of the paid one, rounded half-up to 8 decimals. Either may be "1"
 * (the euro itself).
 */
export function crossRate(perEuroGroup: string, perEuroOf: string): string {
  if (rateUnits(perEuroGroup) === null || rateUnits(perEuroOf) === null) throw new Error(`not rates: ${perEuroGroup}, ${perEuroOf}`);
  return impliedRate(perEuroGroup, perEuroOf);
}

/**
 * The rate at which `original` (an amount as paid, a decimal string > 0, any number of decimals)
 * became `amount` (the group's, likewise): amount ÷ original, the group's currency per 1 unit,
 * rounded half-up to 8 decimals ("89.13" for "84.00" → "1.06107143"). Never 0: the smallest is
 * one unit of 10⁻⁸. Throws on text that is not such a decimal.
 */
export function impliedRate(amount: string, original: string): string {
  const a = scaled(amount);
  const o = scaled(original);
  if (!a || !o || o.value === 0n) throw new Error(`not an amount and an original: ${amount}, ${original}`);
  // (a.value / 10^a.scale) / (o.value / 10^o.scale) in units of 10^-8
  const units = divideHalfUp(a.value * RATE_SCALE * 10n ** BigInt(o.scale), o.value * 10n ** BigInt(a.scale));
  // a rate rounded to 8 decimals is never 0: the smallest stays one unit
  return unitsRate(units > 0n ? units : 1n);
}

/**
 * A rate written with any number of decimals (a bank's "1.0611235412") rounded half-up to the 8 a
 * rate keeps; null when it is not a decimal string > 0 with at most 10 whole digits (and 40 characters).
 */
export function roundRate(text: string): string | null {
  if (text.length > 40 || !/^\d{1,10}(?:\.\d+)?$/.test(text) || !/[1-9]/.test(text)) return null;
  const rate = impliedRate(text, '1');
  return isRate(rate) ? rate : null;
}

/** Whether two amounts in cents differ by more than one cent (400 AMOUNT_RATE_MISMATCH). */
export function differsByMoreThanACent(a: Cents, b: Cents): boolean {
  return a - b > 1n || b - a > 1n;
}

let codes: Set<string> | undefined;
/** ISO 4217 codes the runtime knows (Intl.supportedValuesOf, kept with its ICU data). */
export function currencyCodes(): ReadonlySet<string> {
  codes ??= new Set(Intl.supportedValuesOf('currency'));
  return codes;
}

/** Whether `code` is an ISO 4217 currency code ("CHF"; upper case). */
export function isCurrencyCode(code: string): boolean {
  return /^[A-Z]{3}$/.test(code) && currencyCodes().has(code);
}

/** The decimals of a currency's minor unit (EUR 2, JPY 0, KWD 3), as ICU knows them. */
export function currencyDigits(code: string): number {
  return new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions().maximumFractionDigits ?? 2;
}

/**
 * An amount in `code` normalised to its minor unit ("84" → "84.00", "1500" in JPY → "1500"); null
 * when it has more decimals than the currency has, is not a decimal string > 0, or is beyond 10^10.
 */
export function normaliseOriginalAmount(amount: string, code: string): string | null {
  const match = /^(\d{1,10})(?:\.(\d+))?$/.exec(amount);
  if (!match) return null;
  const digits = currencyDigits(code);
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  if (fraction.length > digits) return null;
  const text = digits === 0 ? String(BigInt(match[1])) : `${BigInt(match[1])}.${fraction.padEnd(digits, '0')}`;
  return /[1-9]/.test(text) ? text : null;
}

/** What a transaction carries when it was paid in another currency. */
export interface Original {
  /** the amount as paid, a decimal string in the currency's minor unit */
  amount: string;
  /** ISO 4217 */
  currency: string;
  /** the group's currency per 1 unit of `currency`, a decimal string, ≤ 8 decimals */
  rate: string;
}

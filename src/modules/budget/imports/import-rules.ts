import { createHash } from 'node:crypto';
import { absCents, type Cents, fromCents } from '../../../../domain/amount';
import {
  convertFromCents,
  convertToCents,
  currencyDigits,
  differsByMoreThanACent,
  impliedRate,
  isCurrencyCode,
  isRate,
  normaliseOriginalAmount,
  type Original,
} from '../../../../domain/currency';
import type { StatementOriginal, StatementRow } from './parse';

/**
 * The import ref of each row: the bank's own id when the format has one (OFX FITID, CAMT
 * AcctSvcrRef / NtryRef), else a hash of the account, date, amount, texts and the row's occurrence
 * among identical rows of the file, so two identical card payments on one day stay two rows and a
 * re-import of the same file matches both.
 */
export function importRefs(accountId: string, rows: StatementRow[]): string[] {
  const seen = new Map<string, number>();
  return rows.map((row) => {
    if (row.bankRef) {
      // a bank id repeated within one file (a batch split, a sloppy export) stays distinct
      const n = (seen.get(row.bankRef) ?? 0) + 1;
      seen.set(row.bankRef, n);
      const ref = n === 1 ? row.bankRef : `${row.bankRef}#${n}`;
      return ref.length <= 200 ? ref : `h:${sha(ref)}`;
    }
    const key = [accountId, row.date, row.cents, row.description, row.payee ?? ''].join('\n');
    const n = (seen.get(key) ?? 0) + 1;
    seen.set(key, n);
    return `h:${sha(`${key}\n${n}`)}`;
  });
}

/** The ref a row already imported takes in one preview, should the person include it anyway. */
export const duplicateRef = (ref: string, previewId: string) => `d:${sha(`${ref}\n${previewId}`)}`;

const sha = (value: string) => createHash('sha256').update(value).digest('hex').slice(0, 40);

/** Words that say how money moved, not to whom: never a key on their own. */
const GENERIC = new Set(
  (
    'sepa lastschrift kartenzahlung gutschrift ueberweisung überweisung dauerauftrag basislastschrift folgelastschrift card payment pos ' +
    'debit credit transfer purchase online the der die das und and von from to an zahlung visa mastercard ec eref svwz girocard ' +
    'direct deposit check cheque ach withdrawal atm fee'
  ).split(' '),
);

/** The words of a payee or description that name it: lower case, letters and digits, no bare numbers. */
function words(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length >= 2 && !/^\d+$/.test(word));
}

/** The keys a text is known by, most specific first: its first two words, then its first word. */
export function suggestionKeys(text: string): string[] {
  const list = words(text);
  const keys: string[] = [];
  if (list.length >= 2) keys.push(`${list[0]} ${list[1]}`);
  if (list.length >= 1 && list[0].length >= 3 && !GENERIC.has(list[0])) keys.push(list[0]);
  return keys;
}

export interface PastTransaction {
  description: string;
  type: string;
  category_id: string;
}

/**
 * The group's habits: for each key of a past categorised transaction's description and its type,
 * the category used most often (ties: the most recent, as `past` comes newest first).
 */
export class CategorySuggester {
  private readonly best = new Map<string, string>();

  constructor(past: PastTransaction[]) {
    const counts = new Map<string, Map<string, number>>();
    for (const row of past) {
      for (const key of suggestionKeys(row.description)) {
        const scoped = `${row.type}|${key}`;
        const byCategory = counts.get(scoped) ?? new Map<string, number>();
        byCategory.set(row.category_id, (byCategory.get(row.category_id) ?? 0) + 1);
        counts.set(scoped, byCategory);
      }
    }
    for (const [key, byCategory] of counts) {
      let top = '';
      let topCount = 0;
      // Map keeps first-seen order: newest first, so a tie keeps the newest
      for (const [category, count] of byCategory) if (count > topCount) [top, topCount] = [category, count];
      this.best.set(key, top);
    }
  }

  /** The category for a row: its payee's keys first, then its description's. */
  suggest(type: string, payee: string | undefined, description: string): string | undefined {
    const keys = [...(payee ? suggestionKeys(payee) : []), ...suggestionKeys(description)];
    for (const key of keys) {
      const found = this.best.get(`${type}|${key}`);
      if (found) return found;
    }
    return undefined;
  }
}

export interface ManualCandidate {
  id: string;
  date: string;
  type: string;
  amount: string;
}

const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;

/**
 * Rows that repeat a transaction typed by hand: same account (the caller's query), same type and
 * amount, date within ± 3 days. Each manual transaction answers for one row at most, the row
 * closest in date first.
 */
export function matchManual(rows: { index: number; date: string; type: string; amount: string }[], candidates: ManualCandidate[]): Map<number, string> {
  const pairs: { index: number; id: string; distance: number }[] = [];
  const byAmount = new Map<string, ManualCandidate[]>();
  for (const candidate of candidates) {
    const key = `${candidate.type}|${candidate.amount}`;
    const list = byAmount.get(key);
    if (list) list.push(candidate);
    else byAmount.set(key, [candidate]);
  }
  for (const row of rows) {
    for (const candidate of byAmount.get(`${row.type}|${row.amount}`) ?? []) {
      const distance = Math.abs(dayNumber(row.date) - dayNumber(candidate.date));
      if (distance <= 3) pairs.push({ index: row.index, id: candidate.id, distance });
    }
  }
  pairs.sort((a, b) => a.distance - b.distance || a.index - b.index);
  const matched = new Map<number, string>();
  const used = new Set<string>();
  for (const pair of pairs) {
    if (matched.has(pair.index) || used.has(pair.id)) continue;
    matched.set(pair.index, pair.id);
    used.add(pair.id);
  }
  return matched;
}

/** The description a created transaction carries: the payee, then what the bank says it was for. */
export function transactionDescription(payee: string | undefined, description: string): string | null {
  const parts = payee && description && description !== payee && !description.startsWith(payee) ? `${payee} — ${description}` : description || payee || '';
  return parts ? parts.slice(0, 500) : null;
}

/**
 * A row's `original` (docs/import.md, "Other currencies"), or undefined: the file's currency when it
 * is an ISO 4217 code other than the group's; the amount as paid in its minor unit (worked out from
 * the file's rate when the file gives only that); and the first of the file's rates that turns it
 * into the row's amount within a cent, else amount ÷ original rounded to a rate's 8 decimals (a
 * card's fee folded into the booked amount shows in the rate, as a manual rate with a fee does).
 */
export function importedOriginal(cents: Cents, given: StatementOriginal | undefined, groupCurrency: string): Original | undefined {
  if (!given) return undefined;
  const currency = given.currency.trim().toUpperCase();
  if (currency === groupCurrency || !isCurrencyCode(currency)) return undefined;
  const booked = absCents(cents);
  const rates = (given.rates ?? []).filter(isRate);
  const paid = given.amount ?? (rates.length ? convertFromCents(booked, rates[0], currencyDigits(currency)) : undefined);
  const amount = paid === undefined ? null : normaliseOriginalAmount(paid, currency);
  if (amount === null) return undefined;
  const rate = rates.find((candidate) => !differsByMoreThanACent(convertToCents(amount, candidate), booked)) ?? impliedRate(fromCents(booked), amount);
  return isRate(rate) ? { amount, currency, rate } : undefined;
}

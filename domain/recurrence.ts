/*
 * Date arithmetic of recurring transactions on `YYYY-MM-DD` strings (calendar dates, no time zone),
 * the same on the service (the scheduler, bill reminders) and in the app (the overview's "next 30
 * days"). Occurrence n is computed from the start date, never from the previous occurrence, so a
 * month end is clamped without drifting: 31 Jan → 28/29 Feb → 31 Mar.
 */

export const FREQUENCIES = ['Daily', 'Weekly', 'Monthly', 'Yearly'] as const;
export type Frequency = (typeof FREQUENCIES)[number];

export interface Recurrence {
  frequency: Frequency;
  /** every `interval` days, weeks, months or years (1 or more; a smaller one counts as 1) */
  interval: number;
  startDate: string;
  endDate: string | null;
}

const DAY_MS = 86_400_000;
const LAST_DATE = '9999-12-31';

const parts = (date: string) => ({ y: Number(date.slice(0, 4)), m: Number(date.slice(5, 7)), d: Number(date.slice(8, 10)) });
const dayNumber = (date: string) => {
  const { y, m, d } = parts(date);
  return Date.UTC(y, m - 1, d) / DAY_MS;
};
const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const format = (y: number, m: number, d: number) => `${pad(y, 4)}-${pad(m)}-${pad(d)}`;
const daysInMonth = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();
const stepOf = (rule: Recurrence) => Math.max(1, Math.trunc(rule.interval));

function fromDayNumber(n: number): string | null {
  const date = new Date(n * DAY_MS);
  return date.getUTCFullYear() > 9999 ? null : date.toISOString().slice(0, 10);
}

/** `date` plus `days` calendar days (at most 9999-12-31). */
export function addDays(date: string, days: number): string {
  return fromDayNumber(dayNumber(date) + days) ?? LAST_DATE;
}

export function dayAfter(date: string): string {
  return addDays(date, 1);
}

/** The n-th occurrence (n ≥ 0), or null past year 9999. */
export function occurrence(rule: Recurrence, n: number): string | null {
  const { y, m, d } = parts(rule.startDate);
  const step = n * stepOf(rule);
  switch (rule.frequency) {
    case 'Daily':
      return fromDayNumber(dayNumber(rule.startDate) + step);
    case 'Weekly':
      return fromDayNumber(dayNumber(rule.startDate) + 7 * step);
    case 'Monthly': {
      const months = y * 12 + (m - 1) + step;
      const year = Math.floor(months / 12);
      const month = (months % 12) + 1;
      return year > 9999 ? null : format(year, month, Math.min(d, daysInMonth(year, month)));
    }
    case 'Yearly': {
      const year = y + step;
      return year > 9999 ? null : format(year, m, Math.min(d, daysInMonth(year, m)));
    }
  }
}

/** The index of the first occurrence on or after `date`. */
function firstIndexOnOrAfter(rule: Recurrence, date: string): number {
  if (date <= rule.startDate) return 0;
  const start = parts(rule.startDate);
  const target = parts(date);
  const interval = stepOf(rule);
  let n: number;
  if (rule.frequency === 'Daily' || rule.frequency === 'Weekly') {
    const days = dayNumber(date) - dayNumber(rule.startDate);
    return Math.ceil(days / (interval * (rule.frequency === 'Weekly' ? 7 : 1)));
  } else if (rule.frequency === 'Monthly') {
    n = Math.floor((target.y * 12 + target.m - (start.y * 12 + start.m)) / interval);
  } else {
    n = Math.floor((target.y - start.y) / interval);
  }
  // the estimate may land in the right month or year but before the day: step forward
  for (;;) {
    const candidate = occurrence(rule, n);
    if (candidate === null || candidate >= date) return n;
    n++;
  }
}

const ended = (rule: Recurrence, date: string | null) => date === null || date > (rule.endDate ?? LAST_DATE);

/** The first occurrence on or after `date`, or null when the rule has ended by then. */
export function nextOnOrAfter(rule: Recurrence, date: string): string | null {
  const next = occurrence(rule, firstIndexOnOrAfter(rule, date));
  return ended(rule, next) ? null : next;
}

/**
 * The occurrences from `from` (the scheduler's cursor) up to and including `today`, at most
 * `limit` of them, and the occurrence after those (null when the rule ends first).
 */
export function dueOccurrences(rule: Recurrence, from: string, today: string, limit: number): { dates: string[]; next: string | null } {
  const dates: string[] = [];
  for (let n = firstIndexOnOrAfter(rule, from); ; n++) {
    const date = occurrence(rule, n);
    if (ended(rule, date)) return { dates, next: null };
    if (date! > today || dates.length >= limit) return { dates, next: date };
    dates.push(date!);
  }
}

/** The occurrences within [from, to] (both included, compared as text), at most `limit` of them. */
export function occurrencesBetween(rule: Recurrence, from: string, to: string, limit = 400): string[] {
  return dueOccurrences(rule, from, to, limit).dates;
}

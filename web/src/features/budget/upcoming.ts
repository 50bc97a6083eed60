/**
 * The dates a recurring transaction falls on within a window, for the overview's "next 30 days".
 * The n-th occurrence is counted from the start date (so a month end stays a month end: 31 Jan,
 * 28/29 Feb, 31 Mar), as the server's scheduler does; dates are `YYYY-MM-DD`, compared as text.
 */
export interface RecurrenceRule {
  frequency: 'Daily' | 'Weekly' | 'Monthly' | 'Yearly';
  interval: number;
  startDate: string;
  endDate: string | null;
  nextOccurrence: string | null;
  isEnabled: boolean;
}

const pad = (n: number) => String(n).padStart(2, '0');
const format = (date: Date) => `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
const parse = (text: string) => new Date(`${text}T00:00:00Z`);

/** `date` plus `days` calendar days. */
export function addDays(date: string, days: number): string {
  const next = parse(date);
  next.setUTCDate(next.getUTCDate() + days);
  return format(next);
}

/** The k-th occurrence after the start (k = 0 is the start itself). */
function occurrence(rule: RecurrenceRule, k: number): string {
  const start = parse(rule.startDate);
  const step = k * Math.max(1, rule.interval);
  if (rule.frequency === 'Daily') return addDays(rule.startDate, step);
  if (rule.frequency === 'Weekly') return addDays(rule.startDate, 7 * step);
  const months = rule.frequency === 'Monthly' ? step : 12 * step;
  const year = start.getUTCFullYear() + Math.floor((start.getUTCMonth() + months) / 12);
  const month = (start.getUTCMonth() + months) % 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return format(new Date(Date.UTC(year, month, Math.min(start.getUTCDate(), lastDay))));
}

/** The dates in [from, to] on which an enabled rule will create a transaction (from its next due date on). */
export function occurrencesBetween(rule: RecurrenceRule, from: string, to: string): string[] {
  if (!rule.isEnabled || !rule.nextOccurrence) return [];
  const first = rule.nextOccurrence > from ? rule.nextOccurrence : from;
  const last = rule.endDate && rule.endDate < to ? rule.endDate : to;
  const dates: string[] = [];
  // at most ~40 years of daily steps before the window: cheap, and bounded
  for (let k = 0; k < 20_000; k++) {
    const date = occurrence(rule, k);
    if (date > last) break;
    if (date >= first) dates.push(date);
  }
  return dates;
}

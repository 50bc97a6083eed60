/** The periods of the balances: presets on the local calendar, and the date a settle-up is recorded on. */
import type { Period } from './api';
import { today } from './money';

/** The period presets: this month, last month, this year, all time (dates as YYYY-MM-DD, local calendar). */
export function periodPresets(now = new Date()): { id: 'month' | 'lastMonth' | 'year' | 'all'; period: Period }[] {
  const day = (year: number, month: number, date: number) => {
    const value = new Date(year, month, date);
    return `${value.getFullYear()}-${String(value.getMonth() + 1).padStart(2, '0')}-${String(value.getDate()).padStart(2, '0')}`;
  };
  const year = now.getFullYear();
  const month = now.getMonth();
  return [
    { id: 'month', period: { from: day(year, month, 1), to: day(year, month + 1, 0) } },
    { id: 'lastMonth', period: { from: day(year, month - 1, 1), to: day(year, month, 0) } },
    { id: 'year', period: { from: day(year, 0, 1), to: day(year, 11, 31) } },
    { id: 'all', period: {} },
  ];
}

/** The date a settlement is recorded on: today, or the period's last day when the period ended before today (so it settles that period). */
export function settlementDate(period: Period, now = today()): string {
  return period.to && period.to < now ? period.to : now;
}

import { describe, expect, it } from 'vitest';
import { periodPresets, settlementDate } from './period';

describe('periodPresets', () => {
  it('gives this month, last month and this year on the calendar, and all time without dates', () => {
    const presets = Object.fromEntries(periodPresets(new Date(2026, 2, 31, 23, 30)).map((preset) => [preset.id, preset.period]));
    expect(presets).toEqual({
      month: { from: '2026-03-01', to: '2026-03-31' },
      lastMonth: { from: '2026-02-01', to: '2026-02-28' },
      year: { from: '2026-01-01', to: '2026-12-31' },
      all: {},
    });
  });

  it('crosses the year in January', () => {
    const lastMonth = periodPresets(new Date(2027, 0, 15)).find((preset) => preset.id === 'lastMonth');
    expect(lastMonth?.period).toEqual({ from: '2026-12-01', to: '2026-12-31' });
  });
});

describe('settlementDate', () => {
  it('is today, or the last day of a period that ended before today (so the payment settles that period)', () => {
    expect(settlementDate({}, '2026-11-27')).toBe('2026-11-27');
    expect(settlementDate({ from: '2026-11-01', to: '2026-11-30' }, '2026-11-27')).toBe('2026-11-27');
    expect(settlementDate({ from: '2026-08-01', to: '2026-08-14' }, '2026-11-27')).toBe('2026-08-14');
  });
});

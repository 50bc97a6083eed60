import { describe, expect, it } from 'vitest';
import { addDays, occurrencesBetween, type RecurrenceRule } from './upcoming';

const rule = (overrides: Partial<RecurrenceRule>): RecurrenceRule => ({
  frequency: 'Monthly',
  interval: 1,
  startDate: '2026-01-31',
  endDate: null,
  nextOccurrence: '2026-01-31',
  isEnabled: true,
  ...overrides,
});

describe('occurrencesBetween', () => {
  it('keeps a month end a month end, from the next due date on', () => {
    expect(occurrencesBetween(rule({ nextOccurrence: '2026-02-28' }), '2026-02-01', '2026-04-30')).toEqual(['2026-02-28', '2026-03-31', '2026-04-30']);
  });

  it('steps weekly and daily by the interval, inside the window only', () => {
    expect(occurrencesBetween(rule({ frequency: 'Weekly', interval: 2, startDate: '2026-11-02', nextOccurrence: '2026-11-30' }), '2026-11-26', '2026-12-26')).toEqual([
      '2026-11-30',
      '2026-12-14',
    ]);
    expect(occurrencesBetween(rule({ frequency: 'Daily', startDate: '2026-11-20', nextOccurrence: '2026-11-27' }), '2026-11-26', '2026-11-29')).toEqual([
      '2026-11-27',
      '2026-11-28',
      '2026-11-29',
    ]);
  });

  it('stops at the end date, and lists nothing for a disabled or ended rule', () => {
    expect(occurrencesBetween(rule({ frequency: 'Daily', startDate: '2026-11-26', nextOccurrence: '2026-11-26', endDate: '2026-11-27' }), '2026-11-26', '2026-12-26')).toEqual([
      '2026-11-26',
      '2026-11-27',
    ]);
    expect(occurrencesBetween(rule({ isEnabled: false }), '2026-01-01', '2026-12-31')).toEqual([]);
    expect(occurrencesBetween(rule({ nextOccurrence: null }), '2026-01-01', '2026-12-31')).toEqual([]);
  });

  it('handles 29 February yearly', () => {
    expect(occurrencesBetween(rule({ frequency: 'Yearly', startDate: '2028-02-29', nextOccurrence: '2029-02-28' }), '2029-01-01', '2029-12-31')).toEqual(['2029-02-28']);
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });
});

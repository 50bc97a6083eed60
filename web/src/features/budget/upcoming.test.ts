import { describe, expect, it } from 'vitest';
import { upcomingDates, type RecurrenceRule } from './upcoming';

// the arithmetic itself is tested once, in domain/recurrence.spec.ts; here only what the app adds
const rule = (overrides: Partial<RecurrenceRule>): RecurrenceRule => ({
  frequency: 'Monthly',
  interval: 1,
  startDate: '2026-01-31',
  endDate: null,
  nextOccurrence: '2026-01-31',
  isEnabled: true,
  ...overrides,
});

describe('upcomingDates', () => {
  it('starts at the next due date, not at the window, so an occurrence already created is not shown again', () => {
    expect(upcomingDates(rule({ frequency: 'Daily', startDate: '2026-11-20', nextOccurrence: '2026-11-27' }), '2026-11-26', '2026-11-29')).toEqual([
      '2026-11-27',
      '2026-11-28',
      '2026-11-29',
    ]);
  });

  it('lists nothing for a disabled or ended rule', () => {
    expect(upcomingDates(rule({ isEnabled: false }), '2026-01-01', '2026-12-31')).toEqual([]);
    expect(upcomingDates(rule({ nextOccurrence: null }), '2026-01-01', '2026-12-31')).toEqual([]);
  });
});

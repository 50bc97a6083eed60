import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { firstDate } from './reminder-dates';

// a fixed clock: Wednesday 2 December 2026, 10:00 in Berlin
const now = DateTime.fromISO('2026-12-02T10:00:00', { zone: 'Europe/Berlin' });

describe('the first date of a repeat chosen in words', () => {
  it('"every Saturday at 08:00" starts on the coming Saturday', () => {
    expect(firstDate({ repeat: 'Weekly', weekday: '6', time: '08:00', date: '' }, 'Europe/Berlin', now)).toBe('2026-12-05');
  });
  it('on the same day of the week: today while the time is ahead, else a week later', () => {
    expect(firstDate({ repeat: 'Weekly', weekday: '3', time: '18:00', date: '' }, 'Europe/Berlin', now)).toBe('2026-12-02');
    expect(firstDate({ repeat: 'Weekly', weekday: '3', time: '08:00', date: '' }, 'Europe/Berlin', now)).toBe('2026-12-09');
  });
  it('"every day at 08:00" starts tomorrow when 08:00 has passed today', () => {
    expect(firstDate({ repeat: 'Daily', weekday: '1', time: '08:00', date: '' }, 'Europe/Berlin', now)).toBe('2026-12-03');
  });
  it('not before a date given', () => {
    expect(firstDate({ repeat: 'Weekly', weekday: '1', time: '08:00', date: '2030-03-21' }, 'Europe/Berlin', now)).toBe('2030-03-25');
  });
  it('other repeats start on the date chosen', () => {
    expect(firstDate({ repeat: 'Monthly', weekday: '1', time: '08:00', date: '2026-12-15' }, 'Europe/Berlin', now)).toBe('2026-12-15');
  });
});

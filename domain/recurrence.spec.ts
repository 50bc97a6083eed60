import fc from 'fast-check';
import { addDays, dayAfter, dueOccurrences, FREQUENCIES, nextOnOrAfter, occurrence, occurrencesBetween, type Recurrence } from './recurrence';

const rule = (overrides: Partial<Recurrence>): Recurrence => ({ frequency: 'Monthly', interval: 1, startDate: '2027-01-31', endDate: null, ...overrides });
const first = (r: Recurrence, count: number) => Array.from({ length: count }, (_, n) => occurrence(r, n));

describe('recurrence', () => {
  it('clamps month ends without drifting', () => {
    expect(first(rule({}), 5)).toEqual(['2027-01-31', '2027-02-28', '2027-03-31', '2027-04-30', '2027-05-31']);
    expect(first(rule({ startDate: '2028-01-31' }), 2)).toEqual(['2028-01-31', '2028-02-29']);
    expect(first(rule({ startDate: '2027-01-30', interval: 3 }), 4)).toEqual(['2027-01-30', '2027-04-30', '2027-07-30', '2027-10-30']);
    expect(first(rule({ frequency: 'Yearly', startDate: '2028-02-29' }), 5)).toEqual(['2028-02-29', '2029-02-28', '2030-02-28', '2031-02-28', '2032-02-29']);
  });

  it('steps days and weeks by the interval across month and year ends', () => {
    expect(first(rule({ frequency: 'Daily', interval: 3, startDate: '2027-12-30' }), 3)).toEqual(['2027-12-30', '2028-01-02', '2028-01-05']);
    expect(first(rule({ frequency: 'Weekly', interval: 2, startDate: '2027-12-20' }), 3)).toEqual(['2027-12-20', '2028-01-03', '2028-01-17']);
  });

  it('finds the next occurrence on or after a date, and none after the end date', () => {
    const monthly = rule({ endDate: '2027-04-29' });
    expect(nextOnOrAfter(monthly, '2027-01-01')).toBe('2027-01-31');
    expect(nextOnOrAfter(monthly, '2027-02-01')).toBe('2027-02-28');
    expect(nextOnOrAfter(monthly, '2027-03-01')).toBe('2027-03-31');
    expect(nextOnOrAfter(monthly, '2027-04-01')).toBeNull();
    expect(nextOnOrAfter(rule({ frequency: 'Weekly', interval: 2, startDate: '2027-01-04' }), '2027-01-05')).toBe('2027-01-18');
    expect(nextOnOrAfter(rule({ frequency: 'Yearly', interval: 2, startDate: '2027-06-15' }), '2027-06-16')).toBe('2029-06-15');
  });

  it('lists the due occurrences up to today in batches, with the following one', () => {
    const daily = rule({ frequency: 'Daily', startDate: '2027-01-01' });
    expect(dueOccurrences(daily, '2027-01-01', '2027-01-03', 10)).toEqual({ dates: ['2027-01-01', '2027-01-02', '2027-01-03'], next: '2027-01-04' });
    expect(dueOccurrences(daily, '2027-01-01', '2027-01-03', 2)).toEqual({ dates: ['2027-01-01', '2027-01-02'], next: '2027-01-03' });
    expect(dueOccurrences({ ...daily, endDate: '2027-01-02' }, '2027-01-01', '2027-01-09', 10)).toEqual({ dates: ['2027-01-01', '2027-01-02'], next: null });
  });

  it('ends instead of passing year 9999', () => {
    expect(occurrence(rule({ frequency: 'Yearly', interval: 1000, startDate: '9500-01-01' }), 1)).toBeNull();
    expect(nextOnOrAfter(rule({ frequency: 'Daily', startDate: '9999-12-31' }), '9999-12-31')).toBe('9999-12-31');
    expect(dueOccurrences(rule({ frequency: 'Daily', startDate: '9999-12-31' }), '9999-12-31', '9999-12-31', 5)).toEqual({ dates: ['9999-12-31'], next: null });
  });
});

describe("occurrencesBetween (the overview's next days)", () => {
  it('keeps a month end a month end inside the window', () => {
    expect(occurrencesBetween(rule({ startDate: '2026-01-31' }), '2026-02-01', '2026-04-30')).toEqual(['2026-02-28', '2026-03-31', '2026-04-30']);
  });

  it('steps weekly and daily by the interval, inside the window only, and stops at the end date', () => {
    expect(occurrencesBetween(rule({ frequency: 'Weekly', interval: 2, startDate: '2026-11-02' }), '2026-11-26', '2026-12-26')).toEqual([
      '2026-11-30',
      '2026-12-14',
    ]);
    expect(occurrencesBetween(rule({ frequency: 'Daily', startDate: '2026-11-20', endDate: '2026-11-28' }), '2026-11-26', '2026-11-29')).toEqual([
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
    ]);
  });

  it('finds the dates of a rule that started long ago (the app once stopped counting after 20 000 steps)', () => {
    expect(occurrencesBetween(rule({ frequency: 'Daily', startDate: '1960-01-01' }), '2026-11-29', '2026-12-01')).toEqual([
      '2026-11-29',
      '2026-11-30',
      '2026-12-01',
    ]);
  });

  it('agrees with the scheduler on every rule: each date is an occurrence, in order, none skipped', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...FREQUENCIES),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 0, max: 20_000 }),
        fc.integer({ min: 0, max: 400 }),
        (frequency, interval, startOffset, windowDays) => {
          const r = rule({ frequency, interval, startDate: addDays('1990-01-01', startOffset) });
          const from = addDays('2026-01-01', -startOffset % 500);
          const to = addDays(from, windowDays);
          const dates = occurrencesBetween(r, from, to);
          let cursor = from;
          for (const date of dates) {
            expect(date).toBe(nextOnOrAfter(r, cursor));
            cursor = dayAfter(date);
          }
          const after = nextOnOrAfter(r, cursor);
          expect(after === null || after > to).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
});

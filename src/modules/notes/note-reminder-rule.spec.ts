import fc from 'fast-check';
import { DateTime } from 'luxon';
import { firstIndexFrom, localStart, occurrenceIn, ReminderRule } from './note-reminder-rule';

const rule = (startLocal: string, frequency: ReminderRule['frequency'], interval = 1, until: string | null = null): ReminderRule => ({
  startLocal,
  frequency,
  interval,
  until,
});
const iso = (at: DateTime | null) => at?.toISO({ suppressMilliseconds: true }) ?? null;

describe('note reminder occurrences', () => {
  it('keeps 08:00 in Berlin across both daylight-saving changes', () => {
    const weekly = rule('2027-03-22T08:00:00', 'Weekly');
    expect([0, 1, 2].map((n) => iso(occurrenceIn(weekly, n, 'Europe/Berlin')))).toEqual([
      '2027-03-22T08:00:00+01:00',
      '2027-03-29T08:00:00+02:00',
      '2027-04-05T08:00:00+02:00',
    ]);
    const autumn = rule('2027-10-25T08:00:00', 'Daily');
    expect([0, 5, 6].map((n) => iso(occurrenceIn(autumn, n, 'Europe/Berlin')))).toEqual([
      '2027-10-25T08:00:00+02:00',
      '2027-10-30T08:00:00+02:00',
      '2027-10-31T08:00:00+01:00',
    ]);
  });

  it('clamps month ends without drifting, as recurring transactions do', () => {
    const monthly = rule('2027-01-31T09:30:00', 'Monthly');
    expect([0, 1, 2, 3, 13].map((n) => occurrenceIn(monthly, n, 'UTC')!.toISODate())).toEqual([
      '2027-01-31',
      '2027-02-28',
      '2027-03-31',
      '2027-04-30',
      '2028-02-29',
    ]);
    const leap = rule('2028-02-29T07:00:00', 'Yearly');
    expect([0, 1, 4].map((n) => occurrenceIn(leap, n, 'UTC')!.toISODate())).toEqual(['2028-02-29', '2029-02-28', '2032-02-29']);
  });

  it('moves a wall-clock time a spring-forward skips forward by the gap', () => {
    expect(iso(occurrenceIn(rule('2027-03-28T02:30:00', null), 0, 'Europe/Berlin'))).toBe('2027-03-28T03:30:00+02:00');
  });

  it('ends at until and has one occurrence without repeat', () => {
    const daily = rule('2027-05-01T10:00:00', 'Daily', 1, '2027-05-03');
    expect([0, 1, 2, 3].map((n) => occurrenceIn(daily, n, 'UTC')?.toISODate() ?? null)).toEqual(['2027-05-01', '2027-05-02', '2027-05-03', null]);
    expect(occurrenceIn(rule('2027-05-01T10:00:00', null), 1, 'UTC')).toBeNull();
  });

  it('finds the first occurrence from a moment on: never an earlier one, never one skipped', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<ReminderRule['frequency']>('Daily', 'Weekly', 'Monthly', 'Yearly'),
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 0, max: 3 * 365 * 24 }),
        fc.constantFrom('Europe/Berlin', 'America/New_York', 'Australia/Lord_Howe', 'UTC'),
        (frequency, interval, hoursLater, zone) => {
          const r = rule('2026-01-31T08:00:00', frequency, interval);
          const instant = DateTime.fromISO('2026-01-31T08:00:00', { zone }).plus({ hours: hoursLater }).toJSDate();
          const n = firstIndexFrom(r, zone, instant)!;
          expect(occurrenceIn(r, n, zone)!.toMillis()).toBeGreaterThanOrEqual(instant.getTime());
          if (n > 0) expect(occurrenceIn(r, n - 1, zone)!.toMillis()).toBeLessThan(instant.getTime());
        },
      ),
      { numRuns: 300 },
    );
  });

  it('reads at as a wall-clock time in the zone, or as an instant when it has an offset', () => {
    expect(localStart('2027-03-29T08:00', 'Europe/Berlin')).toBe('2027-03-29T08:00:00');
    expect(localStart('2027-03-29T06:00:00Z', 'Europe/Berlin')).toBe('2027-03-29T08:00:00');
    expect(localStart('2027-02-30T08:00', 'UTC')).toBeNull();
  });
});

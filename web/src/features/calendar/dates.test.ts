import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatInstant, instantOf as domainInstantOf, wallClock as domainWallClock } from '@domain/calendar';
import { addMinutes, byDay, daysOf, instantOf, monthWeeks, nextFullHour, wallClock, weekStart } from './dates';

describe('calendar days and times in a zone', () => {
  it('turns a wall-clock time into the instant, on both sides of a daylight-saving change', () => {
    expect(instantOf('2026-10-24', '10:00', 'Europe/Berlin')).toBe('2026-10-24T08:00:00Z');
    expect(instantOf('2026-10-31', '10:00', 'Europe/Berlin')).toBe('2026-10-31T09:00:00Z');
    expect(instantOf('2026-03-29', '02:30', 'Europe/Berlin')).toBe('2026-03-29T01:30:00Z');
    expect(wallClock('2026-10-31T09:00:00Z', 'Europe/Berlin')).toEqual({ date: '2026-10-31', time: '10:00' });
    // the hour clocks repeat in October: its first
    expect(instantOf('2026-10-25', '02:30', 'Europe/Berlin')).toBe('2026-10-25T00:30:00Z');
  });

  it("agrees with the service's zone rules (domain/calendar) at any minute of the DST years, in zones east and west", () => {
    const zones = ['Europe/Berlin', 'America/New_York', 'Australia/Sydney', 'Asia/Kolkata', 'UTC'];
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(2026, 0, 1) / 60_000, max: Date.UTC(2028, 0, 1) / 60_000 }), fc.constantFrom(...zones), (minute, zone) => {
        const instant = new Date(minute * 60_000);
        const local = domainWallClock(instant, zone);
        expect(wallClock(instant, zone)).toEqual({ date: local.slice(0, 10), time: local.slice(11, 16) });
        expect(instantOf(local.slice(0, 10), local.slice(11, 16), zone)).toBe(formatInstant(domainInstantOf(local, zone)));
      }),
      { numRuns: 500 },
    );
    // a skipped time moves forward by the gap on both
    expect(instantOf('2026-03-08', '02:30', 'America/New_York')).toBe(formatInstant(domainInstantOf('2026-03-08T02:30:00', 'America/New_York')));
  });

  it('starts a new event at the next full hour, on the next day after 23:00', () => {
    expect(nextFullHour(new Date('2026-11-28T13:20:00Z'), 'Europe/Berlin')).toEqual({ date: '2026-11-28', time: '15:00' });
    expect(nextFullHour(new Date('2026-11-28T22:10:00Z'), 'Europe/Berlin')).toEqual({ date: '2026-11-29', time: '00:00' });
    expect(addMinutes('2026-11-28', '23:30', 60)).toEqual({ date: '2026-11-29', time: '00:30' });
  });

  it('lays out weeks from Monday and a month in whole weeks', () => {
    expect(weekStart('2026-11-29')).toBe('2026-11-23');
    const weeks = monthWeeks('2026-11-15');
    expect(weeks[0][0]).toBe('2026-10-26');
    expect(weeks.at(-1)?.at(-1)).toBe('2026-12-06');
  });

  it('lists an occurrence on every day it covers: all-day ends exclusive, a timed one ending at midnight not on the next day', () => {
    expect(daysOf({ start: '2026-12-24', end: '2026-12-27', allDay: true }, 'Europe/Berlin')).toEqual(['2026-12-24', '2026-12-25', '2026-12-26']);
    expect(daysOf({ start: '2026-11-28T19:00:00Z', end: '2026-11-28T23:00:00Z', allDay: false }, 'Europe/Berlin')).toEqual(['2026-11-28']);
    expect(daysOf({ start: '2026-11-28T22:00:00Z', end: '2026-11-29T01:00:00Z', allDay: false }, 'Europe/Berlin')).toEqual(['2026-11-28', '2026-11-29']);
    const days = byDay([{ start: '2026-11-28T09:00:00Z', end: '2026-11-28T10:00:00Z', allDay: false }], 'Pacific/Auckland');
    expect([...days.keys()]).toEqual(['2026-11-28']);
  });
});

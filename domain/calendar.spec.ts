import fc from 'fast-check';
import { checkRrule, countBefore, expandSeries, instantOf, memberColor, occurrencesFrom, wallClock, windowOf } from './calendar';

const berlin = (fromDate: string, toDate: string) => windowOf(fromDate, toDate, 'Europe/Berlin');

describe('calendar series', () => {
  it('keeps Saturdays 10:00 Europe/Berlin at 10:00 across the October and March changes', () => {
    const football = { allDay: false, start: '2026-10-03T08:00:00Z', end: '2026-10-03T09:30:00Z', timeZone: 'Europe/Berlin', rrule: 'FREQ=WEEKLY;BYDAY=SA' };
    const autumn = expandSeries(football, berlin('2026-10-17', '2026-11-07'));
    expect(autumn.map((o) => o.start)).toEqual(['2026-10-17T08:00:00Z', '2026-10-24T08:00:00Z', '2026-10-31T09:00:00Z', '2026-11-07T09:00:00Z']);
    const spring = expandSeries(football, berlin('2027-03-20', '2027-04-03'));
    expect(spring.map((o) => wallClock(new Date(o.start), 'Europe/Berlin'))).toEqual(['2027-03-20T10:00:00', '2027-03-27T10:00:00', '2027-04-03T10:00:00']);
    expect(spring.map((o) => o.start)).toEqual(['2027-03-20T09:00:00Z', '2027-03-27T09:00:00Z', '2027-04-03T08:00:00Z']);
    // the duration stays 90 minutes
    for (const o of [...autumn, ...spring]) expect(Date.parse(o.end) - Date.parse(o.start)).toBe(90 * 60_000);
  });

  it('expands ordinals, BYSETPOS, COUNT, UNTIL and leaves EXDATEs out', () => {
    const lastFriday = {
      allDay: false,
      start: '2027-01-29T17:00:00Z',
      end: '2027-01-29T18:00:00Z',
      timeZone: 'Europe/Berlin',
      rrule: 'FREQ=MONTHLY;BYDAY=-1FR',
    };
    expect(expandSeries(lastFriday, berlin('2027-01-01', '2027-04-30')).map((o) => o.start.slice(0, 10))).toEqual([
      '2027-01-29',
      '2027-02-26',
      '2027-03-26',
      '2027-04-30',
    ]);
    const secondSaturday = { ...lastFriday, start: '2027-01-09T09:00:00Z', end: '2027-01-09T10:00:00Z', rrule: 'FREQ=MONTHLY;BYDAY=2SA;COUNT=3' };
    expect(expandSeries(secondSaturday, berlin('2027-01-01', '2027-12-31')).map((o) => o.start.slice(0, 10))).toEqual([
      '2027-01-09',
      '2027-02-13',
      '2027-03-13',
    ]);
    const lastWorkday = {
      ...lastFriday,
      start: '2027-01-29T08:00:00Z',
      end: '2027-01-29T09:00:00Z',
      rrule: 'FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1;UNTIL=20270331',
    };
    expect(expandSeries(lastWorkday, berlin('2027-01-01', '2027-12-31')).map((o) => o.start.slice(0, 10))).toEqual(['2027-01-29', '2027-02-26', '2027-03-31']);
    const daily = {
      ...lastFriday,
      start: '2027-01-01T08:00:00Z',
      end: '2027-01-01T09:00:00Z',
      rrule: 'FREQ=DAILY;INTERVAL=2',
      exdates: ['2027-01-05T08:00:00Z'],
    };
    expect(expandSeries(daily, berlin('2027-01-01', '2027-01-07')).map((o) => o.start.slice(0, 10))).toEqual(['2027-01-01', '2027-01-03', '2027-01-07']);
  });

  it('expands all-day series by date with the exclusive end', () => {
    const birthday = { allDay: true, start: '2027-05-12', end: '2027-05-13', timeZone: 'Europe/Berlin', rrule: 'FREQ=YEARLY' };
    expect(expandSeries(birthday, berlin('2027-01-01', '2029-12-31'))).toEqual([
      { key: '2027-05-12', start: '2027-05-12', end: '2027-05-13' },
      { key: '2028-05-12', start: '2028-05-12', end: '2028-05-13' },
      { key: '2029-05-12', start: '2029-05-12', end: '2029-05-13' },
    ]);
    const holiday = { allDay: true, start: '2027-07-26', end: '2027-07-31', timeZone: 'UTC', rrule: null };
    expect(expandSeries(holiday, berlin('2027-07-30', '2027-08-02'))).toHaveLength(1);
    expect(expandSeries(holiday, berlin('2027-07-31', '2027-08-02'))).toHaveLength(0);
  });

  it('refuses rule parts it does not take, naming them', () => {
    expect(checkRrule('FREQ=WEEKLY;BYDAY=SA')).toEqual({ ok: true, rrule: 'FREQ=WEEKLY;BYDAY=SA' });
    expect(checkRrule('RRULE:byday=2sa;freq=monthly')).toEqual({ ok: true, rrule: 'FREQ=MONTHLY;BYDAY=2SA' });
    expect(checkRrule('FREQ=HOURLY')).toMatchObject({ ok: false, part: 'FREQ' });
    expect(checkRrule('FREQ=DAILY;BYHOUR=9')).toMatchObject({ ok: false, part: 'BYHOUR' });
    expect(checkRrule('FREQ=YEARLY;BYWEEKNO=20')).toMatchObject({ ok: false, part: 'BYWEEKNO' });
    expect(checkRrule('FREQ=WEEKLY;BYDAY=2SA')).toMatchObject({ ok: false, part: 'BYDAY' });
    expect(checkRrule('FREQ=DAILY;COUNT=2;UNTIL=20270101')).toMatchObject({ ok: false, part: 'UNTIL' });
    expect(checkRrule('INTERVAL=2')).toMatchObject({ ok: false, part: 'FREQ' });
  });

  it('gives the next occurrences from a moment and counts the ones before a key', () => {
    const weekly = { allDay: false, start: '2026-10-03T08:00:00Z', end: '2026-10-03T09:00:00Z', timeZone: 'Europe/Berlin', rrule: 'FREQ=WEEKLY;BYDAY=SA' };
    expect(occurrencesFrom(weekly, new Date('2026-10-25T00:00:00Z'), 2).map((o) => o.start)).toEqual(['2026-10-31T09:00:00Z', '2026-11-07T09:00:00Z']);
    expect(countBefore(weekly, '2026-10-31T09:00:00Z')).toBe(4);
  });

  it('reads wall-clock times in a zone, a skipped hour moved forward', () => {
    expect(instantOf('2027-03-28T02:30:00', 'Europe/Berlin').toISOString()).toBe('2027-03-28T01:30:00.000Z');
    expect(instantOf('2026-10-25T02:30:00', 'Europe/Berlin').toISOString()).toBe('2026-10-25T00:30:00.000Z');
  });

  it('keeps the wall-clock time of every weekly occurrence in any zone (property)', () => {
    const zones = ['Europe/Berlin', 'America/New_York', 'Australia/Sydney', 'Asia/Kolkata', 'UTC'];
    fc.assert(
      fc.property(fc.constantFrom(...zones), fc.integer({ min: 0, max: 700 }), fc.integer({ min: 6, max: 21 }), (zone, day, hour) => {
        const local = new Date(Date.UTC(2026, 0, 1 + day)).toISOString().slice(0, 10) + `T${String(hour).padStart(2, '0')}:15:00`;
        const start = instantOf(local, zone);
        const times = {
          allDay: false,
          start: start.toISOString(),
          end: new Date(start.getTime() + 3_600_000).toISOString(),
          timeZone: zone,
          rrule: 'FREQ=WEEKLY',
        };
        const found = expandSeries(times, windowOf(local.slice(0, 10), '2028-12-31', zone), 60);
        expect(found.length).toBeGreaterThan(10);
        for (const o of found) expect(wallClock(new Date(o.start), zone).slice(11)).toBe(local.slice(11));
      }),
      { numRuns: 25 },
    );
  });

  it('gives every member a fixed colour', () => {
    expect(memberColor('0193a1b2-0000-7000-8000-000000000001')).toMatch(/^#[0-9A-F]{6}$/);
    expect(memberColor('x')).toBe(memberColor('x'));
  });
});

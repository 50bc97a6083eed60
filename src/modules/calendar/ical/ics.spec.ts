import ICAL from 'ical.js';
import { DateTime } from 'luxon';
import type { IcsEvent } from './ics-event';
import { readCalendar } from './ics-reader';
import { writeCalendar } from './ics-writer';

/** Expands every event of an ICS text with ical.js alone (its own VTIMEZONEs registered): [uid, start ISO UTC, end ISO UTC][]. */
function expandWithIcalJs(ics: string, until: string): [string, string, string][] {
  const calendar = new ICAL.Component(ICAL.parse(ics) as any[]);
  ICAL.TimezoneService.reset();
  for (const vtimezone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(new ICAL.Timezone(vtimezone));
  const byUid = new Map<string, ICAL.Component[]>();
  for (const vevent of calendar.getAllSubcomponents('vevent')) {
    const uid = String(vevent.getFirstPropertyValue('uid'));
    byUid.set(uid, [...(byUid.get(uid) ?? []), vevent]);
  }
  const out: [string, string, string][] = [];
  const iso = (t: ICAL.Time) => (t.isDate ? t.toString() : DateTime.fromSeconds(t.toUnixTime(), { zone: 'utc' }).toISO({ suppressMilliseconds: true })!);
  const limit = DateTime.fromISO(until, { zone: 'utc' }).toSeconds();
  for (const [uid, vevents] of byUid) {
    const master = vevents.find((v) => !v.hasProperty('recurrence-id'))!;
    const event = new ICAL.Event(master, { exceptions: vevents.filter((v) => v !== master) });
    if (!event.isRecurring()) {
      out.push([uid, iso(event.startDate), iso(event.endDate)]);
      continue;
    }
    const iterator = event.iterator();
    for (let next = iterator.next(); next && next.toUnixTime() < limit; next = iterator.next()) {
      const details = event.getOccurrenceDetails(next);
      out.push([uid, iso(details.startDate), iso(details.endDate)]);
    }
  }
  return out.sort((a, b) => (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : a[0] < b[0] ? -1 : 1));
}

/** Saturdays 10:00–11:30 in Berlin from 7 March 2026, across the change to summer time on 29 March. */
const football: IcsEvent = {
  uid: 'football-1@hearth',
  title: 'Football; "U10", pitch 2',
  description: 'Bring water,\nand boots',
  location: 'Sportplatz, Berlin',
  allDay: false,
  start: '2026-03-07T09:00:00Z',
  end: '2026-03-07T10:30:00Z',
  timeZone: 'Europe/Berlin',
  rrule: 'FREQ=WEEKLY;BYDAY=SA;COUNT=8',
  exdates: ['2026-03-21T09:00:00Z'],
  exceptions: [
    {
      originalStart: '2026-04-04T08:00:00Z',
      title: 'Football (away)',
      allDay: false,
      start: '2026-04-04T12:00:00Z',
      end: '2026-04-04T13:30:00Z',
      timeZone: 'Europe/Berlin',
      reminders: [],
      description: null,
      location: null,
    },
  ],
  reminders: [{ minutesBefore: 30 }, { minutesBefore: 1440 }],
  createdDate: '2026-03-01T10:00:00Z',
  updatedDate: '2026-03-02T10:00:00Z',
  color: '#3366CC',
  isPrivate: false,
};

/** The last Friday of each month at 18:00 in New York, across the change on 8 March 2026. */
const bins: IcsEvent = {
  uid: 'bins@hearth',
  title: 'Bins',
  description: null,
  location: null,
  allDay: false,
  start: '2026-01-30T23:00:00Z',
  end: '2026-01-30T23:15:00Z',
  timeZone: 'America/New_York',
  rrule: 'FREQ=MONTHLY;BYDAY=-1FR;UNTIL=20260601T000000Z',
  exdates: [],
  exceptions: [],
  reminders: [],
  createdDate: '2026-01-01T00:00:00Z',
  updatedDate: '2026-01-01T00:00:00Z',
  color: null,
  isPrivate: false,
};

const birthday: IcsEvent = {
  uid: 'grandma@hearth',
  title: 'Grandma',
  description: null,
  location: null,
  allDay: true,
  start: '2026-05-12',
  end: '2026-05-13',
  timeZone: 'Europe/Berlin',
  rrule: 'FREQ=YEARLY',
  exdates: ['2027-05-12'],
  exceptions: [],
  reminders: [{ minutesBefore: 0 }],
  createdDate: '2026-01-01T00:00:00Z',
  updatedDate: '2026-01-01T00:00:00Z',
  color: null,
  isPrivate: true,
};

const dentist: IcsEvent = {
  uid: 'dentist@hearth',
  title: 'Dentist',
  description: null,
  location: null,
  allDay: false,
  start: '2026-03-29T07:30:00Z',
  end: '2026-03-29T08:00:00Z',
  timeZone: 'Europe/Berlin',
  rrule: null,
  exdates: [],
  exceptions: [],
  reminders: [],
  createdDate: '2026-01-01T00:00:00Z',
  updatedDate: '2026-01-01T00:00:00Z',
  color: null,
  isPrivate: false,
};

const berlin = (date: string, time: string) => DateTime.fromISO(`${date}T${time}`, { zone: 'Europe/Berlin' }).toUTC().toISO({ suppressMilliseconds: true })!;

describe('iCalendar written by the calendar', () => {
  const ics = writeCalendar([football, bins, birthday, dentist], { name: 'Family' });

  it('is RFC 5545 text: CRLF lines of at most 75 octets, one VTIMEZONE per zone used', () => {
    expect(ics.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(ics.match(/BEGIN:VTIMEZONE/g)).toHaveLength(2);
    expect(ics).toContain('TZID:Europe/Berlin');
    expect(ics).toContain('TZID:America/New_York');
    expect(ics).toContain('DTSTART;TZID=Europe/Berlin:20260307T100000');
    expect(ics).toContain('DTSTART;VALUE=DATE:20260512');
    expect(ics).toContain('RECURRENCE-ID;TZID=Europe/Berlin:20260404T100000');
    expect(ics).toContain('TRIGGER:-PT30M');
    expect(ics).toContain('X-WR-CALNAME:Family');
  });

  it('expands in ical.js to the same occurrences, keeping 10:00 in Berlin across the change to summer time', () => {
    const occurrences = expandWithIcalJs(ics, '2029-01-01T00:00:00Z');
    const footballStarts = occurrences.filter(([uid]) => uid === football.uid).map(([, start]) => start);
    expect(footballStarts).toEqual([
      berlin('2026-03-07', '10:00'),
      berlin('2026-03-14', '10:00'),
      // 21 March excluded
      berlin('2026-03-28', '10:00'),
      berlin('2026-04-04', '14:00'), // moved
      berlin('2026-04-11', '10:00'),
      berlin('2026-04-18', '10:00'),
      berlin('2026-04-25', '10:00'),
    ]);
    expect(berlin('2026-03-28', '10:00')).toBe('2026-03-28T09:00:00Z');
    expect(berlin('2026-04-11', '10:00')).toBe('2026-04-11T08:00:00Z');
    const binStarts = occurrences.filter(([uid]) => uid === bins.uid).map(([, start]) => start);
    expect(binStarts).toEqual(
      ['2026-01-30', '2026-02-27', '2026-03-27', '2026-04-24', '2026-05-29'].map((d) =>
        DateTime.fromISO(`${d}T18:00`, { zone: 'America/New_York' }).toUTC().toISO({ suppressMilliseconds: true }),
      ),
    );
    expect(
      occurrences
        .filter(([uid]) => uid === birthday.uid)
        .map(([, s, e]) => [s, e])
        .slice(0, 2),
    ).toEqual([
      ['2026-05-12', '2026-05-13'],
      ['2028-05-12', '2028-05-13'],
    ]);
    expect(occurrences.find(([uid]) => uid === dentist.uid)).toEqual([dentist.uid, '2026-03-29T07:30:00Z', '2026-03-29T08:00:00Z']);
  });

  it('reads back to the same events', () => {
    // all-day values carry no zone: they are read in the reader's
    const { events, skipped } = readCalendar(ics, { defaultZone: 'Europe/Berlin' });
    expect(skipped).toEqual([]);
    const byUid = new Map(events.map((e) => [e.uid, e]));
    for (const event of [football, bins, birthday, dentist]) {
      const read = byUid.get(event.uid)!;
      expect({ ...read, exceptions: read.exceptions?.map((x) => ({ ...x })) }).toEqual({
        ...event,
        rrule: event.rrule ? ICAL.Recur.fromString(event.rrule).toString() : null,
      });
    }
  });
});

describe('iCalendar read from other calendars', () => {
  it('takes a Windows zone through its VTIMEZONE, a cancelled occurrence as an exclusion, DURATION and alarms', () => {
    const ics = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Test//EN',
      'BEGIN:VTIMEZONE',
      'TZID:W. Europe Standard Time',
      'BEGIN:STANDARD',
      'DTSTART:16010101T030000',
      'TZOFFSETFROM:+0200',
      'TZOFFSETTO:+0100',
      'RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10',
      'END:STANDARD',
      'BEGIN:DAYLIGHT',
      'DTSTART:16010101T020000',
      'TZOFFSETFROM:+0100',
      'TZOFFSETTO:+0200',
      'RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3',
      'END:DAYLIGHT',
      'END:VTIMEZONE',
      'BEGIN:VEVENT',
      'UID:w1',
      'DTSTAMP:20260101T000000Z',
      'DTSTART;TZID=W. Europe Standard Time:20260401T090000',
      'DURATION:PT1H',
      'RRULE:FREQ=DAILY;COUNT=3',
      'SUMMARY:Standup',
      'BEGIN:VALARM',
      'ACTION:DISPLAY',
      'TRIGGER:-PT15M',
      'END:VALARM',
      'BEGIN:VALARM',
      'ACTION:DISPLAY',
      'TRIGGER;VALUE=DATE-TIME:20260401T060000Z',
      'END:VALARM',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:w1',
      'DTSTAMP:20260101T000000Z',
      'RECURRENCE-ID;TZID=W. Europe Standard Time:20260402T090000',
      'DTSTART;TZID=W. Europe Standard Time:20260402T090000',
      'DURATION:PT1H',
      'STATUS:CANCELLED',
      'SUMMARY:Standup',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'DTSTART:20260401T090000Z',
      'SUMMARY:no uid',
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ].join('\r\n');
    const { events, skipped } = readCalendar(ics, { defaultZone: 'Europe/Vienna' });
    expect(skipped).toEqual([{ uid: null, reason: 'NO_UID', params: { title: 'no uid' }, message: 'a VEVENT has no UID' }]);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      uid: 'w1',
      start: '2026-04-01T07:00:00Z',
      end: '2026-04-01T08:00:00Z',
      timeZone: 'Europe/Vienna',
      rrule: 'FREQ=DAILY;COUNT=3',
      exdates: ['2026-04-02T07:00:00Z'],
      reminders: [{ minutesBefore: 15 }],
    });
  });

  it('refuses what is not iCalendar', () => {
    expect(() => readCalendar('hello', { defaultZone: 'UTC' })).toThrow('not iCalendar');
    // 5 MB of tiny events is refused before parsing (parsed, it held the process for 3 s)
    const flood = 'BEGIN:VCALENDAR\r\n' + 'BEGIN:VEVENT\r\nUID:x\r\nDTSTART:20260101T100000Z\r\nEND:VEVENT\r\n'.repeat(87_000) + 'END:VCALENDAR\r\n';
    expect(() => readCalendar(flood, { defaultZone: 'UTC' })).toThrow('more than 20000 components');
  });
});

/*
 * Days and wall-clock times of the calendar's pages, in a person's IANA zone. Dates are
 * `YYYY-MM-DD` strings (calendar days, as the API's `from`/`to` and all-day events take them);
 * instants are ISO 8601 strings. Day arithmetic is `@domain/recurrence`'s. The zone arithmetic is
 * the same rule as `@domain/calendar`'s (RFC 5545: a skipped time moves forward, a repeated one is
 * its first) on Intl alone: that module brings the RRULE library and its Temporal polyfill (~50 KB
 * gzipped), which the calendar's pages do not need.
 */
import { addDays } from '@domain/recurrence';

export { addDays };

const pad = (n: number) => String(n).padStart(2, '0');

const clocks = new Map<string, Intl.DateTimeFormat>();

/** The date and time of `instant` on a clock in `zone`. */
export function wallClock(instant: string | Date, zone: string): { date: string; time: string } {
  let clock = clocks.get(zone);
  if (!clock) {
    clock = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    clocks.set(zone, clock);
  }
  const parts = clock.formatToParts(typeof instant === 'string' ? new Date(instant) : instant);
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? '00';
  return { date: `${get('year')}-${get('month')}-${get('day')}`, time: `${get('hour')}:${get('minute')}` };
}

/** The day `instant` falls on in `zone`. */
export const dayIn = (instant: string | Date, zone: string): string => wallClock(instant, zone).date;

/**
 * The instant (ISO, with `Z`) at which clocks in `zone` show `date` `time`. A time that a
 * daylight-saving change skips is moved forward by the gap; one it repeats is its first.
 */
export function instantOf(date: string, time: string, zone: string): string {
  const [y, m, d] = date.split('-').map(Number);
  const [h, min] = time.split(':').map(Number);
  const asUtc = Date.UTC(y, m - 1, d, h, min);
  const offsetAt = (ms: number) => {
    const shown = wallClock(new Date(ms), zone);
    const [sy, sm, sd] = shown.date.split('-').map(Number);
    const [sh, smin] = shown.time.split(':').map(Number);
    return Date.UTC(sy, sm - 1, sd, sh, smin) - Math.floor(ms / 60_000) * 60_000;
  };
  // the zone's offsets half a day before and after: one of them fits, or the time is in a gap
  const candidates = [asUtc - offsetAt(asUtc - 43_200_000), asUtc - offsetAt(asUtc + 43_200_000)];
  const fits = candidates.filter((ms) => {
    const shown = wallClock(new Date(ms), zone);
    return shown.date === date && shown.time === time;
  });
  return new Date(fits.length ? Math.min(...fits) : candidates[0]).toISOString().replace('.000Z', 'Z');
}

/** The next full hour after `now` in `zone`: its date and time ("2026-11-28", "15:00"). */
export function nextFullHour(now: Date, zone: string): { date: string; time: string } {
  const next = new Date(Math.floor(now.getTime() / 3_600_000) * 3_600_000 + 3_600_000);
  return wallClock(next, zone);
}

/** `time` ("HH:MM") plus `minutes`, and how many days that moved past midnight. */
export function addMinutes(date: string, time: string, minutes: number): { date: string; time: string } {
  const [h, m] = time.split(':').map(Number);
  const total = h * 60 + m + minutes;
  const days = Math.floor(total / 1440);
  const rest = total - days * 1440;
  return { date: addDays(date, days), time: `${pad(Math.floor(rest / 60))}:${pad(rest % 60)}` };
}

/** The Monday of the week `date` is in. */
export function weekStart(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  const weekday = (new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7;
  return addDays(date, -weekday);
}

/** The weeks (Monday first) a month's grid shows: from the Monday before its 1st to the Sunday after its last. */
export function monthWeeks(date: string): string[][] {
  const first = `${date.slice(0, 7)}-01`;
  const [y, m] = date.split('-').map(Number);
  const last = `${date.slice(0, 7)}-${pad(new Date(Date.UTC(y, m, 0)).getUTCDate())}`;
  const weeks: string[][] = [];
  for (let monday = weekStart(first); monday <= last; monday = addDays(monday, 7)) {
    weeks.push(Array.from({ length: 7 }, (_, i) => addDays(monday, i)));
  }
  return weeks;
}

/** The first day of the month before (-1) or after (+1) `date`'s. */
export function shiftMonth(date: string, by: number): string {
  const [y, m] = date.split('-').map(Number);
  const months = y * 12 + (m - 1) + by;
  return `${Math.floor(months / 12)}-${pad((months % 12) + 1)}-01`;
}

export interface Span {
  start: string;
  end: string;
  allDay: boolean;
}

/**
 * The days an occurrence is on in `zone`: an all-day one from its start date up to its (exclusive)
 * end date; a timed one from the day it starts to the day it ends (an end at midnight is the day before).
 */
export function daysOf(span: Span, zone: string): string[] {
  let first: string;
  let last: string;
  if (span.allDay) {
    first = span.start.slice(0, 10);
    last = addDays(span.end.slice(0, 10), -1);
  } else {
    first = dayIn(span.start, zone);
    const end = wallClock(span.end, zone);
    last = end.time === '00:00' && end.date > first ? addDays(end.date, -1) : end.date;
  }
  if (last < first) last = first;
  const days: string[] = [];
  // a very long event is listed on at most 366 days
  for (let day = first; day <= last && days.length < 366; day = addDays(day, 1)) days.push(day);
  return days;
}

/** Occurrences by day (each listed on every day it covers), in their given order. */
export function byDay<T extends Span>(items: readonly T[], zone: string): Map<string, T[]> {
  const days = new Map<string, T[]>();
  for (const item of items) {
    for (const day of daysOf(item, zone)) days.set(day, [...(days.get(day) ?? []), item]);
  }
  return days;
}

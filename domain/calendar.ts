/*
 * The calendar's pure rules, the same on the service and in the app: which RRULEs the calendar
 * takes, how a series is expanded into occurrences (RFC 5545, in the event's IANA time zone, so a
 * weekly 10:00 stays 10:00 across daylight-saving changes), the key of an occurrence, and the
 * colour a member is shown in.
 *
 * Expansion is done by a maintained recurrence library (rrule-temporal); this file only checks the
 * rule's parts, builds its DTSTART and turns the library's answers into occurrence keys. Bills keep
 * their own date arithmetic in ./recurrence.ts (a clamped month end is not an RFC 5545 rule); the
 * calendar reuses its date helpers.
 */
import { RRuleTemporal } from 'rrule-temporal';
import { addDays } from './recurrence';

/** The RRULE parts the calendar takes; any other one is refused, naming it. */
export const RRULE_PARTS = ['FREQ', 'INTERVAL', 'BYDAY', 'BYMONTHDAY', 'BYMONTH', 'BYSETPOS', 'WKST', 'COUNT', 'UNTIL'] as const;
export const RRULE_FREQUENCIES = ['DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'] as const;

const WEEKDAY = '(?:MO|TU|WE|TH|FR|SA|SU)';
const LIST = (item: string) => new RegExp(`^${item}(?:,${item})*$`);
const PART_VALUES: Record<(typeof RRULE_PARTS)[number], RegExp> = {
  FREQ: /^(?:DAILY|WEEKLY|MONTHLY|YEARLY)$/,
  INTERVAL: /^[1-9]\d{0,2}$/,
  BYDAY: LIST(`[+-]?(?:[1-9]|[1-4]\\d|5[0-3])?${WEEKDAY}`),
  BYMONTHDAY: LIST('[+-]?(?:[1-9]|[12]\\d|3[01])'),
  BYMONTH: LIST('(?:[1-9]|1[0-2])'),
  BYSETPOS: LIST('[+-]?(?:[1-9]\\d{0,2})'),
  WKST: new RegExp(`^${WEEKDAY}$`),
  COUNT: /^[1-9]\d{0,3}$/,
  UNTIL: /^\d{8}(?:T\d{6}Z?)?$/,
};

export type RruleCheck = { ok: true; rrule: string } | { ok: false; part: string; message: string };

/**
 * Checks an RRULE (with or without the `RRULE:` prefix) against the parts the calendar takes and
 * answers it in a canonical form (upper case, parts in a fixed order), or the first part that is
 * not taken. Ordinals in BYDAY (`2SA`, `-1FR`) only in monthly and yearly rules, as RFC 5545 says.
 */
export function checkRrule(text: string): RruleCheck {
  const body = text.trim().replace(/^RRULE:/i, '');
  if (!body) return { ok: false, part: 'FREQ', message: 'the rule is empty: FREQ is required' };
  const parts = new Map<string, string>();
  for (const piece of body.split(';')) {
    if (!piece) continue;
    const eq = piece.indexOf('=');
    const name = (eq < 0 ? piece : piece.slice(0, eq)).trim().toUpperCase();
    const value =
      eq < 0
        ? ''
        : piece
            .slice(eq + 1)
            .trim()
            .toUpperCase();
    if (!(RRULE_PARTS as readonly string[]).includes(name)) return { ok: false, part: name || piece, message: `${name || piece} is not supported` };
    if (parts.has(name)) return { ok: false, part: name, message: `${name} is given twice` };
    if (!PART_VALUES[name as (typeof RRULE_PARTS)[number]].test(value)) return { ok: false, part: name, message: `${name}=${value} is not supported` };
    parts.set(name, value);
  }
  const freq = parts.get('FREQ');
  if (!freq) return { ok: false, part: 'FREQ', message: 'FREQ is required' };
  if (parts.has('COUNT') && parts.has('UNTIL')) return { ok: false, part: 'UNTIL', message: 'COUNT and UNTIL cannot both be given' };
  const byday = parts.get('BYDAY');
  if (byday && /\d/.test(byday) && freq !== 'MONTHLY' && freq !== 'YEARLY') {
    return { ok: false, part: 'BYDAY', message: 'ordinals in BYDAY (like 2SA) only in MONTHLY and YEARLY rules' };
  }
  if (parts.has('BYMONTHDAY') && freq === 'WEEKLY') return { ok: false, part: 'BYMONTHDAY', message: 'BYMONTHDAY is not allowed in a WEEKLY rule' };
  const rrule = RRULE_PARTS.filter((name) => parts.has(name))
    .map((name) => `${name}=${parts.get(name)}`)
    .join(';');
  return { ok: true, rrule };
}

/** One part of a canonical rule (`COUNT`, `UNTIL`), or undefined. */
export function rrulePart(rrule: string, name: (typeof RRULE_PARTS)[number]): string | undefined {
  for (const piece of rrule.split(';')) if (piece.startsWith(`${name}=`)) return piece.slice(name.length + 1);
  return undefined;
}

/** The rule with `name` set to `value` (or removed when value is undefined), in canonical order. */
export function withRrulePart(rrule: string, name: (typeof RRULE_PARTS)[number], value: string | undefined): string {
  const parts = new Map(rrule.split(';').map((piece) => [piece.slice(0, piece.indexOf('=')), piece.slice(piece.indexOf('=') + 1)] as const));
  if (value === undefined) parts.delete(name);
  else parts.set(name, value);
  return RRULE_PARTS.filter((part) => parts.has(part))
    .map((part) => `${part}=${parts.get(part)}`)
    .join(';');
}

/** An IANA time-zone name the runtime knows (`Europe/Berlin`, `UTC`). */
export function isTimeZone(zone: string): boolean {
  if (!zone || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})$/i;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** `YYYY-MM-DD` that is a real calendar date. */
export function isDate(value: string): boolean {
  if (!DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** An ISO 8601 instant with `Z` or an offset, as a Date; null for anything else. */
export function parseInstant(value: string): Date | null {
  if (!INSTANT.test(value)) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The calendar's text form of an instant: UTC, whole seconds (`2026-10-03T08:00:00Z`). */
export function formatInstant(date: Date): string {
  return `${date.toISOString().slice(0, 19)}Z`;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(zone: string): Intl.DateTimeFormat {
  let found = formatters.get(zone);
  if (!found) {
    found = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(zone, found);
  }
  return found;
}

/** The wall-clock time of `instant` in `zone`: `YYYY-MM-DDTHH:mm:ss`. */
export function wallClock(instant: Date, zone: string): string {
  const p: Record<string, string> = {};
  for (const part of formatter(zone).formatToParts(instant)) p[part.type] = part.value;
  return `${p.year.padStart(4, '0')}-${p.month}-${p.day}T${p.hour}:${p.minute}:${p.second}`;
}

/** The offset of `zone` from UTC at `instant`, in milliseconds. */
function offsetAt(instant: Date, zone: string): number {
  const local = wallClock(instant, zone);
  return Date.parse(`${local}Z`) - Math.floor(instant.getTime() / 1000) * 1000;
}

/**
 * The instant a wall-clock time (`YYYY-MM-DDTHH:mm:ss`) has in `zone`; a time skipped by a
 * daylight-saving change is moved forward by the gap, an ambiguous one takes the earlier instant
 * (RFC 5545 §3.3.5).
 */
export function instantOf(local: string, zone: string): Date {
  const asUtc = Date.parse(`${local}Z`);
  const before = asUtc - offsetAt(new Date(asUtc - 43_200_000), zone);
  const after = asUtc - offsetAt(new Date(asUtc + 43_200_000), zone);
  const fits = [before, after].filter((ms) => wallClock(new Date(ms), zone) === local.slice(0, 19));
  // in a gap no instant fits: the offset before the gap moves the time forward by it
  return new Date(fits.length ? Math.min(...fits) : before);
}

/** The date of `instant` in `zone`. */
export function dateIn(instant: Date, zone: string): string {
  return wallClock(instant, zone).slice(0, 10);
}

/** The first instant of `date` in `zone`. */
export function startOfDate(date: string, zone: string): Date {
  return instantOf(`${date}T00:00:00`, zone);
}

/** An event's times: all-day with dates (end exclusive) or timed with instants. */
export interface SeriesTimes {
  allDay: boolean;
  /** `YYYY-MM-DD` (all-day) or an instant */
  start: string;
  end: string;
  timeZone: string;
  /** a canonical RRULE (checkRrule), or null for a single event */
  rrule: string | null;
  /** the keys of occurrences left out (EXDATE) */
  exdates?: readonly string[];
}

/** One occurrence as the series gives it: its key (RFC 5545 RECURRENCE-ID) and times. */
export interface SeriesOccurrence {
  /** the occurrence's start as the series gives it: a date (all-day) or formatInstant() */
  key: string;
  start: string;
  end: string;
}

/** The range asked for: the dates `fromDate`..`toDate` (both included) in some viewer's zone. */
export interface OccurrenceWindow {
  fromDate: string;
  toDate: string;
  /** the first instant of fromDate and of the day after toDate, in the viewer's zone */
  from: Date;
  to: Date;
}

/** The window of the dates `fromDate`..`toDate` (both included) in `zone`. */
export function windowOf(fromDate: string, toDate: string, zone: string): OccurrenceWindow {
  return { fromDate, toDate, from: startOfDate(fromDate, zone), to: startOfDate(addDays(toDate, 1), zone) };
}

const DAY_MS = 86_400_000;
const compact = (local: string) => local.replace(/[-:]/g, '');
const daysBetween = (a: string, b: string) => Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / DAY_MS);

/**
 * The rule as the library reads it. UNTIL of a timed series must be UTC (RFC 5545 §3.3.10): a date
 * or a local time is read as the end of that day (or that time) in the event's zone.
 */
function ruleText(times: SeriesTimes): string {
  let rrule = times.rrule!;
  const until = rrulePart(rrule, 'UNTIL');
  if (times.allDay) {
    if (until && until.length > 8) rrule = withRrulePart(rrule, 'UNTIL', until.slice(0, 8));
    return `DTSTART;VALUE=DATE:${times.start.replace(/-/g, '')}\nRRULE:${rrule}`;
  }
  if (until && !until.endsWith('Z')) {
    const local =
      until.length === 8
        ? `${until.slice(0, 4)}-${until.slice(4, 6)}-${until.slice(6, 8)}T23:59:59`
        : `${until.slice(0, 4)}-${until.slice(4, 6)}-${until.slice(6, 8)}T${until.slice(9, 11)}:${until.slice(11, 13)}:${until.slice(13, 15)}`;
    rrule = withRrulePart(rrule, 'UNTIL', compact(formatInstant(instantOf(local, times.timeZone))).replace(/\.\d+/, ''));
  }
  return `DTSTART;TZID=${times.timeZone}:${compact(wallClock(new Date(times.start), times.timeZone))}\nRRULE:${rrule}`;
}

const rules = new Map<string, RRuleTemporal>();
/** The library's rule object, kept (a few hundred) so a month view asked again does not parse it again. */
function ruleOf(text: string): RRuleTemporal {
  let rule = rules.get(text);
  if (!rule) {
    if (rules.size >= 2000) rules.delete(rules.keys().next().value!);
    rule = new RRuleTemporal({ rruleString: text });
    rules.set(text, rule);
  }
  return rule;
}

/** At most this many occurrences of one series in one answer. */
export const MAX_OCCURRENCES_PER_SERIES = 1000;

/**
 * The occurrences of a series (or the single event) that overlap the window, in order, EXDATEs left
 * out. All-day occurrences are compared by date with the window's dates; timed ones by instant.
 */
export function expandSeries(times: SeriesTimes, window: OccurrenceWindow, limit = MAX_OCCURRENCES_PER_SERIES): SeriesOccurrence[] {
  const excluded = new Set(times.exdates ?? []);
  const out: SeriesOccurrence[] = [];
  if (times.allDay) {
    const days = Math.max(1, daysBetween(times.start, times.end));
    const last = addDays(window.toDate, 1);
    const overlaps = (start: string) => start < last && addDays(start, days) > window.fromDate;
    if (!times.rrule) {
      if (overlaps(times.start) && !excluded.has(times.start)) out.push({ key: times.start, start: times.start, end: times.end });
      return out;
    }
    const after = new Date(`${addDays(window.fromDate, -days)}T00:00:00Z`);
    const before = new Date(`${last}T00:00:00Z`);
    for (const zoned of ruleOf(ruleText(times)).between(after, before, true)) {
      const start = zoned.toPlainDate().toString();
      if (!overlaps(start) || excluded.has(start)) continue;
      out.push({ key: start, start, end: addDays(start, days) });
      if (out.length >= limit) break;
    }
    return out;
  }
  const startMs = Date.parse(times.start);
  const duration = Math.max(0, Date.parse(times.end) - startMs);
  const overlaps = (ms: number) => ms < window.to.getTime() && (ms + duration > window.from.getTime() || (duration === 0 && ms >= window.from.getTime()));
  if (!times.rrule) {
    const key = formatInstant(new Date(startMs));
    if (overlaps(startMs) && !excluded.has(key)) out.push({ key, start: key, end: formatInstant(new Date(startMs + duration)) });
    return out;
  }
  const after = new Date(window.from.getTime() - duration);
  for (const zoned of ruleOf(ruleText(times)).between(after, window.to, true)) {
    const ms = zoned.epochMilliseconds;
    const key = formatInstant(new Date(ms));
    if (!overlaps(ms) || excluded.has(key)) continue;
    out.push({ key, start: key, end: formatInstant(new Date(ms + duration)) });
    if (out.length >= limit) break;
  }
  return out;
}

/**
 * The occurrences of a series from its start, at most `limit` (a reminder's next ones, a split's
 * count): the first ones starting at or after `after`.
 */
export function occurrencesFrom(times: SeriesTimes, after: Date, limit: number): SeriesOccurrence[] {
  if (times.allDay) {
    const from = after.toISOString().slice(0, 10);
    return expandSeries(times, windowOf(from < times.start ? times.start : from, '9999-12-30', 'UTC'), limit).filter((o) => o.start >= from);
  }
  if (!times.rrule) {
    const start = Date.parse(times.start);
    const key = formatInstant(new Date(start));
    if (start < after.getTime() || (times.exdates ?? []).includes(key)) return [];
    return [{ key, start: key, end: formatInstant(new Date(start + Math.max(0, Date.parse(times.end) - start))) }];
  }
  const duration = Math.max(0, Date.parse(times.end) - Date.parse(times.start));
  const excluded = new Set(times.exdates ?? []);
  const out: SeriesOccurrence[] = [];
  const rule = ruleOf(ruleText(times));
  // in steps of a year, so an endless rule is never asked for all of its occurrences
  let from = new Date(Math.max(after.getTime(), Date.parse(times.start)));
  for (let step = 0; step < 50 && out.length < limit; step++) {
    const to = new Date(from.getTime() + 366 * DAY_MS);
    for (const zoned of rule.between(from, to, true)) {
      const ms = zoned.epochMilliseconds;
      if (ms < after.getTime() || (out.length && Date.parse(out[out.length - 1].key) >= ms)) continue;
      const key = formatInstant(new Date(ms));
      if (excluded.has(key)) continue;
      out.push({ key, start: key, end: formatInstant(new Date(ms + duration)) });
      if (out.length >= limit) break;
    }
    const until = rrulePart(times.rrule, 'UNTIL');
    if (until && to.getTime() > Date.parse(`${until.slice(0, 4)}-${until.slice(4, 6)}-${until.slice(6, 8)}T23:59:59Z`) + DAY_MS) break;
    from = new Date(to.getTime() + 1);
  }
  return out;
}

/** How many occurrences the series has before `before` (a key), counting EXDATEs too (for COUNT). */
export function countBefore(times: SeriesTimes, before: string): number {
  const window = times.allDay
    ? windowOf(times.start, addDays(before, -1), 'UTC')
    : { fromDate: times.start.slice(0, 10), toDate: before.slice(0, 10), from: new Date(Date.parse(times.start)), to: new Date(Date.parse(before)) };
  return expandSeries({ ...times, exdates: [] }, window, 100_000).filter((o) => o.key < before).length;
}

// members' colours live in ./member-color.ts, which the app's calendar pages import without the RRULE library
export { MEMBER_COLORS, memberColor } from './member-color';

/** The key of an occurrence asked for by URL (`originalStart`): a date, or an instant in the calendar's text form; null when neither. */
export function occurrenceKey(value: string, allDay: boolean): string | null {
  if (allDay) return isDate(value) ? value : null;
  const instant = parseInstant(value);
  return instant ? formatInstant(instant) : null;
}

import type ICAL from 'ical.js';
import { DateTime } from 'luxon';
import type { IcsAlarm, IcsEvent, IcsException } from './ics-event';
import { MAX_REMINDER_MINUTES } from '../dto/event-input.dto';
import { ical } from './ical-library';
import type { IcsSkipped, IcsSkipReason } from './ics-skip-reasons';

export type { IcsSkipped, IcsSkipReason } from './ics-skip-reasons';

/**
 * Reads iCalendar (a CalDAV PUT body, an imported file, an outside calendar) with ical.js into the
 * calendar's event shape. VEVENTs are grouped by `UID`: the one without `RECURRENCE-ID` is the
 * event, the others its changed occurrences (a cancelled one becomes an `EXDATE`). A `TZID` that
 * names an IANA zone is read in that zone; any other (a Windows name) through the file's own
 * `VTIMEZONE`, the event then kept in `defaultZone`; UTC and floating times likewise.
 */

export class IcsParseError extends Error {}

class IcsEventRefused extends IcsParseError {
  constructor(
    readonly reason: IcsSkipReason,
    message: string,
  ) {
    super(message);
  }
}

/** At most this many components (events, alarms, zones) in one file. */
export const MAX_COMPONENTS = 20_000;

/** How often `needle` stands in `text` (a plain scan, no parsing). */
function countOf(text: string, needle: string): number {
  let count = 0;
  for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + needle.length)) count++;
  return count;
}

export interface ReadOptions {
  /** the zone of floating times and of events whose zone is not an IANA name */
  defaultZone: string;
  /** the most events read (more: IcsParseError) */
  maxEvents?: number;
}

export interface ReadResult {
  events: IcsEvent[];
  /** VEVENTs left out, with why (no UID, no DTSTART, a value the parser cannot read) */
  skipped: IcsSkipped[];
}

/** Instants as the calendar stores them: whole seconds in UTC (`2026-03-07T09:00:00Z`). */
const WHOLE = { suppressMilliseconds: true } as const;

function isIanaZone(zone: string): boolean {
  return DateTime.local().setZone(zone).isValid;
}

interface ReadTime {
  value: string;
  allDay: boolean;
  /** the IANA zone the value was written in, when it named one */
  zone: string | null;
}

function readTime(property: ICAL.Property | null, fileZones: Map<string, ICAL.Timezone>): ReadTime | null {
  if (!property) return null;
  const time = property.getFirstValue() as ICAL.Time | null;
  if (!time || typeof time !== 'object' || !('isDate' in time)) return null;
  return timeOf(time, property.getParameter('tzid') as string | undefined, fileZones);
}

function timeOf(time: ICAL.Time, tzid: string | undefined, fileZones: Map<string, ICAL.Timezone>): ReadTime {
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  if (time.isDate) return { value: `${pad(time.year, 4)}-${pad(time.month)}-${pad(time.day)}`, allDay: true, zone: null };
  const wall = { year: time.year, month: time.month, day: time.day, hour: time.hour, minute: time.minute, second: time.second };
  if (time.zone === ical().Timezone.utcTimezone || (!tzid && time.zone?.tzid === 'UTC')) {
    return { value: DateTime.fromObject(wall, { zone: 'utc' }).toUTC().toISO(WHOLE)!, allDay: false, zone: null };
  }
  if (tzid && isIanaZone(tzid)) return { value: DateTime.fromObject(wall, { zone: tzid }).toUTC().toISO(WHOLE)!, allDay: false, zone: tzid };
  const fileZone = tzid ? fileZones.get(tzid) : undefined;
  if (fileZone) {
    const local = ical().Time.fromData({ ...wall, isDate: false }, fileZone);
    return { value: DateTime.fromSeconds(local.toUnixTime(), { zone: 'utc' }).toISO(WHOLE)!, allDay: false, zone: null };
  }
  // floating (or an unknown zone without VTIMEZONE): the default zone's wall clock, marked by zone null
  return { value: DateTime.fromObject(wall, { zone: 'utc' }).toISO({ includeOffset: false })!, allDay: false, zone: null };
}

/** A floating value (no offset) is placed in `zone`; an instant stays. */
function settle(value: string, zone: string): string {
  if (/[zZ]|[+-]\d\d:\d\d$/.test(value) || /^\d{4}-\d{2}-\d{2}$/.test(value))
    return value.length === 10 ? value : DateTime.fromISO(value, { zone: 'utc' }).toISO(WHOLE)!;
  return DateTime.fromISO(value, { zone }).toUTC().toISO(WHOLE)!;
}

function addDays(date: string, days: number): string {
  return DateTime.fromISO(date, { zone: 'utc' }).plus({ days }).toISODate()!;
}

function readAlarms(vevent: ICAL.Component): IcsAlarm[] {
  const alarms: IcsAlarm[] = [];
  for (const alarm of vevent.getAllSubcomponents('valarm')) {
    const trigger = alarm.getFirstProperty('trigger');
    if (!trigger) continue;
    const related = String(trigger.getParameter('related') ?? 'START').toUpperCase();
    const value = trigger.getFirstValue();
    if (related !== 'START' || !(value instanceof ical().Duration)) continue; // absolute or end-related: not a reminder the calendar keeps
    const seconds = value.toSeconds();
    if (seconds > 0) continue;
    const minutes = Math.abs(Math.round(seconds / 60));
    if (minutes > MAX_REMINDER_MINUTES) continue;
    if (!alarms.some((a) => a.minutesBefore === minutes)) alarms.push({ minutesBefore: minutes });
  }
  return alarms.sort((a, b) => a.minutesBefore - b.minutesBefore);
}

function text(vevent: ICAL.Component, name: string): string | null {
  const value = vevent.getFirstPropertyValue(name);
  return value == null ? null : String(value);
}

interface Occurrence extends Omit<IcsException, 'originalStart'> {
  originalStart: string | null;
  cancelled: boolean;
  uid: string;
  rrule: string | null;
  exdates: string[];
  createdDate: string | null;
  updatedDate: string | null;
  color: string | null;
  isPrivate: boolean;
}

function readVevent(vevent: ICAL.Component, fileZones: Map<string, ICAL.Timezone>, defaultZone: string): Occurrence {
  const uid = text(vevent, 'uid');
  if (!uid) throw new IcsEventRefused('NO_UID', 'a VEVENT has no UID');
  const start = readTime(vevent.getFirstProperty('dtstart'), fileZones);
  if (!start) throw new IcsEventRefused('NO_START', 'no DTSTART');
  const zone = start.zone ?? defaultZone;
  const startValue = start.allDay ? start.value : settle(start.value, zone);
  let end = readTime(vevent.getFirstProperty('dtend'), fileZones);
  let endValue: string;
  if (end && end.allDay === start.allDay) {
    endValue = end.allDay ? end.value : settle(end.value, end.zone ?? zone);
  } else {
    end = null;
    const duration = vevent.getFirstPropertyValue('duration') as ICAL.Duration | null;
    if (duration instanceof ical().Duration) {
      endValue = start.allDay
        ? addDays(startValue, Math.max(1, Math.round(duration.toSeconds() / 86_400)))
        : DateTime.fromISO(startValue, { zone: 'utc' }).plus({ seconds: duration.toSeconds() }).toISO(WHOLE)!;
    } else {
      endValue = start.allDay ? addDays(startValue, 1) : startValue;
    }
  }
  if (endValue < startValue) endValue = start.allDay ? addDays(startValue, 1) : startValue;
  const rruleValue = vevent.getFirstPropertyValue('rrule') as ICAL.Recur | null;
  const exdates: string[] = [];
  for (const property of vevent.getAllProperties('exdate')) {
    const tzid = property.getParameter('tzid') as string | undefined;
    for (const value of property.getValues() as ICAL.Time[]) {
      const read = timeOf(value, tzid, fileZones);
      exdates.push(
        start.allDay
          ? read.value.slice(0, 10)
          : read.allDay
            ? settle(`${read.value}T${startValue.slice(11, 19)}`, 'utc')
            : settle(read.value, read.zone ?? zone),
      );
    }
  }
  const recurrenceId = readTime(vevent.getFirstProperty('recurrence-id'), fileZones);
  const stampOf = (name: string) => {
    const value = vevent.getFirstPropertyValue(name) as ICAL.Time | null;
    return value && typeof value === 'object' && 'toUnixTime' in value ? DateTime.fromSeconds(value.toUnixTime(), { zone: 'utc' }).toISO(WHOLE) : null;
  };
  const color = text(vevent, 'color');
  return {
    uid,
    title: (text(vevent, 'summary') ?? '').trim().slice(0, 200) || '(untitled)',
    description: text(vevent, 'description')?.slice(0, 5000) || null,
    location: text(vevent, 'location')?.slice(0, 500) || null,
    allDay: start.allDay,
    start: startValue,
    end: endValue,
    timeZone: zone,
    reminders: readAlarms(vevent),
    originalStart: recurrenceId ? (recurrenceId.allDay ? recurrenceId.value : settle(recurrenceId.value, recurrenceId.zone ?? zone)) : null,
    cancelled: String(text(vevent, 'status') ?? '').toUpperCase() === 'CANCELLED',
    rrule: rruleValue ? rruleValue.toString() : null,
    exdates,
    createdDate: stampOf('created'),
    updatedDate: stampOf('last-modified'),
    color: color && /^#[0-9a-fA-F]{6}$/.test(color) ? color.toUpperCase() : null,
    isPrivate: ['PRIVATE', 'CONFIDENTIAL'].includes(String(text(vevent, 'class') ?? '').toUpperCase()),
  };
}

/** Parses iCalendar text; throws IcsParseError when it is not iCalendar at all. */
export function readCalendar(ics: string, options: ReadOptions): ReadResult {
  // the parser works in one go: 5 MB of tiny events would hold the service for seconds, so a file
  // with more components than any family's or school's calendar is refused before it is parsed
  if (countOf(ics, 'BEGIN:V') > MAX_COMPONENTS) throw new IcsParseError(`not iCalendar: more than ${MAX_COMPONENTS} components`);
  let root: ICAL.Component;
  try {
    root = new (ical().Component)(ical().parse(ics) as any[]);
  } catch (error) {
    throw new IcsParseError(`not iCalendar: ${(error as Error).message}`);
  }
  const calendars = root.name === 'vcalendar' ? [root] : root.getAllSubcomponents('vcalendar');
  if (!calendars.length) throw new IcsParseError('no VCALENDAR');
  const fileZones = new Map<string, ICAL.Timezone>();
  const vevents: ICAL.Component[] = [];
  for (const calendar of calendars) {
    for (const vtimezone of calendar.getAllSubcomponents('vtimezone')) {
      const zone = new (ical().Timezone)(vtimezone);
      if (zone.tzid) fileZones.set(zone.tzid, zone);
    }
    vevents.push(...calendar.getAllSubcomponents('vevent'));
  }
  const max = options.maxEvents ?? Infinity;
  const byUid = new Map<string, Occurrence[]>();
  const skipped: ReadResult['skipped'] = [];
  for (const vevent of vevents) {
    let occurrence: Occurrence;
    try {
      occurrence = readVevent(vevent, fileZones, options.defaultZone);
    } catch (error) {
      const title = (() => {
        try {
          return text(vevent, 'summary')?.trim().slice(0, 200) || undefined;
        } catch {
          return undefined;
        }
      })();
      const reason = error instanceof IcsEventRefused ? error.reason : 'UNREADABLE';
      skipped.push({ uid: text(vevent, 'uid'), reason, params: title ? { title } : {}, message: (error as Error).message });
      continue;
    }
    const list = byUid.get(occurrence.uid) ?? [];
    if (!list.length && byUid.size >= max) throw new IcsParseError(`more than ${max} events`);
    list.push(occurrence);
    byUid.set(occurrence.uid, list);
  }
  const events: IcsEvent[] = [];
  for (const [uid, occurrences] of byUid) {
    const master = occurrences.find((o) => o.originalStart === null) ?? null;
    if (!master) {
      // changed occurrences without their series (an invitation's single instance): each stands alone
      const lone = occurrences[0];
      if (!lone.cancelled) events.push(toEvent({ ...lone, rrule: null, exdates: [] }, []));
      continue;
    }
    const exceptions: IcsException[] = [];
    const exdates = new Set(master.exdates);
    for (const o of occurrences) {
      if (o === master || o.originalStart === null || !master.rrule) continue;
      if (o.cancelled) exdates.add(o.originalStart);
      else {
        exceptions.push({
          originalStart: o.originalStart,
          title: o.title,
          description: o.description,
          location: o.location,
          allDay: o.allDay,
          start: o.start,
          end: o.end,
          timeZone: o.timeZone,
          reminders: o.reminders,
        });
      }
    }
    void uid;
    events.push(
      toEvent(
        { ...master, exdates: [...exdates].sort() },
        exceptions.sort((a, b) => (a.originalStart < b.originalStart ? -1 : 1)),
      ),
    );
  }
  return { events, skipped };
}

function toEvent(o: Occurrence, exceptions: IcsException[]): IcsEvent {
  return {
    uid: o.uid,
    title: o.title,
    description: o.description,
    location: o.location,
    allDay: o.allDay,
    start: o.start,
    end: o.end,
    timeZone: o.timeZone,
    reminders: o.reminders,
    rrule: o.rrule,
    exdates: o.rrule ? o.exdates : [],
    exceptions,
    createdDate: o.createdDate,
    updatedDate: o.updatedDate,
    color: o.color,
    isPrivate: o.isPrivate,
  };
}

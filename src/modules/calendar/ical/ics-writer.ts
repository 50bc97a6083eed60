import type ICAL from 'ical.js';
import { DateTime } from 'luxon';
import type { IcsEvent, IcsOccurrenceFields } from './ics-event';
import { ical, timeZones } from './ical-library';

/**
 * Writes events as RFC 5545 iCalendar through ical.js (escaping, folding and line ends are the
 * library's). Timed values carry `TZID` with a `VTIMEZONE` for each zone used (from the IANA data
 * that timezones-ical-library ships); a zone it does not know is written in UTC. Series are written
 * as stored: the `RRULE`, the `EXDATE`s, and each changed occurrence as a second `VEVENT` with the
 * same `UID` and a `RECURRENCE-ID`. Reminders become `VALARM`s.
 */

export const PRODID = '-//Hearth//Calendar//EN';

const vtimezones = new Map<string, string | null>();

/** The VTIMEZONE of an IANA zone (a new component each time), or null when the zone data has none (then times are written in UTC). */
export function vtimezoneOf(zone: string): ICAL.Component | null {
  if (!vtimezones.has(zone)) vtimezones.set(zone, vtimezoneText(zone));
  const text = vtimezones.get(zone);
  return text ? new (ical().Component)(ical().parse(text) as any[]) : null;
}

function vtimezoneText(zone: string): string | null {
  let component: string | null = null;
  if (zone !== 'UTC' && zone !== 'Etc/UTC') {
    try {
      const block = timeZones().tzlib_get_ical_block(zone);
      const text = Array.isArray(block) ? block[0] : '';
      if (text.startsWith('BEGIN:VTIMEZONE')) component = text;
    } catch {
      component = null;
    }
  }
  return component;
}

function hasVtimezone(zone: string): boolean {
  if (!vtimezones.has(zone)) vtimezones.set(zone, vtimezoneText(zone));
  return vtimezones.get(zone) !== null;
}

function dateValue(date: string): ICAL.Time {
  const [year, month, day] = date.slice(0, 10).split('-').map(Number);
  return ical().Time.fromData({ year, month, day, isDate: true });
}

function utcValue(instant: string): ICAL.Time {
  const t = DateTime.fromISO(instant, { zone: 'utc' });
  const { Time, Timezone } = ical();
  return Time.fromData({ year: t.year, month: t.month, day: t.day, hour: t.hour, minute: t.minute, second: t.second, isDate: false }, Timezone.utcTimezone);
}

/** A date-time property's value: local wall time with TZID when the zone is known, else UTC. */
function setTime(component: ICAL.Component, name: string, value: string, allDay: boolean, zone: string): void {
  const property = new (ical().Property)(name, component);
  if (allDay) {
    property.setValue(dateValue(value));
  } else if (hasVtimezone(zone)) {
    const t = DateTime.fromISO(value, { zone: 'utc' }).setZone(zone);
    property.setValue(ical().Time.fromData({ year: t.year, month: t.month, day: t.day, hour: t.hour, minute: t.minute, second: t.second, isDate: false }));
    property.setParameter('tzid', zone);
  } else {
    property.setValue(utcValue(value));
  }
  component.addProperty(property);
}

function stamp(value: string | null | undefined): ICAL.Time {
  return utcValue(value ?? '1970-01-01T00:00:00Z');
}

function addFields(vevent: ICAL.Component, fields: IcsOccurrenceFields): void {
  setTime(vevent, 'dtstart', fields.start, fields.allDay, fields.timeZone);
  setTime(vevent, 'dtend', fields.end, fields.allDay, fields.timeZone);
  vevent.addPropertyWithValue('summary', fields.title);
  if (fields.description) vevent.addPropertyWithValue('description', fields.description);
  if (fields.location) vevent.addPropertyWithValue('location', fields.location);
  for (const reminder of fields.reminders ?? []) {
    const alarm = new (ical().Component)('valarm');
    alarm.addPropertyWithValue('action', 'DISPLAY');
    alarm.addPropertyWithValue('description', fields.title);
    alarm.addPropertyWithValue('trigger', ical().Duration.fromSeconds(-reminder.minutesBefore * 60));
    vevent.addSubcomponent(alarm);
  }
}

/** The VEVENTs of one event: the series (or single event) first, then its changed occurrences. */
export function veventsOf(event: IcsEvent): ICAL.Component[] {
  const master = new (ical().Component)('vevent');
  master.addPropertyWithValue('uid', event.uid);
  master.addPropertyWithValue('dtstamp', stamp(event.updatedDate ?? event.createdDate));
  if (event.createdDate) master.addPropertyWithValue('created', stamp(event.createdDate));
  if (event.updatedDate) master.addPropertyWithValue('last-modified', stamp(event.updatedDate));
  addFields(master, event);
  if (event.isPrivate) master.addPropertyWithValue('class', 'PRIVATE');
  if (event.color) master.addPropertyWithValue('color', event.color);
  const out = [master];
  if (event.rrule) {
    master.addPropertyWithValue('rrule', ical().Recur.fromString(event.rrule.replace(/^RRULE:/i, '')));
    for (const exdate of event.exdates ?? []) setTime(master, 'exdate', exdate, event.allDay, event.timeZone);
    for (const exception of event.exceptions ?? []) {
      const vevent = new (ical().Component)('vevent');
      vevent.addPropertyWithValue('uid', event.uid);
      vevent.addPropertyWithValue('dtstamp', stamp(event.updatedDate ?? event.createdDate));
      setTime(vevent, 'recurrence-id', exception.originalStart, event.allDay, event.timeZone);
      addFields(vevent, exception);
      out.push(vevent);
    }
  }
  return out;
}

/** The zones the events' timed values are written in. */
function zonesOf(events: readonly IcsEvent[]): string[] {
  const zones = new Set<string>();
  for (const event of events) {
    if (!event.allDay) zones.add(event.timeZone);
    for (const exception of event.exceptions ?? []) if (!exception.allDay) zones.add(exception.timeZone);
  }
  return [...zones].filter(hasVtimezone).sort();
}

export interface CalendarOptions {
  /** X-WR-CALNAME: the name calendar apps show for a feed */
  name?: string;
  method?: 'PUBLISH';
}

/**
 * The written VEVENTs of events that carry a `revision` (a stored event's id and version): a feed or
 * a sync writes each event once per change, not once per read. Bounded: cleared when full.
 */
const written = new Map<string, string>();
const WRITTEN_LIMIT = 50_000;

function veventsText(event: IcsEvent): string {
  const key = event.revision ? `${event.revision}|${event.uid}` : null;
  const cached = key ? written.get(key) : undefined;
  if (cached !== undefined) return cached;
  const text = veventsOf(event)
    .map((component) => component.toString())
    .join('\r\n');
  if (key) {
    if (written.size >= WRITTEN_LIMIT) written.clear();
    written.set(key, text);
  }
  return text;
}

/** A whole VCALENDAR with the events and one VTIMEZONE per zone used. */
export function writeCalendar(events: readonly IcsEvent[], options: CalendarOptions = {}): string {
  const parts = [headOf(options)];
  for (const zone of zonesOf(events)) parts.push(vtimezones.get(zone)!);
  for (const event of events) parts.push(veventsText(event));
  parts.push('END:VCALENDAR\r\n');
  return parts.join('\r\n');
}

const heads = new Map<string, string>();

/** The calendar's own lines (BEGIN:VCALENDAR to its last property), through ical.js; the few kinds kept. */
function headOf(options: CalendarOptions): string {
  const key = `${options.method ?? ''}|${options.name ?? ''}`;
  const found = heads.get(key);
  if (found !== undefined) return found;
  const calendar = new (ical().Component)('vcalendar');
  calendar.addPropertyWithValue('version', '2.0');
  calendar.addPropertyWithValue('prodid', PRODID);
  calendar.addPropertyWithValue('calscale', 'GREGORIAN');
  if (options.method) calendar.addPropertyWithValue('method', options.method);
  if (options.name) calendar.addPropertyWithValue('x-wr-calname', options.name);
  // the zones and events (each written by ical.js, or kept from before) are spliced in after these lines
  const head = calendar.toString().replace(/\r\nEND:VCALENDAR$/, '');
  if (heads.size > 1000) heads.clear();
  heads.set(key, head);
  return head;
}
/** One event as the calendar object resource CalDAV serves (`{uid}.ics`). */
export function writeEvent(event: IcsEvent): string {
  return writeCalendar([event]);
}

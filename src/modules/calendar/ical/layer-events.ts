import { DateTime } from 'luxon';
import type { AuthUser } from '../../../common/auth/auth-user';
import { calendarRules } from '../calendar-rules';
import type { CalendarLayers } from '../calendar-layers';
import type { CalendarLayer } from '../dto/event-input.dto';
import type { IcsEvent } from './ics-event';

/** How far the read-only layers reach in feeds and CalDAV: from 60 days back to a year ahead of today. */
export const LAYER_DAYS_BACK = 60;
export const LAYER_DAYS_AHEAD = 365;

/**
 * The occurrences of a read-only layer (bills, note reminders, birthdays, outside calendars) as
 * single events for iCalendar, over the feeds' reach around `now` in `timeZone`. Each gets a UID
 * of its own, stable across reads (the layer and its occurrence id).
 */
export async function layerEvents(
  layers: CalendarLayers,
  layer: Exclude<CalendarLayer, 'events'>,
  user: AuthUser,
  timeZone: string,
  now: Date,
): Promise<IcsEvent[]> {
  const source = layers.get(layer);
  if (!source || (source.module !== null && !user.modules.includes(source.module))) return [];
  const today = DateTime.fromJSDate(now, { zone: timeZone });
  const window = calendarRules().windowOf(today.minus({ days: LAYER_DAYS_BACK }).toISODate()!, today.plus({ days: LAYER_DAYS_AHEAD }).toISODate()!, timeZone);
  const occurrences = await source.occurrences({ user, window, timeZone });
  return occurrences.map((o) => ({
    uid: `${layer}-${o.occurrenceId}@hearth`,
    title: o.title,
    allDay: o.allDay,
    start: o.start,
    end: o.end,
    timeZone: o.timeZone,
    color: o.color,
    reminders: [],
    rrule: null,
  }));
}

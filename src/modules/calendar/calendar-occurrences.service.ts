import { Injectable } from '@nestjs/common';
import type { OccurrenceWindow } from '../../../domain/calendar';
import { calendarRules } from './calendar-rules';
import { AppError } from '../../common/errors/app-error';
import type { AuthUser } from '../../common/auth/auth-user';
import { NotificationSettingsService } from '../notifications/notification-settings.service';
import { CalendarLayers, LayerOccurrence } from './calendar-layers';
import { CalendarRepository } from './calendar.repository';
import type { EventRangeRow, ExceptionRow } from './calendar.sql';
import { sortInstant } from './calendar.service';
import { CalendarLayer, OccurrencesQuery } from './dto/event-input.dto';
import { OccurrenceDto } from './dto/event.dto';

/** At most this many days from `from` to `to`. */
export const MAX_OCCURRENCE_DAYS = 366;

const attends = (attendees: 'group' | string[], member: string | undefined) => member === undefined || attendees === 'group' || attendees.includes(member);

/**
 * GET /calendar/occurrences: the group's events expanded in a window, merged with the read-only
 * layers the owning features offer (CalendarLayers), sorted by start.
 */
@Injectable()
export class CalendarOccurrencesService {
  constructor(
    private readonly events: CalendarRepository,
    private readonly layers: CalendarLayers,
    private readonly settings: NotificationSettingsService,
  ) {}

  async list(user: AuthUser, query: OccurrencesQuery): Promise<OccurrenceDto[]> {
    if (!calendarRules().isDate(query.from)) throw AppError.invalidField('from', 'from must be a date YYYY-MM-DD');
    if (!calendarRules().isDate(query.to)) throw AppError.invalidField('to', 'to must be a date YYYY-MM-DD');
    if (query.to < query.from) throw AppError.invalidField('to', 'to must not be before from');
    const days = Math.round((Date.parse(`${query.to}T00:00:00Z`) - Date.parse(`${query.from}T00:00:00Z`)) / 86_400_000);
    if (days > MAX_OCCURRENCE_DAYS) throw AppError.invalidField('to', `from and to must be at most ${MAX_OCCURRENCE_DAYS} days apart`);
    const timeZone = (await this.settings.of(user.userId)).timeZone;
    const window = calendarRules().windowOf(query.from, query.to, timeZone);
    const allowed = this.layers.allowed(user);
    const asked = query.layers ? (query.layers.split(',') as CalendarLayer[]) : allowed;
    const layers = [...new Set(asked)].filter((layer) => allowed.includes(layer));
    const parts = await Promise.all(
      layers.map(async (layer): Promise<OccurrenceDto[]> => {
        if (layer === 'events') return this.eventOccurrences(user, window, query.attendee);
        const source = this.layers.get(layer)!;
        const found = await source.occurrences({ user, window, timeZone });
        return found.filter((o) => attends(o.attendees, query.attendee)).map((o) => fromLayer(source.source, o));
      }),
    );
    const all = parts.flat();
    const keys = new Map(all.map((o) => [o, sortInstant(o.start, o.allDay, timeZone)]));
    return all.sort(
      (a, b) =>
        keys.get(a)! - keys.get(b)! || Number(b.allDay) - Number(a.allDay) || a.title.localeCompare(b.title) || a.occurrenceId.localeCompare(b.occurrenceId),
    );
  }

  /** The events' occurrences in the window: series expanded, EXDATEs out, exceptions in place of their occurrence. */
  async eventOccurrences(user: Pick<AuthUser, 'groupId' | 'userId'>, window: OccurrenceWindow, attendee?: string): Promise<OccurrenceDto[]> {
    const { events, exceptions } = await this.events.inRange(user, window.from, window.to);
    const byEvent = new Map<string, ExceptionRow[]>();
    for (const x of exceptions) {
      const list = byEvent.get(x.event_id);
      if (list) list.push(x);
      else byEvent.set(x.event_id, [x]);
    }
    const out: OccurrenceDto[] = [];
    for (const event of events) {
      const changed = byEvent.get(event.id) ?? [];
      const changedKeys = new Set(changed.map((x) => x.original_start));
      const series = {
        allDay: event.all_day,
        start: event.start_value,
        end: event.end_value,
        timeZone: event.time_zone,
        rrule: event.rrule,
        exdates: event.exdates,
      };
      const eventAttendees = event.attendee_ids ?? 'group';
      if (attends(eventAttendees, attendee)) {
        for (const o of calendarRules().expandSeries(series, window)) {
          if (changedKeys.has(o.key)) continue;
          out.push(
            occurrence(
              event,
              o.key,
              { start: o.start, end: o.end, title: event.title, location: event.location, color: event.color, attendees: eventAttendees },
              false,
            ),
          );
        }
      }
      const excluded = new Set(event.exdates);
      for (const x of changed) {
        if (excluded.has(x.original_start)) continue;
        const attendees = x.attendee_ids ?? 'group';
        if (!attends(attendees, attendee)) continue;
        const times = { allDay: event.all_day, start: x.start_value, end: x.end_value, timeZone: event.time_zone, rrule: null };
        const own = calendarRules().expandSeries(times, window);
        if (!own.length) continue;
        out.push(
          occurrence(
            event,
            x.original_start,
            { start: x.start_value, end: x.end_value, title: x.title, location: x.location, color: x.color, attendees },
            true,
          ),
        );
      }
    }
    return out;
  }
}

function occurrence(
  event: EventRangeRow,
  key: string,
  fields: Pick<OccurrenceDto, 'start' | 'end' | 'title' | 'location' | 'color' | 'attendees'>,
  isException: boolean,
): OccurrenceDto {
  return {
    source: 'event',
    eventId: event.id,
    occurrenceId: `${event.id}/${key}`,
    originalStart: key,
    ...fields,
    allDay: event.all_day,
    timeZone: event.time_zone,
    isException,
    isPrivate: event.is_private,
    isRecurring: event.rrule !== null,
  };
}

function fromLayer(source: OccurrenceDto['source'], o: LayerOccurrence): OccurrenceDto {
  return {
    source,
    entityId: o.entityId,
    occurrenceId: o.occurrenceId,
    title: o.title,
    start: o.start,
    end: o.end,
    allDay: o.allDay,
    timeZone: o.timeZone,
    color: o.color,
    attendees: o.attendees,
    isException: false,
  };
}

import { Injectable } from '@nestjs/common';
import type { SeriesTimes } from '../../../domain/calendar';
import { calendarRules } from './calendar-rules';
import { addDays } from '../../../domain/recurrence';
import type { AuthUser } from '../../common/auth/auth-user';
import { AppError } from '../../common/errors/app-error';
import { newId } from '../../database/base.entity';
import { UnitOfWork } from '../../database/transaction';
import { Clock } from '../../common/clock/clock';
import { NotificationSettingsService } from '../notifications/notification-settings.service';
import { ReminderScheduler } from '../notifications/reminder-scheduler.service';
import { UsersRepository } from '../users/users.repository';
import { CalendarRepository } from './calendar.repository';
import type { EventBodyDto, OccurrenceBodyDto } from './dto/event-input.dto';
import { EventDto, EventExceptionDto } from './dto/event.dto';
import { CalendarEventException } from './entities/calendar-event-exception.entity';
import { CalendarEvent } from './entities/calendar-event.entity';
import { cursorText, EVENT_REMINDER_SOURCE } from './event-reminder.source';

/** The caller as the calendar needs them (a CalDAV request has the same). */
export type CalendarUser = Pick<AuthUser, 'userId' | 'groupId' | 'nickname' | 'modules'>;

const DAY_MS = 86_400_000;
/** The furthest any zone is from UTC: an all-day date's bounds in instants, wide enough for every viewer. */
const ZONE_SLACK_MS = 14 * 3_600_000;
/** A COUNT rule's last occurrence is found by expanding it, up to this many. */
const MAX_COUNTED = 5000;

/** The validated times of an event: canonical start/end, zone and rule. */
interface Times {
  allDay: boolean;
  startValue: string;
  endValue: string;
  timeZone: string;
  rrule: string | null;
}

/** Options of a create from another adapter (CalDAV, imports): its own UID. */
export interface CreateOptions {
  uid?: string;
}

export function toEventDto(event: CalendarEvent, exceptions: CalendarEventException[]): EventDto {
  return {
    id: event.id,
    uid: event.uid,
    title: event.title,
    description: event.description,
    location: event.location,
    markerId: event.markerId,
    allDay: event.allDay,
    start: event.startValue,
    end: event.endValue,
    timeZone: event.timeZone,
    recurrence: event.rrule ? { rrule: event.rrule } : null,
    exdates: [...event.exdates].sort(),
    exceptions: exceptions.map(toExceptionDto),
    attendees: event.attendeeIds ?? 'group',
    color: event.color,
    isPrivate: event.isPrivate,
    reminders: [...event.reminders].sort((a, b) => a - b).map((minutesBefore) => ({ minutesBefore })),
    etag: `"${event.version}"`,
    createdBy: event.createdBy,
    createdDate: event.createdDate,
    updatedDate: event.updatedDate,
  };
}

function toExceptionDto(x: CalendarEventException): EventExceptionDto {
  return {
    originalStart: x.originalStart,
    title: x.title,
    description: x.description,
    location: x.location,
    markerId: x.markerId,
    start: x.startValue,
    end: x.endValue,
    attendees: x.attendeeIds ?? 'group',
    color: x.color,
  };
}

/** The series' times as the domain's expansion takes them. */
export function seriesTimes(event: Pick<CalendarEvent, 'allDay' | 'startValue' | 'endValue' | 'timeZone' | 'rrule' | 'exdates'>): SeriesTimes {
  return { allDay: event.allDay, start: event.startValue, end: event.endValue, timeZone: event.timeZone, rrule: event.rrule, exdates: event.exdates };
}

function endsBeforeStart(): AppError {
  const message = 'end must not be before start';
  return AppError.badRequest('EVENT_ENDS_BEFORE_START', message, [{ field: 'end', message }]);
}

/** Checks and normalises start/end of one form (all-day dates or instants). */
function checkStartEnd(allDay: boolean, start: string, end: string): { startValue: string; endValue: string } {
  if (allDay) {
    if (!calendarRules().isDate(start)) throw AppError.invalidField('start', 'start of an all-day event must be a date YYYY-MM-DD');
    if (!calendarRules().isDate(end)) throw AppError.invalidField('end', 'end of an all-day event must be a date YYYY-MM-DD (exclusive)');
    if (end < start) throw endsBeforeStart();
    // RFC 5545: an all-day event without a later end lasts its one day
    return { startValue: start, endValue: end === start ? addDays(start, 1) : end };
  }
  const from = calendarRules().parseInstant(start);
  if (!from) throw AppError.invalidField('start', 'start must be an instant in ISO 8601 with Z or an offset, like 2026-10-03T10:00:00+02:00');
  const to = calendarRules().parseInstant(end);
  if (!to) throw AppError.invalidField('end', 'end must be an instant in ISO 8601 with Z or an offset, like 2026-10-03T11:00:00+02:00');
  if (to.getTime() < from.getTime()) throw endsBeforeStart();
  return { startValue: calendarRules().formatInstant(from), endValue: calendarRules().formatInstant(to) };
}

/** The bounds of every occurrence of the series (exceptions apart): the first start, the last end or null when endless. */
export function seriesRange(times: Times): { rangeStart: Date; rangeEnd: Date | null } {
  const instant = (value: string, slack: number) => new Date((times.allDay ? Date.parse(`${value}T00:00:00Z`) : Date.parse(value)) + slack);
  const rangeStart = instant(times.startValue, times.allDay ? -ZONE_SLACK_MS : 0);
  if (!times.rrule) return { rangeStart, rangeEnd: instant(times.endValue, times.allDay ? ZONE_SLACK_MS : 0) };
  const duration = times.allDay
    ? Date.parse(`${times.endValue}T00:00:00Z`) - Date.parse(`${times.startValue}T00:00:00Z`)
    : Date.parse(times.endValue) - Date.parse(times.startValue);
  const until = calendarRules().rrulePart(times.rrule, 'UNTIL');
  if (until) {
    const untilMs = Date.parse(`${until.slice(0, 4)}-${until.slice(4, 6)}-${until.slice(6, 8)}T00:00:00Z`) + DAY_MS;
    return { rangeStart, rangeEnd: new Date(untilMs + duration + 2 * ZONE_SLACK_MS) };
  }
  const count = calendarRules().rrulePart(times.rrule, 'COUNT');
  if (count && Number(count) <= MAX_COUNTED) {
    const series = { allDay: times.allDay, start: times.startValue, end: times.endValue, timeZone: times.timeZone, rrule: times.rrule };
    const all = calendarRules().occurrencesFrom(series, rangeStart, Number(count));
    const last = all[all.length - 1];
    return { rangeStart, rangeEnd: last ? instant(last.end, times.allDay ? ZONE_SLACK_MS : 0) : rangeStart };
  }
  return { rangeStart, rangeEnd: null };
}

/**
 * The group's calendar (docs/calendar.md): events and series stored as RFC 5545 stores them, and
 * changed one occurrence at a time. The same service serves the API, the feeds and CalDAV, so every
 * rule (visibility, attendees, times) is checked here once.
 */
@Injectable()
export class CalendarService {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly events: CalendarRepository,
    private readonly users: UsersRepository,
    private readonly settings: NotificationSettingsService,
    private readonly scheduler: ReminderScheduler,
    private readonly clock: Clock,
  ) {}

  /**
   * Saves the event and (re)starts its reminders from now: a reminder whose time has passed is not
   * sent; one sent already is not sent again (its key is the occurrence's and the minutes').
   */
  private async saveEvent(event: CalendarEvent): Promise<CalendarEvent> {
    const now = this.clock.now();
    event.reminderCursor = event.reminders.length ? cursorText({ at: now.getTime(), minutes: -1 }) : null;
    const saved = await this.events.save(event);
    if (event.reminders.length) await this.scheduler.schedule(EVENT_REMINDER_SOURCE, event.id, now);
    else await this.scheduler.unschedule(EVENT_REMINDER_SOURCE, event.id);
    return saved;
  }

  async get(user: CalendarUser, eventId: string): Promise<EventDto> {
    const event = await this.events.findVisible(user, eventId);
    return toEventDto(event, await this.events.exceptionsOf(event.id));
  }

  /** The event with this UID as the caller may see it, or null (CalDAV, imports). */
  async getByUid(user: CalendarUser, uid: string): Promise<EventDto | null> {
    const event = await this.events.findByUid(user, uid);
    return event ? toEventDto(event, await this.events.exceptionsOf(event.id)) : null;
  }

  /**
   * Every event the user may see, with its exceptions (what a feed, a CalDAV calendar and the
   * person's export hold; `calendar/events.ics` is written from this).
   */
  async visibleEvents(user: CalendarUser): Promise<EventDto[]> {
    const { events, exceptions } = await this.events.allVisible(user);
    const byEvent = new Map<string, CalendarEventException[]>();
    for (const x of exceptions) byEvent.set(x.eventId, [...(byEvent.get(x.eventId) ?? []), x]);
    return events.map((event) => toEventDto(event, byEvent.get(event.id) ?? []));
  }

  /**
   * What changed for `user` since the sync token `since` (a change number; '0' or null: from the
   * start): the UIDs changed (still there and visible) and those gone (deleted, or private to
   * someone else now), and the token to ask with next time (RFC 6578 sync-collection). The group's
   * current token is also its calendar's ctag.
   */
  async changesSince(user: CalendarUser, since: string | null): Promise<{ token: string; changed: { uid: string; eventId: string }[]; removed: string[] }> {
    const rows = await this.events.changesSince(user.groupId, since && /^\d{1,19}$/.test(since) ? since : '0');
    const changed: { uid: string; eventId: string }[] = [];
    const removed: string[] = [];
    for (const row of rows) {
      if (row.deleted || (row.private_to !== null && row.private_to !== user.userId)) removed.push(row.uid);
      else changed.push({ uid: row.uid, eventId: row.event_id });
    }
    const token = rows.length ? rows[rows.length - 1].seq : await this.events.latestSeq(user.groupId);
    return { token, changed, removed };
  }

  /** The group's current sync token (its latest change number): the ctag. */
  syncToken(user: CalendarUser): Promise<string> {
    return this.events.latestSeq(user.groupId);
  }

  async create(user: CalendarUser, dto: EventBodyDto, options: CreateOptions = {}): Promise<EventDto> {
    const times = await this.checkTimes(user, dto);
    const [attendeeIds] = await Promise.all([this.checkAttendees(user, dto.attendees), this.checkMarker(user, dto.markerId)]);
    return this.unitOfWork.join(async (manager) => {
      const id = newId();
      const uid = options.uid ?? `${id}@hearth`;
      if (options.uid && (await this.events.uidTaken(user.groupId, uid))) throw AppError.conflict('ID_CONFLICT', 'An event with this UID exists already');
      const event = manager.create(CalendarEvent, {
        id,
        groupId: user.groupId,
        uid,
        createdBy: user.userId,
        isPrivate: dto.isPrivate ?? false,
        exdates: [],
        version: 1,
        ...this.editable(user, dto, times, attendeeIds),
      });
      const saved = await this.saveEvent(event);
      return toEventDto(saved, []);
    });
  }

  /**
   * Replaces the whole event. With `ifMatch` (the version edited from) a stale one is 412 with the
   * event as it is. A change of the first occurrence's time or of the rule keeps the exceptions and
   * exclusions that still name occurrences of the series.
   */
  async update(user: CalendarUser, eventId: string, dto: EventBodyDto, ifMatch?: number): Promise<EventDto> {
    const times = await this.checkTimes(user, dto);
    const [attendeeIds] = await Promise.all([this.checkAttendees(user, dto.attendees), this.checkMarker(user, dto.markerId)]);
    return this.unitOfWork.join(async () => {
      const event = await this.events.findVisible(user, eventId, true);
      await this.checkVersion(event, ifMatch);
      if (dto.isPrivate !== undefined && dto.isPrivate !== event.isPrivate && event.createdBy !== user.userId) {
        throw AppError.forbidden('FORBIDDEN', 'Only the creator of an event can make it private or shared');
      }
      Object.assign(event, this.editable(user, dto, times, attendeeIds, event.color), { isPrivate: dto.isPrivate ?? event.isPrivate });
      event.version += 1;
      const saved = await this.saveEvent(event);
      return toEventDto(saved, await this.events.exceptionsOf(event.id));
    });
  }

  async remove(user: CalendarUser, eventId: string, ifMatch?: number): Promise<void> {
    await this.unitOfWork.join(async () => {
      const event = await this.events.findVisible(user, eventId, true);
      await this.checkVersion(event, ifMatch);
      await this.events.remove(event);
      await this.scheduler.unschedule(EVENT_REMINDER_SOURCE, eventId);
    });
  }

  /** Changes one occurrence of the series on its own (RFC 5545 RECURRENCE-ID). */
  async updateOccurrence(user: CalendarUser, eventId: string, originalStart: string, dto: OccurrenceBodyDto, ifMatch?: number): Promise<EventDto> {
    const [attendeeIds] = await Promise.all([
      dto.attendees === undefined ? Promise.resolve(undefined) : this.checkAttendees(user, dto.attendees),
      this.checkMarker(user, dto.markerId),
    ]);
    return this.unitOfWork.join(async (manager) => {
      const event = await this.events.findVisible(user, eventId, true);
      await this.checkVersion(event, ifMatch);
      const exceptions = await this.events.exceptionsOf(event.id);
      const key = this.occurrenceOf(event, originalStart);
      const existing = exceptions.find((x) => x.originalStart === key);
      const original = existing ?? this.originalOccurrence(event, key);
      const { startValue, endValue } = checkStartEnd(
        event.allDay,
        dto.start ?? original.startValue,
        dto.end ?? (dto.start === undefined ? original.endValue : shiftedEnd(event, original, dto.start)),
      );
      const exception = existing ?? manager.create(CalendarEventException, { id: newId(), groupId: event.groupId, eventId: event.id, originalStart: key });
      Object.assign(exception, {
        title: dto.title ?? existing?.title ?? event.title,
        description: dto.description !== undefined ? dto.description : (existing?.description ?? event.description),
        location: dto.location !== undefined ? dto.location : (existing?.location ?? event.location),
        markerId: dto.markerId !== undefined ? dto.markerId : (existing?.markerId ?? event.markerId),
        startValue,
        endValue,
        attendeeIds: attendeeIds !== undefined ? attendeeIds : existing ? existing.attendeeIds : event.attendeeIds,
        color: dto.color ?? existing?.color ?? event.color,
      });
      const range = seriesRange({ allDay: event.allDay, startValue, endValue, timeZone: event.timeZone, rrule: null });
      exception.rangeStart = range.rangeStart;
      exception.rangeEnd = range.rangeEnd!;
      await this.events.saveException(exception);
      event.version += 1;
      const saved = await this.saveEvent(event);
      return toEventDto(saved, await this.events.exceptionsOf(event.id));
    });
  }

  /** Deletes one occurrence of the series (RFC 5545 EXDATE); its exception goes with it. */
  async removeOccurrence(user: CalendarUser, eventId: string, originalStart: string, ifMatch?: number): Promise<EventDto> {
    return this.unitOfWork.join(async () => {
      const event = await this.events.findVisible(user, eventId, true);
      await this.checkVersion(event, ifMatch);
      const key = this.occurrenceOf(event, originalStart);
      const exception = (await this.events.exceptionsOf(event.id)).find((x) => x.originalStart === key);
      if (exception) await this.events.removeException(exception);
      event.exdates = [...new Set([...event.exdates, key])].sort();
      event.version += 1;
      const saved = await this.saveEvent(event);
      return toEventDto(saved, await this.events.exceptionsOf(event.id));
    });
  }

  /**
   * Gives an occurrence back to the series: a deleted one (its EXDATE) comes back, a changed one
   * (its exception) goes back to the series' own time and fields. An occurrence that is the
   * series' own already is left as it is (no new version, no history row).
   */
  async restoreOccurrence(user: CalendarUser, eventId: string, originalStart: string, ifMatch?: number): Promise<EventDto> {
    return this.unitOfWork.join(async () => {
      const event = await this.events.findVisible(user, eventId, true);
      await this.checkVersion(event, ifMatch);
      const key = this.occurrenceOf(event, originalStart);
      const exceptions = await this.events.exceptionsOf(event.id);
      const exception = exceptions.find((x) => x.originalStart === key);
      if (!exception && !event.exdates.includes(key)) return toEventDto(event, exceptions);
      if (exception) await this.events.removeException(exception);
      if (event.exdates.includes(key)) event.exdates = event.exdates.filter((date) => date !== key);
      event.version += 1;
      const saved = await this.saveEvent(event);
      return toEventDto(saved, await this.events.exceptionsOf(event.id));
    });
  }

  /**
   * "This and all following": the series ends before the occurrence `from`, and a new series (a new
   * UID) starts there with the same rule; exceptions and exclusions from `from` on move to it.
   */
  async split(user: CalendarUser, eventId: string, from: string, ifMatch?: number): Promise<EventDto> {
    return this.unitOfWork.join(async (manager) => {
      const event = await this.events.findVisible(user, eventId, true);
      await this.checkVersion(event, ifMatch);
      if (!event.rrule) throw AppError.invalidField('from', 'only a repeating event can be split');
      const key = this.occurrenceOf(event, from);
      if (key <= event.startValue) throw AppError.invalidField('from', 'from must be a later occurrence than the first: to change them all, change the event');
      const times = seriesTimes(event);
      const count = calendarRules().rrulePart(event.rrule, 'COUNT');
      const before = calendarRules().countBefore(times, key);
      const duration = event.allDay
        ? Date.parse(`${event.endValue}T00:00:00Z`) - Date.parse(`${event.startValue}T00:00:00Z`)
        : Date.parse(event.endValue) - Date.parse(event.startValue);
      const exceptions = await this.events.exceptionsOf(event.id);
      const id = newId();
      const next = manager.create(CalendarEvent, {
        ...event,
        id,
        uid: `${id}@hearth`,
        createdBy: user.userId,
        startValue: key,
        endValue: event.allDay
          ? new Date(Date.parse(`${key}T00:00:00Z`) + duration).toISOString().slice(0, 10)
          : calendarRules().formatInstant(new Date(Date.parse(key) + duration)),
        rrule: count ? calendarRules().withRrulePart(event.rrule, 'COUNT', String(Math.max(1, Number(count) - before))) : event.rrule,
        exdates: event.exdates.filter((date) => date >= key),
        version: 1,
      });
      Object.assign(next, seriesRange(next));
      delete (next as Partial<CalendarEvent>).createdDate;
      delete (next as Partial<CalendarEvent>).updatedDate;
      // the old series: up to the moment before `from`
      const until = event.allDay
        ? addDays(key, -1).replace(/-/g, '')
        : calendarRules()
            .formatInstant(new Date(Date.parse(key) - 1000))
            .replace(/[-:]/g, '');
      event.rrule = calendarRules().withRrulePart(calendarRules().withRrulePart(event.rrule, 'COUNT', undefined), 'UNTIL', until);
      event.exdates = event.exdates.filter((date) => date < key);
      Object.assign(event, seriesRange(event));
      event.version += 1;
      await this.saveEvent(event);
      const saved = await this.saveEvent(next);
      for (const exception of exceptions.filter((x) => x.originalStart >= key)) {
        exception.eventId = saved.id;
        await this.events.saveException(exception);
      }
      return toEventDto(saved, await this.events.exceptionsOf(saved.id));
    });
  }

  private async checkVersion(event: CalendarEvent, ifMatch: number | undefined): Promise<void> {
    if (ifMatch !== undefined && ifMatch !== event.version)
      throw AppError.versionConflict('The event', toEventDto(event, await this.events.exceptionsOf(event.id)));
  }

  /** The key of an occurrence of the series named by `originalStart`; 404 when the series has none there. */
  private occurrenceOf(event: CalendarEvent, originalStart: string): string {
    const key = calendarRules().occurrenceKey(originalStart, event.allDay);
    if (key === null) {
      throw AppError.invalidField(
        'originalStart',
        event.allDay ? 'originalStart must be a date YYYY-MM-DD' : 'originalStart must be an instant like 2026-10-03T08:00:00Z',
      );
    }
    const date = key.slice(0, 10);
    const window = event.allDay
      ? calendarRules().windowOf(date, date, 'UTC')
      : { fromDate: date, toDate: date, from: new Date(Date.parse(key)), to: new Date(Date.parse(key) + 1) };
    const found = calendarRules()
      .expandSeries({ ...seriesTimes(event), exdates: [] }, window, 10)
      .some((o) => o.key === key);
    if (!found) throw AppError.notFound('Occurrence');
    return key;
  }

  private originalOccurrence(event: CalendarEvent, key: string): { startValue: string; endValue: string } {
    if (event.allDay) {
      const days = Math.round((Date.parse(`${event.endValue}T00:00:00Z`) - Date.parse(`${event.startValue}T00:00:00Z`)) / DAY_MS);
      return { startValue: key, endValue: addDays(key, days) };
    }
    return { startValue: key, endValue: calendarRules().formatInstant(new Date(Date.parse(key) + Date.parse(event.endValue) - Date.parse(event.startValue))) };
  }

  private async checkTimes(user: CalendarUser, dto: EventBodyDto): Promise<Times> {
    const { startValue, endValue } = checkStartEnd(dto.allDay, dto.start, dto.end);
    const timeZone = dto.timeZone ?? (await this.settings.of(user.userId)).timeZone;
    if (!calendarRules().isTimeZone(timeZone)) throw AppError.invalidField('timeZone', 'timeZone must be an IANA time zone like Europe/Berlin');
    let rrule: string | null = null;
    if (dto.recurrence?.rrule !== undefined) {
      const checked = calendarRules().checkRrule(dto.recurrence.rrule);
      if (!checked.ok) {
        throw new AppError(
          400,
          'RRULE_UNSUPPORTED',
          `The rule part ${checked.part} is not supported: ${checked.message}`,
          [{ field: 'recurrence.rrule', message: checked.message }],
          undefined,
          {
            part: checked.part,
          },
        );
      }
      rrule = checked.rrule;
    }
    return { allDay: dto.allDay, startValue, endValue, timeZone, rrule };
  }

  /** null: the whole group; else the distinct member ids, each an active member (400 UNKNOWN_MEMBER otherwise). */
  private async checkAttendees(user: CalendarUser, attendees: EventBodyDto['attendees']): Promise<string[] | null> {
    if (attendees === undefined || attendees === 'group') return null;
    const ids = [...new Set(attendees.map((id) => id.toLowerCase()))];
    const members = await this.users.activeMembersAmong(user, ids);
    const unknown = ids.filter((id) => !members.has(id));
    if (unknown.length) {
      throw AppError.badRequest(
        'UNKNOWN_MEMBER',
        `Not a member of the group: ${unknown.join(', ')}`,
        unknown.map(() => ({ field: 'attendees', message: 'not a member of the group' })),
      );
    }
    return ids;
  }

  private async checkMarker(user: CalendarUser, markerId: string | null | undefined): Promise<void> {
    if (markerId && !(await this.events.markerInGroup(markerId, user.groupId)))
      throw AppError.invalidField('markerId', "markerId must be a place of the group's map");
  }

  private editable(user: CalendarUser, dto: EventBodyDto, times: Times, attendeeIds: string[] | null, currentColor?: string) {
    return {
      title: dto.title,
      description: dto.description ?? null,
      location: dto.location ?? null,
      markerId: dto.markerId ?? null,
      allDay: times.allDay,
      startValue: times.startValue,
      endValue: times.endValue,
      timeZone: times.timeZone,
      rrule: times.rrule,
      attendeeIds,
      color: dto.color ?? currentColor ?? calendarRules().memberColor(user.userId),
      reminders: [...new Set((dto.reminders ?? []).map((r) => r.minutesBefore))].sort((a, b) => a - b),
      ...seriesRange(times),
    };
  }
}

/** A moved occurrence keeps its length: the end that goes with a new start. */
function shiftedEnd(event: CalendarEvent, original: { startValue: string; endValue: string }, start: string): string {
  if (event.allDay) {
    if (!calendarRules().isDate(start)) return start;
    const days = Math.round((Date.parse(`${original.endValue}T00:00:00Z`) - Date.parse(`${original.startValue}T00:00:00Z`)) / DAY_MS);
    return addDays(start, days);
  }
  const instant = calendarRules().parseInstant(start);
  if (!instant) return start;
  return calendarRules().formatInstant(new Date(instant.getTime() + Date.parse(original.endValue) - Date.parse(original.startValue)));
}

/** The first instant of a date in a zone, for ordering all-day entries among timed ones. */
export function sortInstant(start: string, allDay: boolean, zone: string): number {
  return allDay ? calendarRules().startOfDate(start, zone).getTime() : Date.parse(start);
}

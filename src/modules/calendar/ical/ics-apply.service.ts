import { Injectable } from '@nestjs/common';
import { occurrenceKey } from '../../../../domain/calendar';
import { UnitOfWork } from '../../../database/transaction';
import { CalendarService, type CalendarUser } from '../calendar.service';
import type { EventBodyDto } from '../dto/event-input.dto';
import type { EventDto } from '../dto/event.dto';
import type { IcsEvent } from './ics-event';

/** The most reminders an event keeps (the API's limit); a file's further alarms are left out. */
const MAX_REMINDERS = 5;

/** An iCalendar event as the calendar's API body; what iCalendar does not carry keeps the stored event's value. */
export function bodyOf(event: IcsEvent, existing: EventDto | null): EventBodyDto {
  return {
    title: event.title,
    description: event.description ?? null,
    location: event.location ?? null,
    markerId: existing?.markerId ?? null,
    allDay: event.allDay,
    start: event.start,
    end: event.end,
    timeZone: event.timeZone,
    recurrence: event.rrule ? { rrule: event.rrule } : null,
    attendees: existing?.attendees ?? 'group',
    color: existing?.color ?? event.color ?? undefined,
    isPrivate: existing ? existing.isPrivate : (event.isPrivate ?? false),
    reminders: (event.reminders ?? []).slice(0, MAX_REMINDERS),
  } as EventBodyDto;
}

const sameExceptionFields = (a: { title: string; description: string | null; location: string | null; start: string; end: string }, b: typeof a) =>
  a.title === b.title && a.description === b.description && a.location === b.location && a.start === b.start && a.end === b.end;

/**
 * Writes an iCalendar event (a CalDAV PUT, one event of an imported file) through the calendar's
 * service, so it is an ordinary event: validated, in the history, live, its VALARMs its reminders.
 * The event is made (with its UID) or replaced, then its series is brought to exactly what the file
 * says: an EXDATE added deletes its occurrence and one dropped brings it back; an override
 * (RECURRENCE-ID) sent is kept, one dropped goes back to the series' own time. All of it is one
 * unit of work: the event, its history rows and their live events commit together or not at all,
 * so a refused part leaves the event (and its ETag) as it was.
 */
@Injectable()
export class IcsApplyService {
  constructor(
    private readonly calendar: CalendarService,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  /**
   * Creates or replaces the event with this UID. `ifMatch`: the version the writer saw (a stale
   * one is the service's 412). Answers the event as stored and whether it was made now.
   */
  upsert(user: CalendarUser, event: IcsEvent, existing: EventDto | null, ifMatch?: number): Promise<{ event: EventDto; created: boolean }> {
    return this.unitOfWork.run(async () => {
      let stored = existing
        ? await this.calendar.update(user, existing.id, bodyOf(event, existing), ifMatch)
        : await this.calendar.create(user, bodyOf(event, null), { uid: event.uid });
      if (event.rrule) stored = await this.applyOccurrences(user, stored, event);
      return { event: stored, created: !existing };
    });
  }

  private async applyOccurrences(user: CalendarUser, stored: EventDto, event: IcsEvent): Promise<EventDto> {
    const keyOf = (value: string) => occurrenceKey(value, stored.allDay) ?? value;
    const exdates = new Set((event.exdates ?? []).map(keyOf));
    const sent = new Map((event.exceptions ?? []).filter((x) => x.allDay === event.allDay).map((x) => [keyOf(x.originalStart), x]));
    for (const key of exdates) {
      if (stored.exdates.includes(key)) continue;
      stored = await this.occurrenceCall(() => this.calendar.removeOccurrence(user, stored.id, key), stored);
    }
    // an EXDATE or an override the file no longer has: that occurrence is the series' own again
    const dropped = [...stored.exdates.filter((key) => !exdates.has(key)), ...stored.exceptions.map((x) => x.originalStart).filter((key) => !sent.has(key))];
    for (const key of dropped) stored = await this.occurrenceCall(() => this.calendar.restoreOccurrence(user, stored.id, key), stored);
    for (const [key, x] of sent) {
      if (exdates.has(key)) continue;
      const wanted = { title: x.title, description: x.description ?? null, location: x.location ?? null, start: x.start, end: x.end };
      const have = stored.exceptions.find((e) => e.originalStart === key);
      if (have && sameExceptionFields(have, wanted)) continue;
      stored = await this.occurrenceCall(() => this.calendar.updateOccurrence(user, stored.id, key, wanted), stored);
    }
    return stored;
  }

  /**
   * An exclusion or change naming no occurrence of the series (a client's stale RECURRENCE-ID, 404)
   * is left out; anything the calendar refuses (400) refuses the whole event.
   */
  private async occurrenceCall(call: () => Promise<EventDto>, stored: EventDto): Promise<EventDto> {
    try {
      return await call();
    } catch (error) {
      if ((error as { status?: number }).status === 404) return stored;
      throw error;
    }
  }
}

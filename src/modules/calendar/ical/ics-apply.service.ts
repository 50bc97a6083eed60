import { Injectable } from '@nestjs/common';
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
 * Writes an iCalendar event (a CalDAV PUT, an imported file) through the calendar's service, so it
 * is an ordinary event: validated, in the history, live, its VALARMs its reminders. The event is
 * made (with its UID) or replaced, then its changed occurrences and exclusions are brought to what
 * the file says, each through the service's occurrence calls.
 */
@Injectable()
export class IcsApplyService {
  constructor(private readonly calendar: CalendarService) {}

  /**
   * Creates or replaces the event with this UID. `ifMatch`: the version the writer saw (a stale
   * one is the service's 412). Answers the event as stored and whether it was made now.
   */
  async upsert(user: CalendarUser, event: IcsEvent, existing: EventDto | null, ifMatch?: number): Promise<{ event: EventDto; created: boolean }> {
    let stored = existing
      ? await this.calendar.update(user, existing.id, bodyOf(event, existing), ifMatch)
      : await this.calendar.create(user, bodyOf(event, null), { uid: event.uid });
    if (event.rrule) stored = await this.applyOccurrences(user, stored, event);
    return { event: stored, created: !existing };
  }

  private async applyOccurrences(user: CalendarUser, stored: EventDto, event: IcsEvent): Promise<EventDto> {
    const exdates = new Set(stored.exdates);
    for (const key of event.exdates ?? []) {
      if (exdates.has(key)) continue;
      stored = await this.occurrenceCall(() => this.calendar.removeOccurrence(user, stored.id, key), stored);
    }
    const current = new Map(stored.exceptions.map((x) => [x.originalStart, x]));
    for (const x of event.exceptions ?? []) {
      if (x.allDay !== event.allDay) continue;
      const wanted = { title: x.title, description: x.description ?? null, location: x.location ?? null, start: x.start, end: x.end };
      const have = current.get(x.originalStart);
      if (have && sameExceptionFields(have, wanted)) continue;
      stored = await this.occurrenceCall(() => this.calendar.updateOccurrence(user, stored.id, x.originalStart, wanted), stored);
    }
    return stored;
  }

  /** An exclusion or change naming no occurrence of the series (a client's stale RECURRENCE-ID) is left out. */
  private async occurrenceCall(call: () => Promise<EventDto>, stored: EventDto): Promise<EventDto> {
    try {
      return await call();
    } catch (error) {
      const status = (error as { status?: number }).status;
      if (status === 404 || status === 400) return stored;
      throw error;
    }
  }
}

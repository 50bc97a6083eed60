/**
 * The calendar's event as iCalendar sees it: what feeds, CalDAV, exports and imports read and write.
 * Instants are ISO 8601 strings in UTC (`2026-03-28T09:00:00.000Z`); all-day values are dates
 * (`2026-03-28`), their `end` exclusive as RFC 5545 has it.
 */
export interface IcsAlarm {
  /** minutes before the start (0–40 320) */
  minutesBefore: number;
}

export interface IcsOccurrenceFields {
  title: string;
  description?: string | null;
  location?: string | null;
  allDay: boolean;
  start: string;
  end: string;
  /** the IANA zone the wall-clock times belong to (all-day events keep one too) */
  timeZone: string;
  reminders?: IcsAlarm[];
}

/** One changed occurrence of a series (RFC 5545 `RECURRENCE-ID`). */
export interface IcsException extends IcsOccurrenceFields {
  /** the occurrence's start as the series gives it (an instant, or a date for all-day series) */
  originalStart: string;
}

export interface IcsEvent extends IcsOccurrenceFields {
  /** one per event, never changed */
  uid: string;
  /** an RFC 5545 RRULE value without the `RRULE:` name */
  rrule?: string | null;
  /** occurrences removed from the series, as `originalStart` values */
  exdates?: string[];
  exceptions?: IcsException[];
  createdDate?: string | null;
  updatedDate?: string | null;
  /** `#RRGGBB` */
  color?: string | null;
  isPrivate?: boolean;
  /** what identifies this state of the event (a stored event's id and version): lets its written form be reused */
  revision?: string;
}

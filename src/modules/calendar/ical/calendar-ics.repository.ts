import { Injectable } from '@nestjs/common';
import type { AuthUser } from '../../../common/auth/auth-user';
import { Sql } from '../../../database/sql';
import {
  ICS_EVENTS_BY_ID,
  ICS_EVENTS_BY_UID,
  ICS_EVENTS_IN_RANGE,
  ICS_EVENTS_VISIBLE,
  ICS_EXCEPTIONS_OF_EVENTS,
  IcsEventRow,
  IcsExceptionRow,
} from './calendar-ics.sql';
import type { IcsEvent } from './ics-event';

/** An event as iCalendar writes it, with what CalDAV needs beside: its id and ETag. */
export interface StoredIcsEvent extends IcsEvent {
  id: string;
  /** the event's ETag, as the API gives it (`"3"`) */
  etag: string;
}

const iso = (date: Date) => `${date.toISOString().slice(0, 19)}Z`;

function toIcs(row: IcsEventRow, exceptions: IcsExceptionRow[]): StoredIcsEvent {
  return {
    id: row.id,
    etag: `"${row.version}"`,
    revision: `${row.id}:${row.version}:${row.updated_date.getTime()}`,
    uid: row.uid,
    title: row.title,
    description: row.description,
    location: row.location,
    allDay: row.all_day,
    start: row.start_value,
    end: row.end_value,
    timeZone: row.time_zone,
    rrule: row.rrule,
    exdates: row.exdates,
    reminders: row.reminders.map((minutesBefore) => ({ minutesBefore })),
    exceptions: exceptions.map((x) => ({
      originalStart: x.original_start,
      title: x.title,
      description: x.description,
      location: x.location,
      allDay: row.all_day,
      start: x.start_value,
      end: x.end_value,
      timeZone: row.time_zone,
      reminders: row.reminders.map((minutesBefore) => ({ minutesBefore })),
    })),
    createdDate: iso(row.created_date),
    updatedDate: iso(row.updated_date),
    color: row.color,
    isPrivate: row.is_private,
  };
}

/** The calendar's events, read whole for iCalendar (feeds, CalDAV, exports) under the private-event rule. */
@Injectable()
export class CalendarIcsRepository {
  constructor(private readonly sql: Sql) {}

  private async withExceptions(rows: IcsEventRow[]): Promise<StoredIcsEvent[]> {
    const recurring = rows.filter((row) => row.rrule).map((row) => row.id);
    const exceptions = recurring.length ? await this.sql.rows<IcsExceptionRow>(ICS_EXCEPTIONS_OF_EVENTS, [recurring]) : [];
    const byEvent = new Map<string, IcsExceptionRow[]>();
    for (const x of exceptions) byEvent.set(x.event_id, [...(byEvent.get(x.event_id) ?? []), x]);
    return rows.map((row) => toIcs(row, byEvent.get(row.id) ?? []));
  }

  async visible(user: Pick<AuthUser, 'groupId' | 'userId'>, onlyMine = false): Promise<StoredIcsEvent[]> {
    return this.withExceptions(await this.sql.rows<IcsEventRow>(ICS_EVENTS_VISIBLE, [user.groupId, user.userId, onlyMine]));
  }

  async byUids(user: Pick<AuthUser, 'groupId' | 'userId'>, uids: string[]): Promise<StoredIcsEvent[]> {
    if (!uids.length) return [];
    return this.withExceptions(await this.sql.rows<IcsEventRow>(ICS_EVENTS_BY_UID, [user.groupId, user.userId, uids]));
  }

  async byIds(user: Pick<AuthUser, 'groupId' | 'userId'>, ids: string[]): Promise<StoredIcsEvent[]> {
    if (!ids.length) return [];
    return this.withExceptions(await this.sql.rows<IcsEventRow>(ICS_EVENTS_BY_ID, [user.groupId, user.userId, ids]));
  }

  async inRange(user: Pick<AuthUser, 'groupId' | 'userId'>, from: Date, to: Date): Promise<StoredIcsEvent[]> {
    return this.withExceptions(await this.sql.rows<IcsEventRow>(ICS_EVENTS_IN_RANGE, [user.groupId, user.userId, from, to]));
  }
}

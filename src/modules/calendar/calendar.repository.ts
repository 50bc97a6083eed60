import { Injectable } from '@nestjs/common';
import { EntityManager, In } from 'typeorm';
import type { AuthUser } from '../../common/auth/auth-user';
import { AppError } from '../../common/errors/app-error';
import { findInGroupTx, lockInGroup } from '../../common/tenancy/group-scope';
import { Sql } from '../../database/sql';
import { UnitOfWork } from '../../database/transaction';
import {
  CALENDAR_CHANGE_RECORD,
  CALENDAR_CHANGES_SINCE,
  CALENDAR_EVENTS_IN_RANGE,
  CALENDAR_EXCEPTIONS_OF_EVENTS,
  CALENDAR_LATEST_SEQ,
  CALENDAR_MARKER_IN_GROUP,
  ChangeRow,
  EventRangeRow,
  ExceptionRow,
} from './calendar.sql';
import { CalendarEventException } from './entities/calendar-event-exception.entity';
import { CalendarEvent, eventPrivateTo, eventVisibleTo } from './entities/calendar-event.entity';

/** The SQL of the calendar's tables: events and their exceptions through save()/remove() (history), reads by statement. */
@Injectable()
export class CalendarRepository {
  constructor(
    private readonly sql: Sql,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  private get manager(): EntityManager {
    return this.unitOfWork.manager;
  }

  /** The one way to load an event for a caller: in their group, a private one only for its creator; else 404. */
  async findVisible(user: Pick<AuthUser, 'groupId' | 'userId'>, eventId: string, lock = false): Promise<CalendarEvent> {
    const event = await (lock
      ? lockInGroup(this.manager, CalendarEvent, user, eventId, 'Event')
      : findInGroupTx(this.manager, CalendarEvent, user, eventId, 'Event'));
    if (!eventVisibleTo(event, user.userId)) throw AppError.notFound('Event');
    return event;
  }

  /** An event of the group by its UID (CalDAV, imports), or null; private ones only for their creator. */
  async findByUid(user: Pick<AuthUser, 'groupId' | 'userId'>, uid: string, lock = false): Promise<CalendarEvent | null> {
    const event = await this.manager.findOne(CalendarEvent, {
      where: { groupId: user.groupId, uid },
      ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}),
    });
    return event && eventVisibleTo(event, user.userId) ? event : null;
  }

  /** Whether the UID is taken in the group, by anyone (a private event's too). */
  async uidTaken(groupId: string, uid: string): Promise<boolean> {
    return (await this.manager.count(CalendarEvent, { where: { groupId, uid } })) > 0;
  }

  exceptionsOf(eventId: string): Promise<CalendarEventException[]> {
    return this.manager.find(CalendarEventException, { where: { eventId }, order: { originalStart: 'ASC' } });
  }

  /** Saves the event (its history row with it) and records the change in the change log. */
  async save(event: CalendarEvent): Promise<CalendarEvent> {
    const saved = await this.manager.save(event);
    await this.recordChange(saved, false);
    return saved;
  }

  async saveException(exception: CalendarEventException): Promise<void> {
    await this.manager.save(exception);
  }

  async removeException(exception: CalendarEventException): Promise<void> {
    await this.manager.remove(exception);
  }

  /** Deletes the event (its exceptions with it) and leaves its tombstone in the change log. */
  async remove(event: CalendarEvent): Promise<void> {
    const copy = { ...event };
    await this.manager.remove(event);
    await this.recordChange(copy as CalendarEvent, true);
  }

  private async recordChange(event: CalendarEvent, deleted: boolean): Promise<void> {
    await this.sql.rows(CALENDAR_CHANGE_RECORD, [event.id, event.groupId, event.uid, deleted, eventPrivateTo(event)]);
  }

  /** The events the user sees with something that may fall in [from, to), and their exceptions. */
  async inRange(user: Pick<AuthUser, 'groupId' | 'userId'>, from: Date, to: Date): Promise<{ events: EventRangeRow[]; exceptions: ExceptionRow[] }> {
    const events = await this.sql.rows<EventRangeRow>(CALENDAR_EVENTS_IN_RANGE, [user.groupId, user.userId, from, to]);
    const recurring = events.filter((event) => event.rrule !== null).map((event) => event.id);
    const exceptions = recurring.length ? await this.sql.rows<ExceptionRow>(CALENDAR_EXCEPTIONS_OF_EVENTS, [recurring]) : [];
    return { events, exceptions };
  }

  /** Every event of the group the user sees, with all their exceptions (feeds, CalDAV, the person's export). */
  async allVisible(user: Pick<AuthUser, 'groupId' | 'userId'>): Promise<{ events: CalendarEvent[]; exceptions: CalendarEventException[] }> {
    const events = (await this.manager.find(CalendarEvent, { where: { groupId: user.groupId }, order: { startValue: 'ASC', id: 'ASC' } })).filter((event) =>
      eventVisibleTo(event, user.userId),
    );
    const recurring = events.filter((event) => event.rrule !== null).map((event) => event.id);
    const exceptions = recurring.length
      ? await this.manager.find(CalendarEventException, { where: { eventId: In(recurring) }, order: { originalStart: 'ASC' } })
      : [];
    return { events, exceptions };
  }

  /** The change log of the group after `seq` (a sync token), in order. */
  changesSince(groupId: string, seq: string): Promise<ChangeRow[]> {
    return this.sql.rows<ChangeRow>(CALENDAR_CHANGES_SINCE, [groupId, seq]);
  }

  /** The group's latest change number ('0' before any): the ctag and the current sync token. */
  async latestSeq(groupId: string): Promise<string> {
    const [row] = await this.sql.rows<{ seq: string }>(CALENDAR_LATEST_SEQ, [groupId]);
    return row.seq;
  }

  async markerInGroup(markerId: string, groupId: string): Promise<boolean> {
    return (await this.sql.rows(CALENDAR_MARKER_IN_GROUP, [markerId, groupId])).length > 0;
  }
}

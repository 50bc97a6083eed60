import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { GroupOwnedEntity } from '../../../database/group-owned';
import { Audited } from '../../history/audited';
import { exceptionParentLabel, exceptionPrivateTo } from './calendar-event-facts';
import type { CalendarEvent } from './calendar-event.entity';

/**
 * One occurrence of a series changed on its own (RFC 5545 RECURRENCE-ID): `originalStart` is the
 * occurrence's start as the series gives it; the other fields replace the series' for it. Changing
 * one raises the event's version too (it is part of the event, as in iCalendar: one ETag).
 */
@Entity('calendar_event_exceptions')
@Audited('CalendarEventException', {
  module: 'Calendar',
  parentOf: (x: CalendarEventException) => x.eventId,
  privateTo: (x: CalendarEventException, manager) => exceptionPrivateTo(manager, x.eventId),
  parentLabel: (x: CalendarEventException, manager) => exceptionParentLabel(manager, x.eventId),
  ignore: ['rangeStart', 'rangeEnd'],
})
@Index('uq_calendar_event_exceptions_occurrence', ['eventId', 'originalStart'], { unique: true })
@Index('ix_calendar_event_exceptions_range', ['groupId', 'rangeStart'])
export class CalendarEventException extends GroupOwnedEntity {
  @Column({ type: 'uuid' })
  eventId: string;

  @ManyToOne('CalendarEvent', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'event_id' })
  event?: CalendarEvent;

  @Column({ type: 'varchar', length: 20 })
  originalStart: string;

  @Column({ type: 'varchar', length: 200 })
  title: string;

  @Column({ type: 'text', nullable: true })
  description: string | null;

  @Column({ type: 'varchar', length: 500, nullable: true })
  location: string | null;

  @Column({ type: 'uuid', nullable: true })
  markerId: string | null;

  @ManyToOne('Marker', { nullable: true, onDelete: 'SET NULL' })
  @JoinColumn({ name: 'marker_id' })
  marker?: unknown;

  @Column({ type: 'varchar', length: 20 })
  startValue: string;

  @Column({ type: 'varchar', length: 20 })
  endValue: string;

  @Column({ type: 'uuid', array: true, nullable: true })
  attendeeIds: string[] | null;

  @Column({ type: 'char', length: 7 })
  color: string;

  @Column({ type: 'timestamptz' })
  rangeStart: Date;

  @Column({ type: 'timestamptz' })
  rangeEnd: Date;
}

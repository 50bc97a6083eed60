import { Check, Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { SearchTextColumn, SearchVectorColumn } from '../../../database/search-columns';
import { GroupOwnedEntity } from '../../../database/group-owned';
import { Audited } from '../../history/audited';
import { User } from '../../users/entities/user.entity';

/** The private-event rule: a private event exists only for its creator (lists, occurrences, search, history, live, feeds, CalDAV). */
export function eventVisibleTo(event: Pick<CalendarEvent, 'isPrivate' | 'createdBy'>, userId: string): boolean {
  return !event.isPrivate || event.createdBy === userId;
}

/** Whom an event's history rows and live events are private to: its creator when it is private. */
export function eventPrivateTo(event: Pick<CalendarEvent, 'isPrivate' | 'createdBy'>): string | null {
  return event.isPrivate ? event.createdBy : null;
}

/**
 * An event of the group's calendar, stored as RFC 5545 stores a VEVENT (docs/calendar.md): its first
 * occurrence (`start`/`end`: dates for all-day events, `end` exclusive; instants otherwise), its
 * IANA zone, its RRULE, the occurrences left out (EXDATE) and, in calendar_event_exceptions, the
 * occurrences changed on their own (RECURRENCE-ID). Expanded only when read.
 */
@Entity('calendar_events')
@Audited('CalendarEvent', { module: 'Calendar', privateTo: eventPrivateTo, ignore: ['version', 'rangeStart', 'rangeEnd', 'reminderCursor'] })
@Index('uq_calendar_events_uid', ['groupId', 'uid'], { unique: true })
@Index('ix_calendar_events_range', ['groupId', 'rangeStart'])
@Check('ck_calendar_events_color', `"color" ~ '^#[0-9A-F]{6}$'`)
@Check(
  'ck_calendar_events_times',
  `("all_day" AND "start_value" ~ '^\\d{4}-\\d{2}-\\d{2}$' AND "end_value" ~ '^\\d{4}-\\d{2}-\\d{2}$') ` +
    `OR (NOT "all_day" AND "start_value" ~ 'Z$' AND "end_value" ~ 'Z$')`,
)
// search (docs/search.md): led by group_id (btree_gin), the newest matches first; migration CalendarSearch
@Index('ix_calendar_events_group_updated', ['groupId', 'updatedDate', 'id'])
@Index('ix_calendar_events_search_vector', { synchronize: false })
@Index('ix_calendar_events_search_text', { synchronize: false })
@Index('ix_calendar_events_search_title', { synchronize: false })
export class CalendarEvent extends GroupOwnedEntity {
  /** search (docs/search.md): kept by the database from the title, description and location */
  @SearchVectorColumn()
  searchVector?: never;

  @SearchTextColumn()
  searchText?: never;

  /** RFC 5545 UID: made once (or taken from an imported or CalDAV-made event), never changed. */
  @Column({ type: 'varchar', length: 255 })
  uid: string;

  @Column({ type: 'varchar', length: 200 })
  title: string;

  @Column({ type: 'text', nullable: true })
  description: string | null;

  @Column({ type: 'varchar', length: 500, nullable: true })
  location: string | null;

  /** A place of the group's map; null once it is deleted. */
  @Column({ type: 'uuid', nullable: true })
  markerId: string | null;

  @ManyToOne('Marker', { nullable: true, onDelete: 'SET NULL' })
  @JoinColumn({ name: 'marker_id' })
  marker?: unknown;

  @Column({ type: 'boolean' })
  allDay: boolean;

  /** The first occurrence's start: `YYYY-MM-DD` (all-day) or a UTC instant `YYYY-MM-DDTHH:mm:ssZ`. */
  @Column({ type: 'varchar', length: 20 })
  startValue: string;

  /** Its end, in the same form (an all-day end is exclusive). */
  @Column({ type: 'varchar', length: 20 })
  endValue: string;

  /** IANA zone the series keeps its wall-clock time in. */
  @Column({ type: 'varchar', length: 64 })
  timeZone: string;

  /** The RRULE (canonical, without `RRULE:`); null for a single event. */
  @Column({ type: 'varchar', length: 500, nullable: true })
  rrule: string | null;

  /** Keys (`originalStart`) of the occurrences deleted one by one: RFC 5545 EXDATE. */
  @Column({ type: 'text', array: true, default: () => `'{}'` })
  exdates: string[];

  /** The members invited; null: the whole group. */
  @Column({ type: 'uuid', array: true, nullable: true })
  attendeeIds: string[] | null;

  @Column({ type: 'char', length: 7 })
  color: string;

  /** Fixed at creation. */
  @Column({ type: 'boolean', default: false })
  isPrivate: boolean;

  /** Minutes before each occurrence the attendees are reminded. */
  @Column({ type: 'integer', array: true, default: () => `'{}'` })
  reminders: number[];

  @Column({ type: 'uuid', nullable: true })
  createdBy: string | null;

  @ManyToOne(() => User, { nullable: true, onDelete: 'SET NULL' })
  @JoinColumn({ name: 'created_by' })
  creator?: User | null;

  /** Raised on every change of the event or one of its occurrences: the ETag. */
  @Column({ type: 'integer', default: 1 })
  version: number;

  /** Bounds of all its occurrences (exceptions apart), for reading a range: the first start, the last end (null: endless). */
  @Column({ type: 'timestamptz' })
  rangeStart: Date;

  @Column({ type: 'timestamptz', nullable: true })
  rangeEnd: Date | null;

  /**
   * Where its reminders are (the scheduler's cursor): the last reminder handled, as
   * `<instant>|<minutesBefore>`; reminders due at or before it are never sent (again). Set to the
   * moment of every change, so a reminder whose time had passed when it was set is not sent.
   */
  @Column({ type: 'varchar', length: 40, nullable: true })
  reminderCursor: string | null;
}

import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { Audited } from '../../history/audited';

/**
 * An outside calendar (an ICS address) the group subscribes to, shown read-only as the layer
 * `subscriptions`. Fetched at once and every 15 minutes; what it last answered is kept parsed
 * (`events`, the calendar's iCalendar event shape) with the validators for the next conditional
 * request. Its history rows (added, removed, and "brought new events" when a refresh changed the
 * content) are the group's and announce the change live (docs/calendar.md).
 */
@Entity('calendar_subscriptions')
@Audited('CalendarSubscription', {
  module: 'Calendar',
  ignore: ['events', 'etag', 'lastModified', 'fetchedDate', 'lastError', 'lastErrorCode', 'lastErrorParams', 'createdBy', 'version'],
})
@Index('ix_calendar_subscriptions_group', ['groupId'])
export class CalendarSubscription {
  @PrimaryColumn('uuid')
  id: string;

  @Column({ type: 'uuid' })
  groupId: string;

  @ManyToOne('Group', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'group_id' })
  group?: unknown;

  @Column({ type: 'varchar', length: 2048 })
  url: string;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  @Column({ type: 'char', length: 7 })
  color: string;

  @Column({ type: 'uuid', nullable: true })
  createdBy: string | null;

  @ManyToOne('User', { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'created_by' })
  creator?: unknown;

  @Column({ type: 'jsonb', default: () => "'[]'" })
  events: unknown[];

  @Column({ type: 'varchar', length: 500, nullable: true })
  etag: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  lastModified: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  fetchedDate: Date | null;

  /** why the last fetch failed (null after a good one) */
  @Column({ type: 'varchar', length: 500, nullable: true })
  lastError: string | null;

  /** the same as a stable code (SUBSCRIPTION_ERRORS), worded by the client */
  @Column({ type: 'varchar', length: 40, nullable: true })
  lastErrorCode: string | null;

  /** the values the code's wording names (the HTTP status…) */
  @Column({ type: 'jsonb', nullable: true })
  lastErrorParams: Record<string, number> | null;

  /** grows with every change of the content: the read-only CalDAV calendar's ctag */
  @Column({ type: 'integer', default: 1 })
  version: number;

  @CreateDateColumn({ type: 'timestamptz' })
  createdDate: Date;
}

import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';

/**
 * The calendar's change log, one row per event ever made (kept after its deletion as a tombstone):
 * `seq` is taken from the sequence calendar_change_seq on every change of the event, so the group's
 * changes since a sync token `n` are its rows with `seq > n` (CalDAV sync-collection, RFC 6578), and
 * the group's largest `seq` is its calendar's ctag. A row with `deleted`, or `privateTo` another
 * member, is a deletion for whoever asks.
 */
@Entity('calendar_changes')
@Index('ix_calendar_changes_group_seq', ['groupId', 'seq'])
export class CalendarChange {
  @PrimaryColumn('uuid')
  eventId: string;

  @Column({ type: 'uuid' })
  groupId: string;

  // the target by entity name: the calendar does not import the groups feature's entity
  @ManyToOne('Group', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'group_id' })
  group?: unknown;

  @Column({ type: 'varchar', length: 255 })
  uid: string;

  @Column({ type: 'bigint', default: () => `nextval('calendar_change_seq')` })
  seq: string;

  @Column({ type: 'boolean', default: false })
  deleted: boolean;

  /** The creator of a private event (only they see it); null: the group sees it. */
  @Column({ type: 'uuid', nullable: true })
  privateTo: string | null;
}

import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { Audited } from '../../history/audited';
import { User } from '../../users/entities/user.entity';

/**
 * One notification of one recipient: the inbox item, and the record that its occurrence was
 * delivered. `occurrenceKey` (the reminder and which of its occurrences) is unique per recipient:
 * the backstop of exactly-once delivery across instances.
 */
/** The longest title and body a notification holds (characters): notification-text.ts fits every text to them. */
export const NOTIFICATION_TITLE_MAX = 200;
export const NOTIFICATION_BODY_MAX = 1000;

@Entity('notifications')
// its rows are the recipient's live events (the unread badge): private to the recipient, and only
// whether it is read is a change worth a row
@Audited('Notification', {
  privateTo: (n: Notification) => n.recipientId,
  ignore: ['recipientId', 'occurrenceKey', 'body', 'dueDate', 'late', 'outward', 'snoozedUntil', 'snoozeCount', 'entityType', 'entityId', 'groupId'],
})
@Index('uq_notifications_occurrence', ['recipientId', 'occurrenceKey'], { unique: true })
@Index('ix_notifications_inbox', ['recipientId', 'readAt', 'createdDate'])
export class Notification {
  @PrimaryColumn('uuid')
  id: string;

  @Column({ type: 'uuid' })
  recipientId: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'recipient_id' })
  recipient?: User;

  @Column({ type: 'uuid' })
  groupId: string;

  @Column({ type: 'varchar', length: 20 })
  kind: string;

  @Column({ type: 'varchar', length: 200 })
  occurrenceKey: string;

  @Column({ type: 'varchar', length: NOTIFICATION_TITLE_MAX })
  title: string;

  @Column({ type: 'varchar', length: NOTIFICATION_BODY_MAX })
  body: string;

  @Column({ type: 'varchar', length: 30, nullable: true })
  entityType: string | null;

  @Column({ type: 'uuid', nullable: true })
  entityId: string | null;

  /** when it was due for this recipient (after quiet hours) */
  @Column({ type: 'timestamptz' })
  dueDate: Date;

  /** sent after its time; more than 24 h late it went to the inbox only */
  @Column({ type: 'boolean', default: false })
  late: boolean;

  /** false: the inbox only (more than 24 h late) */
  @Column({ type: 'boolean', default: true })
  outward: boolean;

  @CreateDateColumn({ type: 'timestamptz' })
  createdDate: Date;

  @Column({ type: 'timestamptz', nullable: true })
  readAt: Date | null;

  /** "Snooze": delivered again at this time */
  @Column({ type: 'timestamptz', nullable: true })
  snoozedUntil: Date | null;

  /** how often it was snoozed: the delivery after the n-th snooze is attempt n of its record */
  @Column({ type: 'smallint', default: 0 })
  snoozeCount: number;
}

import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { Notification } from './notification.entity';

/**
 * What the notifier sent: one row per notification, channel and target (a push subscription's
 * endpoint, the mail address, the webhook URL), written when the channel accepted it; a retried
 * job skips what is recorded. `attempt` counts snoozed re-deliveries (0: the first).
 */
@Entity('notification_deliveries')
export class NotificationDelivery {
  @PrimaryColumn('uuid')
  notificationId: string;

  @ManyToOne(() => Notification, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'notification_id' })
  notification?: Notification;

  @PrimaryColumn({ type: 'smallint' })
  attempt: number;

  @PrimaryColumn({ type: 'varchar', length: 10 })
  channel: string;

  @PrimaryColumn({ type: 'varchar', length: 64, comment: 'SHA-256 of the target (endpoint, address or URL), hex' })
  targetHash: string;

  @Column({ type: 'varchar', length: 20 })
  outcome: string;

  @CreateDateColumn({ type: 'timestamptz' })
  sentDate: Date;
}

import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * The scheduler's queue: when each reminder next needs attention (`dueAt`: the earliest time one of
 * its recipients is due). The reminder's own feature keeps what it reminds of; the idle scheduler
 * reads only the smallest `dueAt` (one index look-up).
 */
@Entity('notification_schedule')
@Index('ix_notification_schedule_due', ['dueAt'])
export class NotificationScheduleEntry {
  /** which feature's reminder: 'NoteReminder' or 'BillReminder' */
  @PrimaryColumn({ type: 'varchar', length: 20 })
  source: string;

  @PrimaryColumn('uuid')
  sourceId: string;

  @Column({ type: 'timestamptz' })
  dueAt: Date;

  /** how often in a row it could not be handled (a failing reminder is retried later, alone, with a growing back-off) */
  @Column({ type: 'smallint', default: 0 })
  failures: number;
}

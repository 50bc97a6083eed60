import { Column, Entity, JoinColumn, OneToOne, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { User } from '../../users/entities/user.entity';

/** A user's notification settings; no row: the defaults (UTC, no quiet hours, inbox only). */
@Entity('notification_settings')
export class NotificationSettings {
  @PrimaryColumn('uuid')
  userId: string;

  @OneToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User;

  @Column({ type: 'varchar', length: 64, default: 'UTC' })
  timeZone: string;

  @Column({ type: 'char', length: 5, nullable: true })
  quietFrom: string | null;

  @Column({ type: 'char', length: 5, nullable: true })
  quietTo: string | null;

  @Column({ type: 'boolean', default: false })
  push: boolean;

  @Column({ type: 'boolean', default: false })
  email: boolean;

  @Column({ type: 'varchar', length: 2048, nullable: true })
  webhookUrl: string | null;

  /** "Anna is shopping (REWE) — anything else?" and "Anna bought 12 items" for the lists this person shares */
  @Column({ type: 'boolean', default: true })
  shoppingTrips: boolean;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedDate: Date;

  /** when this person's reminders were (or will be) last looked at again for a change of zone or quiet hours: at most once a minute */
  @Column({ type: 'timestamptz', nullable: true })
  recheckDate: Date | null;
}

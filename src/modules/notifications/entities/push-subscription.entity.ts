import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { Session } from '../../auth/entities/session.entity';
import { User } from '../../users/entities/user.entity';

/**
 * A device's Web Push subscription, linked to the session that made it: signing that session out
 * removes it (trigger in the migration), and so does the push service answering 404 or 410.
 */
@Entity('push_subscriptions')
@Index('uq_push_subscriptions_endpoint', ['endpoint'], { unique: true })
@Index('ix_push_subscriptions_user', ['userId'])
@Index('ix_push_subscriptions_session', ['sessionId'])
export class PushSubscription {
  @PrimaryColumn('uuid')
  id: string;

  @Column({ type: 'uuid' })
  userId: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User;

  @Column({ type: 'uuid', nullable: true })
  sessionId: string | null;

  @ManyToOne(() => Session, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'session_id' })
  session?: Session;

  @Column({ type: 'varchar', length: 2048 })
  endpoint: string;

  @Column({ type: 'varchar', length: 100 })
  p256dh: string;

  @Column({ type: 'varchar', length: 30 })
  auth: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdDate: Date;
}

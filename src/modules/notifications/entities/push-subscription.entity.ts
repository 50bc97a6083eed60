import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { Session } from '../../auth/entities/session.entity';
import { User } from '../../users/entities/user.entity';

/**
 * A device's Web Push subscription, linked to the session that made it, and ending with it however
 * it ends: revoked (trigger in the migration), expired (no longer listed or sent to, and removed
 * with the session), removed (the foreign key cascades); the push service answering 404 or 410
 * removes it too. A member keeps at most 10 (the oldest goes).
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

  @Column({ type: 'uuid' })
  sessionId: string;

  @ManyToOne(() => Session, { onDelete: 'CASCADE' })
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

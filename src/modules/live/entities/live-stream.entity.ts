import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * The open live streams of every instance, without Redis (with REDIS_URL they are kept in Redis
 * instead): how the streams-per-user limit holds across instances (docs/live.md, Limits). A row is
 * written when a stream opens and removed when it ends; a stream never outlives its access token,
 * so the row of an instance that died is dropped once `expiresAt` has passed.
 */
@Entity('live_streams')
@Index('ix_live_streams_user_opened', ['userId', 'openedAt'])
export class LiveStreamRow {
  @PrimaryColumn({ type: 'uuid' })
  id: string;

  @Column({ type: 'uuid' })
  userId: string;

  @Column({ type: 'timestamptz', default: () => 'clock_timestamp()' })
  openedAt: Date;

  /** the stream's access token expires then, and the stream with it */
  @Column({ type: 'timestamptz' })
  expiresAt: Date;
}

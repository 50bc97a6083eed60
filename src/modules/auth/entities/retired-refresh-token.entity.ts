import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { Session } from './session.entity';

/**
 * Every refresh token a session has rotated away from (SHA-256 only). Presenting one again is
 * reuse: the session is revoked, however many rotations ago it was retired. Rows go with the
 * session.
 */
@Entity('retired_refresh_tokens')
@Index('ix_retired_refresh_tokens_session_id', ['sessionId'])
export class RetiredRefreshToken {
  @PrimaryColumn({ type: 'char', length: 64 })
  tokenHash: string;

  @Column({ type: 'uuid' })
  sessionId: string;

  @ManyToOne(() => Session, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'session_id' })
  session?: Session;

  @CreateDateColumn({ type: 'timestamptz' })
  retiredDate: Date;
}

import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { IdEntity } from '../../../database/base.entity';
import { User } from '../../users/entities/user.entity';

/** One row per login: the refresh token rotates inside it; `id` is the tokenId of the API. */
@Entity('sessions')
@Index('uq_sessions_token_hash', ['tokenHash'], { unique: true })
@Index('ix_sessions_user_id', ['userId'])
@Index('ix_sessions_expires_date', ['expiresDate'])
export class Session extends IdEntity {
  @Column({ type: 'uuid' })
  userId: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User;

  /** SHA-256 of the current refresh token, hex. */
  @Column({ type: 'char', length: 64 })
  tokenHash: string;

  /** SHA-256 of the token this one replaced: presented again within the grace window, a lost race. */
  @Column({ type: 'char', length: 64, nullable: true })
  previousTokenHash: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  rotatedDate: Date | null;

  @Column({ type: 'varchar', length: 512, nullable: true })
  userAgent: string | null;

  @Column({ type: 'varchar', length: 64, nullable: true })
  ipAddress: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  deviceName: string | null;

  @Column({ type: 'boolean', default: false })
  rememberMe: boolean;

  @CreateDateColumn({ type: 'timestamptz' })
  createdDate: Date;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  lastUsedDate: Date;

  @Column({ type: 'timestamptz' })
  expiresDate: Date;

  @Column({ type: 'timestamptz', nullable: true })
  revokedDate: Date | null;

  /** the identity provider's button label when the session began there (OpenID Connect); null: the password */
  @Column({ type: 'varchar', length: 100, nullable: true })
  signedInWith: string | null;

  /** the provider's ID token, sent back as `id_token_hint` when the session ends at the provider */
  @Column({ type: 'text', nullable: true })
  idTokenHint: string | null;
}

import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { IdEntity } from '../../../database/base.entity';
import { User } from '../../users/entities/user.entity';

export const TOKEN_PURPOSES = ['EmailConfirm', 'PasswordReset'] as const;
export type TokenPurpose = (typeof TOKEN_PURPOSES)[number];

/**
 * A single-use link token (email confirmation, password reset). Only the SHA-256 of the token is
 * stored; `usedDate` is set by one conditional UPDATE, so a token works exactly once. Not audited:
 * the rows are secrets' fingerprints, and the user changes they cause are audited on the user.
 */
@Entity('account_tokens')
@Index('uq_account_tokens_token_hash', ['tokenHash'], { unique: true })
@Index('ix_account_tokens_user_purpose_created', ['userId', 'purpose', 'createdDate'])
@Index('ix_account_tokens_expires_date', ['expiresDate'])
@Check('ck_account_tokens_purpose', `"purpose" IN ('EmailConfirm', 'PasswordReset')`)
export class AccountToken extends IdEntity {
  @Column({ type: 'uuid' })
  userId: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User;

  @Column({ type: 'varchar', length: 20 })
  purpose: TokenPurpose;

  @Column({ type: 'char', length: 64 })
  tokenHash: string;

  /** The address an EmailConfirm token confirms (the registration email or the pending new one). */
  @Column({ type: 'varchar', length: 254, nullable: true })
  email: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdDate: Date;

  @Column({ type: 'timestamptz' })
  expiresDate: Date;

  @Column({ type: 'timestamptz', nullable: true })
  usedDate: Date | null;
}

import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { IdEntity } from '../../../database/base.entity';
import { Group } from '../../groups/entities/group.entity';
import { User } from '../../users/entities/user.entity';
import type { AccessTokenScope } from '../../../common/auth/token-scopes';

/**
 * A person's access token for a script, a phone or Home Assistant (docs/accounts.md, "Access
 * tokens"): only the SHA-256 of the token is stored. `groupId` is the group the person was in when
 * it was made: the token ends when they leave it. Deleting the row ends the token at once.
 */
@Entity('access_tokens')
@Index('uq_access_tokens_token_hash', ['tokenHash'], { unique: true })
@Index('ix_access_tokens_user_id', ['userId'])
@Check('ck_access_tokens_scopes', `"scopes" <@ ARRAY['read', 'write', 'dav']::varchar[] AND cardinality("scopes") > 0`)
export class AccessToken extends IdEntity {
  @Column({ type: 'uuid' })
  userId: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User;

  @Column({ type: 'uuid' })
  groupId: string;

  @ManyToOne(() => Group, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'group_id' })
  group?: Group;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  @Column({ type: 'varchar', length: 10, array: true })
  scopes: AccessTokenScope[];

  /** SHA-256 of the token, hex. */
  @Column({ type: 'char', length: 64 })
  tokenHash: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdDate: Date;

  @Column({ type: 'timestamptz', nullable: true })
  expiresDate: Date | null;

  /** Written at most once a minute (AccessTokensService). */
  @Column({ type: 'timestamptz', nullable: true })
  lastUsedDate: Date | null;
}

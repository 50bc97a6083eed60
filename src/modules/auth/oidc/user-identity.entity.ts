import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { IdEntity } from '../../../database/base.entity';
import { User } from '../../users/entities/user.entity';

/**
 * An account's link to the identity provider: the provider's `sub` (per issuer) found at sign-in.
 * One link per account and provider; unlinking deletes the row.
 */
@Entity('user_identities')
@Index('uq_user_identities_issuer_subject', ['issuer', 'subject'], { unique: true })
@Index('uq_user_identities_user_issuer', ['userId', 'issuer'], { unique: true })
export class UserIdentity extends IdEntity {
  @Column({ type: 'uuid' })
  userId: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User;

  @Column({ type: 'varchar', length: 500 })
  issuer: string;

  @Column({ type: 'varchar', length: 255 })
  subject: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdDate: Date;
}

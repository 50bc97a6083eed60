import type { UniqueConstraintMessages } from '../../../common/errors/problem.filter';
import { Check, Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { Role } from '../../../common/auth/auth-user';
import { TimestampedEntity } from '../../../database/base.entity';
import { Audited } from '../../history/audited';
import { Group } from '../../groups/entities/group.entity';
import { StoredFile } from '../../files/entities/stored-file.entity';

export const USER_STATUSES = ['Pending', 'Active', 'Declined', 'Deactivated'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const EMAIL_STATUSES = ['Unconfirmed', 'Confirmed', 'ChangePending'] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

@Entity('users')
@Audited('User', { secret: ['passwordHash'], ignore: ['permsVersion'], adminOnly: true })
@Index('uq_users_username', ['username'], { unique: true })
@Index('uq_users_email', { synchronize: false })
@Index('ix_users_group_id', ['groupId'])
@Index('ix_users_status', ['status'])
@Check('ck_users_status', `"status" IN ('Pending', 'Active', 'Declined', 'Deactivated')`)
@Check('ck_users_email_status', `"email_status" IN ('Unconfirmed', 'Confirmed', 'ChangePending')`)
@Check('ck_users_role', `"role" IN ('User', 'Admin')`)
export class User extends TimestampedEntity {
  /** Login name, compared case-sensitively. */
  @Column({ type: 'varchar', length: 50 })
  username: string;

  @Column({ type: 'varchar', length: 100 })
  passwordHash: string;

  @Column({ type: 'varchar', length: 254 })
  email: string;

  @Column({ type: 'varchar', length: 254, nullable: true })
  pendingEmail: string | null;

  @Column({ type: 'varchar', length: 20, default: 'Unconfirmed' })
  emailStatus: EmailStatus;

  @Column({ type: 'varchar', length: 20, default: 'Pending' })
  status: UserStatus;

  @Column({ type: 'varchar', length: 25 })
  nickname: string;

  @Column({ type: 'varchar', length: 10, default: 'User' })
  role: Role;

  @Column({ type: 'uuid', nullable: true })
  groupId: string | null;

  @ManyToOne(() => Group, { nullable: true, onDelete: 'SET NULL' })
  @JoinColumn({ name: 'group_id' })
  group?: Group | null;

  /** The current profile picture (a ProfilePicture file); replaced and removed through the account API. */
  @Column({ type: 'uuid', nullable: true })
  pictureFileId: string | null;

  @ManyToOne(() => StoredFile, { nullable: true, onDelete: 'SET NULL' })
  @JoinColumn({ name: 'picture_file_id' })
  pictureFile?: StoredFile | null;

  /**
   * The language of every mail sent to the person (`en`, `de`, … — a file in locales/), and the
   * app's language once they sign in when they chose it (`localeChosen`). Null: English.
   */
  @Column({ type: 'varchar', length: 10, nullable: true })
  locale: string | null;

  /**
   * Whether the person chose `locale` themselves. False for an account an administrator made: its
   * `locale` is then the administrator's hint (their own language, or the one they picked), which the
   * mails follow until the person chooses; GET /account says null (not chosen) meanwhile.
   */
  @Column({ type: 'boolean', default: true })
  localeChosen: boolean;

  /**
   * The person's birthday, shown to their group in the calendar's birthdays layer: `YYYY-MM-DD`, or
   * `--MM-DD` without the year (RFC 6350's form); null: not given.
   */
  @Column({ type: 'varchar', length: 10, nullable: true })
  birthday: string | null;

  /** Raised on every change that alters what an access token may claim. */
  @Column({ type: 'integer', default: 1 })
  permsVersion: number;
}

/** The 409s of this table's unique constraints (registered by the feature module on start). */
export const USER_UNIQUE_CONSTRAINTS: UniqueConstraintMessages = {
  uq_users_username: ['USERNAME_TAKEN', 'This username is already taken'],
  uq_users_email: ['EMAIL_TAKEN', 'This email address is already in use'],
};

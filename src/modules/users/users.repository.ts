import type { Tenant } from '../../common/tenancy/group-scope';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, In } from 'typeorm';
import { AppError } from '../../common/errors/app-error';
import { Page, parseSort, toPage } from '../../common/pagination/pagination';
import { User, UserStatus } from './entities/user.entity';

const SORT_COLUMNS = { createdDate: 'u.createdDate', username: 'u.username', nickname: 'u.nickname' };

function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export interface UserPageQuery {
  status?: UserStatus;
  groupId?: string;
  search?: string;
  sort?: string;
  page: number;
  pageSize: number;
}

/** What sign-in and refresh read: the user, their group's currency and modules (one join). */
export interface SignInRow {
  id: string;
  password_hash: string;
  nickname: string;
  role: 'User' | 'Admin';
  status: string;
  email_status: string;
  group_id: string | null;
  perms_version: number;
  currency: string | null;
  modules: string[] | null;
}

const SIGN_IN_BY_USERNAME = `
  SELECT u.id, u.password_hash, u.nickname, u.role, u.status, u.email_status, u.group_id, u.perms_version,
         g.currency, g.modules
    FROM users u LEFT JOIN groups g ON g.id = u.group_id WHERE u.username = $1`;
const SIGN_IN_BY_ID = `
  SELECT u.id, u.password_hash, u.nickname, u.role, u.status, u.email_status, u.group_id, u.perms_version,
         g.currency, g.modules
    FROM users u LEFT JOIN groups g ON g.id = u.group_id WHERE u.id = $1`;

export type NewUser = Pick<User, 'username' | 'email' | 'nickname' | 'groupId' | 'role' | 'status' | 'emailStatus' | 'passwordHash'> &
  Partial<Pick<User, 'id'>>;

/**
 * The one owner of the `users` table: every read and write of it, from any feature, goes through
 * here. Writes of what the history records go through save()/remove(); PermsVersion is raised with
 * the change that needs it (a token claim changed).
 */
@Injectable()
export class UsersRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The login hot path: one fixed statement (the group's claims joined in). */
  async findSignInByUsername(username: string): Promise<SignInRow | undefined> {
    const [row]: SignInRow[] = await this.dataSource.query(SIGN_IN_BY_USERNAME, [username]);
    return row;
  }

  async findSignInById(id: string): Promise<SignInRow | undefined> {
    const [row]: SignInRow[] = await this.dataSource.query(SIGN_IN_BY_ID, [id]);
    return row;
  }

  /**
   * Stores a new hash of the same password (a cost change) unless the password changed in the
   * meantime. A plain UPDATE: the history never shows hashes, so there is nothing to record.
   */
  async replacePasswordHashIfUnchanged(userId: string, oldHash: string, newHash: string): Promise<void> {
    await this.dataSource.query('UPDATE users SET password_hash = $1 WHERE id = $2 AND password_hash = $3', [newHash, userId, oldHash]);
  }

  /** Locks the user for the rest of the transaction, or 404. */
  async lockById(manager: EntityManager, id: string): Promise<User> {
    const user = await this.lockByIdIfAny(manager, id);
    if (!user) throw AppError.notFound('User');
    return user;
  }

  lockByIdIfAny(manager: EntityManager, id: string): Promise<User | null> {
    return manager.getRepository(User).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  findById(id: string, manager: EntityManager = this.dataSource.manager): Promise<User | null> {
    return manager.getRepository(User).findOne({ where: { id } });
  }

  /** The user with their group and picture file (the profile). */
  findProfileById(id: string): Promise<User | null> {
    return this.dataSource.getRepository(User).findOne({ where: { id }, relations: { group: true, pictureFile: true } });
  }

  findByUsername(username: string, manager: EntityManager = this.dataSource.manager): Promise<User | null> {
    return manager.getRepository(User).findOne({ where: { username } });
  }

  /** The user whose confirmed (or being-changed) address is `email`, locked; null when none. */
  lockByConfirmedEmail(manager: EntityManager, email: string): Promise<User | null> {
    return manager
      .getRepository(User)
      .createQueryBuilder('u')
      .where('lower(u.email) = :email', { email })
      .andWhere(`u.email_status IN ('Confirmed', 'ChangePending')`)
      .setLock('pessimistic_write')
      .getOne();
  }

  async isEmailTakenByOther(manager: EntityManager, email: string, userId: string): Promise<boolean> {
    const [taken] = await manager.query('SELECT 1 FROM users WHERE lower(email) = $1 AND id <> $2', [email, userId]);
    return !!taken;
  }

  async findPasswordHash(userId: string): Promise<string | undefined> {
    const [row]: { password_hash: string }[] = await this.dataSource.query('SELECT password_hash FROM users WHERE id = $1', [userId]);
    return row?.password_hash;
  }

  /** Inserts the user (history rows written by the subscriber); unique violations surface as USERNAME_TAKEN / EMAIL_TAKEN. */
  insert(manager: EntityManager, fields: NewUser): Promise<User> {
    const users = manager.getRepository(User);
    return users.save(users.create(fields));
  }

  save(manager: EntityManager, user: User): Promise<User> {
    return manager.getRepository(User).save(user);
  }

  /** Applies a change of what the access token claims (status, role, group) and raises PermsVersion with it. */
  saveWithNewPerms(manager: EntityManager, user: User): Promise<User> {
    user.permsVersion += 1;
    return this.save(manager, user);
  }

  /**
   * Raises PermsVersion of every user of the group (its modules or currency changed), so their
   * access tokens answer 401 TOKEN_STALE and the next refresh carries the new claims.
   * A bulk write on purpose: PermsVersion is bookkeeping the User audit ignores, and the group's own
   * change is already in the history, so the subscriber is bypassed with callListeners(false).
   */
  async raiseGroupPermsVersion(manager: EntityManager, groupId: string): Promise<void> {
    await manager
      .createQueryBuilder()
      .update(User)
      .set({ permsVersion: () => 'perms_version + 1' })
      .where('group_id = :groupId', { groupId })
      .callListeners(false)
      .updateEntity(false)
      .execute();
  }

  /** The admin list: filters, sort and page (docs/api.md, Paging). */
  async findPage(query: UserPageQuery): Promise<Page<User>> {
    const builder = this.dataSource.getRepository(User).createQueryBuilder('u');
    if (query.status) builder.andWhere('u.status = :status', { status: query.status });
    if (query.groupId) builder.andWhere('u.groupId = :groupId', { groupId: query.groupId });
    if (query.search) {
      builder.andWhere('(u.username ILIKE :search OR u.nickname ILIKE :search OR u.email ILIKE :search)', {
        search: likePattern(query.search),
      });
    }
    const { column, direction } = parseSort<keyof typeof SORT_COLUMNS>(query.sort, SORT_COLUMNS, '-createdDate');
    const [users, total] = await builder
      .orderBy(column, direction)
      .addOrderBy('u.id', direction)
      .skip((query.page - 1) * query.pageSize)
      .take(query.pageSize)
      .getManyAndCount();
    return toPage(users, total, query);
  }

  /** Whether any Active admin exists (the start-up banner shows the create-admin command until one does). */
  async hasActiveAdmin(): Promise<boolean> {
    const rows = await this.dataSource.query(`SELECT 1 FROM users WHERE role = 'Admin' AND status = 'Active' LIMIT 1`);
    return rows.length > 0;
  }

  /** Addresses of the Active admins who can receive mail (a new registration is announced to them). */
  async findMailableAdminEmails(manager: EntityManager): Promise<string[]> {
    const rows: { email: string }[] = await manager.query(
      `SELECT email FROM users WHERE role = 'Admin' AND status = 'Active' AND email_status <> 'Unconfirmed'`,
    );
    return rows.map((row) => row.email);
  }

  /** Pending registrations with a confirmed address (awaiting an admin's approval), oldest first. */
  findAwaitingApproval(): Promise<{ id: string; username: string; nickname: string; email: string; createdDate: Date }[]> {
    return this.dataSource.query(
      `SELECT id, username, nickname, email, created_date AS "createdDate"
         FROM users WHERE status = 'Pending' AND email_status <> 'Unconfirmed'
        ORDER BY created_date, id`,
    );
  }

  /** Active members of each group that has any: group id → count. */
  async countActiveByGroup(manager: EntityManager = this.dataSource.manager): Promise<Map<string, number>> {
    const rows: { group_id: string; count: number }[] = await manager.query(
      `SELECT group_id, count(*)::int AS count FROM users WHERE status = 'Active' AND group_id IS NOT NULL GROUP BY group_id`,
    );
    return new Map(rows.map((row) => [row.group_id, row.count]));
  }

  async countActiveOfGroup(manager: EntityManager, groupId: string): Promise<number> {
    const [row]: { count: number }[] = await manager.query(`SELECT count(*)::int AS count FROM users WHERE group_id = $1 AND status = 'Active'`, [groupId]);
    return row.count;
  }

  /** The Active members of a group, by nickname. */
  findActiveMembers(tenant: Tenant): Promise<{ id: string; nickname: string; role: string; picture_file_id: string | null }[]> {
    return this.dataSource.query(
      `SELECT id, nickname, role, picture_file_id FROM users WHERE group_id = $1 AND status = 'Active' ORDER BY lower(nickname), id`,
      [tenant.groupId],
    );
  }

  /** The Active admins, oldest first. */
  findActiveAdmins(): Promise<{ id: string; nickname: string; email: string }[]> {
    return this.dataSource.query(`SELECT id, nickname, email FROM users WHERE role = 'Admin' AND status = 'Active' ORDER BY created_date, id`);
  }

  /**
   * Pending registrations created before `before` whose address is still unconfirmed and that got
   * no reminder token `warnDays` after sign-up yet (created after `notBefore`), oldest first.
   */
  findUnconfirmedToWarn(before: Date, notBefore: Date, warnDays: number): Promise<{ id: string; created_date: Date }[]> {
    return this.dataSource.query(
      `SELECT u.id, u.created_date FROM users u
        WHERE u.email_status = 'Unconfirmed' AND u.status = 'Pending'
          AND u.created_date < $1 AND u.created_date >= $2
          AND NOT EXISTS (SELECT 1 FROM account_tokens t WHERE t.user_id = u.id AND t.purpose = 'EmailConfirm'
                           AND t.created_date >= u.created_date + make_interval(days => $3))
        ORDER BY u.created_date LIMIT 1000`,
      [before, notBefore, warnDays],
    );
  }

  /** Up to `limit` ids of Pending, unconfirmed registrations created before `cutoff`, oldest first. */
  async findUnconfirmedIdsBefore(cutoff: Date, limit: number): Promise<string[]> {
    const rows: { id: string }[] = await this.dataSource.query(
      `SELECT id FROM users WHERE email_status = 'Unconfirmed' AND status = 'Pending' AND created_date < $1 ORDER BY created_date LIMIT ${limit}`,
      [cutoff],
    );
    return rows.map((row) => row.id);
  }

  /** Removes the users (history: Deleted, by the current actor). */
  async removeByIds(manager: EntityManager, ids: string[]): Promise<void> {
    const users = await manager.getRepository(User).find({ where: { id: In(ids) } });
    await manager.getRepository(User).remove(users);
  }
}

import type { Tenant } from '../../common/tenancy/group-scope';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, In } from 'typeorm';
import { AppError } from '../../common/errors/app-error';
import { Page, parseSort, toPage } from '../../common/pagination/pagination';
import { Sql } from '../../database/sql';
import { User, UserStatus } from './entities/user.entity';
import {
  USER_EMAIL_TAKEN_BY_OTHER,
  USERS_ACTIVE_MEMBERS_AMONG,
  USERS_NICKNAMES,
  USER_LOCK_BY_CONFIRMED_EMAIL,
  USER_PASSWORD_HASH,
  USER_REHASH_PASSWORD,
  USER_SIGN_IN_BY_ID,
  USER_SIGN_IN_BY_USERNAME,
  USERS_ACTIVE_ADMINS,
  USERS_ACTIVE_MEMBERS,
  USERS_RECIPIENTS_BY_ID,
  USERS_RECIPIENTS_OF_GROUPS,
  RecipientRow,
  USERS_AWAITING_APPROVAL,
  USERS_COUNT_ACTIVE_BY_GROUP,
  USERS_COUNT_ACTIVE_OF_GROUP,
  USERS_HAS_ACTIVE_ADMIN,
  USERS_MAILABLE_ADMIN_EMAILS,
  USERS_RAISE_GROUP_PERMS_VERSION,
  USERS_UNCONFIRMED_IDS_BEFORE,
  USERS_PAGE_COUNT,
  USERS_UNCONFIRMED_TO_WARN,
  UserListRow,
  UserSortKey,
  usersPageStatement,
} from './users.sql';

/** The `sort` keys of GET /users (their columns: users.sql.ts). */
const SORT_KEYS: Record<UserSortKey, UserSortKey> = { createdDate: 'createdDate', username: 'username', nickname: 'nickname' };

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

export type NewUser = Pick<User, 'username' | 'email' | 'nickname' | 'groupId' | 'role' | 'status' | 'emailStatus' | 'passwordHash'> &
  Partial<Pick<User, 'id' | 'locale' | 'localeChosen'>>;

/**
 * The one owner of the `users` table: every read and write of it, from any feature, goes through
 * here. Writes of what the history records go through save()/remove(); PermsVersion is raised with
 * the change that needs it (a token claim changed).
 */
@Injectable()
export class UsersRepository {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly sql: Sql,
  ) {}

  /** The login hot path: one fixed statement (the group's claims joined in). */
  async findSignInByUsername(username: string): Promise<SignInRow | undefined> {
    const [row] = await this.sql.rows<SignInRow>(USER_SIGN_IN_BY_USERNAME, [username]);
    return row;
  }

  async findSignInById(id: string): Promise<SignInRow | undefined> {
    const [row] = await this.sql.rows<SignInRow>(USER_SIGN_IN_BY_ID, [id]);
    return row;
  }

  /**
   * Stores a new hash of the same password (a cost change) unless the password changed in the
   * meantime. A plain UPDATE: the history never shows hashes, so there is nothing to record.
   */
  async replacePasswordHashIfUnchanged(userId: string, oldHash: string, newHash: string): Promise<void> {
    await this.sql.rows(USER_REHASH_PASSWORD, [newHash, userId, oldHash]);
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

  /**
   * The user whose confirmed (or being-changed) address is `email` (lower case), locked in the unit
   * of work of `manager`; null when none.
   */
  async lockByConfirmedEmail(manager: EntityManager, email: string): Promise<User | null> {
    const [row] = await this.sql.rows<{ id: string }>(USER_LOCK_BY_CONFIRMED_EMAIL, [email]);
    return row ? this.findById(row.id, manager) : null;
  }

  /** Whether another user holds the address `email` (lower case); in the unit of work. */
  async isEmailTakenByOther(email: string, userId: string): Promise<boolean> {
    const [taken] = await this.sql.rows(USER_EMAIL_TAKEN_BY_OTHER, [email, userId]);
    return !!taken;
  }

  async findPasswordHash(userId: string): Promise<string | undefined> {
    const [row] = await this.sql.rows<{ password_hash: string }>(USER_PASSWORD_HASH, [userId]);
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
   * change is already in the history, so this is a statement, not a save(). In the unit of work.
   */
  async raiseGroupPermsVersion(groupId: string): Promise<void> {
    await this.sql.rows(USERS_RAISE_GROUP_PERMS_VERSION, [groupId]);
  }

  /** The admin list: filters, sort and page (docs/api.md, Paging). */
  async findPage(query: UserPageQuery): Promise<Page<UserListRow>> {
    const { column: sort, direction } = parseSort<UserSortKey>(query.sort, SORT_KEYS, '-createdDate');
    const filters = [query.status || null, query.groupId || null, query.search ? likePattern(query.search) : null];
    const [users, [{ count }]] = await Promise.all([
      this.sql.rows<UserListRow>(usersPageStatement(sort as UserSortKey, direction), [...filters, query.pageSize, (query.page - 1) * query.pageSize]),
      this.sql.rows<{ count: number }>(USERS_PAGE_COUNT, filters),
    ]);
    return toPage(users, count, query);
  }

  /** Whether any Active admin exists (the start-up banner shows the create-admin command until one does). */
  async hasActiveAdmin(): Promise<boolean> {
    const rows = await this.sql.rows(USERS_HAS_ACTIVE_ADMIN);
    return rows.length > 0;
  }

  /** Addresses of the Active admins who can receive mail (a new registration is announced to them). */
  findMailableAdmins(): Promise<{ email: string; locale: string | null }[]> {
    return this.sql.rows<{ email: string; locale: string | null }>(USERS_MAILABLE_ADMIN_EMAILS);
  }

  /** Pending registrations with a confirmed address (awaiting an admin's approval), oldest first. */
  findAwaitingApproval(): Promise<{ id: string; username: string; nickname: string; email: string; createdDate: Date }[]> {
    return this.sql.rows(USERS_AWAITING_APPROVAL);
  }

  /** Active members of each group that has any: group id → count. */
  async countActiveByGroup(): Promise<Map<string, number>> {
    const rows = await this.sql.rows<{ group_id: string; count: number }>(USERS_COUNT_ACTIVE_BY_GROUP);
    return new Map(rows.map((row) => [row.group_id, row.count]));
  }

  /** In the unit of work. */
  async countActiveOfGroup(groupId: string): Promise<number> {
    const [row] = await this.sql.rows<{ count: number }>(USERS_COUNT_ACTIVE_OF_GROUP, [groupId]);
    return row.count;
  }

  /** The Active members of a group, by nickname. */
  findActiveMembers(tenant: Tenant): Promise<{ id: string; nickname: string; role: string; picture_file_id: string | null }[]> {
    return this.sql.rows(USERS_ACTIVE_MEMBERS, [tenant.groupId]);
  }

  /** The Active users among `ids`, as the notifier needs them (language, address); in the unit of work if any. */
  findRecipients(ids: string[]): Promise<RecipientRow[]> {
    return ids.length ? this.sql.rows<RecipientRow>(USERS_RECIPIENTS_BY_ID, [ids]) : Promise.resolve([]);
  }

  /** Every Active member of the groups `groupIds`, as `findRecipients`. */
  findRecipientsOfGroups(groupIds: string[]): Promise<RecipientRow[]> {
    return groupIds.length ? this.sql.rows<RecipientRow>(USERS_RECIPIENTS_OF_GROUPS, [groupIds]) : Promise.resolve([]);
  }

  /** Of these ids, those of the group's Active members (in the unit of work when there is one). */
  async activeMembersAmong(tenant: Tenant, ids: string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await this.sql.rows<{ id: string }>(USERS_ACTIVE_MEMBERS_AMONG, [tenant.groupId, ids]);
    return new Set(rows.map((row) => row.id));
  }

  /** The nicknames of these users, and whether each is an Active member of the group now. */
  findNicknames(tenant: Tenant, ids: string[]): Promise<{ id: string; nickname: string; isMember: boolean }[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.sql.rows(USERS_NICKNAMES, [ids, tenant.groupId]);
  }

  /** The Active admins, oldest first. */
  findActiveAdmins(): Promise<{ id: string; nickname: string; email: string; locale: string | null }[]> {
    return this.sql.rows(USERS_ACTIVE_ADMINS);
  }

  /**
   * Pending registrations created before `before` whose address is still unconfirmed and that got
   * no reminder token `warnDays` after sign-up yet (created after `notBefore`), oldest first.
   */
  findUnconfirmedToWarn(before: Date, notBefore: Date, warnDays: number): Promise<{ id: string; created_date: Date }[]> {
    return this.sql.rows(USERS_UNCONFIRMED_TO_WARN, [before, notBefore, warnDays]);
  }

  /** Up to `limit` ids of Pending, unconfirmed registrations created before `cutoff`, oldest first. */
  async findUnconfirmedIdsBefore(cutoff: Date, limit: number): Promise<string[]> {
    const rows = await this.sql.rows<{ id: string }>(USERS_UNCONFIRMED_IDS_BEFORE, [cutoff, limit]);
    return rows.map((row) => row.id);
  }

  /** Removes the users (history: Deleted, by the current actor). */
  async removeByIds(manager: EntityManager, ids: string[]): Promise<void> {
    const users = await manager.getRepository(User).find({ where: { id: In(ids) } });
    await manager.getRepository(User).remove(users);
  }
}

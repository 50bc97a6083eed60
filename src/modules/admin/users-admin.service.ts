import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { AuthUser } from '../../common/auth/auth-user';
import { AppError } from '../../common/errors/app-error';
import { Page } from '../../common/pagination/pagination';
import { UnitOfWork } from '../../database/transaction';
import { SessionsService } from '../auth/sessions.service';
import { GroupsRepository } from '../groups/groups.repository';
import { User } from '../users/entities/user.entity';
import { UsersRepository } from '../users/users.repository';
import type { UserListRow } from '../users/users.sql';
import { AccountNotifier } from './account-notifier.port';
import { AdminUserDto, ChangeGroupDto, ChangeRoleDto, ChangeStatusDto, ListUsersQuery } from './dto/admin-user.dto';
import { canMove } from '../../../domain/user-status';

export function toAdminUserDto(user: UserListRow): AdminUserDto {
  return {
    id: user.id,
    username: user.username,
    nickname: user.nickname,
    email: user.email,
    emailStatus: user.emailStatus,
    role: user.role,
    status: user.status,
    groupId: user.groupId,
    createdDate: user.createdDate,
  };
}

/**
 * User administration. Every change that alters what a token may claim (status, role, group)
 * raises the user's PermsVersion, so access tokens issued before it answer 401 TOKEN_STALE.
 */
@Injectable()
export class UsersAdminService {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly users: UsersRepository,
    private readonly groups: GroupsRepository,
    private readonly sessions: SessionsService,
    private readonly notifier: AccountNotifier,
  ) {}

  async list(query: ListUsersQuery): Promise<Page<AdminUserDto>> {
    const page = await this.users.findPage(query);
    return { ...page, items: page.items.map(toAdminUserDto) };
  }

  /**
   * The status machine (domain/user-status.ts, docs/admin.md). Moving to Active needs a group (the one given here or the
   * user's own); deactivation revokes every session in the same transaction.
   */
  async changeStatus(actor: AuthUser, userId: string, body: ChangeStatusDto): Promise<AdminUserDto> {
    if (body.groupId && body.status !== 'Active') {
      throw AppError.invalidField('groupId', 'groupId is accepted only when the new status is Active');
    }
    this.refuseSelf(actor, userId, 'status');
    return this.unitOfWork.run(async (manager) => {
      const user = await this.users.lockById(manager, userId);
      const from = user.status;
      if (!canMove(from, body.status)) {
        throw AppError.conflict('INVALID_TRANSITION', `A ${from} user cannot be moved to ${body.status}`);
      }
      if (body.status === 'Active') {
        if (body.groupId) {
          await this.assertGroupExists(manager, body.groupId);
          user.groupId = body.groupId;
        }
        if (!user.groupId) throw AppError.conflict('GROUP_REQUIRED', 'The user must be given a group to be activated');
      }
      user.status = body.status;
      await this.users.saveWithNewPerms(manager, user);
      if (body.status === 'Deactivated') await this.sessions.revokeAll(user.id);
      if (body.status === 'Active' && (from === 'Pending' || from === 'Declined')) {
        await this.notifier.registrationApproved(user.id, manager);
      }
      if (body.status === 'Declined') await this.notifier.registrationDeclined(user.id, manager);
      return toAdminUserDto(user);
    });
  }

  async changeRole(actor: AuthUser, userId: string, body: ChangeRoleDto): Promise<AdminUserDto> {
    this.refuseSelf(actor, userId, 'role');
    return this.change(userId, async (user) => {
      if (user.role === body.role) return false;
      user.role = body.role;
      return true;
    });
  }

  async changeGroup(userId: string, body: ChangeGroupDto): Promise<AdminUserDto> {
    return this.change(userId, async (user, manager) => {
      await this.assertGroupExists(manager, body.groupId);
      if (user.groupId === body.groupId) return false;
      user.groupId = body.groupId;
      return true;
    });
  }

  /** Loads and locks the user, applies `mutate`, and saves with a raised PermsVersion when it changed something. */
  private change(userId: string, mutate: (user: User, manager: EntityManager) => Promise<boolean>): Promise<AdminUserDto> {
    return this.unitOfWork.run(async (manager) => {
      const user = await this.users.lockById(manager, userId);
      if (await mutate(user, manager)) await this.users.saveWithNewPerms(manager, user);
      return toAdminUserDto(user);
    });
  }

  /** An admin cannot change their own status or role (nor lock the last admin out by accident). */
  private refuseSelf(actor: AuthUser, userId: string, what: 'status' | 'role'): void {
    if (actor.userId === userId) throw AppError.conflict('SELF_CHANGE', `Administrators cannot change their own ${what}`);
  }

  private async assertGroupExists(manager: EntityManager, groupId: string): Promise<void> {
    if (!(await this.groups.exists(manager, groupId))) throw AppError.notFound('Group');
  }
}

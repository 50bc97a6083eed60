import { Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { AppError } from '../../common/errors/app-error';
import { AppConfig } from '../../config/app-config';
import { resetLink } from '../../infrastructure/mail/mail-templates';
import { MailService } from '../../infrastructure/mail/mail.service';
import { AccountTokens } from '../account/account-tokens.repository';
import { UnitOfWork } from '../../database/transaction';
import { GroupsRepository } from '../groups/groups.repository';
import { User } from '../users/entities/user.entity';
import { UsersRepository } from '../users/users.repository';
import { PasswordService } from '../users/password.service';
import { assertSupportedLocale } from '../account/account-errors';
import { CreatedUserDto, CreateUserDto } from './dto/admin-user.dto';
import { toAdminUserDto } from './users-admin.service';

/** How long a set-password link of an account made by an administrator works. */
export const SET_PASSWORD_LINK_DAYS = 7;

export interface SetPasswordLink {
  setPasswordUrl: string;
  expiresAt: Date;
}

/**
 * Members without SMTP: an admin (POST /users, or `npm run cli -- create-user`) creates an Active
 * account with a confirmed email (the admin vouches for it) and no usable password; its owner
 * chooses one through a single-use 7-day link completed by POST /account/password/reset. The link
 * is answered to the admin and also mailed (to SMTP, or the outbox), always with APP_URL's address.
 * POST /users/{userId}/password-link (or `reset-link`) issues a new one and ends the earlier ones.
 *
 * The new account's mails are in the admin's language (or the one they pick) until its owner
 * chooses one: `locale` holds that hint with `localeChosen` false.
 */
@Injectable()
export class UserInvitationsService {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly users: UsersRepository,
    private readonly groups: GroupsRepository,
    private readonly passwords: PasswordService,
    private readonly tokens: AccountTokens,
    private readonly mail: MailService,
    private readonly config: AppConfig,
  ) {}

  /** `adminId`: the administrator making the account, whose language the mails take when `body.locale` is absent. */
  async create(body: CreateUserDto, adminId?: string): Promise<CreatedUserDto> {
    assertSupportedLocale(body.locale);
    // a hash of 256 random bits nobody knows: no password works until the link is used
    const passwordHash = await this.passwords.hash(randomBytes(32).toString('base64url'));
    return this.unitOfWork.run(async (manager) => {
      if (!(await this.groups.exists(manager, body.groupId))) throw AppError.notFound('Group');
      const locale = body.locale ?? (adminId ? ((await this.users.findById(adminId, manager))?.locale ?? null) : null);
      const user = await this.users.insert(manager, {
        username: body.username,
        email: body.email.toLowerCase(),
        nickname: body.nickname,
        groupId: body.groupId,
        role: body.role ?? 'User',
        status: 'Active',
        emailStatus: 'Confirmed',
        passwordHash,
        locale,
        localeChosen: false,
      });
      const link = await this.issueLink(manager, user, 'account-created');
      return { user: toAdminUserDto(user), ...link };
    });
  }

  /** The CLI's create-user: the group by name instead of id (404 when there is none). */
  async createInGroupNamed(groupName: string, body: Omit<CreateUserDto, 'groupId'>): Promise<CreatedUserDto> {
    const groupId = await this.groups.findIdByName(groupName);
    if (!groupId) throw AppError.notFound(`Group "${groupName}"`);
    return this.create({ ...body, groupId });
  }

  /** A fresh set-password link for `username` (earlier unused ones stop working); 404 for an unknown user. */
  async resetLink(username: string): Promise<SetPasswordLink & { user: User }> {
    return this.unitOfWork.run(async (manager) => {
      const user = await this.users.findByUsername(username, manager);
      if (!user) throw AppError.notFound('User');
      return { user, ...(await this.replaceLink(manager, user)) };
    });
  }

  /**
   * POST /users/{userId}/password-link: a fresh link for the user (earlier unused set-password and
   * reset links stop working), also mailed; 404 for an unknown user. A user who has a password may
   * get one too: it is a reset, their password stays until the link is used.
   */
  async newLink(userId: string): Promise<SetPasswordLink> {
    return this.unitOfWork.run(async (manager) => this.replaceLink(manager, await this.users.lockById(manager, userId)));
  }

  private async replaceLink(manager: EntityManager, user: User): Promise<SetPasswordLink> {
    await this.tokens.revokeAll(user.id, 'PasswordReset');
    return this.issueLink(manager, user, 'password-link');
  }

  private async issueLink(manager: EntityManager, user: User, template: 'account-created' | 'password-link'): Promise<SetPasswordLink> {
    const ttlSeconds = SET_PASSWORD_LINK_DAYS * 86_400;
    const token = await this.tokens.issue({ userId: user.id, purpose: 'PasswordReset', ttlSeconds });
    await this.mail.enqueue(manager, {
      to: user.email,
      template,
      params: { nickname: user.nickname, username: user.username, token, validDays: SET_PASSWORD_LINK_DAYS },
      locale: user.locale,
    });
    return { setPasswordUrl: resetLink(this.config.appUrl, token), expiresAt: new Date(Date.now() + ttlSeconds * 1000) };
  }
}

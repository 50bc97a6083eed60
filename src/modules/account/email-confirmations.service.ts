import { Injectable, Logger } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { AppError } from '../../common/errors/app-error';
import { AppConfig } from '../../config/app-config';
import { CONFIRM_TOKEN_HOURS, MailService } from '../../infrastructure/mail/mail.service';
import { ConfirmationResender } from '../auth/login-mail.port';
import { UnitOfWork } from '../../database/transaction';
import { User } from '../users/entities/user.entity';
import { UsersRepository } from '../users/users.repository';
import { AccountErrors } from './account-errors';
import { AccountTokens } from './account-tokens.repository';

export const CONFIRM_TOKEN_SECONDS = CONFIRM_TOKEN_HOURS * 3600;

type Recipient = Pick<User, 'id' | 'nickname' | 'email' | 'pendingEmail' | 'emailStatus' | 'locale'>;

/**
 * Confirmation mails (registration, email change): a fresh single-use token and a queued mail,
 * written in the caller's transaction. Also the sign-in hook that re-sends the registration mail
 * when an unconfirmed user tries to log in, within EMAIL_COOLDOWN_SECONDS like a manual resend.
 */
@Injectable()
export class EmailConfirmations extends ConfirmationResender {
  private readonly logger = new Logger(EmailConfirmations.name);

  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly users: UsersRepository,
    private readonly tokens: AccountTokens,
    private readonly mail: MailService,
    private readonly config: AppConfig,
  ) {
    super();
  }

  /** Sends the confirmation for what is pending: the new address of a change, else the registration address. */
  async send(manager: EntityManager, user: Recipient, now?: Date): Promise<void> {
    const changing = user.emailStatus === 'ChangePending' && !!user.pendingEmail;
    const to = changing ? user.pendingEmail! : user.email;
    const token = await this.tokens.issue({ userId: user.id, purpose: 'EmailConfirm', ttlSeconds: CONFIRM_TOKEN_SECONDS, email: to, now });
    if (changing) {
      await this.mail.enqueue(manager, { to, template: 'email-change-confirm', params: { nickname: user.nickname, token, newEmail: to }, locale: user.locale });
    } else {
      await this.mail.enqueue(manager, { to, template: 'registration-confirm', params: { nickname: user.nickname, token }, locale: user.locale });
    }
  }

  /** POST /account/email/confirm/resend: 409 when nothing awaits confirmation, 429 inside the cooldown. */
  async resend(userId: string): Promise<void> {
    await this.unitOfWork.run(async (manager) => {
      const user = await this.lockUser(manager, userId);
      if (!user) throw AppError.notFound('User');
      if (user.emailStatus === 'Confirmed') throw AppError.conflict('EMAIL_ALREADY_CONFIRMED', 'There is no email address awaiting confirmation');
      const wait = await this.cooldown(userId);
      if (wait > 0) throw AccountErrors.cooldown(wait);
      await this.send(manager, user);
    });
  }

  /** Sign-in hook: re-sends silently, never more often than the cooldown, never failing the login. */
  async resendOnLogin(userId: string): Promise<void> {
    try {
      await this.unitOfWork.run(async (manager) => {
        const user = await this.lockUser(manager, userId);
        if (!user || user.emailStatus !== 'Unconfirmed') return;
        if ((await this.cooldown(userId)) > 0) return;
        await this.send(manager, user);
      });
    } catch (error) {
      this.logger.error({ err: error, userId }, 'confirmation mail not re-sent on login');
    }
  }

  /** The user row, locked so concurrent resends are serialised and the cooldown holds. */
  private lockUser(manager: EntityManager, userId: string): Promise<User | null> {
    return this.users.lockByIdIfAny(manager, userId);
  }

  private cooldown(userId: string): Promise<number> {
    return this.tokens.cooldownRemaining(userId, 'EmailConfirm', this.config.cooldowns.emailSeconds);
  }
}

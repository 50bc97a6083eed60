import { Injectable, Logger } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { AppConfig } from '../../config/app-config';
import { newId } from '../../database/base.entity';
import { CaptchaService } from '../../infrastructure/captcha/captcha.service';
import { MailService } from '../../infrastructure/mail/mail.service';
import { runAs } from '../../common/http/request-context.module';
import { UnitOfWork } from '../../database/transaction';
import { User } from '../users/entities/user.entity';
import { UsersRepository } from '../users/users.repository';
import { PasswordService } from '../users/password.service';
import { AccountErrors, assertSupportedLocale } from './account-errors';
import { AccountTokens } from './account-tokens.repository';
import { RegisterDto } from './dto/registration.dto';
import { EmailConfirmations } from './email-confirmations.service';

const DAY_MS = 86_400_000;
const invalidToken = () => AccountErrors.invalidToken();

/** Registration, email confirmation, and the housekeeping of registrations never confirmed. */
@Injectable()
export class RegistrationService {
  private readonly logger = new Logger(RegistrationService.name);

  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly users: UsersRepository,
    private readonly config: AppConfig,
    private readonly captcha: CaptchaService,
    private readonly passwords: PasswordService,
    private readonly confirmations: EmailConfirmations,
    private readonly tokens: AccountTokens,
    private readonly mail: MailService,
  ) {}

  /**
   * A filled honeypot answers like a success and stores nothing. Otherwise: CAPTCHA, then one
   * transaction with the Pending user, the confirmation mail and a notice to every active admin.
   * Taken usernames and emails surface as 409 from their unique indexes.
   */
  async register(dto: RegisterDto, remoteIp: string | null): Promise<{ id: string; status: 'Pending' }> {
    if (dto.website) {
      this.logger.warn({ remoteIp }, 'registration honeypot filled; ignored');
      return { id: newId(), status: 'Pending' };
    }
    assertSupportedLocale(dto.locale);
    await this.captcha.assertSolved(dto.captcha, remoteIp);
    const passwordHash = await this.passwords.hash(dto.password);
    const id = newId();
    await runAs({ userId: id, nickname: dto.nickname }, () =>
      this.unitOfWork.run(async (manager) => {
        const user = await this.users.insert(manager, {
          id,
          username: dto.username,
          email: dto.email.toLowerCase(),
          passwordHash,
          nickname: dto.nickname,
          role: 'User',
          status: 'Pending',
          emailStatus: 'Unconfirmed',
          groupId: null,
          locale: dto.locale ?? null,
        });
        await this.confirmations.send(manager, user);
        await this.notifyAdmins(manager, user);
      }),
    );
    return { id, status: 'Pending' };
  }

  private async notifyAdmins(manager: EntityManager, user: User): Promise<void> {
    for (const admin of await this.users.findMailableAdmins()) {
      await this.mail.enqueue(manager, {
        to: admin.email,
        locale: admin.locale,
        template: 'registration-awaiting-approval',
        params: { username: user.username, nickname: user.nickname, email: user.email },
      });
    }
  }

  /**
   * PATCH /account/email/confirm: redeems the token (single use) and confirms what it was issued
   * for — the registration address, or the pending new address, which then becomes `email`. A
   * token for an address that is no longer the one awaiting confirmation is invalid.
   */
  async confirmEmail(token: string): Promise<void> {
    await this.unitOfWork.run(async (manager) => {
      const consumed = await this.tokens.consume(token, 'EmailConfirm');
      if (!consumed?.email) throw invalidToken();
      const user = await this.users.lockByIdIfAny(manager, consumed.userId);
      if (!user) throw invalidToken();
      const target = consumed.email.toLowerCase();
      if (user.emailStatus === 'ChangePending' && user.pendingEmail?.toLowerCase() === target) {
        user.email = user.pendingEmail;
        user.pendingEmail = null;
      } else if (user.emailStatus !== 'Unconfirmed' || user.email.toLowerCase() !== target) {
        throw invalidToken();
      }
      user.emailStatus = 'Confirmed';
      await runAs({ userId: user.id, nickname: user.nickname }, () => this.users.save(manager, user));
    });
  }

  /**
   * Housekeeping: registrations still unconfirmed UNCONFIRMED_WARN_DAYS after sign-up get one
   * reminder with a fresh link (a confirmation token issued after that point marks it done).
   */
  async warnUnconfirmed(now: Date): Promise<number> {
    const { unconfirmedWarnDays, unconfirmedExpireDays } = this.config.retention;
    const due = await this.users.findUnconfirmedToWarn(
      new Date(now.getTime() - unconfirmedWarnDays * DAY_MS),
      new Date(now.getTime() - unconfirmedExpireDays * DAY_MS),
      unconfirmedWarnDays,
    );
    for (const { id, created_date } of due) {
      await this.unitOfWork.run(async (manager) => {
        const user = (await this.users.findById(id, manager))!;
        const token = await this.tokens.issue({
          userId: id,
          purpose: 'EmailConfirm',
          ttlSeconds: (unconfirmedExpireDays - unconfirmedWarnDays) * 86_400,
          email: user.email,
          now,
        });
        const removalDate = new Date(new Date(created_date).getTime() + unconfirmedExpireDays * DAY_MS).toISOString().slice(0, 10);
        await this.mail.enqueue(manager, {
          to: user.email,
          template: 'registration-unconfirmed-warning',
          params: { nickname: user.nickname, token, removalDate },
          locale: user.locale,
        });
      });
    }
    return due.length;
  }

  /** Housekeeping: registrations unconfirmed after UNCONFIRMED_EXPIRE_DAYS are removed (history: Deleted by System). */
  async removeUnconfirmed(now: Date): Promise<number> {
    const cutoff = new Date(now.getTime() - this.config.retention.unconfirmedExpireDays * DAY_MS);
    let removed = 0;
    for (;;) {
      const ids = await this.users.findUnconfirmedIdsBefore(cutoff, 200);
      if (ids.length === 0) return removed;
      await this.unitOfWork.run(async (manager) => {
        await this.users.removeByIds(manager, ids);
      });
      removed += ids.length;
    }
  }
}

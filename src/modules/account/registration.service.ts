import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, In } from 'typeorm';
import { AppConfig } from '../../config/app-config';
import { newId } from '../../database/base.entity';
import { CaptchaService } from '../../infrastructure/captcha/captcha.service';
import { MailService } from '../../infrastructure/mail/mail.service';
import { runAs } from '../history/actor';
import { User } from '../users/entities/user.entity';
import { PasswordService } from '../users/password.service';
import { AccountErrors } from './account-errors';
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
    @InjectDataSource() private readonly dataSource: DataSource,
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
    await this.captcha.assertSolved(dto.captcha, remoteIp);
    const passwordHash = await this.passwords.hash(dto.password);
    const id = newId();
    await runAs({ userId: id, nickname: dto.nickname }, () =>
      this.dataSource.transaction(async (manager) => {
        const users = manager.getRepository(User);
        const user = await users.save(
          users.create({
            id,
            username: dto.username,
            email: dto.email.toLowerCase(),
            passwordHash,
            nickname: dto.nickname,
            role: 'User',
            status: 'Pending',
            emailStatus: 'Unconfirmed',
            groupId: null,
          }),
        );
        await this.confirmations.send(manager, user);
        await this.notifyAdmins(manager, user);
      }),
    );
    return { id, status: 'Pending' };
  }

  private async notifyAdmins(manager: EntityManager, user: User): Promise<void> {
    const admins: { email: string }[] = await manager.query(
      `SELECT email FROM users WHERE role = 'Admin' AND status = 'Active' AND email_status <> 'Unconfirmed'`,
    );
    for (const admin of admins) {
      await this.mail.enqueue(manager, {
        to: admin.email,
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
    await this.dataSource.transaction(async (manager) => {
      const consumed = await this.tokens.consume(manager, token, 'EmailConfirm');
      if (!consumed?.email) throw invalidToken();
      const users = manager.getRepository(User);
      const user = await users.findOne({ where: { id: consumed.userId }, lock: { mode: 'pessimistic_write' } });
      if (!user) throw invalidToken();
      const target = consumed.email.toLowerCase();
      if (user.emailStatus === 'ChangePending' && user.pendingEmail?.toLowerCase() === target) {
        user.email = user.pendingEmail;
        user.pendingEmail = null;
      } else if (user.emailStatus !== 'Unconfirmed' || user.email.toLowerCase() !== target) {
        throw invalidToken();
      }
      user.emailStatus = 'Confirmed';
      await runAs({ userId: user.id, nickname: user.nickname }, () => users.save(user));
    });
  }

  /**
   * Housekeeping: registrations still unconfirmed UNCONFIRMED_WARN_DAYS after sign-up get one
   * reminder with a fresh link (a confirmation token issued after that point marks it done).
   */
  async warnUnconfirmed(now: Date): Promise<number> {
    const { unconfirmedWarnDays, unconfirmedExpireDays } = this.config.retention;
    const due: { id: string; created_date: Date }[] = await this.dataSource.query(
      `SELECT u.id, u.created_date FROM users u
        WHERE u.email_status = 'Unconfirmed' AND u.status = 'Pending'
          AND u.created_date < $1 AND u.created_date >= $2
          AND NOT EXISTS (SELECT 1 FROM account_tokens t WHERE t.user_id = u.id AND t.purpose = 'EmailConfirm'
                           AND t.created_date >= u.created_date + make_interval(days => $3))
        ORDER BY u.created_date LIMIT 1000`,
      [new Date(now.getTime() - unconfirmedWarnDays * DAY_MS), new Date(now.getTime() - unconfirmedExpireDays * DAY_MS), unconfirmedWarnDays],
    );
    for (const { id, created_date } of due) {
      await this.dataSource.transaction(async (manager) => {
        const user = await manager.getRepository(User).findOneOrFail({ where: { id } });
        const token = await this.tokens.issue(manager, {
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
      const ids: { id: string }[] = await this.dataSource.query(
        `SELECT id FROM users WHERE email_status = 'Unconfirmed' AND status = 'Pending' AND created_date < $1 ORDER BY created_date LIMIT 200`,
        [cutoff],
      );
      if (ids.length === 0) return removed;
      await this.dataSource.transaction(async (manager) => {
        const users = await manager.getRepository(User).find({ where: { id: In(ids.map((row) => row.id)) } });
        await manager.getRepository(User).remove(users);
      });
      removed += ids.length;
    }
  }
}

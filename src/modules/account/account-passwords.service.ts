import { Injectable, Logger } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { AppConfig } from '../../config/app-config';
import { CaptchaService } from '../../infrastructure/captcha/captcha.service';
import { JobsService } from '../../infrastructure/jobs/jobs.service';
import { FailureBudget } from '../../infrastructure/rate-limit/failure-budget';
import { MailService, RESET_TOKEN_MINUTES } from '../../infrastructure/mail/mail.service';
import { SessionsService } from '../auth/sessions.service';
import { runAs } from '../../common/http/request-context.module';
import { UnitOfWork } from '../../database/transaction';
import { UsersRepository } from '../users/users.repository';
import { PasswordService } from '../users/password.service';
import { AccountErrors } from './account-errors';
import { AccountTokens } from './account-tokens.repository';
import type { ResetLinkDto } from './dto/registration.dto';

export const PASSWORD_FORGOT_QUEUE = 'account-password-forgot';

/** Forgotten password (mail with a reset link), reset with the link, and change while signed in. */
@Injectable()
export class AccountPasswordsService {
  private readonly logger = new Logger(AccountPasswordsService.name);

  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly users: UsersRepository,
    private readonly config: AppConfig,
    private readonly captcha: CaptchaService,
    private readonly passwords: PasswordService,
    private readonly tokens: AccountTokens,
    private readonly sessions: SessionsService,
    private readonly mail: MailService,
    private readonly jobs: JobsService,
    private readonly failures: FailureBudget,
  ) {
    jobs.register<{ email: string }>(PASSWORD_FORGOT_QUEUE, ({ email }) => this.sendResetMail(email));
  }

  /**
   * POST /account/password/forgot. After the CAPTCHA the request only enqueues a job with the
   * address, the same work whether or not an account has it, so answer and timing reveal nothing;
   * the job looks the account up and mails it.
   */
  async forgot(email: string, captcha: string, remoteIp: string | null): Promise<void> {
    await this.captcha.assertSolved(captcha, remoteIp);
    await this.jobs.send(PASSWORD_FORGOT_QUEUE, { email: email.toLowerCase() });
  }

  /** Job: a reset link for a known account with a confirmed address, at most once per RESET_COOLDOWN_SECONDS. */
  async sendResetMail(email: string): Promise<void> {
    await this.unitOfWork.run(async (manager) => {
      const user = await this.users.lockByConfirmedEmail(manager, email);
      if (!user) return;
      const wait = await this.tokens.cooldownRemaining(user.id, 'PasswordReset', this.config.cooldowns.resetSeconds);
      if (wait > 0) {
        this.logger.log({ userId: user.id }, 'password reset inside the cooldown; no mail sent');
        return;
      }
      const token = await this.tokens.issue({ userId: user.id, purpose: 'PasswordReset', ttlSeconds: RESET_TOKEN_MINUTES * 60 });
      await this.mail.enqueue(manager, { to: user.email, template: 'password-reset', params: { nickname: user.nickname, token }, locale: user.locale });
    });
  }

  /** POST /account/password/reset: single-use token, new password, every session revoked. */
  async reset(token: string, newPassword: string): Promise<void> {
    const invalid = () => AccountErrors.invalidToken('reset link');
    // a cheap look first, so a bad token costs no bcrypt work
    if (!(await this.tokens.isLive(token, 'PasswordReset'))) throw invalid();
    const passwordHash = await this.passwords.hash(newPassword);
    await this.unitOfWork.run(async (manager) => {
      const consumed = await this.tokens.consume(token, 'PasswordReset');
      if (!consumed) throw invalid();
      await this.replacePassword(manager, consumed.userId, passwordHash);
      await this.tokens.revokeAll(consumed.userId, 'PasswordReset');
    });
  }

  /**
   * What the page of a reset or set-password link shows before the password is chosen:
   * whose account it is and the group it joins. Reads only; 400 INVALID_TOKEN like the reset.
   */
  async describeLink(token: string): Promise<ResetLinkDto> {
    const live = await this.tokens.findLive(token, 'PasswordReset');
    const user = live && (await this.users.findProfileById(live.userId));
    if (!live || !user) throw AccountErrors.invalidToken('reset link');
    const group = user.group as { name?: string } | undefined;
    const members = user.groupId ? await this.users.findActiveMembers({ groupId: user.groupId }) : [];
    return {
      username: user.username,
      nickname: user.nickname,
      groupName: group?.name ?? null,
      memberNicknames: members
        .filter((member) => member.id !== user.id)
        .slice(0, 5)
        .map((member) => member.nickname),
      // set-password links live 7 days, forgotten-password links an hour
      invitation: live.ttlSeconds > RESET_TOKEN_MINUTES * 60,
    };
  }

  /**
   * 400 INVALID_PASSWORD unless `password` is the user's current one (checked outside any
   * transaction: bcrypt is slow). Limited per user like login: the failures of every endpoint
   * that checks the current password share one budget (429 RATE_LIMITED once spent), and the
   * check waits its turn for the hashing pool.
   */
  async assertCurrent(userId: string, password: string): Promise<void> {
    const passed = await this.failures.spend(`password-check-failures:${userId}`, 'Too many wrong passwords for this account, try again later', async () =>
      this.passwords.verify(password, await this.users.findPasswordHash(userId)),
    );
    if (!passed) throw AccountErrors.invalidPassword();
  }

  /** PUT /account/password: the current password is required; every session (this one too) is revoked. */
  async change(userId: string, currentPassword: string, newPassword: string): Promise<void> {
    await this.assertCurrent(userId, currentPassword);
    const passwordHash = await this.passwords.hash(newPassword);
    await this.unitOfWork.run((manager) => this.replacePassword(manager, userId, passwordHash));
  }

  private async replacePassword(manager: EntityManager, userId: string, passwordHash: string): Promise<void> {
    const user = await this.users.lockById(manager, userId);
    user.passwordHash = passwordHash;
    await runAs({ userId: user.id, nickname: user.nickname }, () => this.users.save(manager, user));
    await this.sessions.revokeAll(userId);
  }
}

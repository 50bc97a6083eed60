import { Injectable, Logger } from '@nestjs/common';
import { CaptchaService } from '../../infrastructure/captcha/captcha.service';
import { JobsService } from '../../infrastructure/jobs/jobs.service';
import { AccountTokens } from '../account/account-tokens.repository';
import { RegistrationService } from '../account/registration.service';
import { SessionsService } from '../auth/sessions.service';
import { StatementImportsService } from '../budget/imports/statement-imports.service';
import { SharingService } from '../budget/sharing/sharing.service';
import { FilesService } from '../files/files.service';
import { NotificationRetention } from '../notifications/notification-retention';

/**
 * Daily housekeeping (docs/running.md). Each task asks the owner of its table to do the deleting. Every task is its own queue with its own schedule, so one
 * failing task (retried by pg-boss) never stops the others. Each task takes `now`, so tests run
 * it with a controlled clock.
 */
@Injectable()
export class HousekeepingService {
  private readonly logger = new Logger('Housekeeping');

  /** queue → [cron (UTC), task] */
  readonly tasks: Record<string, [string, (now: Date) => Promise<unknown>]> = {
    'housekeeping-sessions': ['10 3 * * *', (now) => this.sessions.removeExpired(now)],
    'housekeeping-files': ['20 3 * * *', (now) => this.files.removeStalePending(now)],
    'housekeeping-unconfirmed': ['30 3 * * *', (now) => this.unconfirmedRegistrations(now)],
    'housekeeping-captchas': ['40 3 * * *', (now) => this.removeUsedCaptchas(now)],
    'housekeeping-tokens': ['50 3 * * *', (now) => this.removeExpiredTokens(now)],
    'housekeeping-imports': ['55 3 * * *', (now) => this.imports.removeExpired(now)],
    // members' kept balances checked against the rows behind them (logged and repaired if they differ)
    'housekeeping-balances': ['5 4 * * *', () => this.sharing.checkKeptSums()],
    // read notifications after 90 days (with what was sent of them), delivery records after 30
    'housekeeping-notifications': ['15 4 * * *', (now) => this.notifications.removeOld(now)],
  };

  constructor(
    private readonly captcha: CaptchaService,
    private readonly accountTokens: AccountTokens,
    private readonly sessions: SessionsService,
    private readonly files: FilesService,
    private readonly registrations: RegistrationService,
    private readonly imports: StatementImportsService,
    private readonly sharing: SharingService,
    private readonly notifications: NotificationRetention,
    jobs: JobsService,
  ) {
    for (const [queue, [cron, task]] of Object.entries(this.tasks)) {
      jobs.register(queue, async () => {
        const result = await task(new Date());
        this.logger.log({ task: queue, result }, 'housekeeping done');
      });
      jobs.schedule(queue, cron);
    }
  }

  /** Runs one task now, as its schedule would (for operators and tests). */
  runTask(queue: string, now: Date): Promise<unknown> {
    const entry = this.tasks[queue];
    if (!entry) throw new Error(`unknown housekeeping task ${queue}`);
    return entry[1](now);
  }

  /** Removal and warning look at disjoint age ranges, so a registration never gets both on one run. */
  async unconfirmedRegistrations(now: Date): Promise<{ warned: number; removed: number }> {
    const removed = await this.registrations.removeUnconfirmed(now);
    const warned = await this.registrations.warnUnconfirmed(now);
    return { warned, removed };
  }

  /** Redeemed ALTCHA signatures are needed only while their challenge could still verify. */
  removeUsedCaptchas(now: Date): Promise<number> {
    return this.captcha.removeExpired(now);
  }

  /** Confirmation and reset tokens a day past expiry (younger ones still drive cooldowns). */
  removeExpiredTokens(now: Date): Promise<number> {
    return this.accountTokens.deleteExpired(now);
  }
}

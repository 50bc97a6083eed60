import { Injectable } from '@nestjs/common';
import { AppError } from '../../common/errors/app-error';
import { AppConfig } from '../../config/app-config';
import { RateLimitStore } from './rate-limit.store';

/**
 * The failure budget of every password check (login per username, the current-password checks of
 * the account per user): RATE_LIMIT_LOGIN_FAILURES failures per RATE_LIMIT_LOGIN_FAILURE_WINDOW_SECONDS.
 */
@Injectable()
export class FailureBudget {
  constructor(
    private readonly limits: RateLimitStore,
    private readonly config: AppConfig,
  ) {}

  /**
   * Runs `check` (a truthy answer when the password was right, returned) under the budget of `key`. The failure is
   * taken before the check runs, in one atomic step, so parallel attempts cannot all pass a count
   * read before any of them has failed; once spent, 429 RATE_LIMITED with Retry-After and no
   * check at all. A failed check keeps its reservation; a successful one gives it back and clears
   * the earlier failures.
   */
  async spend<T>(key: string, message: string, check: () => Promise<T>): Promise<T> {
    const { rateLimit } = this.config;
    if (!rateLimit.enabled) return check();
    const taken = await this.limits.hit(key, rateLimit.loginFailureWindowSeconds * 1000);
    if (taken.count > rateLimit.loginFailuresPerUsername) throw AppError.tooManyRequests('RATE_LIMITED', message, taken.resetSeconds);
    const passed = await check();
    if (passed) await this.limits.reset(key);
    return passed;
  }
}

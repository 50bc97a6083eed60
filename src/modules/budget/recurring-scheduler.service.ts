import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { utcDate } from '../../common/clock/clock';
import { UnitOfWork } from '../../database/transaction';
import { JobsService } from '../../infrastructure/jobs/jobs.service';
import { dueOccurrences } from '../../../domain/recurrence';
import { RecurringTransactionsRepository } from './recurring-transactions.repository';

export const RECURRING_QUEUE = 'budget-recurring';
/** Daily at 00:05 UTC; the job also runs once at every boot to catch up after downtime. */
export const RECURRING_CRON = '5 0 * * *';
/** Occurrences made per database transaction (a long outage of a daily rule is caught up in steps). */
const BATCH = 200;

/**
 * Makes the transactions of recurring rules, exactly once per (rule, date):
 * - each rule is processed in transactions holding its row lock (`FOR UPDATE SKIP LOCKED`: a
 *   second instance skips a rule being processed instead of waiting for it), and its cursor
 *   `next_occurrence` moves in the same transaction as the occurrences it covers;
 * - the unique index (recurring_transaction_id, occurrence_date) with `ON CONFLICT DO NOTHING`
 *   is the backstop, and only rows really inserted get their history row.
 * Every due date up to today is made (catch-up after downtime). Occurrences falling due while the
 * rule's account is disabled are skipped, not made up later.
 */
@Injectable()
export class RecurringScheduler implements OnApplicationBootstrap {
  private readonly logger = new Logger('RecurringScheduler');

  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly recurring: RecurringTransactionsRepository,
    private readonly jobs: JobsService,
  ) {
    jobs.register(RECURRING_QUEUE, async () => {
      const created = await this.runDue(new Date());
      this.logger.log({ created }, 'recurring transactions processed');
    });
    jobs.schedule(RECURRING_QUEUE, RECURRING_CRON);
  }

  /** Global modules (jobs) bootstrap first, so the queue exists: enqueue the boot run, don't run it here. */
  async onApplicationBootstrap(): Promise<void> {
    await this.jobs.send(RECURRING_QUEUE, {}, { singletonKey: `${RECURRING_QUEUE}-boot` });
  }

  /** Makes every occurrence due on or before `now`'s UTC date; returns how many transactions were made. */
  async runDue(now: Date): Promise<number> {
    const today = utcDate(now);
    const due = await this.recurring.findDueIds(today);
    let created = 0;
    for (const id of due) {
      try {
        created += await this.catchUp(id, today);
      } catch (error) {
        // one broken rule must not stop the others; the next run retries it
        this.logger.error({ err: error, recurringTransactionId: id }, 'recurring transaction failed');
      }
    }
    return created;
  }

  private async catchUp(id: string, today: string): Promise<number> {
    let created = 0;
    for (;;) {
      const step = await this.unitOfWork.run(async (manager) => {
        const row = await this.recurring.lockDue(id, today);
        if (!row) return { made: 0, more: false };
        const rule = { frequency: row.frequency, interval: row.interval, startDate: row.start_date, endDate: row.end_date };
        const { dates, next } = dueOccurrences(rule, row.next_occurrence, today, BATCH);
        let made = 0;
        if (!row.account_disabled) {
          for (const date of dates) if (await this.recurring.insertOccurrence(manager, row, date)) made++;
        }
        await this.recurring.moveCursor(id, next);
        return { made, more: next !== null && next <= today };
      });
      created += step.made;
      if (!step.more) return created;
    }
  }
}

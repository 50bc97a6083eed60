import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { newId } from '../../database/base.entity';
import { inTransaction } from '../../database/transaction';
import { JobsService } from '../../infrastructure/jobs/jobs.service';
import { recordCreated } from '../history/history.subscriber';
import { Transaction } from './entities/transaction.entity';
import { dueOccurrences } from './recurrence';
import { utcDate } from './transaction-refs';

export const RECURRING_QUEUE = 'budget-recurring';
/** Daily at 00:05 UTC; the job also runs once at every boot to catch up after downtime. */
export const RECURRING_CRON = '5 0 * * *';
/** Occurrences made per database transaction (a long outage of a daily rule is caught up in steps). */
const BATCH = 200;

interface DueRow {
  id: string;
  group_id: string;
  type: Transaction['type'];
  amount: string;
  description: string | null;
  category_id: string | null;
  budget_account_id: string;
  target_budget_account_id: string | null;
  frequency: 'Daily' | 'Weekly' | 'Monthly' | 'Yearly';
  interval: number;
  start_date: string;
  end_date: string | null;
  next_occurrence: string;
  account_disabled: boolean;
}

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
    @InjectDataSource() private readonly dataSource: DataSource,
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
    const due: { id: string }[] = await this.dataSource.query(
      'SELECT id FROM recurring_transactions WHERE is_enabled AND next_occurrence <= $1 ORDER BY next_occurrence, id',
      [today],
    );
    let created = 0;
    for (const { id } of due) {
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
      const step = await inTransaction(this.dataSource, async (manager) => {
        const [row]: DueRow[] = await manager.query(
          `SELECT r.id, r.group_id, r.type, r.amount, r.description, r.category_id, r.budget_account_id,
                  r.target_budget_account_id, r.frequency, r.interval, r.start_date::text AS start_date,
                  r.end_date::text AS end_date, r.next_occurrence::text AS next_occurrence,
                  (a.is_disabled OR COALESCE(ta.is_disabled, false)) AS account_disabled
             FROM recurring_transactions r
             JOIN budget_accounts a ON a.id = r.budget_account_id
             LEFT JOIN budget_accounts ta ON ta.id = r.target_budget_account_id
            WHERE r.id = $1 AND r.is_enabled AND r.next_occurrence <= $2
              FOR UPDATE OF r SKIP LOCKED`,
          [id, today],
        );
        if (!row) return { made: 0, more: false };
        const rule = { frequency: row.frequency, interval: row.interval, startDate: row.start_date, endDate: row.end_date };
        const { dates, next } = dueOccurrences(rule, row.next_occurrence, today, BATCH);
        let made = 0;
        if (!row.account_disabled) {
          for (const date of dates) if (await this.insertOccurrence(manager, row, date)) made++;
        }
        // the cursor is derived bookkeeping, ignored by the history: a plain UPDATE on purpose
        await manager.query('UPDATE recurring_transactions SET next_occurrence = $2 WHERE id = $1', [id, next]);
        return { made, more: next !== null && next <= today };
      });
      created += step.made;
      if (!step.more) return created;
    }
  }

  /** Inserts one occurrence unless it exists; writes its "Created" history row (actor System) if inserted. */
  private async insertOccurrence(manager: EntityManager, rule: DueRow, date: string): Promise<boolean> {
    const occurrence = Object.assign(new Transaction(), {
      id: newId(),
      groupId: rule.group_id,
      type: rule.type,
      amount: rule.amount,
      date,
      description: rule.description,
      categoryId: rule.category_id,
      budgetAccountId: rule.budget_account_id,
      targetBudgetAccountId: rule.target_budget_account_id,
      recurringTransactionId: rule.id,
      occurrenceDate: date,
      createdById: null,
    });
    const inserted: unknown[] = await manager.query(
      `INSERT INTO transactions (id, group_id, type, amount, date, description, category_id, budget_account_id,
                                 target_budget_account_id, recurring_transaction_id, occurrence_date, created_by_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $5, NULL)
       ON CONFLICT (recurring_transaction_id, occurrence_date) DO NOTHING
       RETURNING id`,
      [
        occurrence.id,
        occurrence.groupId,
        occurrence.type,
        occurrence.amount,
        date,
        occurrence.description,
        occurrence.categoryId,
        occurrence.budgetAccountId,
        occurrence.targetBudgetAccountId,
        occurrence.recurringTransactionId,
      ],
    );
    if (inserted.length === 0) return false;
    await recordCreated(manager, Transaction, occurrence);
    return true;
  }
}

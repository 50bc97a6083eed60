import { Injectable } from '@nestjs/common';
import { AuthUser } from '../../common/auth/auth-user';
import { Clock, utcDate } from '../../common/clock/clock';
import { OriginalResolver } from './rates/original-resolver';
import { AppError } from '../../common/errors/app-error';
import { Tenant } from '../../common/tenancy/group-scope';
import { UnitOfWork } from '../../database/transaction';
import { RecurringTransactionDto, SaveRecurringTransactionDto } from './dto/recurring-transaction.dto';
import { RecurringTransaction } from './entities/recurring-transaction.entity';
import { dayAfter, nextOnOrAfter, Recurrence } from '../../../domain/recurrence';
import { RecurringTransactionsRepository } from './recurring-transactions.repository';
import { SplitResolver, takesDefaultSplit } from './sharing/split-resolver';
import { TransactionRefsResolver } from './transaction-refs';
import { ReminderScheduler } from '../notifications/reminder-scheduler.service';
import { BILL_REMINDER_SOURCE } from './bill-reminder.source';
import { DateTime } from 'luxon';
import { TransactionsRepository } from './transactions.repository';

const toDto = (r: RecurringTransaction): RecurringTransactionDto => ({
  id: r.id,
  type: r.type,
  amount: r.amount,
  description: r.description,
  categoryId: r.categoryId,
  budgetAccountId: r.budgetAccountId,
  targetBudgetAccountId: r.targetBudgetAccountId,
  frequency: r.frequency,
  interval: r.interval,
  startDate: r.startDate,
  endDate: r.endDate,
  nextOccurrence: r.nextOccurrence,
  isEnabled: r.isEnabled,
  remindDaysBefore: r.remindDaysBefore,
  createdDate: r.createdDate,
  split: r.split,
  original: r.original ?? null,
});

const sameRule = (a: Recurrence, b: Recurrence) =>
  a.frequency === b.frequency && a.interval === b.interval && a.startDate === b.startDate && a.endDate === b.endDate;

const later = (a: string, b: string) => (a > b ? a : b);

function checkDates(dto: SaveRecurringTransactionDto): void {
  if (dto.endDate && dto.endDate < dto.startDate) {
    throw AppError.invalidField('endDate', 'endDate must not be before startDate');
  }
}

/**
 * Recurring transactions. `nextOccurrence` is the scheduler's cursor: a past start date is caught
 * up; re-enabling resumes from today (the paused period is not made up); changing the schedule
 * resumes after the last occurrence already made, so no date is made twice.
 */
@Injectable()
export class RecurringTransactionsService {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly recurring: RecurringTransactionsRepository,
    private readonly transactions: TransactionsRepository,
    private readonly refs: TransactionRefsResolver,
    private readonly scheduler: ReminderScheduler,
    private readonly splits: SplitResolver,
    private readonly clock: Clock,
    private readonly originals: OriginalResolver,
  ) {}

  async list(tenant: Tenant): Promise<RecurringTransactionDto[]> {
    return (await this.recurring.findAllOfGroup(tenant)).map(toDto);
  }

  async get(tenant: Tenant, id: string): Promise<RecurringTransactionDto> {
    return toDto(await this.recurring.findInGroup(tenant, id));
  }

  create(user: AuthUser, dto: SaveRecurringTransactionDto): Promise<RecurringTransactionDto> {
    checkDates(dto);
    return this.unitOfWork.run(async () => {
      const refs = await this.refs.resolve(user, dto);
      const rule = { frequency: dto.frequency, interval: dto.interval ?? 1, startDate: dto.startDate, endDate: dto.endDate ?? null };
      const isEnabled = dto.isEnabled ?? true;
      const { amount, original } = await this.originals.resolve(user, dto, dto.startDate);
      // the group's default applies to the rule once, as to a new Expense; each occurrence copies the rule's split, less those who left since
      const input = { type: dto.type, amount, split: dto.split, payer: user.userId };
      const split = await this.splits.resolve(user, input);
      if (dto.remindDaysBefore != null) await this.scheduler.assertRoomFor(user.userId);
      const recurring = await this.recurring.create({
        groupId: user.groupId,
        type: dto.type,
        amount,
        original,
        split,
        splitIsDefault: split !== null && takesDefaultSplit(input),
        description: dto.description ?? null,
        ...refs,
        ...rule,
        isEnabled,
        nextOccurrence: nextOnOrAfter(rule, isEnabled ? rule.startDate : later(rule.startDate, utcDate(this.clock.now()))),
        createdById: user.userId,
        ...this.remindFromNow(rule, dto.remindDaysBefore ?? null, user.userId),
      });
      if (recurring.remindDaysBefore !== null) await this.scheduleReminder(recurring);
      return toDto(recurring);
    });
  }

  /** An omitted split keeps the current one (applied to the new amount). */
  update(tenant: AuthUser, id: string, dto: SaveRecurringTransactionDto): Promise<RecurringTransactionDto> {
    checkDates(dto);
    return this.unitOfWork.run(async () => {
      const recurring = await this.recurring.lockInGroup(tenant, id);
      const refs = await this.refs.resolve(tenant, dto, {
        currentAccountId: recurring.budgetAccountId,
        keepAccountIds: [recurring.budgetAccountId, recurring.targetBudgetAccountId].filter((x): x is string => !!x),
      });
      const rule = { frequency: dto.frequency, interval: dto.interval ?? 1, startDate: dto.startDate, endDate: dto.endDate ?? null };
      const ruleChanged = !sameRule(rule, recurring);
      const enabling = dto.isEnabled === true && !recurring.isEnabled;
      const remindDaysBefore = dto.remindDaysBefore ?? null;
      const reminderChanged = ruleChanged || enabling || remindDaysBefore !== recurring.remindDaysBefore;
      const { amount, original } = await this.originals.resolve(tenant, dto, dto.startDate);
      const split = await this.splits.resolve(tenant, {
        type: dto.type,
        amount,
        split: dto.split,
        payer: recurring.createdById ?? tenant.userId,
        current: { split: recurring.split, amount: recurring.amount },
      });
      Object.assign(recurring, {
        type: dto.type,
        amount,
        original,
        split,
        // a split given (or null) is the rule's own from now on; an omitted one stays as it came
        splitIsDefault: split !== null && dto.split === undefined && recurring.splitIsDefault,
        description: dto.description ?? null,
        ...refs,
        ...rule,
        isEnabled: dto.isEnabled ?? recurring.isEnabled,
      });
      if (ruleChanged) recurring.nextOccurrence = await this.resumeAfterLastMade(recurring);
      if (enabling) this.resumeFromToday(recurring);
      if (reminderChanged && remindDaysBefore !== null && !this.countsFor(recurring, tenant.userId)) await this.scheduler.assertRoomFor(tenant.userId);
      if (reminderChanged) Object.assign(recurring, this.remindFromNow(rule, remindDaysBefore, tenant.userId));
      const saved = await this.recurring.save(recurring);
      if (reminderChanged) await this.scheduleReminder(saved);
      return toDto(saved);
    });
  }

  toggle(tenant: Tenant, id: string): Promise<RecurringTransactionDto> {
    return this.unitOfWork.run(async () => {
      const recurring = await this.recurring.lockInGroup(tenant, id);
      recurring.isEnabled = !recurring.isEnabled;
      if (recurring.isEnabled) {
        this.resumeFromToday(recurring);
        Object.assign(recurring, this.remindFromNow(recurring, recurring.remindDaysBefore, recurring.remindSetBy));
      }
      const saved = await this.recurring.save(recurring);
      if (saved.isEnabled) await this.scheduleReminder(saved);
      return toDto(saved);
    });
  }

  /** Occurrences already made keep their link until now; they stay as ordinary transactions. */
  async remove(tenant: Tenant, id: string): Promise<void> {
    await this.unitOfWork.run(async () => {
      const recurring = await this.recurring.lockInGroup(tenant, id);
      await this.scheduler.unschedule(BILL_REMINDER_SOURCE, recurring.id);
      await this.recurring.remove(recurring);
    });
  }

  /**
   * A bill reminder set now: it reminds of the first occurrence whose reminder day is not past
   * (a day of slack for the time zones ahead of UTC: each member's reminder before now is skipped
   * by the scheduler), never of one before it was set.
   */
  private remindFromNow(
    rule: Recurrence,
    days: number | null,
    setBy: string | null,
  ): Pick<RecurringTransaction, 'remindDaysBefore' | 'remindNextOccurrence' | 'remindSetDate' | 'remindSetBy'> {
    if (days === null) return { remindDaysBefore: null, remindNextOccurrence: null, remindSetDate: null, remindSetBy: null };
    const now = this.clock.now();
    const from = DateTime.fromJSDate(now, { zone: 'UTC' })
      .plus({ days: days - 1 })
      .toISODate()!;
    return { remindDaysBefore: days, remindNextOccurrence: nextOnOrAfter(rule, later(rule.startDate, from)), remindSetDate: now, remindSetBy: setBy };
  }

  /** The rule's reminder is one of `userId`'s active reminders already (changing it adds none). */
  private countsFor(recurring: RecurringTransaction, userId: string): boolean {
    return recurring.remindSetBy === userId && recurring.remindDaysBefore !== null && recurring.remindNextOccurrence !== null;
  }

  /** Puts the rule's bill reminder into the notification scheduler (its next look works out each member's time), or takes it out. */
  private async scheduleReminder(recurring: RecurringTransaction): Promise<void> {
    if (recurring.remindDaysBefore !== null && recurring.remindNextOccurrence)
      await this.scheduler.schedule(BILL_REMINDER_SOURCE, recurring.id, this.clock.now());
    else await this.scheduler.unschedule(BILL_REMINDER_SOURCE, recurring.id);
  }

  private async resumeAfterLastMade(recurring: RecurringTransaction): Promise<string | null> {
    const last = await this.transactions.lastOccurrenceOf(recurring.id);
    return nextOnOrAfter(recurring, last ? later(recurring.startDate, dayAfter(last)) : recurring.startDate);
  }

  private resumeFromToday(recurring: RecurringTransaction): void {
    if (recurring.nextOccurrence) recurring.nextOccurrence = nextOnOrAfter(recurring, later(recurring.nextOccurrence, utcDate(this.clock.now())));
  }
}

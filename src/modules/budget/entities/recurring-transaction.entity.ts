import { Check, Column, Entity, Index } from 'typeorm';
import { Audited } from '../../history/audited';
import { Frequency, SPLIT_CHECK, TRANSACTION_SHAPE_CHECK } from './budget-enums';
import { MoneyMovement } from './money-movement';

/** A rule that makes a transaction every `interval` days/weeks/months/years from `startDate`. */
@Entity('recurring_transactions')
// nextOccurrence is the scheduler's cursor, derived from the rule: not a user change; splitIsDefault follows from how the split was given
@Audited('RecurringTransaction', { module: 'Budget', ignore: ['nextOccurrence', 'remindNextOccurrence', 'remindSetDate', 'remindSetBy', 'splitIsDefault'] })
@Index('ix_recurring_transactions_group', ['groupId'])
@Index('ix_recurring_transactions_due', ['nextOccurrence'])
@Index('ix_recurring_transactions_category', ['categoryId'])
@Index('ix_recurring_transactions_account', ['budgetAccountId'])
@Index('ix_recurring_transactions_target_account', ['targetBudgetAccountId'])
@Index('ix_recurring_transactions_remind_set_by', ['remindSetBy'])
@Check('ck_recurring_transactions_type', `"type" IN ('Expense', 'Income', 'Transfer')`)
@Check('ck_recurring_transactions_frequency', `"frequency" IN ('Daily', 'Weekly', 'Monthly', 'Yearly')`)
@Check('ck_recurring_transactions_amount', `"amount" > 0`)
@Check('ck_recurring_transactions_interval', `"interval" >= 1`)
@Check('ck_recurring_transactions_end', `"end_date" IS NULL OR "end_date" >= "start_date"`)
@Check('ck_recurring_transactions_shape', TRANSACTION_SHAPE_CHECK)
@Check('ck_recurring_transactions_remind', `"remind_days_before" IS NULL OR "remind_days_before" BETWEEN 0 AND 30`)
// a transfer moves money between accounts, not between members
@Check('ck_recurring_transactions_split', SPLIT_CHECK)
export class RecurringTransaction extends MoneyMovement {
  @Column({ type: 'varchar', length: 10 })
  frequency: Frequency;

  @Column({ type: 'integer', default: 1 })
  interval: number;

  @Column({ type: 'date' })
  startDate: string;

  @Column({ type: 'date', nullable: true })
  endDate: string | null;

  /** the next date the scheduler will make an occurrence for; null when the rule has ended */
  @Column({ type: 'date', nullable: true })
  nextOccurrence: string | null;

  @Column({ type: 'boolean', default: true })
  isEnabled: boolean;

  /** the group's members are reminded this many days before each occurrence, at 08:00 their time; null: no reminder */
  @Column({ type: 'smallint', nullable: true })
  remindDaysBefore: number | null;

  /** the bill reminder's cursor: the occurrence it reminds of next (null: none left or no reminder) */
  @Column({ type: 'date', nullable: true })
  remindNextOccurrence: string | null;

  /** when the reminder was set: reminders due before it are never sent */
  @Column({ type: 'timestamptz', nullable: true })
  remindSetDate: Date | null;

  /** who set the reminder (it counts among their active reminders); null: no reminder, or that person is gone */
  @Column({ type: 'uuid', nullable: true })
  remindSetBy: string | null;

  /**
   * the split was taken from the group's default (the rule was made without one): each occurrence
   * drops the members of it who have left the group since (docs/budget.md, "Group defaults and units")
   */
  @Column({ type: 'boolean', default: false })
  splitIsDefault: boolean;
}

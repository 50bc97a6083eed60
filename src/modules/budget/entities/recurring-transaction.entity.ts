import { Check, Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { TimestampedEntity } from '../../../database/base.entity';
import { Group } from '../../groups/entities/group.entity';
import { Audited } from '../../history/audited';
import { BudgetAccount } from './budget-account.entity';
import { Frequency, TRANSACTION_SHAPE_CHECK, TransactionType } from './budget-enums';
import { Category } from './category.entity';

/** A rule that makes a transaction every `interval` days/weeks/months/years from `startDate`. */
@Entity('recurring_transactions')
// nextOccurrence is the scheduler's cursor, derived from the rule: not a user change
@Audited('RecurringTransaction', { ignore: ['nextOccurrence'] })
@Index('ix_recurring_transactions_group', ['groupId'])
@Index('ix_recurring_transactions_due', ['nextOccurrence'])
@Index('ix_recurring_transactions_category', ['categoryId'])
@Index('ix_recurring_transactions_account', ['budgetAccountId'])
@Index('ix_recurring_transactions_target_account', ['targetBudgetAccountId'])
@Check('ck_recurring_transactions_type', `"type" IN ('Expense', 'Income', 'Transfer')`)
@Check('ck_recurring_transactions_frequency', `"frequency" IN ('Daily', 'Weekly', 'Monthly', 'Yearly')`)
@Check('ck_recurring_transactions_amount', `"amount" > 0`)
@Check('ck_recurring_transactions_interval', `"interval" >= 1`)
@Check('ck_recurring_transactions_end', `"end_date" IS NULL OR "end_date" >= "start_date"`)
@Check('ck_recurring_transactions_shape', TRANSACTION_SHAPE_CHECK)
export class RecurringTransaction extends TimestampedEntity {
  @Column({ type: 'uuid' })
  groupId: string;

  @ManyToOne(() => Group, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'group_id' })
  group?: Group;

  @Column({ type: 'varchar', length: 10 })
  type: TransactionType;

  @Column({ type: 'numeric', precision: 14, scale: 2 })
  amount: string;

  @Column({ type: 'varchar', length: 500, nullable: true })
  description: string | null;

  @Column({ type: 'uuid', nullable: true })
  categoryId: string | null;

  @ManyToOne(() => Category, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'category_id' })
  category?: Category | null;

  @Column({ type: 'uuid' })
  budgetAccountId: string;

  @ManyToOne(() => BudgetAccount, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'budget_account_id' })
  budgetAccount?: BudgetAccount;

  @Column({ type: 'uuid', nullable: true })
  targetBudgetAccountId: string | null;

  @ManyToOne(() => BudgetAccount, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'target_budget_account_id' })
  targetBudgetAccount?: BudgetAccount | null;

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

  @Column({ type: 'uuid', nullable: true })
  createdById: string | null;
}

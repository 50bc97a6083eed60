import { Column, JoinColumn, ManyToOne } from 'typeorm';
import { BudgetAccount } from './budget-account.entity';
import type { TransactionType } from './budget-enums';
import { Category } from './category.entity';
import type { StoredSplit } from '../sharing/sharing';
import type { Original } from '../../../../domain/currency';
import { GroupOwnedEntity } from '../../../database/group-owned';

/** The columns a transaction and a recurring transaction share: what moves, how much, between which accounts. */
export abstract class MoneyMovement extends GroupOwnedEntity {
  @Column({ type: 'varchar', length: 10 })
  type: TransactionType;

  /** numeric(14,2): a decimal string such as "12.34", never a float */
  @Column({ type: 'numeric', precision: 14, scale: 2 })
  amount: string;

  @Column({ type: 'varchar', length: 500, nullable: true })
  description: string | null;

  @Column({ type: 'uuid', nullable: true })
  categoryId: string | null;

  @ManyToOne(() => Category, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'category_id' })
  category?: Category | null;

  /** the account charged or credited; the source of a Transfer */
  @Column({ type: 'uuid' })
  budgetAccountId: string;

  @ManyToOne(() => BudgetAccount, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'budget_account_id' })
  budgetAccount?: BudgetAccount;

  /** Transfer only: the receiving account */
  @Column({ type: 'uuid', nullable: true })
  targetBudgetAccountId: string | null;

  @ManyToOne(() => BudgetAccount, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'target_budget_account_id' })
  targetBudgetAccount?: BudgetAccount | null;

  /**
   * How it is shared between members (docs/budget.md, "Sharing costs"): what was asked for and each
   * member's part, amounts as decimal strings; null: the household's own. Triggers of the migration
   * `Sharing` expand a transaction's split into `transaction_shares` and the kept balances.
   */
  @Column({ type: 'jsonb', nullable: true })
  split: StoredSplit | null;

  /**
   * Paid in another currency: the amount as paid, its ISO 4217 code and the rate (the group's
   * currency per unit, decimal strings); `amount` is then that amount × rate, rounded half-up to the
   * cent (docs/budget.md, "Other currencies"). null: paid in the group's currency.
   */
  @Column({ type: 'jsonb', nullable: true })
  original: Original | null;

  /** the user who created it; null when the scheduler did */
  @Column({ type: 'uuid', nullable: true })
  createdById: string | null;
}

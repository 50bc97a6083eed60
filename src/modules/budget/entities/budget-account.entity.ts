import { Column, Entity, Index } from 'typeorm';
import type { UniqueConstraintMessages } from '../../../common/errors/problem.filter';
import { Audited } from '../../history/audited';
import { GroupOwnedEntity } from '../../../database/group-owned';

/** Where money is kept (a wallet, a bank account). Its balance is computed from the transactions. */
@Entity('budget_accounts')
@Audited('BudgetAccount', { module: 'Budget' })
@Index('ix_budget_accounts_group', ['groupId'])
// both added by hand in the migration: a partial unique index (one default per group) and a
// case-insensitive name per group
@Index('uq_budget_accounts_default', { synchronize: false })
@Index('uq_budget_accounts_group_name', { synchronize: false })
export class BudgetAccount extends GroupOwnedEntity {
  @Column({ type: 'varchar', length: 50 })
  name: string;

  @Column({ type: 'boolean', default: false })
  isDefault: boolean;

  @Column({ type: 'boolean', default: false })
  isDisabled: boolean;

  /** The money already in the account when it was set up (may be negative); the balance starts here. */
  @Column({ type: 'numeric', precision: 14, scale: 2, default: 0 })
  openingBalance: string;

  /**
   * A household account whose spending is everyone's: a statement imported into it shares its
   * expenses by the group's default split. Rows imported into any other account are nobody's but
   * the household's unless the import says otherwise.
   */
  @Column({ type: 'boolean', default: false })
  shared: boolean;
}

/** The 409s of this table's unique constraints (registered by the feature module on start). */
export const BUDGET_ACCOUNT_UNIQUE_CONSTRAINTS: UniqueConstraintMessages = {
  uq_budget_accounts_default: ['DEFAULT_ACCOUNT_CONFLICT', 'Another account became the default at the same time; retry'],
  uq_budget_accounts_group_name: ['ACCOUNT_NAME_TAKEN', 'A budget account with this name already exists'],
};

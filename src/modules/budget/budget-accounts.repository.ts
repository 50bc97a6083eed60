import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { findInGroupTx, Tenant } from '../../common/tenancy/group-scope';
import { Sql } from '../../database/sql';
import { UnitOfWork } from '../../database/transaction';
import {
  BUDGET_ACCOUNT_DEFAULT_ID,
  BUDGET_ACCOUNT_HAS_TRANSACTIONS,
  BUDGET_ACCOUNT_STATES,
  BUDGET_ACCOUNTS_LOCK,
  BUDGET_ACCOUNTS_WITH_BALANCE,
} from './budget-accounts.sql';
import { BudgetAccount } from './entities/budget-account.entity';

export interface AccountRow {
  id: string;
  name: string;
  is_default: boolean;
  is_disabled: boolean;
  opening_balance: string;
  balance: string;
  shared: boolean;
}

/**
 * The SQL of `budget_accounts` (budget-accounts.sql.ts), and the balances read with it, which the
 * migrations' triggers keep in `budget_account_balances`.
 */
@Injectable()
export class BudgetAccountsRepository {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly sql: Sql,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  /** The current unit of work's transaction (outside one, the pool): reads and writes join the caller's unit of work. */
  private get manager(): EntityManager {
    return this.unitOfWork.manager;
  }

  findAllWithBalance(tenant: Tenant): Promise<AccountRow[]> {
    return this.sql.rows<AccountRow>(BUDGET_ACCOUNTS_WITH_BALANCE, [tenant.groupId, null]);
  }

  /** One account of the group with its balance (in the unit of work). */
  async findOneWithBalance(tenant: Tenant, id: string): Promise<AccountRow | undefined> {
    const [row] = await this.sql.rows<AccountRow>(BUDGET_ACCOUNTS_WITH_BALANCE, [tenant.groupId, id]);
    return row;
  }

  /** Serialises the group's changes of who is the default account, in the unit of work. */
  async lockGroup(tenant: Tenant): Promise<void> {
    await this.sql.rows(BUDGET_ACCOUNTS_LOCK, [tenant.groupId]);
  }

  findInGroup(tenant: Tenant, id: string): Promise<BudgetAccount> {
    return findInGroupTx(this.manager, BudgetAccount, tenant, id, 'Budget account');
  }

  hasDefault(tenant: Tenant): Promise<boolean> {
    return this.manager.exists(BudgetAccount, { where: { groupId: tenant.groupId, isDefault: true } });
  }

  findDefault(tenant: Tenant): Promise<BudgetAccount | null> {
    return this.manager.findOne(BudgetAccount, { where: { groupId: tenant.groupId, isDefault: true } });
  }

  /** The group's default account's id (in the current unit of work, if any). */
  async findDefaultId(tenant: Tenant): Promise<string | undefined> {
    const [row] = await this.sql.rows<{ id: string }>(BUDGET_ACCOUNT_DEFAULT_ID, [tenant.groupId]);
    return row?.id;
  }

  /** The group's accounts among `ids` with their disabled and shared flags (fewer rows than ids: some are not the group's). */
  findStatesByIds(tenant: Tenant, ids: string[]): Promise<{ id: string; is_disabled: boolean; shared: boolean }[]> {
    return this.sql.rows(BUDGET_ACCOUNT_STATES, [tenant.groupId, ids]);
  }

  /** Whether a transaction uses the account on either side (in the unit of work). */
  async hasTransactions(id: string): Promise<boolean> {
    const [{ used }] = await this.sql.rows<{ used: boolean }>(BUDGET_ACCOUNT_HAS_TRANSACTIONS, [id]);
    return used;
  }

  create(values: Partial<BudgetAccount>): Promise<BudgetAccount> {
    const manager = this.manager;
    return manager.save(manager.create(BudgetAccount, values));
  }

  save(account: BudgetAccount): Promise<BudgetAccount> {
    return this.manager.save(account);
  }

  async remove(account: BudgetAccount): Promise<void> {
    await this.manager.remove(account);
  }
}

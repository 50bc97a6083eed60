import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { assertAllInGroup, findInGroupTx, Tenant } from '../../common/tenancy/group-scope';
import { Sql } from '../../database/sql';
import { BUDGET_ACCOUNT_DEFAULT_ID, BUDGET_ACCOUNT_STATES } from './budget-accounts.sql';
import { lockGroupScope } from './budget-lock';
import { BudgetAccount } from './entities/budget-account.entity';

/**
 * Balance = opening balance + income − expense − transfers out + transfers in; the sum of the
 * transactions is read from budget_account_balances, which triggers (in the migrations) keep exact in
 * the same transaction as every change of a transaction.
 */
const ACCOUNTS_WITH_BALANCE = `
  SELECT a.id, a.name, a.is_default, a.is_disabled, a.opening_balance::text AS opening_balance,
         (a.opening_balance + COALESCE(b.balance, 0.00))::numeric(18,2) AS balance
    FROM budget_accounts a LEFT JOIN budget_account_balances b ON b.budget_account_id = a.id
   WHERE a.group_id = $1 AND ($2::uuid IS NULL OR a.id = $2::uuid)
   ORDER BY a.is_default DESC, lower(a.name), a.id`;

export interface AccountRow {
  id: string;
  name: string;
  is_default: boolean;
  is_disabled: boolean;
  opening_balance: string;
  balance: string;
}

/** The SQL of `budget_accounts` (and the trigger-kept balances read with it). */
@Injectable()
export class BudgetAccountsRepository {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly sql: Sql,
  ) {}

  findAllWithBalance(tenant: Tenant): Promise<AccountRow[]> {
    return this.dataSource.query(ACCOUNTS_WITH_BALANCE, [tenant.groupId, null]);
  }

  async findOneWithBalance(manager: EntityManager, tenant: Tenant, id: string): Promise<AccountRow | undefined> {
    const [row]: AccountRow[] = await manager.query(ACCOUNTS_WITH_BALANCE, [tenant.groupId, id]);
    return row;
  }

  /** Serialises the group's changes of who is the default account. */
  lockGroup(manager: EntityManager, tenant: Tenant): Promise<void> {
    return lockGroupScope(manager, 'budget-accounts', tenant.groupId);
  }

  findInGroup(manager: EntityManager, tenant: Tenant, id: string): Promise<BudgetAccount> {
    return findInGroupTx(manager, BudgetAccount, tenant, id, 'Budget account');
  }

  /** 404 unless the account is the group's. */
  assertInGroup(tenant: Tenant, id: string, manager: EntityManager = this.dataSource.manager): Promise<void> {
    return assertAllInGroup(manager, BudgetAccount, tenant, [id], 'Budget account');
  }

  hasDefault(manager: EntityManager, tenant: Tenant): Promise<boolean> {
    return manager.exists(BudgetAccount, { where: { groupId: tenant.groupId, isDefault: true } });
  }

  findDefault(manager: EntityManager, tenant: Tenant): Promise<BudgetAccount | null> {
    return manager.findOne(BudgetAccount, { where: { groupId: tenant.groupId, isDefault: true } });
  }

  /** The group's default account's id (in the current unit of work, if any). */
  async findDefaultId(tenant: Tenant): Promise<string | undefined> {
    const [row] = await this.sql.rows<{ id: string }>(BUDGET_ACCOUNT_DEFAULT_ID, [tenant.groupId]);
    return row?.id;
  }

  /** The group's accounts among `ids` with their disabled flag (fewer rows than ids: some are not the group's). */
  findStatesByIds(tenant: Tenant, ids: string[]): Promise<{ id: string; is_disabled: boolean }[]> {
    return this.sql.rows(BUDGET_ACCOUNT_STATES, [tenant.groupId, ids]);
  }

  /** Whether a transaction uses the account on either side. */
  async hasTransactions(manager: EntityManager, id: string): Promise<boolean> {
    const [{ used }] = await manager.query(
      `SELECT EXISTS (SELECT 1 FROM transactions WHERE budget_account_id = $1)
           OR EXISTS (SELECT 1 FROM transactions WHERE target_budget_account_id = $1) AS used`,
      [id],
    );
    return used;
  }

  create(manager: EntityManager, values: Partial<BudgetAccount>): Promise<BudgetAccount> {
    return manager.save(manager.create(BudgetAccount, values));
  }

  save(manager: EntityManager, account: BudgetAccount): Promise<BudgetAccount> {
    return manager.save(account);
  }

  async remove(manager: EntityManager, account: BudgetAccount): Promise<void> {
    await manager.remove(account);
  }
}

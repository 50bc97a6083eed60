import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { AppError } from '../../common/errors/app-error';
import { findInGroupTx } from '../../common/tenancy/group-scope';
import { inTransaction } from '../../database/transaction';
import { isForeignKeyViolation, lockGroupScope } from './budget-lock';
import { BudgetAccountDto, CreateBudgetAccountDto, UpdateBudgetAccountDto } from './dto/budget-account.dto';
import { BudgetAccount } from './entities/budget-account.entity';
import { RecurringTransaction } from './entities/recurring-transaction.entity';

const HAS_TRANSACTIONS = () => AppError.conflict('ACCOUNT_HAS_TRANSACTIONS', 'The budget account has transactions');
const IS_DEFAULT = (what: string) => AppError.conflict('ACCOUNT_IS_DEFAULT', `The default budget account cannot be ${what}`);

/**
 * Balance = income − expense − transfers out + transfers in, read from budget_account_balances,
 * which triggers keep exact in the same transaction as every change of a transaction.
 */
const ACCOUNTS_WITH_BALANCE = `
  SELECT a.id, a.name, a.is_default, a.is_disabled, COALESCE(b.balance, 0.00)::numeric(18,2) AS balance
    FROM budget_accounts a LEFT JOIN budget_account_balances b ON b.budget_account_id = a.id
   WHERE a.group_id = $1 AND ($2::uuid IS NULL OR a.id = $2::uuid)
   ORDER BY a.is_default DESC, lower(a.name), a.id`;

interface AccountRow {
  id: string;
  name: string;
  is_default: boolean;
  is_disabled: boolean;
  balance: string;
}

const toDto = (row: AccountRow): BudgetAccountDto => ({
  id: row.id,
  name: row.name,
  isDefault: row.is_default,
  isDisabled: row.is_disabled,
  balance: row.balance,
});

/**
 * Budget accounts. Exactly one default per group once any exists (partial unique index); every
 * change of who is default runs under a per-group lock, so parallel requests cannot race.
 */
@Injectable()
export class BudgetAccountsService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async list(groupId: string): Promise<BudgetAccountDto[]> {
    const rows: AccountRow[] = await this.dataSource.query(ACCOUNTS_WITH_BALANCE, [groupId, null]);
    return rows.map(toDto);
  }

  private async one(manager: EntityManager, groupId: string, id: string): Promise<BudgetAccountDto> {
    const [row]: AccountRow[] = await manager.query(ACCOUNTS_WITH_BALANCE, [groupId, id]);
    return toDto(row);
  }

  /** The group's first account becomes its default. */
  create(groupId: string, dto: CreateBudgetAccountDto): Promise<BudgetAccountDto> {
    return inTransaction(this.dataSource, async (manager) => {
      await lockGroupScope(manager, 'budget-accounts', groupId);
      const hasDefault = await manager.exists(BudgetAccount, { where: { groupId, isDefault: true } });
      const account = await manager.save(manager.create(BudgetAccount, { groupId, name: dto.name, isDefault: !hasDefault, isDisabled: false }));
      return this.one(manager, groupId, account.id);
    });
  }

  update(groupId: string, id: string, dto: UpdateBudgetAccountDto): Promise<BudgetAccountDto> {
    return inTransaction(this.dataSource, async (manager) => {
      await lockGroupScope(manager, 'budget-accounts', groupId);
      const account = await findInGroupTx(manager, BudgetAccount, groupId, id, 'Budget account');
      if (dto.isDisabled && account.isDefault) throw IS_DEFAULT('disabled');
      account.name = dto.name;
      if (dto.isDisabled !== undefined) account.isDisabled = dto.isDisabled;
      await manager.save(account);
      return this.one(manager, groupId, id);
    });
  }

  /** Moves the default flag to this account (the old default is cleared first, in the same transaction). */
  setDefault(groupId: string, id: string): Promise<BudgetAccountDto> {
    return inTransaction(this.dataSource, async (manager) => {
      await lockGroupScope(manager, 'budget-accounts', groupId);
      const account = await findInGroupTx(manager, BudgetAccount, groupId, id, 'Budget account');
      if (account.isDisabled) throw AppError.conflict('ACCOUNT_DISABLED', 'A disabled budget account cannot be the default');
      if (!account.isDefault) {
        const current = await manager.findOne(BudgetAccount, { where: { groupId, isDefault: true } });
        if (current) {
          current.isDefault = false;
          await manager.save(current);
        }
        account.isDefault = true;
        await manager.save(account);
      }
      return this.one(manager, groupId, id);
    });
  }

  /**
   * 409 for the default account, one with transactions (either side of a transfer) or with enabled
   * recurring transactions; disabled recurring transactions of the account are deleted with it.
   */
  async remove(groupId: string, id: string): Promise<void> {
    try {
      await inTransaction(this.dataSource, async (manager) => {
        await lockGroupScope(manager, 'budget-accounts', groupId);
        const account = await findInGroupTx(manager, BudgetAccount, groupId, id, 'Budget account');
        if (account.isDefault) throw IS_DEFAULT('deleted');
        const [{ used }] = await manager.query(
          `SELECT EXISTS (SELECT 1 FROM transactions WHERE budget_account_id = $1)
               OR EXISTS (SELECT 1 FROM transactions WHERE target_budget_account_id = $1) AS used`,
          [id],
        );
        if (used) throw HAS_TRANSACTIONS();
        const recurring = await manager.find(RecurringTransaction, {
          where: [{ budgetAccountId: id }, { targetBudgetAccountId: id }],
          lock: { mode: 'pessimistic_write' },
        });
        if (recurring.some((rule) => rule.isEnabled)) {
          throw AppError.conflict('ACCOUNT_HAS_RECURRING', 'The budget account has active recurring transactions');
        }
        if (recurring.length) await manager.remove(recurring);
        await manager.remove(account);
      });
    } catch (error) {
      // a transaction or recurring transaction added between the check and the delete
      if (isForeignKeyViolation(error)) throw HAS_TRANSACTIONS();
      throw error;
    }
  }
}

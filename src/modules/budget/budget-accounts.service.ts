import { Injectable } from '@nestjs/common';
import { normaliseMoney } from '../../../domain/amount';
import { AppError } from '../../common/errors/app-error';
import { Tenant } from '../../common/tenancy/group-scope';
import { UnitOfWork } from '../../database/transaction';
import { AccountRow, BudgetAccountsRepository } from './budget-accounts.repository';
import { isForeignKeyViolation } from '../../database/sql-errors';
import { BudgetAccountDto, CreateBudgetAccountDto, UpdateBudgetAccountDto } from './dto/budget-account.dto';
import { RecurringTransactionsRepository } from './recurring-transactions.repository';

const HAS_TRANSACTIONS = () => AppError.conflict('ACCOUNT_HAS_TRANSACTIONS', 'The budget account has transactions');
const IS_DEFAULT = (what: string) => AppError.conflict('ACCOUNT_IS_DEFAULT', `The default budget account cannot be ${what}`);

const toDto = (row: AccountRow): BudgetAccountDto => ({
  id: row.id,
  name: row.name,
  isDefault: row.is_default,
  isDisabled: row.is_disabled,
  openingBalance: row.opening_balance,
  balance: row.balance,
  shared: row.shared,
});

/**
 * Budget accounts. Exactly one default per group once any exists (partial unique index); every
 * change of who is default runs under a per-group lock, so parallel requests cannot race.
 */
@Injectable()
export class BudgetAccountsService {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly accounts: BudgetAccountsRepository,
    private readonly recurring: RecurringTransactionsRepository,
  ) {}

  async list(tenant: Tenant): Promise<BudgetAccountDto[]> {
    return (await this.accounts.findAllWithBalance(tenant)).map(toDto);
  }

  private async one(tenant: Tenant, id: string): Promise<BudgetAccountDto> {
    return toDto((await this.accounts.findOneWithBalance(tenant, id))!);
  }

  /** The group's first account becomes its default. */
  create(tenant: Tenant, dto: CreateBudgetAccountDto): Promise<BudgetAccountDto> {
    return this.unitOfWork.run(async () => {
      await this.accounts.lockGroup(tenant);
      const hasDefault = await this.accounts.hasDefault(tenant);
      const account = await this.accounts.create({
        groupId: tenant.groupId,
        name: dto.name,
        isDefault: !hasDefault,
        isDisabled: false,
        openingBalance: normaliseMoney(dto.openingBalance ?? '0'),
        shared: dto.shared ?? false,
      });
      return this.one(tenant, account.id);
    });
  }

  update(tenant: Tenant, id: string, dto: UpdateBudgetAccountDto): Promise<BudgetAccountDto> {
    return this.unitOfWork.run(async () => {
      await this.accounts.lockGroup(tenant);
      const account = await this.accounts.findInGroup(tenant, id);
      if (dto.isDisabled && account.isDefault) throw IS_DEFAULT('disabled');
      account.name = dto.name;
      if (dto.isDisabled !== undefined) account.isDisabled = dto.isDisabled;
      if (dto.shared !== undefined) account.shared = dto.shared;
      // as PostgreSQL writes it back, so an unchanged balance records no history change
      if (dto.openingBalance !== undefined) account.openingBalance = normaliseMoney(dto.openingBalance);
      await this.accounts.save(account);
      return this.one(tenant, id);
    });
  }

  /** Moves the default flag to this account (the old default is cleared first, in the same transaction). */
  setDefault(tenant: Tenant, id: string): Promise<BudgetAccountDto> {
    return this.unitOfWork.run(async () => {
      await this.accounts.lockGroup(tenant);
      const account = await this.accounts.findInGroup(tenant, id);
      if (account.isDisabled) throw AppError.conflict('ACCOUNT_DISABLED', 'A disabled budget account cannot be the default');
      if (!account.isDefault) {
        const current = await this.accounts.findDefault(tenant);
        if (current) {
          current.isDefault = false;
          await this.accounts.save(current);
        }
        account.isDefault = true;
        await this.accounts.save(account);
      }
      return this.one(tenant, id);
    });
  }

  /**
   * 409 for the default account, one with transactions (either side of a transfer) or with enabled
   * recurring transactions; disabled recurring transactions of the account are deleted with it.
   */
  async remove(tenant: Tenant, id: string): Promise<void> {
    try {
      await this.unitOfWork.run(async () => {
        await this.accounts.lockGroup(tenant);
        const account = await this.accounts.findInGroup(tenant, id);
        if (account.isDefault) throw IS_DEFAULT('deleted');
        if (await this.accounts.hasTransactions(id)) throw HAS_TRANSACTIONS();
        const recurring = await this.recurring.lockAllOfAccount(id);
        if (recurring.some((rule) => rule.isEnabled)) {
          throw AppError.conflict('ACCOUNT_HAS_RECURRING', 'The budget account has active recurring transactions');
        }
        await this.recurring.removeAll(recurring);
        await this.accounts.remove(account);
      });
    } catch (error) {
      // a transaction or recurring transaction added between the check and the delete
      if (isForeignKeyViolation(error)) throw HAS_TRANSACTIONS();
      throw error;
    }
  }
}

import { Injectable } from '@nestjs/common';
import type { Awaitable } from '../../common/awaitable';
import { AppError, FieldError } from '../../common/errors/app-error';
import type { Tenant } from '../../common/tenancy/group-scope';
import { BudgetAccountsRepository } from './budget-accounts.repository';
import { CategoriesRepository } from './categories.repository';
import type { TransactionType } from './entities/budget-enums';

export interface TransactionRefsInput {
  type: TransactionType;
  categoryId?: string | null;
  budgetAccountId?: string | null;
  targetBudgetAccountId?: string | null;
}

export interface TransactionRefs {
  categoryId: string | null;
  budgetAccountId: string;
  targetBudgetAccountId: string | null;
}

function shapeErrors(input: TransactionRefsInput): FieldError[] {
  const errors: FieldError[] = [];
  if (input.type === 'Transfer') {
    if (input.categoryId) errors.push({ field: 'categoryId', message: 'categoryId must be absent for a Transfer' });
    if (!input.targetBudgetAccountId) errors.push({ field: 'targetBudgetAccountId', message: 'targetBudgetAccountId is required for a Transfer' });
  } else {
    if (!input.categoryId) errors.push({ field: 'categoryId', message: `categoryId is required for ${input.type}` });
    if (input.targetBudgetAccountId) {
      errors.push({ field: 'targetBudgetAccountId', message: 'targetBudgetAccountId is only allowed for a Transfer' });
    }
  }
  return errors;
}

/**
 * What the checks need to know of the group's accounts and categories. By default each is read by
 * its own statement when asked (in the caller's unit of work); a create reads them all in one
 * statement beforehand (`TransactionsRepository.readCreateFacts`) and answers from that.
 */
export interface RefsFacts {
  /** the group's default account, if it has one */
  defaultAccountId(): Awaitable<string | undefined>;
  /** the group's accounts among `ids`, with their disabled flag (fewer rows than ids: some are not the group's) */
  accountStates(ids: string[]): Awaitable<{ id: string; is_disabled: boolean }[]>;
  /** whether the category is the group's */
  categoryInGroup(id: string): Awaitable<boolean>;
}

/**
 * Checks a (recurring) transaction's type against its category and accounts and resolves them:
 * shape errors 400; the source account defaults to `currentAccountId` (an update) or the group's
 * default account; ids of another group 404 like missing ones; a disabled account 400 unless the
 * row already used it (`keepAccountIds`). Its reads run in the caller's unit of work.
 */
@Injectable()
export class TransactionRefsResolver {
  constructor(
    private readonly accounts: BudgetAccountsRepository,
    private readonly categories: CategoriesRepository,
  ) {}

  async resolve(
    tenant: Tenant,
    input: TransactionRefsInput,
    options: { currentAccountId?: string; keepAccountIds?: string[] } = {},
    facts: RefsFacts = this.read(tenant),
  ): Promise<TransactionRefs> {
    const errors = shapeErrors(input);
    if (errors.length) throw AppError.invalid(errors);

    let budgetAccountId = input.budgetAccountId ?? options.currentAccountId;
    if (!budgetAccountId) {
      budgetAccountId = await facts.defaultAccountId();
      if (!budgetAccountId) throw AppError.conflict('NO_DEFAULT_ACCOUNT', 'The group has no budget account yet: create one first');
    }
    const target = input.type === 'Transfer' ? input.targetBudgetAccountId! : null;
    if (target === budgetAccountId) {
      throw AppError.invalidField('targetBudgetAccountId', 'targetBudgetAccountId must differ from budgetAccountId');
    }

    const accountIds = target ? [budgetAccountId, target] : [budgetAccountId];
    const accounts = await facts.accountStates(accountIds);
    if (accounts.length !== accountIds.length) throw AppError.notFound('Budget account');
    const keep = new Set(options.keepAccountIds ?? []);
    if (accounts.some((account) => account.is_disabled && !keep.has(account.id))) {
      throw AppError.badRequest('ACCOUNT_DISABLED', 'A disabled budget account cannot take new transactions');
    }

    const categoryId = input.type === 'Transfer' ? null : input.categoryId!;
    if (categoryId && !(await facts.categoryInGroup(categoryId))) throw AppError.notFound('Category');
    return { categoryId, budgetAccountId, targetBudgetAccountId: target };
  }

  /** The facts read one statement at a time, as the checks ask for them. */
  private read(tenant: Tenant): RefsFacts {
    return {
      defaultAccountId: () => this.accounts.findDefaultId(tenant),
      accountStates: (ids) => this.accounts.findStatesByIds(tenant, ids),
      categoryInGroup: (id) => this.categories.isInGroup(tenant, id),
    };
  }
}

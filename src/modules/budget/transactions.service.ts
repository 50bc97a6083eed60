import { Injectable } from '@nestjs/common';
import { AuthUser } from '../../common/auth/auth-user';
import { Clock, utcDate } from '../../common/clock/clock';
import { AppError } from '../../common/errors/app-error';
import { CountedPage } from '../../common/pagination/pagination';
import { Tenant } from '../../common/tenancy/group-scope';
import { UnitOfWork } from '../../database/transaction';
import { SaveTransactionDto, TransactionDto, TransactionListQuery } from './dto/transaction.dto';
import { memberFields, SplitResolver, takesDefaultSplit } from './sharing/split-resolver';
import { TransactionRefsResolver } from './transaction-refs';
import { TransactionsRepository } from './transactions.repository';
import { OriginalResolver } from './rates/original-resolver';
import { toTransactionDto } from './transactions.sql';

/** Transactions: CRUD through audited saves; the list in raw SQL shaped for the covering indexes. */
@Injectable()
export class TransactionsService {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly transactions: TransactionsRepository,
    private readonly refs: TransactionRefsResolver,
    private readonly splits: SplitResolver,
    private readonly clock: Clock,
    private readonly originals: OriginalResolver,
  ) {}

  async get(tenant: Tenant, id: string): Promise<TransactionDto> {
    const row = await this.transactions.findInGroup(tenant, id);
    if (!row) throw AppError.notFound('Transaction');
    return toTransactionDto(row);
  }

  /**
   * Two statements (docs/performance.md): one read of everything the checks of the category,
   * accounts and split look at, decided by the same resolvers as an update, in the same order; then
   * the insert with its "Created" history row, in one statement, so the row, its history row and
   * what the triggers write on the insert (balances, day counts and sums, a split's shares and the
   * members' kept sums) commit together or not at all. Nothing is written when a check fails.
   */
  async create(user: AuthUser, dto: SaveTransactionDto): Promise<TransactionDto> {
    const input = { type: dto.type, split: dto.split, payer: user.userId };
    const facts = await this.transactions.readCreateFacts(user, {
      budgetAccountId: dto.budgetAccountId,
      targetBudgetAccountId: dto.type === 'Transfer' ? (dto.targetBudgetAccountId ?? null) : null,
      categoryId: dto.type === 'Transfer' ? null : (dto.categoryId ?? null),
      memberIds: dto.split ? memberFields(dto.split).map((named) => named.userId) : [],
      defaultSplit: takesDefaultSplit(input),
    });
    const refs = await this.refs.resolve(user, dto, {}, facts.refs);
    const date = dto.date ?? utcDate(this.clock.now());
    const { amount, original } = await this.originals.resolve(user, dto, date);
    const split = await this.splits.resolve(user, { ...input, amount }, facts.split);
    const transaction = await this.transactions.insertCreated(
      {
        groupId: user.groupId,
        type: dto.type,
        amount,
        split,
        original,
        date,
        description: dto.description ?? null,
        ...refs,
        createdById: user.userId,
      },
      facts.categoryName,
    );
    return toTransactionDto(transaction);
  }

  /** PUT replaces the editable fields; an omitted date or budgetAccountId keeps the current one. */
  /** An omitted split keeps the current one (applied to the new amount); one without paidBy is paid by the creator (an occurrence's: the caller). */
  update(tenant: AuthUser, id: string, dto: SaveTransactionDto): Promise<TransactionDto> {
    return this.unitOfWork.run(async () => {
      const transaction = await this.transactions.lockRow(tenant, id);
      const refs = await this.refs.resolve(tenant, dto, {
        currentAccountId: transaction.budgetAccountId,
        keepAccountIds: [transaction.budgetAccountId, transaction.targetBudgetAccountId].filter((x): x is string => !!x),
      });
      const date = dto.date ?? transaction.date;
      const { amount, original } = await this.originals.resolve(tenant, dto, date);
      const split = await this.splits.resolve(tenant, {
        type: dto.type,
        amount,
        split: dto.split,
        payer: transaction.createdById ?? tenant.userId,
        current: { split: transaction.split, amount: transaction.amount },
      });
      const updated = await this.transactions.update(transaction, {
        type: dto.type,
        amount,
        split,
        original,
        date,
        description: dto.description ?? null,
        ...refs,
      });
      return toTransactionDto(updated);
    });
  }

  async remove(tenant: Tenant, id: string): Promise<void> {
    await this.unitOfWork.run(async () => {
      const transaction = await this.transactions.lockInGroup(tenant, id);
      await this.transactions.remove(transaction);
    });
  }

  list(tenant: Tenant, query: TransactionListQuery): Promise<CountedPage<TransactionDto>> {
    return this.transactions.findPage(tenant, query);
  }
}

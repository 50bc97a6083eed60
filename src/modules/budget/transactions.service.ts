import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AuthUser } from '../../common/auth/auth-user';
import { AppError } from '../../common/errors/app-error';
import { Page } from '../../common/pagination/pagination';
import { findInGroupTx } from '../../common/tenancy/group-scope';
import { inTransaction } from '../../database/transaction';
import { SaveTransactionDto, TransactionDto, TransactionListQuery } from './dto/transaction.dto';
import { Transaction } from './entities/transaction.entity';
import { listTransactions, TRANSACTION_COLUMNS, TransactionRow, transactionRowToDto } from './transaction-list';
import { normaliseMoney, resolveTransactionRefs, utcDate } from './transaction-refs';

const entityToDto = (t: Transaction): TransactionDto => ({
  id: t.id,
  type: t.type,
  amount: t.amount,
  date: t.date,
  description: t.description,
  categoryId: t.categoryId,
  budgetAccountId: t.budgetAccountId,
  targetBudgetAccountId: t.targetBudgetAccountId,
  recurringTransactionId: t.recurringTransactionId,
  createdBy: t.createdById,
  createdDate: t.createdDate,
});

/** Transactions: CRUD through audited saves; the list in raw SQL shaped for the covering indexes. */
@Injectable()
export class TransactionsService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async get(groupId: string, id: string): Promise<TransactionDto> {
    const [row]: TransactionRow[] = await this.dataSource.query(`SELECT ${TRANSACTION_COLUMNS} FROM transactions t WHERE t.id = $1 AND t.group_id = $2`, [
      id,
      groupId,
    ]);
    if (!row) throw AppError.notFound('Transaction');
    return transactionRowToDto(row);
  }

  create(user: AuthUser, dto: SaveTransactionDto): Promise<TransactionDto> {
    return inTransaction(this.dataSource, async (manager) => {
      const refs = await resolveTransactionRefs(manager, user.groupId, dto);
      const transaction = manager.create(Transaction, {
        groupId: user.groupId,
        type: dto.type,
        amount: normaliseMoney(dto.amount),
        date: dto.date ?? utcDate(),
        description: dto.description ?? null,
        ...refs,
        recurringTransactionId: null,
        occurrenceDate: null,
        createdById: user.userId,
      });
      return entityToDto(await manager.save(transaction));
    });
  }

  /** PUT replaces the editable fields; an omitted date or budgetAccountId keeps the current one. */
  update(groupId: string, id: string, dto: SaveTransactionDto): Promise<TransactionDto> {
    return inTransaction(this.dataSource, async (manager) => {
      const transaction = await findInGroupTx(manager, Transaction, groupId, id, 'Transaction', { lock: true });
      const refs = await resolveTransactionRefs(manager, groupId, dto, {
        currentAccountId: transaction.budgetAccountId,
        keepAccountIds: [transaction.budgetAccountId, transaction.targetBudgetAccountId].filter((x): x is string => !!x),
      });
      Object.assign(transaction, {
        type: dto.type,
        amount: normaliseMoney(dto.amount),
        date: dto.date ?? transaction.date,
        description: dto.description ?? null,
        ...refs,
      });
      return entityToDto(await manager.save(transaction));
    });
  }

  async remove(groupId: string, id: string): Promise<void> {
    await inTransaction(this.dataSource, async (manager) => {
      const transaction = await findInGroupTx(manager, Transaction, groupId, id, 'Transaction', { lock: true });
      await manager.remove(transaction);
    });
  }

  list(groupId: string, query: TransactionListQuery): Promise<Page<TransactionDto>> {
    return listTransactions(this.dataSource, groupId, query);
  }
}

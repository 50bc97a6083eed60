import type { MessageId } from '@/i18n';
import type { TransactionType } from './api';

/** A transaction's type in words (message ids). */
export const TYPE_NAME: Record<TransactionType, MessageId> = {
  Expense: 'budget.type.Expense',
  Income: 'budget.type.Income',
  Transfer: 'budget.type.Transfer',
};

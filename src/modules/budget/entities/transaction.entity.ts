import { SearchTextColumn, SearchVectorColumn } from '../../../database/search-columns';
import { Check, Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { Audited } from '../../history/audited';
import { SPLIT_CHECK, TRANSACTION_SHAPE_CHECK } from './budget-enums';
import { MoneyMovement } from './money-movement';
import { RecurringTransaction } from './recurring-transaction.entity';
import { categoryName } from '../history-labels';

/**
 * One movement of money. Hand-made indexes (see the migration): the covering
 * `ix_transactions_group_date` (group_id, date, id) INCLUDE (type, amount, accounts, category)
 * serves the date-sorted list and answers the reports from the index alone; covering per-category
 * and per-account indexes (source, and a partial one for transfer targets) for the filters and the
 * balances; a trigram index for `search`.
 */
@Entity('transactions')
// labelled by its category ("Groceries"; its loaded `category`, when that is the one), else its description; a transfer without one has no label.
// Its description (an imported row's payee and text) rides along as parentLabel, so every row of its
// history, a change of the amount or a removal included, can say whose money it was
@Audited('Transaction', {
  module: 'Budget',
  ignore: ['occurrenceDate'],
  label: async (t: Transaction, manager) => (t.categoryId ? await categoryName(manager, t.categoryId, t.category) : null) ?? (t.description || null),
  parentLabel: (t: Transaction) => t.description || null,
})
@Index('ix_transactions_group_date', { synchronize: false })
@Index('ix_transactions_category', { synchronize: false })
@Index('ix_transactions_account', { synchronize: false })
@Index('ix_transactions_target_account', { synchronize: false })
@Index('ix_transactions_description_trgm', { synchronize: false })
@Index('ix_transactions_group_amount', ['groupId', 'amount', 'id'])
// an amount as paid in another currency, for search: (group_id, (original->>'amount')::numeric) WHERE original IS NOT NULL (migration Currencies)
@Index('ix_transactions_group_original_amount', { synchronize: false })
// exactly-once recurring occurrences: the scheduler inserts with ON CONFLICT DO NOTHING on this
// a statement imported twice adds nothing: the bank's id (or a hash) of each imported row, per account
@Index('uq_transactions_import_ref', { synchronize: false })
@Index('uq_transactions_recurring_occurrence', ['recurringTransactionId', 'occurrenceDate'], { unique: true })
@Check('ck_transactions_type', `"type" IN ('Expense', 'Income', 'Transfer')`)
@Check('ck_transactions_amount', `"amount" > 0`)
@Check('ck_transactions_shape', TRANSACTION_SHAPE_CHECK)
// a transfer moves money between accounts, not between members
@Check('ck_transactions_split', SPLIT_CHECK)
// led by group_id (btree_gin): migration SearchGroupIndexes
@Index('ix_transactions_search_vector', { synchronize: false })
// the text with its stems beside it, and the stems, led by group_id: migrations SearchTransactionWords, SearchTransactionWordsStems
@Index('ix_transactions_search_words', { synchronize: false })
export class Transaction extends MoneyMovement {
  /** search (docs/search.md): kept by the database */
  @SearchVectorColumn()
  searchVector?: never;

  @SearchTextColumn()
  searchText?: never;

  /** a calendar date, `YYYY-MM-DD` */
  @Column({ type: 'date' })
  date: string;

  /** set on occurrences made by the scheduler; cleared if the recurring transaction is deleted */
  @Column({ type: 'uuid', nullable: true })
  recurringTransactionId: string | null;

  @ManyToOne(() => RecurringTransaction, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'recurring_transaction_id' })
  recurringTransaction?: RecurringTransaction | null;

  /** the scheduled date this occurrence was made for (its `date` may be edited later) */
  @Column({ type: 'date', nullable: true })
  occurrenceDate: string | null;

  /** set on rows made by a statement import (docs/import.md): unique per account */
  @Column({ type: 'varchar', length: 200, nullable: true })
  importRef: string | null;
}

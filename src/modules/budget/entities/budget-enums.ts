export const TRANSACTION_TYPES = ['Expense', 'Income', 'Transfer'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

export { FREQUENCIES, type Frequency } from '../../../../domain/recurrence';

/**
 * Expense and Income need a category and no target; a Transfer needs a target account different
 * from the source and no category. Enforced by the validators and, as a backstop, by this CHECK.
 */
export const TRANSACTION_SHAPE_CHECK =
  `("type" = 'Transfer' AND "category_id" IS NULL AND "target_budget_account_id" IS NOT NULL ` +
  `AND "target_budget_account_id" <> "budget_account_id") OR ` +
  `("type" IN ('Expense', 'Income') AND "category_id" IS NOT NULL AND "target_budget_account_id" IS NULL)`;

/** Only an Expense or an Income is shared between members. */
export const SPLIT_CHECK = `"split" IS NULL OR "type" <> 'Transfer'`;

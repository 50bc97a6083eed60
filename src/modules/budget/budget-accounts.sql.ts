import { statement } from '../../database/sql';

/*
 * Named statements of `budget_accounts` that a transaction's checks run (TransactionRefsResolver,
 * through BudgetAccountsRepository), inside the unit of work of the write they check.
 */

/** The group's default account, if it has one. ($1 group id) */
export const BUDGET_ACCOUNT_DEFAULT_ID = statement('budget_account_default_id', 'SELECT id FROM budget_accounts WHERE group_id = $1 AND is_default');

/** The group's accounts among some ids, with their disabled flag (fewer rows: not all are the group's). ($1 group id, $2 ids) */
export const BUDGET_ACCOUNT_STATES = statement(
  'budget_account_states',
  'SELECT id, is_disabled FROM budget_accounts WHERE group_id = $1 AND id = ANY($2::uuid[])',
);

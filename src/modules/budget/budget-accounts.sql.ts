import { statement } from '../../database/sql';

/*
 * Named statements of `budget_accounts` that a transaction's checks run (TransactionRefsResolver,
 * through BudgetAccountsRepository), inside the unit of work of the write they check.
 */

/** The group's default account's id (null: none), as a SQL expression for another statement. */
export function defaultAccountOf(group: string): string {
  return `(SELECT id FROM budget_accounts WHERE group_id = ${group} AND is_default)`;
}

/** The group's accounts (`id`, `is_disabled`), as a row source for another statement. */
export function accountsOfGroup(group: string): string {
  return `(SELECT id, is_disabled FROM budget_accounts WHERE group_id = ${group})`;
}

/** The group's default account, if it has one. ($1 group id) */
export const BUDGET_ACCOUNT_DEFAULT_ID = statement('budget_account_default_id', 'SELECT id FROM budget_accounts WHERE group_id = $1 AND is_default');

/** The group's accounts among some ids, with their disabled and shared flags (fewer rows: not all are the group's). ($1 group id, $2 ids) */
export const BUDGET_ACCOUNT_STATES = statement(
  'budget_account_states',
  'SELECT id, is_disabled, shared FROM budget_accounts WHERE group_id = $1 AND id = ANY($2::uuid[])',
);

/**
 * Serialises the group's changes of who is the default account until the transaction ends: the new
 * default may not exist yet, so a row lock cannot do it. ($1 group id)
 */
export const BUDGET_ACCOUNTS_LOCK = statement('budget_accounts_lock', `SELECT pg_advisory_xact_lock(hashtextextended('budget-accounts:' || $1, 0))`);

/**
 * The group's accounts (or the one of $2, when not null) with their balances: opening balance +
 * income − expense − transfers out + transfers in, where the sum of the transactions is read from
 * budget_account_balances, which triggers (in the migrations) keep exact in the same transaction as
 * every change of a transaction. ($1 group id, $2 account id or null)
 */
export const BUDGET_ACCOUNTS_WITH_BALANCE = statement(
  'budget_accounts_with_balance',
  `SELECT a.id, a.name, a.is_default, a.is_disabled, a.shared, a.opening_balance::text AS opening_balance,
         (a.opening_balance + COALESCE(b.balance, 0.00))::numeric(18,2) AS balance
    FROM budget_accounts a LEFT JOIN budget_account_balances b ON b.budget_account_id = a.id
   WHERE a.group_id = $1 AND ($2::uuid IS NULL OR a.id = $2::uuid)
   ORDER BY a.is_default DESC, lower(a.name), a.id`,
);

/** Whether a transaction uses the account on either side. ($1 account id) */
export const BUDGET_ACCOUNT_HAS_TRANSACTIONS = statement(
  'budget_account_has_transactions',
  `SELECT EXISTS (SELECT 1 FROM transactions WHERE budget_account_id = $1)
       OR EXISTS (SELECT 1 FROM transactions WHERE target_budget_account_id = $1) AS used`,
);

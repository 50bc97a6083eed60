-- budget_account_default_id
SELECT id FROM budget_accounts WHERE group_id = $1 AND is_default;

-- budget_account_has_transactions
SELECT EXISTS (SELECT 1 FROM transactions WHERE budget_account_id = $1)
       OR EXISTS (SELECT 1 FROM transactions WHERE target_budget_account_id = $1) AS used;

-- budget_account_states
SELECT id, is_disabled, shared FROM budget_accounts WHERE group_id = $1 AND id = ANY($2::uuid[]);

-- budget_accounts_lock
SELECT pg_advisory_xact_lock(hashtextextended('budget-accounts:' || $1, 0));

-- budget_accounts_with_balance
SELECT a.id, a.name, a.is_default, a.is_disabled, a.shared, a.opening_balance::text AS opening_balance,
         (a.opening_balance + COALESCE(b.balance, 0.00))::numeric(18,2) AS balance
    FROM budget_accounts a LEFT JOIN budget_account_balances b ON b.budget_account_id = a.id
   WHERE a.group_id = $1 AND ($2::uuid IS NULL OR a.id = $2::uuid)
   ORDER BY a.is_default DESC, lower(a.name), a.id;

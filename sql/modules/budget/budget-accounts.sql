-- budget_account_default_id
SELECT id FROM budget_accounts WHERE group_id = $1 AND is_default;

-- budget_account_states
SELECT id, is_disabled FROM budget_accounts WHERE group_id = $1 AND id = ANY($2::uuid[]);

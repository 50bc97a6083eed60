import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { applyProblem, type SummaryItem } from '@/api/form-errors';
import { describeProblem, ProblemError } from '@/api/problem';
import { Button, ErrorSummary, Field, LoadState, Money, Notice, Page } from '@/ui';
import { FormButtons } from '@/ui/FormButtons';
import { useSession } from '@/api/session-context';
import { budgetApi, useAccounts, useBudgetMutation, type Account } from '../api';
import { amountForInput, normaliseBalance, validateBalance } from '../money';
import { NextStep } from './Setup';

/** Why the API refused a change of an account, in words that say what to do instead. */
const ACCOUNT_PROBLEMS: Record<string, string> = {
  ACCOUNT_IS_DEFAULT: 'This is the default account. Make another account the default first.',
  ACCOUNT_HAS_TRANSACTIONS: 'This account has transactions, so it cannot be deleted. Disable it instead: it keeps its history and takes no new transactions.',
  ACCOUNT_HAS_RECURRING: 'An enabled recurring transaction uses this account. Disable or delete that recurring transaction first.',
  ACCOUNT_DISABLED: 'A disabled account cannot be the default. Enable it first.',
};

function explain(error: unknown): string {
  return error instanceof ProblemError && ACCOUNT_PROBLEMS[error.code] ? ACCOUNT_PROBLEMS[error.code] : describeProblem(error);
}

export default function Accounts() {
  const accounts = useAccounts();
  const [message, setMessage] = useState<string | null>(null);
  const create = useBudgetMutation(budgetApi.createAccount);
  const onError = (error: unknown) => setMessage(explain(error));
  return (
    <Page title="Accounts">
      <p className="muted">
        New transactions go to the default account unless you pick another. A disabled account keeps its history but takes no new transactions. An account with
        transactions cannot be deleted.
      </p>
      {message ? <Notice tone="warning">{message}</Notice> : null}
      <LoadState query={accounts}>
        {(list) =>
          list.length === 0 ? (
            <p>
              <strong>No accounts yet.</strong> Add the first one below, for example “Bank account”. It becomes the default.
            </p>
          ) : (
            <ul className="account-list" aria-label="Accounts">
              {list.map((account) => (
                <AccountRow key={account.id} account={account} onError={onError} onChanged={() => setMessage(null)} />
              ))}
            </ul>
          )
        }
      </LoadState>
      {accounts.data?.length ? <NextStep /> : null}
      <h2>New account</h2>
      <AccountForm key={create.data?.id ?? 'new'} initial={{ name: '', openingBalance: '' }} submitLabel="Add account" onSubmit={(values) => create.mutateAsync(values)} />
    </Page>
  );
}

function AccountRow({ account, onError, onChanged }: { account: Account; onError: (error: unknown) => void; onChanged: () => void }) {
  const [editing, setEditing] = useState(false);
  const makeDefault = useBudgetMutation(budgetApi.makeDefault);
  const update = useBudgetMutation(budgetApi.updateAccount);
  const remove = useBudgetMutation(budgetApi.deleteAccount);
  const handlers = { onError, onSuccess: onChanged };
  return (
    <li className="card account">
      <div className="account-head">
        <h3>{account.name}</h3>
        <strong className={account.balance.startsWith('-') ? 'amount-out' : undefined} aria-label={`Balance of ${account.name}`}>
          <Money amount={account.balance} />
        </strong>
      </div>
      <p className="meta-line">
        {account.isDefault ? <span className="badge badge-accent">Default</span> : null}
        {account.isDisabled ? <span className="badge">Disabled</span> : null}
        {account.openingBalance !== '0.00' ? (
          <span className="muted">
            Started with <Money amount={account.openingBalance} />
          </span>
        ) : null}
      </p>
      {editing ? (
        <AccountForm
          initial={{ name: account.name, openingBalance: amountForInput(account.openingBalance) }}
          submitLabel="Save account"
          onCancel={() => setEditing(false)}
          onSubmit={async (body) => {
            await update.mutateAsync({ id: account.id, body });
            setEditing(false);
          }}
        />
      ) : (
        <div className="actions">
          {!account.isDefault && !account.isDisabled ? (
            <Button variant="secondary" busy={makeDefault.isPending} onClick={() => makeDefault.mutate(account.id, handlers)}>
              Make default
            </Button>
          ) : null}
          <Button
            variant="secondary"
            busy={update.isPending}
            onClick={() => update.mutate({ id: account.id, body: { name: account.name, isDisabled: !account.isDisabled } }, handlers)}
          >
            {account.isDisabled ? 'Enable' : 'Disable'}
          </Button>
          <Button variant="secondary" onClick={() => setEditing(true)} aria-label={`Edit ${account.name}`}>
            Edit
          </Button>
          <Button variant="danger" busy={remove.isPending} onClick={() => remove.mutate(account.id, handlers)} aria-label={`Delete ${account.name}`}>
            Delete
          </Button>
        </div>
      )}
    </li>
  );
}

interface AccountValues {
  name: string;
  openingBalance: string;
}

function AccountForm({
  initial,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  initial: AccountValues;
  submitLabel: string;
  onSubmit: (body: { name: string; openingBalance: string }) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const { claims } = useSession();
  const [summary, setSummary] = useState<SummaryItem[]>([]);
  const { register, handleSubmit, setError, formState } = useForm<AccountValues>({ defaultValues: initial });
  const submit = handleSubmit(async ({ name, openingBalance }) => {
    setSummary([]);
    try {
      await onSubmit({ name: name.trim(), openingBalance: normaliseBalance(openingBalance) as string });
    } catch (error) {
      setSummary(applyProblem(error, ['name', 'openingBalance'] as const, setError));
    }
  });
  const prefix = onCancel ? 'edit-' : '';
  return (
    <form onSubmit={submit} noValidate className={onCancel ? 'inline-form' : undefined}>
      <ErrorSummary items={summary} />
      <Field
        label="Name"
        id={`${prefix}account-name`}
        maxLength={50}
        error={formState.errors.name?.message}
        {...register('name', { required: 'Enter a name', validate: (value) => value.trim().length > 0 || 'Enter a name' })}
      />
      <Field
        label={`Opening balance (${claims?.currency ?? ''})`}
        id={`${prefix}account-opening-balance`}
        hint="The money in the account today, before any transaction you add here: for example 1250.00. Empty means 0; a minus sign if it is overdrawn."
        inputMode="decimal"
        autoComplete="off"
        error={formState.errors.openingBalance?.message}
        {...register('openingBalance', { validate: validateBalance })}
      />
      <FormButtons submitLabel={submitLabel} busy={formState.isSubmitting} onCancel={onCancel} />
    </form>
  );
}

import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { applyProblem, type SummaryItem } from '@/api/form-errors';
import { describeProblem, ProblemError } from '@/api/problem';
import { Button, ErrorSummary, Field, LoadState, Money, Notice, Page } from '@/ui';
import { FormButtons } from '@/ui/FormButtons';
import { budgetApi, useAccounts, useBudgetMutation, type Account } from '../api';

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
      <h2>New account</h2>
      <AccountForm key={create.data?.id ?? 'new'} initialName="" submitLabel="Add account" onSubmit={(name) => create.mutateAsync({ name })} />
    </Page>
  );
}

function AccountRow({ account, onError, onChanged }: { account: Account; onError: (error: unknown) => void; onChanged: () => void }) {
  const [renaming, setRenaming] = useState(false);
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
      </p>
      {renaming ? (
        <AccountForm
          initialName={account.name}
          submitLabel="Save name"
          onCancel={() => setRenaming(false)}
          onSubmit={async (name) => {
            await update.mutateAsync({ id: account.id, body: { name } });
            setRenaming(false);
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
          <Button variant="secondary" onClick={() => setRenaming(true)}>
            Rename
          </Button>
          <Button variant="danger" busy={remove.isPending} onClick={() => remove.mutate(account.id, handlers)} aria-label={`Delete ${account.name}`}>
            Delete
          </Button>
        </div>
      )}
    </li>
  );
}

function AccountForm({
  initialName,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  initialName: string;
  submitLabel: string;
  onSubmit: (name: string) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const [summary, setSummary] = useState<SummaryItem[]>([]);
  const { register, handleSubmit, setError, formState } = useForm<{ name: string }>({ defaultValues: { name: initialName } });
  const submit = handleSubmit(async ({ name }) => {
    setSummary([]);
    try {
      await onSubmit(name.trim());
    } catch (error) {
      setSummary(applyProblem(error, ['name'] as const, setError));
    }
  });
  return (
    <form onSubmit={submit} noValidate className={onCancel ? 'inline-form' : undefined}>
      <ErrorSummary items={summary} />
      <Field
        label={onCancel ? 'New name' : 'Name'}
        id={onCancel ? undefined : 'account-name'}
        maxLength={50}
        error={formState.errors.name?.message}
        {...register('name', { required: 'Enter a name', validate: (value) => value.trim().length > 0 || 'Enter a name' })}
      />
      <FormButtons submitLabel={submitLabel} busy={formState.isSubmitting} onCancel={onCancel} />
    </form>
  );
}

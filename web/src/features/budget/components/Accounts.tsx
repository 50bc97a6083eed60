import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { applyProblem, type SummaryItem } from '@/api/form-errors';
import { describeProblem, ProblemError } from '@/api/problem';
import { Button, Checkbox, ErrorSummary, Field, LoadState, Money, Notice, Page } from '@/ui';
import { FormButtons } from '@/ui/FormButtons';
import { useSession } from '@/api/session-context';
import { budgetApi, useAccounts, useBudgetMutation, type Account } from '../api';
import { amountForInput, normaliseBalance, validateBalance } from '../money';
import { retypeAndSave, useAmountQuestion } from './AmountQuestion';
import { NextStep } from './Setup';
import { Message, useT, type MessageId, type Translate } from '@/i18n';

/** Why the API refused a change of an account, in words that say what to do instead. */
const ACCOUNT_PROBLEMS: Record<string, MessageId> = {
  ACCOUNT_IS_DEFAULT: 'budget.account.problem.isDefault',
  ACCOUNT_HAS_TRANSACTIONS: 'budget.account.problem.hasTransactions',
  ACCOUNT_HAS_RECURRING: 'budget.account.problem.hasRecurring',
  ACCOUNT_DISABLED: 'budget.account.problem.disabled',
};

function explain(t: Translate, error: unknown): string {
  return error instanceof ProblemError && ACCOUNT_PROBLEMS[error.code] ? t(ACCOUNT_PROBLEMS[error.code]) : describeProblem(error);
}

export default function Accounts() {
  const t = useT();
  const accounts = useAccounts();
  const [message, setMessage] = useState<string | null>(null);
  const create = useBudgetMutation(budgetApi.createAccount);
  const onError = (error: unknown) => setMessage(explain(t, error));
  return (
    <Page title={t('budget.accounts')}>
      <p className="muted">{t('budget.accounts.intro')}</p>
      {message ? <Notice tone="warning">{message}</Notice> : null}
      <LoadState query={accounts}>
        {(list) =>
          list.length === 0 ? (
            <p>
              <Message id="budget.accounts.empty" values={{ b: (text) => <strong>{text}</strong> }} />
            </p>
          ) : (
            <ul className="account-list" aria-label={t('budget.accounts')}>
              {list.map((account) => (
                <AccountRow key={account.id} account={account} onError={onError} onChanged={() => setMessage(null)} />
              ))}
            </ul>
          )
        }
      </LoadState>
      {accounts.data?.length ? <NextStep /> : null}
      <h2>{t('budget.account.new')}</h2>
      <AccountForm
        initial={{ name: '', openingBalance: '', shared: false }}
        submitLabel={t('budget.account.add')}
        onSubmit={(values) => create.mutateAsync(values)}
      />
    </Page>
  );
}

function AccountRow({ account, onError, onChanged }: { account: Account; onError: (error: unknown) => void; onChanged: () => void }) {
  const t = useT();
  const [editing, setEditing] = useState(false);
  const makeDefault = useBudgetMutation(budgetApi.makeDefault);
  const update = useBudgetMutation(budgetApi.updateAccount);
  const remove = useBudgetMutation(budgetApi.deleteAccount);
  const handlers = { onError, onSuccess: onChanged };
  return (
    <li className="card account">
      <div className="account-head">
        <h3>{account.name}</h3>
        <strong className={account.balance.startsWith('-') ? 'amount-out' : undefined} aria-label={t('budget.balanceOf', { name: account.name })}>
          <Money amount={account.balance} />
        </strong>
      </div>
      <p className="meta-line">
        {account.isDefault ? <span className="badge badge-accent">{t('budget.account.default')}</span> : null}
        {account.isDisabled ? <span className="badge">{t('budget.account.disabled')}</span> : null}
        {account.shared ? <span className="badge">{t('budget.account.sharedBadge')}</span> : null}
        {account.openingBalance !== '0.00' ? (
          <span className="muted">
            {t('budget.account.startedWith')} <Money amount={account.openingBalance} />
          </span>
        ) : null}
      </p>
      {editing ? (
        <AccountForm
          initial={{ name: account.name, openingBalance: amountForInput(account.openingBalance), shared: account.shared }}
          submitLabel={t('budget.account.save')}
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
              {t('budget.account.makeDefault')}
            </Button>
          ) : null}
          <Button
            variant="secondary"
            busy={update.isPending}
            onClick={() => update.mutate({ id: account.id, body: { name: account.name, isDisabled: !account.isDisabled } }, handlers)}
          >
            {account.isDisabled ? t('budget.account.enable') : t('budget.account.disable')}
          </Button>
          <Button variant="secondary" onClick={() => setEditing(true)} aria-label={t('common.editItem', { name: account.name })}>
            {t('common.edit')}
          </Button>
          <Button
            variant="danger"
            busy={remove.isPending}
            onClick={() => remove.mutate(account.id, handlers)}
            aria-label={t('common.deleteItem', { name: account.name })}
          >
            {t('common.delete')}
          </Button>
        </div>
      )}
    </li>
  );
}

interface AccountValues {
  name: string;
  openingBalance: string;
  /** a household account whose spending is everyone's: its imported expenses are shared */
  shared: boolean;
}

function AccountForm({
  initial,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  initial: AccountValues;
  submitLabel: string;
  onSubmit: (body: { name: string; openingBalance: string; shared: boolean }) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const t = useT();
  const { claims } = useSession();
  const [summary, setSummary] = useState<SummaryItem[]>([]);
  const { register, handleSubmit, setError, formState, getValues, reset, setValue, watch } = useForm<AccountValues>({ defaultValues: initial });
  const amountQuestion = useAmountQuestion();
  const submit = handleSubmit(async ({ name, openingBalance, shared }) => {
    setSummary([]);
    // "1.500": the chosen reading goes into the field as the language writes it, then saves
    if (amountQuestion.ask(openingBalance, true)) return;
    try {
      await onSubmit({ name: name.trim(), openingBalance: normaliseBalance(openingBalance) as string, shared });
      // the new-account form empties for the next one, in place (a new form keyed by the saved id
      // replaced it, dropping a name typed for the next one while the save was refreshing the page)
      if (!onCancel && getValues('name') === name) reset();
    } catch (error) {
      setSummary(
        applyProblem(error, ['name', 'openingBalance'] as const, setError, {
          name: t('budget.field.name'),
          openingBalance: t('budget.account.openingBalance'),
        }),
      );
    }
  });
  const prefix = onCancel ? 'edit-' : '';
  return (
    <form onSubmit={submit} noValidate className={onCancel ? 'inline-form' : undefined}>
      <ErrorSummary items={summary} />
      <Field
        label={t('budget.field.name')}
        id={`${prefix}account-name`}
        maxLength={50}
        error={formState.errors.name?.message}
        {...register('name', { required: t('budget.field.name.required'), validate: (value) => value.trim().length > 0 || t('budget.field.name.required') })}
      />
      <Field
        label={t('budget.account.openingBalanceIn', { currency: claims?.currency ?? '' })}
        id={`${prefix}account-opening-balance`}
        hint={t('budget.account.openingBalanceHint')}
        inputMode="decimal"
        autoComplete="off"
        error={formState.errors.openingBalance?.message}
        {...register('openingBalance', { validate: validateBalance })}
      />
      <Checkbox id={`${prefix}account-shared`} label={t('budget.account.shared')} aria-describedby={`${prefix}account-shared-hint`} {...register('shared')} />
      <p className="field-hint" id={`${prefix}account-shared-hint`}>
        {t('budget.account.sharedHint')}
      </p>
      {amountQuestion.question(
        watch('openingBalance'),
        retypeAndSave((text) => setValue('openingBalance', text), submit),
      )}
      <FormButtons submitLabel={submitLabel} busy={formState.isSubmitting} onCancel={onCancel} />
    </form>
  );
}

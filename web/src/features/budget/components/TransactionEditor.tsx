import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { applyProblem, type SummaryItem } from '@/api/form-errors';
import { Button, ErrorSummary, Field, LoadState, Page } from '@/ui';
import { DangerAction } from '@/ui/DangerAction';
import { budgetApi, useBudgetMutation, useTransaction, type Transaction, type TransactionInput, type TransactionType } from '../api';
import { amountForInput, today } from '../money';
import { retypeAndSave, useAmountQuestion } from './AmountQuestion';
import { RequireBudgetSetup, type BudgetBasics } from './Setup';
import { useSplitForm } from './SplitFields';
import { useCurrencyForm } from './CurrencyFields';
import { defaultAccountId, MoneyMovementFields, movementBody, movementLabels, MOVEMENT_FIELDS, type MoneyMovementValues } from './TransactionFields';
import { useT, type MessageId } from '@/i18n';

interface TransactionValues extends MoneyMovementValues {
  date: string;
}
const FIELDS = [...MOVEMENT_FIELDS, 'date'] as const;
const ADD: Record<TransactionType, MessageId> = { Expense: 'budget.add.Expense', Income: 'budget.add.Income', Transfer: 'budget.add.Transfer' };

/** /budget/transactions/new (type from ?type=) and /budget/transactions/:id. */
export default function TransactionEditor() {
  const { transactionId } = useParams();
  return transactionId ? <EditTransaction transactionId={transactionId} /> : <NewTransaction />;
}

function NewTransaction() {
  const t = useT();
  const [params] = useSearchParams();
  const type = (['Expense', 'Income', 'Transfer'].includes(params.get('type') ?? '') ? params.get('type') : 'Expense') as TransactionType;
  return (
    <Page title={t('budget.transaction.new')}>
      <RequireBudgetSetup needsCategory={type !== 'Transfer'} fresh>
        {(basics) => (
          <TransactionForm
            basics={basics}
            initial={{
              type,
              amount: '',
              date: today(),
              description: '',
              categoryId: '',
              budgetAccountId: defaultAccountId(basics.accounts),
              targetBudgetAccountId: '',
            }}
          />
        )}
      </RequireBudgetSetup>
    </Page>
  );
}

function EditTransaction({ transactionId }: { transactionId: string }) {
  const t = useT();
  const transaction = useTransaction(transactionId);
  return (
    <Page title={t('budget.transaction.edit')}>
      <LoadState query={transaction} fresh>
        {(data) => (
          <RequireBudgetSetup needsCategory={false} fresh>
            {(basics) => (
              <TransactionForm
                basics={basics}
                existing={data}
                initial={{
                  type: data.type,
                  amount: amountForInput(data.original?.amount ?? data.amount),
                  date: data.date,
                  description: data.description ?? '',
                  categoryId: data.categoryId ?? '',
                  budgetAccountId: data.budgetAccountId,
                  targetBudgetAccountId: data.targetBudgetAccountId ?? '',
                }}
              />
            )}
          </RequireBudgetSetup>
        )}
      </LoadState>
    </Page>
  );
}

function TransactionForm({ basics, initial, existing }: { basics: BudgetBasics; initial: TransactionValues; existing?: Transaction }) {
  const t = useT();
  const navigate = useNavigate();
  const [summary, setSummary] = useState<SummaryItem[]>([]);
  // leaves the page before the caches refresh: a refetch of the deleted transaction would be a 404
  const remove = useBudgetMutation(async (id: string) => {
    await budgetApi.deleteTransaction(id);
    navigate('/budget/transactions', { replace: true });
  });
  const save = useBudgetMutation((body: TransactionInput) =>
    existing ? budgetApi.updateTransaction({ id: existing.id, body }) : budgetApi.createTransaction(body),
  );
  const form = useForm<TransactionValues>({ defaultValues: initial });
  const { register, handleSubmit, setError, setValue, watch, formState } = form;
  const type = watch('type');
  const split = useSplitForm(existing?.split, !existing && initial.type === 'Expense');
  const amountQuestion = useAmountQuestion();
  const money = useCurrencyForm(existing?.original, watch('date'));
  const submit = handleSubmit(async (values) => {
    setSummary([]);
    // "1.500": the chosen reading goes into the field as the language writes it, then saves
    if (amountQuestion.ask(values.amount)) return;
    const paid = money.body(values.amount);
    if (!paid) return setSummary([money.rateNeeded]);
    const { amount, original } = paid;
    const unfit = split.check(amount, values.type);
    if (unfit.length) return setSummary(unfit);
    try {
      await save.mutateAsync({ ...movementBody(values, amount), original, date: values.date, split: split.body(amount, values.type) });
      navigate('/budget/transactions', { state: { saved: true } });
    } catch (error) {
      setSummary(split.refuse(error) ?? applyProblem(error, FIELDS, setError, movementLabels(t)));
    }
  });
  // an existing transaction may sit on an account disabled since: keep it selectable
  const accounts = existing
    ? basics.accounts.map((account) => (account.id === existing.budgetAccountId ? { ...account, isDisabled: false } : account))
    : basics.accounts;
  return (
    <>
      <form onSubmit={submit} noValidate>
        <ErrorSummary items={summary} />
        <MoneyMovementFields form={form} categories={basics.categories} accounts={accounts} currency={money.currency} beside={money.beside(watch('amount'))} />
        <Field
          label={t('budget.field.date')}
          type="date"
          error={formState.errors.date?.message}
          {...register('date', { required: t('budget.field.date.required') })}
        />
        {split.fields(money.converted(watch('amount')) ?? '', type)}
        {amountQuestion.question(
          watch('amount'),
          retypeAndSave((text) => setValue('amount', text), submit),
        )}
        <div className="actions">
          <Button type="submit" busy={formState.isSubmitting}>
            {existing ? t('budget.transaction.save') : t(ADD[type])}
          </Button>
          <Link className="btn btn-secondary" to="/budget/transactions">
            {t('common.cancel')}
          </Link>
        </div>
      </form>
      {existing ? (
        <DangerAction
          label={t('budget.transaction.delete')}
          question={t('budget.transaction.delete.question')}
          busy={remove.isPending}
          error={remove.error}
          onConfirm={() => remove.mutate(existing.id)}
        >
          {t('budget.transaction.delete.explain')}
        </DangerAction>
      ) : null}
    </>
  );
}

import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { applyProblem, type SummaryItem } from '@/api/form-errors';
import { Button, Checkbox, DateText, ErrorSummary, Field, LoadState, Page, SelectField } from '@/ui';
import { DangerAction } from '@/ui/DangerAction';
import { useT } from '@/i18n';
import { budgetApi, useBudgetMutation, useRecurring, type Recurring, type RecurringInput } from '../api';
import { normaliseAmount, today } from '../money';
import type { Frequency } from '../schedule';
import { RequireBudgetSetup, type BudgetBasics } from './Setup';
import { defaultAccountId, MoneyMovementFields, movementBody, MOVEMENT_FIELDS, type MoneyMovementValues } from './TransactionFields';

interface RecurringValues extends MoneyMovementValues {
  frequency: Frequency;
  interval: string;
  startDate: string;
  endDate: string;
  isEnabled: boolean;
  /** '' no reminder, else '0'…'30' days before each occurrence */
  remindDaysBefore: string;
}
const FIELDS = [...MOVEMENT_FIELDS, 'frequency', 'interval', 'startDate', 'endDate', 'isEnabled', 'remindDaysBefore'] as const;
const REMIND_DAYS = Array.from({ length: 31 }, (_, days) => days);

export default function RecurringEditor() {
  const { recurringId } = useParams();
  return recurringId ? <EditRecurring id={recurringId} /> : <NewRecurring />;
}

function NewRecurring() {
  return (
    <Page title="New recurring transaction">
      <RequireBudgetSetup>
        {(basics) => (
          <RecurringForm
            basics={basics}
            initial={{
              type: 'Expense',
              amount: '',
              description: '',
              categoryId: '',
              budgetAccountId: defaultAccountId(basics.accounts),
              targetBudgetAccountId: '',
              frequency: 'Monthly',
              interval: '1',
              startDate: today(),
              endDate: '',
              isEnabled: true,
              remindDaysBefore: '',
            }}
          />
        )}
      </RequireBudgetSetup>
    </Page>
  );
}

function EditRecurring({ id }: { id: string }) {
  const recurring = useRecurring(id);
  return (
    <Page title="Edit recurring transaction">
      <LoadState query={recurring}>
        {(data) => (
          <RequireBudgetSetup needsCategory={false}>
            {(basics) => (
              <>
                <p>
                  {data.isEnabled && data.nextOccurrence ? (
                    <>
                      Next occurrence: <strong><DateText value={data.nextOccurrence} /></strong>
                    </>
                  ) : data.nextOccurrence ? (
                    'Paused.'
                  ) : (
                    'Ended: no more occurrences.'
                  )}
                </p>
                <RecurringForm
                  basics={basics}
                  existing={data}
                  initial={{
                    type: data.type,
                    amount: data.amount,
                    description: data.description ?? '',
                    categoryId: data.categoryId ?? '',
                    budgetAccountId: data.budgetAccountId,
                    targetBudgetAccountId: data.targetBudgetAccountId ?? '',
                    frequency: data.frequency,
                    interval: String(data.interval),
                    startDate: data.startDate,
                    endDate: data.endDate ?? '',
                    isEnabled: data.isEnabled,
                    remindDaysBefore: data.remindDaysBefore === null ? '' : String(data.remindDaysBefore),
                  }}
                />
              </>
            )}
          </RequireBudgetSetup>
        )}
      </LoadState>
    </Page>
  );
}

function RecurringForm({ basics, initial, existing }: { basics: BudgetBasics; initial: RecurringValues; existing?: Recurring }) {
  const navigate = useNavigate();
  const t = useT();
  const [summary, setSummary] = useState<SummaryItem[]>([]);
  const save = useBudgetMutation((body: RecurringInput) => (existing ? budgetApi.updateRecurring({ id: existing.id, body }) : budgetApi.createRecurring(body)));
  const remove = useBudgetMutation(async (id: string) => {
    await budgetApi.deleteRecurring(id);
    navigate('/budget/recurring', { replace: true });
  });
  const form = useForm<RecurringValues>({ defaultValues: initial });
  const { register, handleSubmit, setError, formState } = form;
  const submit = handleSubmit(async (values) => {
    setSummary([]);
    try {
      await save.mutateAsync({
        ...movementBody(values, normaliseAmount(values.amount) as string),
        frequency: values.frequency,
        interval: Number(values.interval),
        startDate: values.startDate,
        endDate: values.endDate || null,
        isEnabled: values.isEnabled,
        remindDaysBefore: values.remindDaysBefore === '' ? null : Number(values.remindDaysBefore),
      });
      navigate('/budget/recurring');
    } catch (error) {
      setSummary(applyProblem(error, FIELDS, setError));
    }
  });
  const accounts = existing ? basics.accounts.map((account) => (account.id === existing.budgetAccountId ? { ...account, isDisabled: false } : account)) : basics.accounts;
  return (
    <>
      <form onSubmit={submit} noValidate>
        <ErrorSummary items={summary} />
        <MoneyMovementFields form={form} categories={basics.categories} accounts={accounts} />
        <div className="grid-2">
          <SelectField label="Repeats" error={formState.errors.frequency?.message} {...register('frequency')}>
            <option value="Daily">Daily</option>
            <option value="Weekly">Weekly</option>
            <option value="Monthly">Monthly</option>
            <option value="Yearly">Yearly</option>
          </SelectField>
          <Field
            label="Every how many"
            hint="1 = every time, 2 = every other…"
            type="number"
            inputMode="numeric"
            min={1}
            max={1000}
            error={formState.errors.interval?.message}
            {...register('interval', { validate: (value) => (/^\d+$/.test(value) && Number(value) >= 1 && Number(value) <= 1000) || 'Enter a whole number from 1 to 1000' })}
          />
          <Field
            label="First date"
            hint="A date in the past is caught up."
            type="date"
            error={formState.errors.startDate?.message}
            {...register('startDate', { required: 'Enter the first date' })}
          />
          <Field
            label="Last date (optional)"
            type="date"
            error={formState.errors.endDate?.message}
            {...register('endDate', { validate: (value, values) => !value || value >= values.startDate || 'The last date cannot be before the first date' })}
          />
        </div>
        <SelectField
          label={t('budget.recurring.remind')}
          hint={t('budget.recurring.remindHint')}
          error={formState.errors.remindDaysBefore?.message}
          {...register('remindDaysBefore')}
        >
          <option value="">{t('budget.recurring.remindNone')}</option>
          {REMIND_DAYS.map((days) => (
            <option key={days} value={String(days)}>
              {t('budget.recurring.remindDays', { days })}
            </option>
          ))}
        </SelectField>
        <Checkbox label="Enabled" {...register('isEnabled')} />
        <div className="actions">
          <Button type="submit" busy={formState.isSubmitting}>
            {existing ? 'Save recurring transaction' : 'Create recurring transaction'}
          </Button>
          <Link to="/budget/recurring">Cancel</Link>
        </div>
      </form>
      {existing ? (
        <DangerAction
          label="Delete recurring transaction"
          question="Delete this recurring transaction?"
          confirmLabel="Delete"
          busy={remove.isPending}
          error={remove.error}
          onConfirm={() => remove.mutate(existing.id)}
        >
          No more occurrences will be entered. The transactions it already made stay.
        </DangerAction>
      ) : null}
    </>
  );
}

import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { applyProblem, type SummaryItem } from '@/api/form-errors';
import { Button, Checkbox, DateText, ErrorSummary, Field, LoadState, Page, SelectField } from '@/ui';
import { DangerAction } from '@/ui/DangerAction';
import { budgetApi, useBudgetMutation, useRecurring, type Recurring, type RecurringInput } from '../api';
import { amountForInput, today } from '../money';
import type { Frequency } from '../schedule';
import { retypeAndSave, useAmountQuestion } from './AmountQuestion';
import { RequireBudgetSetup, type BudgetBasics } from './Setup';
import { useSplitForm } from './SplitFields';
import { useCurrencyForm } from './CurrencyFields';
import { defaultAccountId, MoneyMovementFields, movementBody, movementLabels, MOVEMENT_FIELDS, type MoneyMovementValues } from './TransactionFields';
import { useT } from '@/i18n';

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
  const t = useT();
  return (
    <Page title={t('budget.recurring.new')}>
      <RequireBudgetSetup fresh>
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
  const t = useT();
  const recurring = useRecurring(id);
  return (
    <Page title={t('budget.recurring.edit')}>
      <LoadState query={recurring} fresh>
        {(data) => (
          <RequireBudgetSetup needsCategory={false} fresh>
            {(basics) => (
              <>
                <p>
                  {data.isEnabled && data.nextOccurrence ? (
                    <>
                      {t('budget.recurring.nextOccurrence')}{' '}
                      <strong>
                        <DateText value={data.nextOccurrence} />
                      </strong>
                    </>
                  ) : data.nextOccurrence ? (
                    t('budget.recurring.pausedShort')
                  ) : (
                    t('budget.recurring.ended')
                  )}
                </p>
                <RecurringForm
                  basics={basics}
                  existing={data}
                  initial={{
                    type: data.type,
                    // paid in another currency: the amount as paid, beside its currency and rate
                    amount: amountForInput(data.original?.amount ?? data.amount),
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
  const t = useT();
  const navigate = useNavigate();
  const [summary, setSummary] = useState<SummaryItem[]>([]);
  const save = useBudgetMutation((body: RecurringInput) => (existing ? budgetApi.updateRecurring({ id: existing.id, body }) : budgetApi.createRecurring(body)));
  const remove = useBudgetMutation(async (id: string) => {
    await budgetApi.deleteRecurring(id);
    navigate('/budget/recurring', { replace: true });
  });
  const form = useForm<RecurringValues>({ defaultValues: initial });
  const { register, handleSubmit, setError, setValue, formState, watch } = form;
  const split = useSplitForm(existing?.split, !existing);
  const amountQuestion = useAmountQuestion();
  // the rate of the first date, as the service takes it when none is given; every occurrence keeps it
  const money = useCurrencyForm(existing?.original, watch('startDate'));
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
      await save.mutateAsync({
        ...movementBody(values, amount),
        // null in the group's currency: an edit back to it drops the original
        original,
        split: split.body(amount, values.type),
        frequency: values.frequency,
        interval: Number(values.interval),
        startDate: values.startDate,
        endDate: values.endDate || null,
        isEnabled: values.isEnabled,
        remindDaysBefore: values.remindDaysBefore === '' ? null : Number(values.remindDaysBefore),
      });
      navigate('/budget/recurring');
    } catch (error) {
      setSummary(split.refuse(error) ?? applyProblem(error, FIELDS, setError, movementLabels(t)));
    }
  });
  const accounts = existing
    ? basics.accounts.map((account) => (account.id === existing.budgetAccountId ? { ...account, isDisabled: false } : account))
    : basics.accounts;
  return (
    <>
      <form onSubmit={submit} noValidate>
        <ErrorSummary items={summary} />
        <MoneyMovementFields
          form={form}
          categories={basics.categories}
          accounts={accounts}
          currency={money.currency}
          beside={
            <>
              {money.beside(watch('amount'))}
              {money.foreign ? <p className="field-hint">{t('budget.recurring.rateKept')}</p> : null}
            </>
          }
        />
        {split.fields(money.converted(watch('amount')) ?? '', watch('type'))}
        <div className="grid-2">
          <SelectField label={t('budget.recurring.repeats')} error={formState.errors.frequency?.message} {...register('frequency')}>
            <option value="Daily">{t('budget.frequency.Daily')}</option>
            <option value="Weekly">{t('budget.frequency.Weekly')}</option>
            <option value="Monthly">{t('budget.frequency.Monthly')}</option>
            <option value="Yearly">{t('budget.frequency.Yearly')}</option>
          </SelectField>
          <Field
            label={t('budget.recurring.interval')}
            hint={t('budget.recurring.intervalHint')}
            type="number"
            inputMode="numeric"
            min={1}
            max={1000}
            error={formState.errors.interval?.message}
            {...register('interval', {
              validate: (value) => (/^\d+$/.test(value) && Number(value) >= 1 && Number(value) <= 1000) || t('budget.recurring.interval.invalid'),
            })}
          />
          <Field
            label={t('budget.recurring.startDate')}
            hint={t('budget.recurring.startDateHint')}
            type="date"
            error={formState.errors.startDate?.message}
            {...register('startDate', { required: t('budget.recurring.startDate.required') })}
          />
          <Field
            label={t('budget.recurring.endDate')}
            type="date"
            error={formState.errors.endDate?.message}
            {...register('endDate', { validate: (value, values) => !value || value >= values.startDate || t('budget.recurring.endDate.beforeStart') })}
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
        <Checkbox label={t('budget.recurring.enabled')} {...register('isEnabled')} />
        {amountQuestion.question(
          watch('amount'),
          retypeAndSave((text) => setValue('amount', text), submit),
        )}
        <div className="actions">
          <Button type="submit" busy={formState.isSubmitting}>
            {existing ? t('budget.recurring.save') : t('budget.recurring.create')}
          </Button>
          <Link className="btn btn-secondary" to="/budget/recurring">
            {t('common.cancel')}
          </Link>
        </div>
      </form>
      {existing ? (
        <DangerAction
          label={t('budget.recurring.delete')}
          question={t('budget.recurring.delete.question')}
          confirmLabel={t('common.delete')}
          busy={remove.isPending}
          error={remove.error}
          onConfirm={() => remove.mutate(existing.id)}
        >
          {t('budget.recurring.delete.explain')}
        </DangerAction>
      ) : null}
    </>
  );
}

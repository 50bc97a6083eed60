import { useEffect, useState, type ReactNode } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { Link } from 'react-router';
import { useSession } from '@/api/session-context';
import { Field, SelectField } from '@/ui';
import type { Account, Category, TransactionType } from '../api';
import { validateAmount } from '../money';
import { NewCategoryInline } from './NewCategoryInline';
import { Message, useT, type MessageId, type Translate } from '@/i18n';
import { TYPE_NAME } from '../words';

/** The fields a transaction and a recurring transaction share. */
export interface MoneyMovementValues {
  type: TransactionType;
  amount: string;
  description: string;
  categoryId: string;
  budgetAccountId: string;
  targetBudgetAccountId: string;
}

export const MOVEMENT_FIELDS = ['type', 'amount', 'description', 'categoryId', 'budgetAccountId', 'targetBudgetAccountId'] as const;

const TYPES: { value: TransactionType; hint: MessageId }[] = [
  { value: 'Expense', hint: 'budget.type.Expense.hint' },
  { value: 'Income', hint: 'budget.type.Income.hint' },
  { value: 'Transfer', hint: 'budget.type.Transfer.hint' },
];

interface Props<Values extends MoneyMovementValues> {
  /** the transaction's or recurring transaction's form (`useForm`) */
  form: UseFormReturn<Values>;
  categories: Category[];
  accounts: Account[];
  /** the currency the amount is typed in (default: the group's) */
  currency?: string;
  /** what stands beside the amount: its currency, the rate, the converted amount */
  beside?: ReactNode;
}

/** The picker's "New category…" option. */
export const NEW_CATEGORY = '__new__';

export function MoneyMovementFields<Values extends MoneyMovementValues>({ form, categories, accounts, currency, beside }: Props<Values>) {
  // react-hook-form's generic paths: these fields exist on every Values by the constraint
  const t = useT();
  const { register: reg, formState, watch, setValue } = form as unknown as UseFormReturn<MoneyMovementValues>;
  const err = formState.errors;
  const type = watch('type');
  // the category chosen now (NEW_CATEGORY while a new one is being named)
  const categoryId = watch('categoryId');
  const chooseCategory = (id: string) => setValue('categoryId', id, { shouldValidate: id !== '' });
  const { claims } = useSession();
  // a new category is chosen once the picker lists it (the select cannot hold a value it has no option for)
  const [created, setCreated] = useState<string | null>(null);
  useEffect(() => {
    if (created && categories.some((category) => category.id === created)) {
      chooseCategory(created);
      setCreated(null);
    }
    // chooseCategory is remade each render: `created` says when to run
  }, [created, categories]);
  const usable = accounts.filter((account) => !account.isDisabled);
  return (
    <>
      <fieldset className="segmented" id="type">
        <legend>{t('budget.field.type')}</legend>
        <div className="segmented-options">
          {TYPES.map((option) => (
            <label key={option.value}>
              <input type="radio" value={option.value} {...reg('type')} />
              <span>
                {t(TYPE_NAME[option.value])}
                <small>{t(option.hint)}</small>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <Field
        label={t('budget.field.amount', { currency: currency ?? claims?.currency ?? '' })}
        hint={t('budget.field.amount.hint')}
        inputMode="decimal"
        autoComplete="off"
        error={err.amount?.message}
        {...reg('amount', { validate: validateAmount })}
      />
      {beside}
      {type === 'Transfer' ? null : (
        <SelectField
          label={t('budget.field.category')}
          error={err.categoryId?.message}
          {...reg('categoryId', {
            required: t('budget.field.category.required'),
            validate: (value) => value !== NEW_CATEGORY || t('budget.field.category.addFirst'),
          })}
        >
          <option value="">{t('budget.field.category.required')}</option>
          {categories.map((category) => (
            <option key={category.id} value={category.id}>
              {category.name}
            </option>
          ))}
          <option value={NEW_CATEGORY}>{t('budget.category.newOption')}</option>
        </SelectField>
      )}
      {type !== 'Transfer' && categoryId === NEW_CATEGORY ? (
        <NewCategoryInline count={categories.length} onCreated={setCreated} onCancel={() => chooseCategory('')} />
      ) : null}
      <SelectField
        label={type === 'Transfer' ? t('budget.field.fromAccount') : t('budget.field.account')}
        error={err.budgetAccountId?.message}
        {...reg('budgetAccountId', { required: t('budget.field.account.required') })}
      >
        {usable.map((account) => (
          <option key={account.id} value={account.id}>
            {account.isDefault ? t('budget.account.nameDefault', { name: account.name }) : account.name}
          </option>
        ))}
      </SelectField>
      {type === 'Transfer' && usable.length < 2 ? (
        <p className="notice notice-warning">
          <Message id="budget.transfer.needsTwo" values={{ link: (text) => <Link to="/budget/accounts">{text}</Link> }} />
        </p>
      ) : null}
      {type === 'Transfer' ? (
        <SelectField
          label={t('budget.field.toAccount')}
          error={err.targetBudgetAccountId?.message}
          {...reg('targetBudgetAccountId', {
            required: t('budget.field.toAccount.required'),
            validate: (value, values) => value !== values.budgetAccountId || t('budget.field.toAccount.same'),
          })}
        >
          <option value="">{t('budget.field.account.required')}</option>
          {usable.map((account) => (
            <option key={account.id} value={account.id}>
              {account.name}
            </option>
          ))}
        </SelectField>
      ) : null}
      <Field label={t('budget.field.descriptionOptional')} maxLength={500} autoComplete="off" error={err.description?.message} {...reg('description')} />
    </>
  );
}

/** How the transaction and recurring forms name each field the API may report. */
export function movementLabels(t: Translate) {
  return {
    type: t('budget.field.type'),
    amount: t('budget.field.amountPlain'),
    description: t('budget.field.description'),
    categoryId: t('budget.field.category'),
    budgetAccountId: t('budget.field.account'),
    targetBudgetAccountId: t('budget.field.toAccount'),
    date: t('budget.field.date'),
    frequency: t('budget.recurring.repeats'),
    interval: t('budget.recurring.interval'),
    startDate: t('budget.recurring.startDate'),
    endDate: t('budget.recurring.endDateLabel'),
    isEnabled: t('budget.recurring.enabled'),
  };
}

/** The part of the API body the shared fields make; the amount goes as typed, normalised, never as a number. */
export function movementBody(values: MoneyMovementValues, normalisedAmount: string) {
  const transfer = values.type === 'Transfer';
  return {
    type: values.type,
    amount: normalisedAmount,
    description: values.description.trim() || null,
    categoryId: transfer ? undefined : values.categoryId,
    budgetAccountId: values.budgetAccountId,
    targetBudgetAccountId: transfer ? values.targetBudgetAccountId : undefined,
  };
}

export function defaultAccountId(accounts: Account[]): string {
  return (accounts.find((account) => account.isDefault) ?? accounts.find((account) => !account.isDisabled))?.id ?? '';
}

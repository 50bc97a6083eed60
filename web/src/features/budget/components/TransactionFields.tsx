import { useEffect, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { Link } from 'react-router';
import { useSession } from '@/api/session-context';
import { Field, SelectField } from '@/ui';
import type { Account, Category, TransactionType } from '../api';
import { validateAmount } from '../money';
import { NewCategoryInline } from './NewCategoryInline';

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

const TYPES: { value: TransactionType; label: string; hint: string }[] = [
  { value: 'Expense', label: 'Expense', hint: 'money spent' },
  { value: 'Income', label: 'Income', hint: 'money received' },
  { value: 'Transfer', label: 'Transfer', hint: 'between two accounts' },
];

interface Props<Values extends MoneyMovementValues> {
  /** the transaction's or recurring transaction's form (`useForm`) */
  form: UseFormReturn<Values>;
  categories: Category[];
  accounts: Account[];
}

/** The picker's "New category…" option. */
export const NEW_CATEGORY = '__new__';

export function MoneyMovementFields<Values extends MoneyMovementValues>({ form, categories, accounts }: Props<Values>) {
  // react-hook-form's generic paths: these fields exist on every Values by the constraint
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
        <legend>Type</legend>
        <div className="segmented-options">
          {TYPES.map((option) => (
            <label key={option.value}>
              <input type="radio" value={option.value} {...reg('type')} />
              <span>
                {option.label}
                <small>{option.hint}</small>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <Field
        label={`Amount (${claims?.currency ?? ''})`}
        hint="For example 12.50"
        inputMode="decimal"
        autoComplete="off"
        error={err.amount?.message}
        {...reg('amount', { validate: validateAmount })}
      />
      {type === 'Transfer' ? null : (
        <SelectField
          label="Category"
          error={err.categoryId?.message}
          {...reg('categoryId', { required: 'Choose a category', validate: (value) => value !== NEW_CATEGORY || 'Add the new category first, or choose one' })}
        >
          <option value="">Choose a category</option>
          {categories.map((category) => (
            <option key={category.id} value={category.id}>
              {category.name}
            </option>
          ))}
          <option value={NEW_CATEGORY}>New category…</option>
        </SelectField>
      )}
      {type !== 'Transfer' && categoryId === NEW_CATEGORY ? (
        <NewCategoryInline count={categories.length} onCreated={setCreated} onCancel={() => chooseCategory('')} />
      ) : null}
      <SelectField label={type === 'Transfer' ? 'From account' : 'Account'} error={err.budgetAccountId?.message} {...reg('budgetAccountId', { required: 'Choose an account' })}>
        {usable.map((account) => (
          <option key={account.id} value={account.id}>
            {account.name}
            {account.isDefault ? ' (default)' : ''}
          </option>
        ))}
      </SelectField>
      {type === 'Transfer' && usable.length < 2 ? (
        <p className="notice notice-warning">
          A transfer moves money between two accounts: <Link to="/budget/accounts">add a second account</Link> first.
        </p>
      ) : null}
      {type === 'Transfer' ? (
        <SelectField
          label="To account"
          error={err.targetBudgetAccountId?.message}
          {...reg('targetBudgetAccountId', {
            required: 'Choose the account the money goes to',
            validate: (value, values) => value !== values.budgetAccountId || 'Choose an account other than the one the money comes from',
          })}
        >
          <option value="">Choose an account</option>
          {usable.map((account) => (
            <option key={account.id} value={account.id}>
              {account.name}
            </option>
          ))}
        </SelectField>
      ) : null}
      <Field label="Description (optional)" maxLength={500} autoComplete="off" error={err.description?.message} {...reg('description')} />
    </>
  );
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

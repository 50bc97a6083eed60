import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { Pencil, Trash2 } from 'lucide-react';
import { applyProblem, type SummaryItem } from '@/api/form-errors';
import { describeProblem, ProblemError } from '@/api/problem';
import { ErrorSummary, Field, LoadState, Notice, Page } from '@/ui';
import { FormButtons } from '@/ui/FormButtons';
import { ColorPicker, IconPicker, NamedIcon } from '@/ui/pickers';
import { DragHandle, SortableList } from '@/ui/SortableList';
import { budgetApi, useBudgetMutation, useCategories, type Category } from '../api';
import { NextStep } from './Setup';
import { Message, useT } from '@/i18n';
import { queryKeys } from '@/api/query-keys';

interface CategoryValues {
  name: string;
  color: string;
  icon: string;
}
const FIELDS = ['name', 'color', 'icon'] as const;

export default function Categories() {
  const t = useT();
  const categories = useCategories();
  const client = useQueryClient();
  const [editingId, setEditingId] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const create = useBudgetMutation(budgetApi.createCategory);
  const remove = useBudgetMutation(budgetApi.deleteCategory);
  const reorder = useBudgetMutation(budgetApi.reorderCategories);

  const onReorder = (ids: string[]) => {
    setMessage(null);
    const key = ['budget', 'categories'];
    const previous = client.getQueryData<Category[]>(key);
    // moved at once; put back if the API refuses
    client.setQueryData<Category[]>(key, (list) => list && ids.map((id) => list.find((category) => category.id === id) as Category));
    reorder.mutate(ids, {
      onError: (error) => {
        client.setQueryData(key, previous);
        setMessage(t('common.orderNotChanged', { problem: describeProblem(error) }));
      },
    });
  };
  const onDelete = (category: Category) => {
    setMessage(null);
    remove.mutate(category.id, {
      onError: (error) =>
        setMessage(
          error instanceof ProblemError && error.code === 'CATEGORY_IN_USE' ? t('budget.category.inUse', { name: category.name }) : describeProblem(error),
        ),
    });
  };

  return (
    <Page title={t('budget.categories')}>
      <p className="muted">{t('budget.categories.intro')}</p>
      {message ? <Notice tone="warning">{message}</Notice> : null}
      <LoadState query={categories}>
        {(list) =>
          list.length === 0 ? (
            <p>
              <Message id="budget.categories.empty" values={{ b: (text) => <strong>{text}</strong> }} />
            </p>
          ) : (
            <SortableList
              label={t('budget.categories')}
              items={list}
              getId={(category) => category.id}
              getLabel={(category) => category.name}
              onReorder={onReorder}
              renderItem={(category, { handle }) =>
                editingId === category.id ? (
                  <CategoryForm
                    initial={category}
                    submitLabel={t('budget.category.save')}
                    onCancel={() => setEditingId(null)}
                    onSubmit={async (body) => {
                      await budgetApi.updateCategory({ id: category.id, body });
                      await client.invalidateQueries({ queryKey: queryKeys.budget.all });
                      setEditingId(null);
                    }}
                  />
                ) : (
                  <div className="row">
                    <DragHandle handle={handle} label={t('common.moveItem', { name: category.name })} />
                    <span className="category-icon" style={{ background: category.color }}>
                      <NamedIcon name={category.icon} color="#fff" size={18} />
                    </span>
                    <span className="row-main">{category.name}</span>
                    <button
                      type="button"
                      className="icon-btn"
                      aria-label={t('common.editItem', { name: category.name })}
                      onClick={() => setEditingId(category.id)}
                    >
                      <Pencil size={18} aria-hidden="true" />
                    </button>
                    <button
                      type="button"
                      className="icon-btn danger"
                      aria-label={t('common.deleteItem', { name: category.name })}
                      onClick={() => onDelete(category)}
                    >
                      <Trash2 size={18} aria-hidden="true" />
                    </button>
                  </div>
                )
              }
            />
          )
        }
      </LoadState>
      {categories.data?.length ? <NextStep /> : null}
      <h2>{t('budget.category.new')}</h2>
      <CategoryForm
        initial={{ name: '', color: '#10B981', icon: 'ShoppingCart' }}
        submitLabel={t('budget.category.add')}
        onSubmit={(body) => create.mutateAsync(body)}
      />
    </Page>
  );
}

function CategoryForm({
  initial,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  initial: CategoryValues;
  submitLabel: string;
  onSubmit: (body: CategoryValues) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const t = useT();
  const [summary, setSummary] = useState<SummaryItem[]>([]);
  const { register, handleSubmit, setError, control, formState, getValues, reset } = useForm<CategoryValues>({
    defaultValues: { name: initial.name, color: initial.color, icon: initial.icon },
  });
  const submit = handleSubmit(async (values) => {
    setSummary([]);
    try {
      await onSubmit({ ...values, name: values.name.trim() });
      // the new-category form empties for the next one, in place (a new form keyed by the saved id
      // replaced it, dropping a name typed for the next one while the save was refreshing the page)
      if (!onCancel && getValues('name') === values.name) reset();
    } catch (error) {
      setSummary(applyProblem(error, FIELDS, setError, { name: t('budget.field.name'), color: t('budget.field.colour'), icon: t('budget.field.icon') }));
    }
  });
  const prefix = onCancel ? 'edit-' : '';
  return (
    <form onSubmit={submit} noValidate className={onCancel ? 'inline-form' : undefined} onKeyDown={(event) => onCancel && event.key === 'Escape' && onCancel()}>
      <ErrorSummary items={summary} />
      <Field
        label={t('budget.field.name')}
        id={`${prefix}name`}
        maxLength={50}
        error={formState.errors.name?.message}
        {...register('name', { required: t('budget.field.name.required'), validate: (value) => value.trim().length > 0 || t('budget.field.name.required') })}
      />
      <Controller
        control={control}
        name="color"
        render={({ field }) => (
          <ColorPicker
            legend={t('budget.field.colour')}
            name={`${prefix}color`}
            value={field.value}
            onChange={field.onChange}
            error={formState.errors.color?.message}
          />
        )}
      />
      <Controller
        control={control}
        name="icon"
        render={({ field }) => (
          <IconPicker
            legend={t('budget.field.icon')}
            name={`${prefix}icon`}
            value={field.value}
            onChange={field.onChange}
            error={formState.errors.icon?.message}
          />
        )}
      />
      <FormButtons submitLabel={submitLabel} busy={formState.isSubmitting} onCancel={onCancel} />
    </form>
  );
}

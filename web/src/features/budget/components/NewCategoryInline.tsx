import { useState } from 'react';
import { describeProblem } from '@/api/problem';
import { Button, Field } from '@/ui';
import { COLORS } from '@/ui/pickers';
import { budgetApi, useBudgetMutation } from '../api';
import { useT } from '@/i18n';

/**
 * "New category…" chosen in a category picker: a name, and the category is made on the spot (colour
 * taken in turn from the palette, a plain tag icon; both can be changed under Categories) and chosen.
 * Not a form of its own: it sits inside the transaction's form.
 */
export function NewCategoryInline({ count, onCreated, onCancel }: { count: number; onCreated: (id: string) => void; onCancel: () => void }) {
  const t = useT();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const create = useBudgetMutation(budgetApi.createCategory);
  const add = async () => {
    if (!name.trim()) {
      setError(t('budget.category.name.required'));
      return;
    }
    setError(null);
    try {
      const category = await create.mutateAsync({ name: name.trim(), color: COLORS[count % COLORS.length].value, icon: 'Tag' });
      onCreated(category.id);
    } catch (problem) {
      setError(describeProblem(problem));
    }
  };
  return (
    <div className="inline-form" role="group" aria-label={t('budget.category.new')}>
      <Field
        label={t('budget.category.newName')}
        hint={t('budget.category.nameHint')}
        maxLength={50}
        autoComplete="off"
        autoFocus
        value={name}
        error={error ?? undefined}
        onChange={(event) => setName(event.target.value)}
        onKeyDown={(event) => {
          // Enter adds the category, not the transaction around it
          if (event.key === 'Enter') {
            event.preventDefault();
            void add();
          }
        }}
      />
      <div className="actions">
        <Button type="button" busy={create.isPending} onClick={add}>
          {t('budget.category.add')}
        </Button>
        <Button type="button" variant="secondary" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
      </div>
    </div>
  );
}

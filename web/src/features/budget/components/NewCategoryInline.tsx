import { useState } from 'react';
import { describeProblem } from '@/api/problem';
import { Button, Field } from '@/ui';
import { COLORS } from '@/ui/pickers';
import { budgetApi, useBudgetMutation } from '../api';

/**
 * "New category…" chosen in a category picker: a name, and the category is made on the spot (colour
 * taken in turn from the palette, a plain tag icon; both can be changed under Categories) and chosen.
 * Not a form of its own: it sits inside the transaction's form.
 */
export function NewCategoryInline({ count, onCreated, onCancel }: { count: number; onCreated: (id: string) => void; onCancel: () => void }) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const create = useBudgetMutation(budgetApi.createCategory);
  const add = async () => {
    if (!name.trim()) {
      setError('Enter a name for the category');
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
    <div className="inline-form" role="group" aria-label="New category">
      <Field
        label="New category name"
        hint="For example Groceries or Rent"
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
          Add category
        </Button>
        <Button type="button" variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </div>
  );
}

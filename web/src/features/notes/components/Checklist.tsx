import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { ExternalLink, Pencil, Trash2 } from 'lucide-react';
import { applyProblem, type SummaryItem } from '@/api/form-errors';
import { describeProblem } from '@/api/problem';
import { Button, ErrorSummary, Field, Notice } from '@/ui';
import { DragHandle, SortableList } from '@/ui/SortableList';
import { useAddItem, useDeleteItem, useReorderItems, useToggleItem, useUpdateItem, type Note, type NoteItem } from '../api';

interface ItemValues {
  text: string;
  url: string;
}
const FIELDS = ['text', 'url'] as const;

/** The note's checklist: add (lands on top of the open items), tick, edit, reorder, delete. */
export function Checklist({ note }: { note: Note }) {
  const toggle = useToggleItem(note.id);
  const reorder = useReorderItems(note.id);
  const remove = useDeleteItem(note.id);
  const [editingId, setEditingId] = useState<string | null>(null);
  const items = [...note.items].sort((a, b) => a.order - b.order);
  const failure = toggle.error ?? reorder.error ?? remove.error;
  const open = items.filter((item) => !item.isCompleted).length;
  return (
    <section aria-labelledby="checklist-title" className="checklist">
      <h2 id="checklist-title">
        Checklist{' '}
        {items.length ? (
          <span className="muted">
            ({open} open of {items.length})
          </span>
        ) : null}
      </h2>
      <AddItem noteId={note.id} />
      {failure ? <Notice tone="warning">{describeProblem(failure)} Your change was undone.</Notice> : null}
      {items.length === 0 ? (
        <p className="muted">Nothing on the list yet. Add the first item above.</p>
      ) : (
        <SortableList
          label="Checklist items"
          items={items}
          getId={(item) => item.id}
          getLabel={(item) => item.text}
          onReorder={reorder.reorder}
          renderItem={(item, { handle }) =>
            editingId === item.id ? (
              <EditItem noteId={note.id} item={item} onDone={() => setEditingId(null)} />
            ) : (
              <div className={`row item-row${item.isCompleted ? ' done' : ''}`}>
                <DragHandle handle={handle} label={`Move ${item.text}`} />
                <ItemCheckbox id={`item-${item.id}`} completed={item.isCompleted} onToggle={() => toggle.mutate(item.id)} />
                <label htmlFor={`item-${item.id}`} className="row-main item-text">
                  {item.text}
                </label>
                {item.url ? (
                  <a className="icon-btn" href={item.url} target="_blank" rel="noopener noreferrer" aria-label={`Open link of ${item.text}`}>
                    <ExternalLink size={18} aria-hidden="true" />
                  </a>
                ) : null}
                <button type="button" className="icon-btn" aria-label={`Edit ${item.text}`} onClick={() => setEditingId(item.id)}>
                  <Pencil size={18} aria-hidden="true" />
                </button>
                <button type="button" className="icon-btn danger" aria-label={`Delete ${item.text}`} onClick={() => remove.mutate(item.id)}>
                  <Trash2 size={18} aria-hidden="true" />
                </button>
              </div>
            )
          }
        />
      )}
    </section>
  );
}

function AddItem({ noteId }: { noteId: string }) {
  const add = useAddItem(noteId);
  const [summary, setSummary] = useState<SummaryItem[]>([]);
  const { register, handleSubmit, setError, reset, setFocus, formState } = useForm<ItemValues>({ defaultValues: { text: '', url: '' } });
  const submit = handleSubmit(async (values) => {
    setSummary([]);
    try {
      await add.mutateAsync({ text: values.text.trim(), url: values.url.trim() || null });
      reset();
      setFocus('text');
    } catch (error) {
      setSummary(applyProblem(error, FIELDS, setError));
    }
  });
  return (
    <form onSubmit={submit} noValidate className="add-item">
      <ErrorSummary items={summary} />
      <Field
        label="New item"
        id="new-item-text"
        maxLength={1000}
        autoComplete="off"
        error={formState.errors.text?.message}
        {...register('text', { required: 'Enter the item', validate: (value) => value.trim().length > 0 || 'Enter the item' })}
      />
      <details>
        <summary>Add a link</summary>
        <Field label="Link (optional)" id="new-item-url" type="url" inputMode="url" placeholder="https://" error={formState.errors.url?.message} {...register('url')} />
      </details>
      <Button type="submit" busy={formState.isSubmitting}>
        Add item
      </Button>
    </form>
  );
}

function EditItem({ noteId, item, onDone }: { noteId: string; item: NoteItem; onDone: () => void }) {
  const update = useUpdateItem(noteId);
  const [summary, setSummary] = useState<SummaryItem[]>([]);
  const { register, handleSubmit, setError, formState } = useForm<ItemValues>({ defaultValues: { text: item.text, url: item.url ?? '' } });
  const submit = handleSubmit(async (values) => {
    setSummary([]);
    try {
      await update.mutateAsync({ itemId: item.id, body: { text: values.text.trim(), url: values.url.trim() || null } });
      onDone();
    } catch (error) {
      setSummary(applyProblem(error, FIELDS, setError));
    }
  });
  return (
    <form onSubmit={submit} noValidate className="inline-form" onKeyDown={(event) => event.key === 'Escape' && onDone()}>
      <ErrorSummary items={summary} />
      <Field label="Item" id={`edit-text-${item.id}`} maxLength={1000} autoFocus error={formState.errors.text?.message} {...register('text', { required: 'Enter the item' })} />
      <Field label="Link (optional)" id={`edit-url-${item.id}`} type="url" inputMode="url" placeholder="https://" error={formState.errors.url?.message} {...register('url')} />
      <div className="actions">
        <Button type="submit" busy={formState.isSubmitting}>
          Save item
        </Button>
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/**
 * The tick follows the item, and flips at once on a click: the cache's optimistic update lands a
 * moment later (TanStack runs it asynchronously) and its rollback flips it back.
 */
function ItemCheckbox({ id, completed, onToggle }: { id: string; completed: boolean; onToggle: () => void }) {
  const [checked, setChecked] = useState(completed);
  useEffect(() => setChecked(completed), [completed]);
  return (
    <input
      type="checkbox"
      id={id}
      checked={checked}
      onChange={() => {
        setChecked(!checked);
        onToggle();
      }}
    />
  );
}

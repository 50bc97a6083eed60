import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { ExternalLink, Pencil, Trash2 } from 'lucide-react';
import { useT } from '@/i18n';
import { Button, Field } from '@/ui';
import { Disclosure } from '@/ui/Disclosure';
import { DragHandle, SortableList } from '@/ui/SortableList';
import { addItem, deleteItem, reorderItems, setItemCompleted, updateItem, type Note, type NoteItem } from '../api';
import { ReplacedText } from './Replaced';

interface ItemValues {
  text: string;
  url: string;
}

const URL_PATTERN = /^https?:\/\/\S+$/i;

/**
 * The note's checklist: the open items in their order (add goes after the last one, drag or
 * keyboard to reorder), then the ticked ones in a collapsed "Checked (n)" section. Every change
 * shows at once and is queued (ops.ts), so nothing waits for the network.
 */
export function Checklist({ note }: { note: Note }) {
  const t = useT();
  const [editingId, setEditingId] = useState<string | null>(null);
  const [showChecked, setShowChecked] = useState(false);
  const checkedPanel = useId();
  const items = [...note.items].sort((a, b) => a.order - b.order);
  const open = items.filter((item) => !item.isCompleted);
  const done = items.filter((item) => item.isCompleted);
  const row = (item: NoteItem, handle?: Parameters<typeof DragHandle>[0]['handle']) =>
    editingId === item.id ? (
      <EditItem noteId={note.id} item={item} onDone={() => setEditingId(null)} />
    ) : (
      <ItemRow noteId={note.id} item={item} handle={handle} onEdit={() => setEditingId(item.id)} />
    );
  return (
    <section aria-labelledby="checklist-title" className="checklist">
      <h2 id="checklist-title">
        {t('notes.checklist.title')}{' '}
        {items.length ? <span className="muted">{t('notes.checklist.openOf', { open: open.length, total: items.length })}</span> : null}
      </h2>
      <AddItem noteId={note.id} />
      {items.length === 0 ? <p className="muted">{t('notes.checklist.empty')}</p> : null}
      {open.length ? (
        <SortableList
          label={t('notes.checklist.items')}
          items={open}
          getId={(item) => item.id}
          getLabel={(item) => item.text}
          // ticked items keep their place after the open ones
          onReorder={(ids) => reorderItems(note.id, [...ids, ...done.map((item) => item.id)])}
          renderItem={(item, { handle }) => row(item, handle)}
        />
      ) : done.length ? (
        <p className="muted">{t('notes.checklist.allTicked')}</p>
      ) : null}
      {done.length ? (
        <div className="checked-items">
          <Disclosure open={showChecked} onToggle={() => setShowChecked(!showChecked)} controls={checkedPanel}>
            {t('notes.checklist.checked', { count: done.length })}
          </Disclosure>
          {showChecked ? (
            <ul id={checkedPanel} aria-label={t('notes.checklist.checkedItems')} className="plain-list">
              {done.map((item) => (
                <li key={item.id}>{row(item)}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

function ItemRow({
  noteId,
  item,
  handle,
  onEdit,
}: {
  noteId: string;
  item: NoteItem;
  handle?: Parameters<typeof DragHandle>[0]['handle'];
  onEdit: () => void;
}) {
  const t = useT();
  return (
    <div>
      <div className={`row item-row${item.isCompleted ? ' done' : ''}`}>
        {handle ? <DragHandle handle={handle} label={t('notes.item.move', { item: item.text })} /> : null}
        <ItemCheckbox id={`item-${item.id}`} completed={item.isCompleted} onToggle={(next) => setItemCompleted(noteId, item.id, next)} />
        <label htmlFor={`item-${item.id}`} className="row-main item-text">
          {item.text}
        </label>
        {item.url ? (
          <a className="icon-btn" href={item.url} target="_blank" rel="noopener noreferrer" aria-label={t('notes.item.openLink', { item: item.text })}>
            <ExternalLink size={18} aria-hidden="true" />
          </a>
        ) : null}
        <button type="button" className="icon-btn" aria-label={t('notes.item.edit', { item: item.text })} onClick={onEdit}>
          <Pencil size={18} aria-hidden="true" />
        </button>
        <button type="button" className="icon-btn danger" aria-label={t('notes.item.delete', { item: item.text })} onClick={() => deleteItem(noteId, item)}>
          <Trash2 size={18} aria-hidden="true" />
        </button>
      </div>
      <ReplacedText noteId={noteId} item={item} />
    </div>
  );
}

/**
 * Typing never waits for the network: Enter adds the item at once (a client-made id matches the
 * server's answer later), empties the box in the same moment and keeps the focus there, so the
 * next item can be typed straight away.
 */
function AddItem({ noteId }: { noteId: string }) {
  const t = useT();
  const text = useRef<HTMLInputElement>(null);
  const url = useRef<HTMLInputElement>(null);
  const [errors, setErrors] = useState<{ text?: string; url?: string }>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = text.current!.value.trim();
    const link = url.current!.value.trim();
    const found = { text: value ? undefined : t('notes.item.enterText'), url: !link || URL_PATTERN.test(link) ? undefined : t('notes.item.enterLink') };
    setErrors(found);
    if (found.text || found.url) {
      (found.text ? text : url).current!.focus();
      return;
    }
    text.current!.value = '';
    url.current!.value = '';
    text.current!.focus();
    addItem(noteId, { text: value, url: link || null });
  };
  return (
    <form onSubmit={submit} noValidate className="add-item">
      <Field
        label={t('notes.item.new')}
        id="new-item-text"
        name="text"
        maxLength={1000}
        autoComplete="off"
        enterKeyHint="enter"
        error={errors.text}
        ref={text}
      />
      <details>
        <summary>{t('notes.item.addLink')}</summary>
        <Field label={t('notes.item.link')} id="new-item-url" name="url" type="url" inputMode="url" placeholder="https://" error={errors.url} ref={url} />
      </details>
      <Button type="submit">{t('notes.item.add')}</Button>
    </form>
  );
}

function EditItem({ noteId, item, onDone }: { noteId: string; item: NoteItem; onDone: () => void }) {
  const t = useT();
  const { register, handleSubmit, formState } = useForm<ItemValues>({ defaultValues: { text: item.text, url: item.url ?? '' } });
  const submit = handleSubmit((values) => {
    updateItem(noteId, item, { text: values.text.trim(), url: values.url.trim() || null });
    onDone();
  });
  return (
    <form onSubmit={submit} noValidate className="inline-form" onKeyDown={(event) => event.key === 'Escape' && onDone()}>
      <Field
        label={t('notes.item.label')}
        id={`edit-text-${item.id}`}
        maxLength={1000}
        autoFocus
        error={formState.errors.text?.message}
        {...register('text', { validate: (value) => value.trim().length > 0 || t('notes.item.enterText') })}
      />
      <Field
        label={t('notes.item.link')}
        id={`edit-url-${item.id}`}
        type="url"
        inputMode="url"
        placeholder="https://"
        error={formState.errors.url?.message}
        {...register('url', { validate: (value) => !value.trim() || URL_PATTERN.test(value.trim()) || t('notes.item.enterLink') })}
      />
      <div className="actions">
        <Button type="submit">{t('notes.item.save')}</Button>
        <Button variant="secondary" onClick={onDone}>
          {t('common.cancel')}
        </Button>
      </div>
    </form>
  );
}

/**
 * The tick follows the item, and flips at once on a click: the queued change reaches the page a
 * moment later (TanStack notifies asynchronously).
 */
function ItemCheckbox({ id, completed, onToggle }: { id: string; completed: boolean; onToggle: (next: boolean) => void }) {
  const [checked, setChecked] = useState(completed);
  useEffect(() => setChecked(completed), [completed]);
  return (
    <input
      type="checkbox"
      id={id}
      checked={checked}
      onChange={() => {
        setChecked(!checked);
        onToggle(!checked);
      }}
    />
  );
}

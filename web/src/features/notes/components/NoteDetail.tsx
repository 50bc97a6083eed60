import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { Lock, Pin, PinOff } from 'lucide-react';
import { Button, LoadState, Page, Skeleton } from '@/ui';
import { DangerAction } from '@/ui/DangerAction';
import { NamedIcon } from '@/ui/pickers';
import { pinNote, updateNote, useDeleteNote, useNote, type Note } from '../api';
import { Checklist } from './Checklist';
import { NoteForm } from './NoteForm';
import { ReminderSection } from './ReminderSection';
import { ReplacedTitle } from './Replaced';
import { needMessages, useT } from '@/i18n';

/**
 * A shopping list's page: its code, its words, the catalogue of the language shown and the icons
 * load together, only when a shopping list is opened (and are precached for offline use).
 */
const ShoppingList = lazy(() =>
  Promise.all([import('../shopping/ShoppingList'), import('../shopping/catalog').then((catalog) => catalog.loadShopping()), needMessages('shopping')]).then(
    ([module]) => module,
  ),
);

export default function NoteDetail() {
  const { noteId = '' } = useParams();
  const { query, note } = useNote(noteId);
  if (note) return <NoteView note={note} />;
  return <LoadState query={query}>{(data) => <NoteView note={data} />}</LoadState>;
}

/**
 * Opened at `#item-<id>` (a search hit): the item is scrolled into view, unfolded from "Checked" if
 * it is ticked, marked for a moment and focused.
 */
function useItemInView(itemCount: number): void {
  const { hash } = useLocation();
  useEffect(() => {
    if (!hash.startsWith('#item-')) return;
    const checkbox = document.getElementById(decodeURIComponent(hash.slice(1)));
    if (!checkbox) return;
    const folded = checkbox.closest('details');
    if (folded) folded.open = true;
    const row = checkbox.closest('li') ?? checkbox;
    row.scrollIntoView({ block: 'center' });
    checkbox.focus({ preventScroll: true });
    row.classList.add('item-found');
    const timer = setTimeout(() => row.classList.remove('item-found'), 4000);
    return () => clearTimeout(timer);
  }, [hash, itemCount]);
}

function NoteView({ note }: { note: Note }) {
  const t = useT();
  const [editing, setEditing] = useState(false);
  useItemInView(note.items.length);
  const remove = useDeleteNote(note.id, () => navigate('/notes', { replace: true }));
  const navigate = useNavigate();
  return (
    <Page
      title={note.title}
      actions={
        <>
          <Button variant="secondary" onClick={() => pinNote(note, !note.isPinned)}>
            {note.isPinned ? <PinOff size={18} aria-hidden="true" /> : <Pin size={18} aria-hidden="true" />} {note.isPinned ? t('notes.unpin') : t('notes.pin')}
          </Button>
          <Button variant="secondary" onClick={() => setEditing((value) => !value)} aria-expanded={editing}>
            {t('notes.edit')}
          </Button>
        </>
      }
    >
      <p className="meta-line">
        <Link to="/notes">{t('notes.backToAll')}</Link>
        <span className="note-icon" style={{ background: note.color }}>
          <NamedIcon name={note.icon} color="#fff" />
        </span>
        {note.isPinned ? <span className="badge badge-accent">{t('notes.pinned')}</span> : null}
        {note.isPrivate ? (
          <span className="badge">
            <Lock size={12} aria-hidden="true" /> {t('notes.privateOnlyYou')}
          </span>
        ) : null}
      </p>
      <ReplacedTitle note={note} />
      {editing ? (
        <div className="card">
          <NoteForm
            initial={{ title: note.title, content: note.content ?? '', color: note.color, icon: note.icon, isPrivate: note.isPrivate }}
            askPrivacy={false}
            submitLabel={t('notes.save')}
            onCancel={() => setEditing(false)}
            onSubmit={async (body) => {
              updateNote(note, body);
              setEditing(false);
            }}
          />
        </div>
      ) : note.content ? (
        <p className="note-content">{note.content}</p>
      ) : null}
      {note.kind === 'shopping' ? (
        <Suspense fallback={<Skeleton />}>
          <ShoppingList note={note} />
        </Suspense>
      ) : (
        <Checklist note={note} />
      )}
      <ReminderSection note={note} />
      {/* deleting a note needs the network (docs/offline.md) */}
      <DangerAction
        label={t('notes.delete')}
        question={t('notes.delete.question')}
        busy={remove.isPending}
        error={remove.error}
        onConfirm={() => remove.mutate()}
      >
        {t('notes.delete.explain', { title: note.title, count: note.items.length })}
      </DangerAction>
    </Page>
  );
}

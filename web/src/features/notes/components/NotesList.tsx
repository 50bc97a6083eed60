import { useState } from 'react';
import { Link } from 'react-router';
import { Lock, Pin } from 'lucide-react';
import { EmptyState, LoadState, Page, SelectField } from '@/ui';
import { NamedIcon } from '@/ui/pickers';
import { pinNote, useNotes, type Note, type NoteSort } from '../api';
import { useT } from '@/i18n';

/** Every note the person can see, pinned ones first, each with its colour, icon and progress. */
export function NotesList() {
  const t = useT();
  const [sort, setSort] = useState<NoteSort>('-updatedDate');
  const { query, notes } = useNotes(sort);
  return (
    <Page
      title={t('nav.notes')}
      actions={
        <Link className="btn btn-primary" to="/notes/new">
          {t('notes.new')}
        </Link>
      }
    >
      <div className="toolbar">
        <SelectField label={t('notes.sortBy')} name="sort" value={sort} onChange={(event) => setSort(event.target.value as NoteSort)}>
          <option value="-updatedDate">{t('notes.sort.changed')}</option>
          <option value="-createdDate">{t('notes.sort.created')}</option>
          <option value="title">{t('notes.field.title')}</option>
        </SelectField>
      </div>
      <LoadState
        query={{ ...query, data: notes }}
        isEmpty={(list) => list.length === 0}
        empty={
          <EmptyState
            title={t('notes.empty')}
            action={
              <Link className="btn btn-primary" to="/notes/new">
                {t('notes.empty.action')}
              </Link>
            }
          >
            {t('notes.empty.hint')}
          </EmptyState>
        }
      >
        {(list) => (
          <ul className="note-grid" aria-label={t('nav.notes')}>
            {list.map((note) => (
              <NoteCard key={note.id} note={note} />
            ))}
          </ul>
        )}
      </LoadState>
    </Page>
  );
}

function NoteCard({ note }: { note: Note }) {
  const t = useT();
  const done = note.items.filter((item) => item.isCompleted).length;
  // what is still to get comes first; ticked items only fill the rest
  const preview = [...note.items.filter((item) => !item.isCompleted), ...note.items.filter((item) => item.isCompleted)].slice(0, 4);
  return (
    <li className="note-card" style={{ borderTopColor: note.color }} aria-label={note.title}>
      <div className="note-card-head">
        <span className="note-icon" style={{ background: note.color }}>
          <NamedIcon name={note.icon} color="#fff" />
        </span>
        <h2 className="note-card-title">
          <Link to={`/notes/${note.id}`}>{note.title}</Link>
        </h2>
        <button
          type="button"
          className="icon-btn"
          aria-pressed={note.isPinned}
          aria-label={note.isPinned ? t('notes.unpinItem', { title: note.title }) : t('notes.pinItem', { title: note.title })}
          onClick={() => pinNote(note, !note.isPinned)}
        >
          <Pin size={18} aria-hidden="true" />
        </button>
      </div>
      <p className="meta-line">
        {note.isPinned ? <span className="badge badge-accent">{t('notes.pinned')}</span> : null}
        {note.isPrivate ? (
          <span className="badge">
            <Lock size={12} aria-hidden="true" /> {t('notes.private')}
          </span>
        ) : null}
        {note.items.length ? <span className="muted">{t('notes.progress', { done, count: note.items.length })}</span> : null}
      </p>
      {note.content ? <p className="note-excerpt">{note.content}</p> : null}
      {note.items.length ? (
        <ul className="note-preview">
          {preview.map((item) => (
            <li key={item.id} className={item.isCompleted ? 'done' : undefined}>
              {item.isCompleted ? '☑' : '☐'} {item.text}
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

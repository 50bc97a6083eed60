import { useQueryClient } from '@tanstack/react-query';
import { useT, type MessageId } from '@/i18n';
import { Button } from '@/ui';
import { useNote } from '../api';
import { opAfterChoice, runNoteOp, type Conflict, type NoteOpMutation } from '../ops';

const FIELD_LABELS: Record<string, MessageId> = {
  title: 'notes.conflict.field.title',
  content: 'notes.conflict.field.content',
  color: 'notes.conflict.field.color',
  icon: 'notes.conflict.field.icon',
  text: 'notes.conflict.field.text',
  url: 'notes.conflict.field.url',
};

/**
 * A change of this person's that someone else's change got in the way of (412): their version and
 * the current one side by side, and nothing is sent until they choose. "Keep mine" sends theirs
 * again from the current version; "Keep theirs" keeps the current values (their changes of other
 * fields are still sent); for a delete, "Delete anyway" or "Keep it".
 */
export function ConflictNotice({ mutation, conflict, discard }: { mutation: NoteOpMutation; conflict: Conflict; discard: () => void }) {
  const t = useT();
  const client = useQueryClient();
  const op = mutation.state.variables!;
  // the note as shown (followed: its title may change while the notice is up)
  const note = useNote(op.noteId).note?.title ?? '';
  const value = (resource: object | null, field: string) => {
    const shown = (resource as Record<string, unknown> | null)?.[field];
    return typeof shown === 'string' && shown !== '' ? t('notes.conflict.quoted', { value: shown }) : t('notes.conflict.empty');
  };
  const choose = (choice: 'mine' | 'theirs') => {
    const next = opAfterChoice(op, conflict, choice);
    discard();
    if (next) runNoteOp(next, client);
  };
  const deleted = op.kind === 'deleteItem';
  const seen = deleted ? op.base : null;
  return (
    <div className="notice notice-warning conflict" role="alert">
      <p>
        {deleted
          ? t('notes.conflict.itemDeleted', { note, text: seen?.text ?? '' })
          : t(op.kind === 'updateNote' ? 'notes.conflict.noteEdited' : 'notes.conflict.itemEdited', { note })}
      </p>
      <dl className="conflict-versions">
        {conflict.fields.map((field) => (
          <div key={field}>
            <dt>{t(FIELD_LABELS[field] ?? 'notes.conflict.field.text')}</dt>
            <dd>{t(deleted ? 'notes.conflict.seen' : 'notes.conflict.yours', { value: value(deleted ? seen! : conflict.mine, field) })}</dd>
            <dd>{t('notes.conflict.current', { value: value(conflict.current, field) })}</dd>
          </div>
        ))}
      </dl>
      <div className="actions">
        <Button onClick={() => choose('mine')}>{t(deleted ? 'notes.conflict.deleteAnyway' : 'notes.conflict.keepMine')}</Button>
        <Button variant="secondary" onClick={() => choose('theirs')}>
          {t(deleted ? 'notes.conflict.keepItem' : 'notes.conflict.keepTheirs')}
        </Button>
      </div>
    </div>
  );
}

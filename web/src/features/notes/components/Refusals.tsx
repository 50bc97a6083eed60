import { useMutationState, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { describeProblem, ProblemError } from '@/api/problem';
import { Button } from '@/ui';
import { findNote, newId, NOTE_OP_KEY, RefusalError, runNoteOp, type NoteOp, type NoteOpMutation, type Refusal } from '../ops';
import { ConflictNotice } from './Conflict';
import { useT, type Translate } from '@/i18n';

/** Why an operation was refused: a RefusalError here, plain data once restored from IndexedDB. */
export function refusalOf(error: unknown): Refusal {
  if (error instanceof RefusalError) return error.refusal;
  const stored = (error as { refusal?: Refusal } | null)?.refusal;
  return stored ?? { status: 0, code: 'UNKNOWN', detail: describeProblem(error) };
}

/** Why, in the app's words: the message for the refusal's code, else what the service said. */
function reasonOf(refusal: Refusal): string {
  return describeProblem(new ProblemError(refusal.status, { code: refusal.code, detail: refusal.detail, limit: refusal.limit }));
}

/** What the operation was, in the person's words. */
function describe(t: Translate, client: QueryClient, op: NoteOp): string {
  const note = findNote(client, op.noteId);
  const item = 'itemId' in op ? note?.items.find((candidate) => candidate.id === op.itemId) : undefined;
  const known = 'fields' in op && 'text' in op.fields ? op.fields.text : item?.text;
  const what = known !== undefined ? t('notes.refusal.quoted', { text: known }) : t('notes.refusal.anItem');
  const on = note ? t('notes.refusal.on', { title: note.title }) : '';
  switch (op.kind) {
    case 'createNote':
      return t('notes.refusal.createNote', { title: op.fields.title });
    case 'updateNote':
      return t('notes.refusal.updateNote', { title: op.fields.title });
    case 'pin':
      return t(op.isPinned ? 'notes.refusal.pin' : 'notes.refusal.unpin', {
        what: note ? t('notes.refusal.quoted', { text: note.title }) : t('notes.refusal.aNote'),
      });
    case 'addItem':
      return t('notes.refusal.addItem', { what, on });
    case 'updateItem':
      return t('notes.refusal.updateItem', { what, on });
    case 'setItem':
      return t(op.isCompleted ? 'notes.refusal.tick' : 'notes.refusal.untick', { what, on });
    case 'deleteItem':
      return t('notes.refusal.deleteItem', { what, on });
    case 'reorder':
      return t('notes.refusal.reorder', { on });
  }
}

/**
 * Changes the server refused, each with the reason and a choice: send it again or discard it. A
 * note someone deleted while this person changed it offline is told once, with the choice to bring
 * their text back as a new note.
 */
export function Refusals() {
  const t = useT();
  const client = useQueryClient();
  const navigate = useNavigate();
  const refused = useMutationState({ filters: { mutationKey: NOTE_OP_KEY, status: 'error' }, select: (mutation) => mutation as NoteOpMutation });
  if (refused.length === 0) return null;
  const cache = client.getMutationCache();
  const discard = (mutations: NoteOpMutation[]) => mutations.forEach((mutation) => cache.remove(mutation));
  const deleted = new Map<string, NoteOpMutation[]>();
  const others: NoteOpMutation[] = [];
  for (const mutation of refused) {
    const refusal = refusalOf(mutation.state.error);
    if (refusal.deletedNote) deleted.set(mutation.state.variables!.noteId, [...(deleted.get(mutation.state.variables!.noteId) ?? []), mutation]);
    else others.push(mutation);
  }
  return (
    <section className="refusals" aria-label={t('notes.refusal.label')}>
      {[...deleted.entries()].map(([noteId, mutations]) => {
        const { deletedNote } = refusalOf(mutations[0].state.error);
        const restore = () => {
          const copy = newId();
          runNoteOp({ kind: 'createNote', noteId: copy, fields: { ...deletedNote!.fields, isPrivate: false } });
          for (const item of deletedNote!.items) runNoteOp({ kind: 'addItem', noteId: copy, itemId: newId(), fields: item });
          discard(mutations);
          navigate(`/notes/${copy}`);
        };
        return (
          <div key={noteId} className="notice notice-warning" role="alert">
            <p>{t('notes.refusal.deleted', { title: deletedNote!.fields.title, count: mutations.length })}</p>
            <div className="actions">
              <Button onClick={restore}>{t('notes.refusal.restore')}</Button>
              <Button variant="secondary" onClick={() => discard(mutations)}>
                {t('notes.refusal.discard')}
              </Button>
            </div>
          </div>
        );
      })}
      {others.map((mutation) => {
        const op = mutation.state.variables!;
        const { conflict } = refusalOf(mutation.state.error);
        // someone else changed what this person changed: both versions, and their choice
        if (conflict) return <ConflictNotice key={mutation.mutationId} mutation={mutation} conflict={conflict} discard={() => discard([mutation])} />;
        return (
          <div key={mutation.mutationId} className="notice notice-warning" role="alert">
            <p>{t('notes.refusal.notSaved', { what: describe(t, client, op), reason: reasonOf(refusalOf(mutation.state.error)) })}</p>
            <div className="actions">
              <Button
                onClick={() => {
                  discard([mutation]);
                  runNoteOp(op);
                }}
              >
                {t('common.tryAgain')}
              </Button>
              <Button variant="secondary" onClick={() => discard([mutation])}>
                {t('notes.refusal.discard')}
              </Button>
            </div>
          </div>
        );
      })}
    </section>
  );
}

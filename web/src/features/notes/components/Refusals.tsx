import { useMutationState, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { describeProblem } from '@/api/problem';
import { Button } from '@/ui';
import { findNote, newId, NOTE_OP_KEY, RefusalError, runNoteOp, type NoteOp, type NoteOpMutation, type Refusal } from '../ops';
import { ConflictNotice } from './Conflict';

/** Why an operation was refused: a RefusalError here, plain data once restored from IndexedDB. */
export function refusalOf(error: unknown): Refusal {
  if (error instanceof RefusalError) return error.refusal;
  const stored = (error as { refusal?: Refusal } | null)?.refusal;
  return stored ?? { status: 0, code: 'UNKNOWN', detail: describeProblem(error) };
}

/** What the operation was, in the person's words. */
function describe(client: QueryClient, op: NoteOp): string {
  const note = findNote(client, op.noteId);
  const item = 'itemId' in op ? note?.items.find((candidate) => candidate.id === op.itemId) : undefined;
  const itemText = 'fields' in op && 'text' in op.fields ? op.fields.text : (item?.text ?? 'an item');
  const on = note ? ` on “${note.title}”` : '';
  switch (op.kind) {
    case 'createNote':
      return `New note “${op.fields.title}”`;
    case 'updateNote':
      return `Changes to “${op.fields.title}”`;
    case 'pin':
      return `${op.isPinned ? 'Pinning' : 'Unpinning'} “${note?.title ?? 'a note'}”`;
    case 'addItem':
      return `Adding “${itemText}”${on}`;
    case 'updateItem':
      return `Changing “${itemText}”${on}`;
    case 'setItem':
      return `${op.isCompleted ? 'Ticking' : 'Unticking'} “${itemText}”${on}`;
    case 'deleteItem':
      return `Deleting “${itemText}”${on}`;
    case 'reorder':
      return `The new order${on}`;
  }
}

/**
 * Changes the server refused, each with the reason and a choice: send it again or discard it. A
 * note someone deleted while this person changed it offline is told once, with the choice to bring
 * their text back as a new note.
 */
export function Refusals() {
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
    <section className="refusals" aria-label="Changes not saved">
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
            <p>
              “{deletedNote!.fields.title}” was deleted by someone else while you were changing it, so your {mutations.length === 1 ? 'change was' : `${mutations.length} changes were`}{' '}
              not saved.
            </p>
            <div className="actions">
              <Button onClick={restore}>Restore my text as a new note</Button>
              <Button variant="secondary" onClick={() => discard(mutations)}>
                Discard
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
            <p>
              {describe(client, op)} was not saved: {refusalOf(mutation.state.error).detail}
            </p>
            <div className="actions">
              <Button
                onClick={() => {
                  discard([mutation]);
                  runNoteOp(op);
                }}
              >
                Try again
              </Button>
              <Button variant="secondary" onClick={() => discard([mutation])}>
                Discard
              </Button>
            </div>
          </div>
        );
      })}
    </section>
  );
}

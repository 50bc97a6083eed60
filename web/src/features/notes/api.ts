/**
 * Notes: the queries of the notes pages (TanStack Query owns every response) and their writes, each
 * queued as an operation (ops.ts) that shows at once and is sent in order, offline or not.
 */
import { useMemo } from 'react';
import { useMutation, useMutationState, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call, type Schema } from '@/api/client';
import { useNotificationSettings } from '@/api/notification-settings';
import { useSession } from '@/api/session-context';
import { createdNote, findNote, listKey, listWithOps, newId, NOTE_OP_KEY, noteKey, runNoteOp, withOps, type NoteOp } from './ops';
import type { Note, NoteChanges, NoteInput, NoteItem, NoteSort } from './types';
import { fieldsOf, type ItemFields } from './merge';
import { queryKeys } from '@/api/query-keys';

export type { Note, NoteChanges, NoteInput, NoteItem, NoteSort } from './types';

export { noteKey, notesKey } from './ops';

/** The queued operations not yet answered, in the order they were made. */
export function usePendingOps(): NoteOp[] {
  return useMutationState({ filters: { mutationKey: NOTE_OP_KEY, status: 'pending' }, select: (mutation) => mutation.state.variables as NoteOp });
}

/** Every note the person can see, with their queued changes applied. */
export function useNotes(sort: NoteSort) {
  const ops = usePendingOps();
  const { claims } = useSession();
  const query = useQuery({ queryKey: queryKeys.notes.list(sort), queryFn: () => call(api.GET('/api/v1/notes', { params: { query: { sort } } })) });
  const notes = useMemo(() => (query.data ? listWithOps(query.data, ops, claims?.userId ?? null) : undefined), [query.data, ops, claims?.userId]);
  return { query, notes };
}

/**
 * One note with the person's queued changes applied: shown at once from a list while it loads, and
 * from the queue alone while a note created offline waits to be sent.
 */
export function useNote(noteId: string) {
  const client = useQueryClient();
  const ops = usePendingOps();
  const { claims } = useSession();
  const creating = ops.find((op): op is Extract<NoteOp, { kind: 'createNote' }> => op.kind === 'createNote' && op.noteId === noteId);
  const query = useQuery({
    queryKey: noteKey(noteId),
    queryFn: () => call(api.GET('/api/v1/notes/{noteId}', { params: { path: { noteId } } })),
    // the list already holds the note: show it at once, refresh behind
    placeholderData: () => findNote(client, noteId),
    // not on the server yet
    enabled: !creating,
  });
  const base = query.data ?? (creating ? createdNote(creating, claims?.userId ?? null) : undefined);
  const note = useMemo(() => (base ? withOps(base, ops) : undefined), [base, ops]);
  return { query, note };
}

export function useCreateNote() {
  return (fields: NoteInput): string => {
    const noteId = newId();
    runNoteOp({
      kind: 'createNote',
      noteId,
      fields: {
        title: fields.title,
        content: fields.content ?? null,
        color: fields.color ?? '#3B82F6',
        icon: fields.icon ?? 'ShoppingCart',
        isPrivate: fields.isPrivate ?? false,
        kind: fields.kind ?? 'list',
      },
    });
    return noteId;
  };
}

/** Edits title, text, colour and icon from the note as shown (its version is the If-Match). */
export function updateNote(note: Note, fields: NoteChanges): void {
  const base = { title: note.title, content: note.content, color: note.color, icon: note.icon, version: note.version };
  runNoteOp({
    kind: 'updateNote',
    noteId: note.id,
    base,
    fields: { title: fields.title, content: fields.content ?? null, color: fields.color ?? note.color, icon: fields.icon ?? note.icon },
  });
}

export function pinNote(note: Note, isPinned: boolean): void {
  runNoteOp({ kind: 'pin', noteId: note.id, isPinned });
}

export function addItem(noteId: string, fields: { text: string; url: string | null }): void {
  runNoteOp({ kind: 'addItem', noteId, itemId: newId(), fields });
}

/** Edits an item from the item as shown: the base holds the same fields (a shopping list's quantity and aisle too) and the version. */
export function updateItem(noteId: string, item: NoteItem, fields: ItemFields): void {
  runNoteOp({ kind: 'updateItem', noteId, itemId: item.id, base: fieldsOf(item, fields), fields });
}

export function setItemCompleted(noteId: string, itemId: string, isCompleted: boolean): void {
  runNoteOp({ kind: 'setItem', noteId, itemId, isCompleted });
}

/** Deletes the item as shown (its version is the If-Match: a change by someone else meanwhile is shown, not deleted blindly). */
export function deleteItem(noteId: string, item: NoteItem): void {
  runNoteOp({ kind: 'deleteItem', noteId, itemId: item.id, base: { text: item.text, url: item.url, version: item.version } });
}

export function reorderItems(noteId: string, itemIds: string[]): void {
  runNoteOp({ kind: 'reorder', noteId, itemIds });
}

/** `leave` runs before the caches are touched, so the deleted note's page is gone before anything refetches it. */
export function useDeleteNote(noteId: string, leave: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await call(api.DELETE('/api/v1/notes/{noteId}', { params: { path: { noteId } } }));
      leave();
    },
    onSuccess: () => {
      client.removeQueries({ queryKey: noteKey(noteId) });
      return client.invalidateQueries({ queryKey: listKey });
    },
  });
}

export type NoteReminder = Schema<'NoteReminderDto'>;
export type NoteReminderInput = Schema<'SetNoteReminderDto'>;

/** The note as the answer shows it, in its page and in the lists. */
function useReminderMutation<T>(noteId: string, send: (input: T) => Promise<Note>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (note) => {
      client.setQueryData(noteKey(noteId), note);
      return client.invalidateQueries({ queryKey: listKey });
    },
  });
}

/** Sets (or replaces) the note's reminder; needs the network (the server works out its times). */
export function useSetReminder(noteId: string) {
  return useReminderMutation(noteId, (body: NoteReminderInput) => call(api.PUT('/api/v1/notes/{noteId}/reminder', { params: { path: { noteId } }, body })));
}

export function useRemoveReminder(noteId: string) {
  return useReminderMutation(noteId, () => call(api.DELETE('/api/v1/notes/{noteId}/reminder', { params: { path: { noteId } } })));
}

/** The person's own time zone (their notification settings), the default of a reminder's zone. */
export function useOwnTimeZone(): string | undefined {
  return useNotificationSettings().data?.timeZone;
}

/** Notes: the queries and the mutations of the notes pages (TanStack Query owns every response). */
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, call, type Schema } from '@/api/client';

export type Note = Schema<'NoteDto'>;
export type NoteItem = Schema<'NoteItemDto'>;
export type NoteInput = Schema<'CreateNoteDto'>;
export type NoteChanges = Schema<'UpdateNoteDto'>;
export type NoteSort = 'title' | '-updatedDate' | '-createdDate';

export const notesKey = ['notes'] as const;
const listKey = (sort: NoteSort) => ['notes', 'list', sort] as const;
export const noteKey = (noteId: string) => ['notes', 'detail', noteId] as const;

export function useNotes(sort: NoteSort) {
  return useQuery({ queryKey: listKey(sort), queryFn: () => call(api.GET('/api/v1/notes', { params: { query: { sort } } })) });
}

export function useNote(noteId: string) {
  const client = useQueryClient();
  return useQuery({
    queryKey: noteKey(noteId),
    queryFn: () => call(api.GET('/api/v1/notes/{noteId}', { params: { path: { noteId } } })),
    // the list already holds the note: show it at once, refresh behind
    placeholderData: () => findInLists(client, noteId),
  });
}

function findInLists(client: QueryClient, noteId: string): Note | undefined {
  for (const [, notes] of client.getQueriesData<Note[]>({ queryKey: ['notes', 'list'] })) {
    const found = notes?.find((note) => note.id === noteId);
    if (found) return found;
  }
  return undefined;
}

/** Replaces the items of a cached note (after an item call answered with the item or the list). */
function setItems(client: QueryClient, noteId: string, update: (items: NoteItem[]) => NoteItem[]) {
  client.setQueryData<Note>(noteKey(noteId), (note) => (note ? { ...note, items: update(note.items) } : note));
}

export function useCreateNote() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NoteInput) => call(api.POST('/api/v1/notes', { body })),
    onSuccess: (note) => {
      client.setQueryData(noteKey(note.id), note);
      return client.invalidateQueries({ queryKey: ['notes', 'list'] });
    },
  });
}

export function useUpdateNote(noteId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NoteChanges) => call(api.PUT('/api/v1/notes/{noteId}', { params: { path: { noteId } }, body })),
    onSuccess: (note) => {
      client.setQueryData(noteKey(noteId), note);
      return client.invalidateQueries({ queryKey: ['notes', 'list'] });
    },
  });
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
      return client.invalidateQueries({ queryKey: ['notes', 'list'] });
    },
  });
}

export function usePinNote() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ noteId, isPinned }: { noteId: string; isPinned: boolean }) =>
      call(api.PATCH('/api/v1/notes/{noteId}/pin', { params: { path: { noteId } }, body: { isPinned } })),
    onSuccess: (note) => {
      client.setQueryData(noteKey(note.id), note);
      return client.invalidateQueries({ queryKey: ['notes', 'list'] });
    },
  });
}

export function useAddItem(noteId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Schema<'NoteItemInputDto'>) => call(api.POST('/api/v1/notes/{noteId}/items', { params: { path: { noteId } }, body })),
    // the API renumbers the others: read the note again
    onSuccess: () => client.invalidateQueries({ queryKey: notesKey }),
  });
}

export function useUpdateItem(noteId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ itemId, body }: { itemId: string; body: Schema<'NoteItemInputDto'> }) =>
      call(api.PUT('/api/v1/notes/{noteId}/items/{noteItemId}', { params: { path: { noteId, noteItemId: itemId } }, body })),
    onSuccess: (item) => {
      setItems(client, noteId, (items) => items.map((candidate) => (candidate.id === item.id ? item : candidate)));
      return client.invalidateQueries({ queryKey: ['notes', 'list'] });
    },
  });
}

/** Ticks at once; a refused toggle (rate limit, outage) puts the box back and says why. */
export function useToggleItem(noteId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (itemId: string) =>
      call(api.PATCH('/api/v1/notes/{noteId}/items/{noteItemId}/toggle', { params: { path: { noteId, noteItemId: itemId } } })),
    onMutate: async (itemId) => {
      await client.cancelQueries({ queryKey: noteKey(noteId) });
      const previous = client.getQueryData<Note>(noteKey(noteId));
      setItems(client, noteId, (items) => items.map((item) => (item.id === itemId ? { ...item, isCompleted: !item.isCompleted } : item)));
      return { previous };
    },
    onError: (_error, _itemId, context) => {
      if (context?.previous) client.setQueryData(noteKey(noteId), context.previous);
    },
    onSettled: () => client.invalidateQueries({ queryKey: notesKey }),
  });
}

/**
 * Moves at once (synchronously, so a dropped item does not jump back for a frame); a refused order
 * goes back to the previous one. Either way the note is read again afterwards.
 */
export function useReorderItems(noteId: string) {
  const client = useQueryClient();
  const mutation = useMutation({
    mutationFn: (itemIds: string[]) => call(api.PATCH('/api/v1/notes/{noteId}/items/order', { params: { path: { noteId } }, body: { itemIds } })),
    onSuccess: (items) => setItems(client, noteId, () => items),
    onSettled: () => client.invalidateQueries({ queryKey: notesKey }),
  });
  const reorder = (itemIds: string[]) => {
    const previous = client.getQueryData<Note>(noteKey(noteId));
    setItems(client, noteId, (items) => itemIds.map((id, order) => ({ ...(items.find((item) => item.id === id) as NoteItem), order })));
    mutation.mutate(itemIds, { onError: () => client.setQueryData(noteKey(noteId), previous) });
  };
  return { reorder, error: mutation.error };
}

export function useDeleteItem(noteId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (itemId: string) => call(api.DELETE('/api/v1/notes/{noteId}/items/{noteItemId}', { params: { path: { noteId, noteItemId: itemId } } })),
    onSuccess: () => client.invalidateQueries({ queryKey: notesKey }),
  });
}

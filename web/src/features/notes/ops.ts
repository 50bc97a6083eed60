/**
 * Every write of the notes pages as a queued operation (docs/offline.md): a TanStack Query mutation
 * with one key and one scope, so operations run one at a time in the order they were made, pause
 * while offline, survive a reload (the persister in app/offline keeps the paused ones in
 * IndexedDB) and are sent again safely: creates carry a client-made id, ticks set instead of
 * flipping, edits name the version they started from. Until the server has answered, the pages show
 * each note with its queued operations applied on top (`withOps`), so nothing typed waits for the
 * network.
 */
import { type Mutation, type QueryClient } from '@tanstack/react-query';
import { v7 as uuidv7 } from 'uuid';
import { api, call } from '@/api/client';
import { ProblemError, type ProblemLimit } from '@/api/problem';
import type { Note, NoteItem } from './types';
import { afterVersionConflict, fieldsOf, mergeOrder, ownTexts, type Conflict, type ItemFields, type NoteFields, type NoteOp, type OwnTexts } from './merge';
import { queryKeys } from '@/api/query-keys';

export { createdNote, listWithOps, opAfterChoice, withOps, type Conflict, type NoteOp } from './merge';

export const NOTE_OP_KEY = ['notes', 'op'] as const;
export const notesKey = queryKeys.notes.all;
export const listKey = queryKeys.notes.lists;
export const noteKey = queryKeys.notes.detail;
/** Texts this person wrote, to tell them when someone else's later edit replaced one (docs/offline.md). */
export const myEditsKey = queryKeys.notes.myEdits;

/** A new client-made id (time-ordered; works on plain-HTTP LAN addresses, where crypto.randomUUID does not). */
export const newId = (): string => uuidv7();

/** Worth sending again later: no network, an outage, a rate limit. Everything else is the server's answer. */
export function isTransient(error: unknown): boolean {
  if (error instanceof ProblemError) return error.status >= 500 || error.status === 429 || error.status === 408;
  return error instanceof TypeError;
}

/** Why the server refused an operation, kept with it (persisted as plain data). */
export interface Refusal {
  status: number;
  code: string;
  detail: string;
  /** the limit gone past (ITEM_LIMIT), for the message in the person's language */
  limit?: ProblemLimit;
  /** the note was deleted meanwhile: what this person had of it, to restore as a new note */
  deletedNote?: { fields: NoteFields; items: ItemFields[] };
  /** someone else changed what this person changed (412): both versions, for the person to choose */
  conflict?: Conflict;
}

export class RefusalError extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusal.detail);
    this.name = 'RefusalError';
  }
}

const path = (noteId: string) => ({ path: { noteId } });
const itemPath = (noteId: string, itemId: string) => ({ path: { noteId, noteItemId: itemId } });
const ifMatch = (version: number) => ({ 'If-Match': `"${version}"` });

/** Sends one operation; the server's refusals become a RefusalError, anything transient is thrown as it is (retried). */
export async function sendNoteOp(op: NoteOp, client: QueryClient = queryClient): Promise<Note | NoteItem | NoteItem[] | null> {
  try {
    return await send(op);
  } catch (error) {
    if (isTransient(error) || !(error instanceof ProblemError)) throw error;
    // a repeat of a delete that reached the server already
    if (op.kind === 'deleteItem' && error.status === 404) return null;
    const refusal: Refusal = { status: error.status, code: error.code, detail: error.detail, ...(error.limit ? { limit: error.limit } : {}) };
    // a missing note, not a missing item (both are 404 NOT_FOUND): the problem names what was not found
    if (error.code === 'NOT_FOUND' && error.entity === 'Note') refusal.deletedNote = lastSeen(client, op.noteId);
    throw new RefusalError(refusal);
  }
}

async function send(op: NoteOp): Promise<Note | NoteItem | NoteItem[] | null> {
  switch (op.kind) {
    case 'createNote':
      return call(api.POST('/api/v1/notes', { body: { id: op.noteId, ...op.fields } }));
    case 'updateNote':
      return sendVersioned(op.base, op.fields, (fields, version) =>
        call(api.PUT('/api/v1/notes/{noteId}', { params: { ...path(op.noteId), header: ifMatch(version) }, body: fields })),
      );
    case 'pin':
      return call(api.PATCH('/api/v1/notes/{noteId}/pin', { params: path(op.noteId), body: { isPinned: op.isPinned } }));
    case 'addItem': {
      const { catalogItemId, ...fields } = op.fields;
      return call(
        api.POST('/api/v1/notes/{noteId}/items', { params: path(op.noteId), body: { id: op.itemId, ...fields, ...(catalogItemId ? { catalogItemId } : {}) } }),
      );
    }
    case 'updateItem':
      return sendVersioned(op.base, op.fields, (fields, version) =>
        call(api.PUT('/api/v1/notes/{noteId}/items/{noteItemId}', { params: { ...itemPath(op.noteId, op.itemId), header: ifMatch(version) }, body: fields })),
      );
    case 'setItem':
      return call(
        api.PATCH('/api/v1/notes/{noteId}/items/{noteItemId}/toggle', { params: itemPath(op.noteId, op.itemId), body: { isCompleted: op.isCompleted } }),
      );
    case 'deleteItem':
      await deleteVersioned(op);
      return null;
    case 'reorder': {
      // the order is of the items this person saw; others may have added or deleted some since
      const current = await call(api.GET('/api/v1/notes/{noteId}', { params: path(op.noteId) }));
      return call(api.PATCH('/api/v1/notes/{noteId}/items/order', { params: path(op.noteId), body: { itemIds: mergeOrder(op.itemIds, current.items) } }));
    }
  }
}

/**
 * An edit made from `base`: sent with If-Match of the base's version. When someone changed the
 * resource meanwhile (412), fields only one side changed merge (the other side's values for the
 * fields this person left alone) and the edit goes again from the current version; a field both
 * changed is never decided here: the operation is refused with both versions (a Conflict), and only
 * the person's choice sends anything (docs/offline.md).
 */
async function sendVersioned<F extends NoteFields | ItemFields, T>(
  base: F & { version: number },
  mine: F,
  put: (fields: F, version: number) => Promise<T>,
): Promise<T> {
  let from = base;
  let fields = mine;
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await put(fields, from.version);
    } catch (error) {
      if (!(error instanceof ProblemError) || error.code !== 'VERSION_CONFLICT' || attempt >= 3) throw error;
      const current = fieldsOf(error.current as F & { version: number }, mine);
      const outcome = afterVersionConflict<F>(from, fields, current);
      if ('conflicts' in outcome) throw conflictError(error, { fields: outcome.conflicts, mine: fields, current });
      fields = outcome.resend;
      from = current;
    }
  }
}

/**
 * A delete names the version it was seen at (If-Match). Someone's tick or move meanwhile changes
 * nothing of what the person saw: deleted all the same, from the current version. A changed text
 * or link is shown to the person, who deletes anyway or keeps it.
 */
async function deleteVersioned(op: Extract<NoteOp, { kind: 'deleteItem' }>): Promise<void> {
  const remove = (version?: number) =>
    call(
      api.DELETE('/api/v1/notes/{noteId}/items/{noteItemId}', {
        params: { ...itemPath(op.noteId, op.itemId), ...(version ? { header: ifMatch(version) } : {}) },
      }),
    );
  try {
    await remove(op.base?.version);
  } catch (error) {
    if (!op.base || !(error instanceof ProblemError) || error.code !== 'VERSION_CONFLICT') throw error;
    const seen: ItemFields = { text: op.base.text, url: op.base.url };
    const current = fieldsOf(error.current as ItemFields & { version: number }, seen);
    const changed = (Object.keys(seen) as (keyof ItemFields)[]).filter((key) => seen[key] !== current[key]);
    if (changed.length) throw conflictError(error, { fields: changed, mine: null, current });
    await remove(current.version);
  }
}

function conflictError(error: ProblemError, conflict: Conflict): RefusalError {
  return new RefusalError({ status: error.status, code: error.code, detail: error.detail, conflict });
}

/** The note as this person last saw it (to restore it if someone deleted it meanwhile). */
function lastSeen(client: QueryClient, noteId: string): Refusal['deletedNote'] {
  const note = findNote(client, noteId);
  if (!note) return undefined;
  return {
    fields: { title: note.title, content: note.content, color: note.color, icon: note.icon },
    items: note.items.map(({ text, url }) => ({ text, url })),
  };
}

export function findNote(client: QueryClient, noteId: string): Note | undefined {
  const detail = client.getQueryData<Note>(noteKey(noteId));
  if (detail) return detail;
  for (const [, notes] of client.getQueriesData<Note[]>({ queryKey: listKey })) {
    const found = notes?.find((note) => note.id === noteId);
    if (found) return found;
  }
  return undefined;
}

/** Applies a change to a note wherever the cache holds it (its page and every list). */
function patchNote(client: QueryClient, noteId: string, change: (note: Note) => Note): void {
  client.setQueryData<Note>(noteKey(noteId), (note) => (note ? change(note) : note));
  client.setQueriesData<Note[]>({ queryKey: listKey }, (notes) => notes?.map((note) => (note.id === noteId ? change(note) : note)));
}

const withItems = (note: Note, items: NoteItem[]): Note => ({ ...note, items: items.map((item, order) => ({ ...item, order })) });

/** Writes the server's answer into the cache, so the page keeps showing it once the operation is no longer queued. */
function store(client: QueryClient, op: NoteOp, answer: Note | NoteItem | NoteItem[] | null): void {
  switch (op.kind) {
    case 'createNote': {
      const note = answer as Note;
      client.setQueryData(noteKey(note.id), note);
      client.setQueriesData<Note[]>({ queryKey: listKey }, (notes) => (notes && !notes.some((n) => n.id === note.id) ? [note, ...notes] : notes));
      return;
    }
    case 'updateNote':
    case 'pin': {
      const note = answer as Note;
      patchNote(client, op.noteId, () => note);
      remember(client, note.id, ownTexts(op, note));
      return;
    }
    case 'addItem': {
      const item = answer as NoteItem;
      // the server merged it into an item already there (one this device may not have known of)
      if (item.id !== op.itemId) for (const listener of mergedListeners) listener({ noteId: op.noteId, itemId: item.id });
      patchNote(client, op.noteId, (note) => {
        const items = note.items.filter((candidate) => candidate.id !== item.id);
        items.splice(Math.min(item.order, items.length), 0, item);
        return withItems(note, items);
      });
      return;
    }
    case 'updateItem':
    case 'setItem': {
      const item = answer as NoteItem;
      patchNote(client, op.noteId, (note) => ({ ...note, items: note.items.map((candidate) => (candidate.id === item.id ? item : candidate)) }));
      remember(client, item.id, ownTexts(op, item));
      return;
    }
    case 'deleteItem':
      patchNote(client, op.noteId, (note) =>
        withItems(
          note,
          note.items.filter((item) => item.id !== op.itemId),
        ),
      );
      return;
    case 'reorder':
      patchNote(client, op.noteId, (note) => withItems(note, answer as NoteItem[]));
      return;
  }
}

const mergedListeners = new Set<(merged: { noteId: string; itemId: string }) => void>();

/** Tells `listener` of every add the server merged into an existing item; returns the unsubscribe. */
export function onMerged(listener: (merged: { noteId: string; itemId: string }) => void): () => void {
  mergedListeners.add(listener);
  return () => mergedListeners.delete(listener);
}

/** Texts this person wrote, by note or item id, with the version the server gave them and when. */
export interface MyEdit extends OwnTexts {
  at: number;
}
/** How long a text of one's own is watched for someone else's replacing it. */
const WATCH_MS = 24 * 60 * 60 * 1000;

function remember(client: QueryClient, id: string, edit: OwnTexts | null): void {
  if (!edit) return;
  client.setQueryData<Record<string, MyEdit>>(myEditsKey, (edits = {}) => {
    const now = Date.now();
    const kept = Object.fromEntries(Object.entries(edits).filter(([, value]) => now - value.at < WATCH_MS));
    return { ...kept, [id]: { ...edit, at: now } };
  });
}

export function forgetEdit(client: QueryClient, id: string): void {
  client.setQueryData<Record<string, MyEdit>>(myEditsKey, (edits = {}) => Object.fromEntries(Object.entries(edits).filter(([key]) => key !== id)));
}

/** The app's query client (set once by `registerNoteOps`). */
let queryClient: QueryClient;

/**
 * Makes the operations known to the app's query client: called by the app when it creates the
 * client, before any queued operation is restored from the device and resumed.
 */
export function registerNoteOps(client: QueryClient): void {
  queryClient = client;
  client.setMutationDefaults(NOTE_OP_KEY, {
    mutationFn: (op: NoteOp) => sendNoteOp(op, client),
    // one at a time, in the order made: an add is sent before the tick of the added item
    scope: { id: 'notes' },
    retry: (_failures, error) => isTransient(error),
    retryDelay: (failures, error) => (error instanceof ProblemError && error.retryAfter ? error.retryAfter * 1000 : Math.min(1000 * 2 ** failures, 30_000)),
    onSuccess: (answer, op: NoteOp) => {
      store(client, op, answer as Note | NoteItem | NoteItem[] | null);
      // once the queue is empty, read everything again (others' changes, the server's order)
      if (client.isMutating({ mutationKey: NOTE_OP_KEY }) <= 1) void client.invalidateQueries({ queryKey: notesKey, refetchType: 'active' });
    },
  });
}

/** Queues an operation: it shows at once and is sent when it can be, after those queued before it. */
export function runNoteOp(op: NoteOp, client: QueryClient = queryClient): void {
  const mutation = client.getMutationCache().build(client, { mutationKey: NOTE_OP_KEY });
  void mutation.execute(op).catch(() => undefined);
}

export type NoteOpMutation = Mutation<unknown, unknown, NoteOp, unknown>;

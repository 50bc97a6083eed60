/**
 * The pure part of notes' queued operations (ops.ts): what an operation is, how the queued ones
 * apply on top of what the server sent, and how an edit or an order merges with what others did
 * meanwhile (docs/offline.md). No network, no cache: unit-tested in merge.test.ts.
 */
import type { Note, NoteItem } from './api';

export type NoteFields = Pick<Note, 'title' | 'content' | 'color' | 'icon'>;
export type ItemFields = Pick<NoteItem, 'text' | 'url'>;

export type NoteOp =
  | { kind: 'createNote'; noteId: string; fields: NoteFields & { isPrivate: boolean } }
  | { kind: 'updateNote'; noteId: string; fields: NoteFields; base: NoteFields & { version: number } }
  | { kind: 'pin'; noteId: string; isPinned: boolean }
  | { kind: 'addItem'; noteId: string; itemId: string; fields: ItemFields }
  | { kind: 'updateItem'; noteId: string; itemId: string; fields: ItemFields; base: ItemFields & { version: number } }
  | { kind: 'setItem'; noteId: string; itemId: string; isCompleted: boolean }
  | { kind: 'deleteItem'; noteId: string; itemId: string }
  | { kind: 'reorder'; noteId: string; itemIds: string[] };

/** Field by field: mine where I changed it from the base, else the current value. */
export function mergeFields<F extends object>(base: F, mine: F, current: F): F {
  const merged = { ...mine };
  for (const key of Object.keys(mine) as (keyof F)[]) {
    if (mine[key] === base[key]) merged[key] = current[key];
  }
  return merged;
}

/** The wanted order over the note's current items: ids gone are dropped, new ones keep their place after the item before them. */
export function mergeOrder(wanted: string[], current: Pick<NoteItem, 'id'>[]): string[] {
  const present = new Set(current.map((item) => item.id));
  const order = wanted.filter((id) => present.has(id));
  const placed = new Set(order);
  current.forEach((item, index) => {
    if (placed.has(item.id)) return;
    const before = current.slice(0, index).reverse().find((candidate) => placed.has(candidate.id));
    order.splice(before ? order.indexOf(before.id) + 1 : 0, 0, item.id);
    placed.add(item.id);
  });
  return order;
}

/** The note with the queued operations applied, in order (what the server will hold once they are sent). */
export function withOps(note: Note, ops: NoteOp[]): Note {
  let items = [...note.items].sort((a, b) => a.order - b.order);
  let result: Note = { ...note };
  for (const op of ops) {
    if (op.noteId !== note.id) continue;
    switch (op.kind) {
      case 'updateNote':
        result = { ...result, ...op.fields };
        break;
      case 'pin':
        result = { ...result, isPinned: op.isPinned };
        break;
      case 'addItem':
        if (!items.some((item) => item.id === op.itemId)) {
          // as the server does: right after the last open item
          const lastOpen = items.map((item) => item.isCompleted).lastIndexOf(false);
          items.splice(lastOpen + 1, 0, { id: op.itemId, text: op.fields.text, url: op.fields.url ?? null, isCompleted: false, order: 0, version: 0 });
        }
        break;
      case 'updateItem':
        items = items.map((item) => (item.id === op.itemId ? { ...item, ...op.fields } : item));
        break;
      case 'setItem':
        items = items.map((item) => (item.id === op.itemId ? { ...item, isCompleted: op.isCompleted } : item));
        break;
      case 'deleteItem':
        items = items.filter((item) => item.id !== op.itemId);
        break;
      case 'reorder': {
        const ids = mergeOrder(op.itemIds, items);
        items = ids.map((id) => items.find((item) => item.id === id)!);
        break;
      }
      case 'createNote':
        break;
    }
  }
  return { ...result, items: items.map((item, order) => ({ ...item, order })) };
}

/** A note created by a queued operation that the server has not answered yet. */
export function createdNote(op: Extract<NoteOp, { kind: 'createNote' }>, createdBy: string | null): Note {
  const now = new Date().toISOString();
  return { id: op.noteId, ...op.fields, isPinned: false, createdBy, createdDate: now, updatedDate: now, version: 0, items: [], reminder: null };
}

/** The list with queued operations applied: notes created offline first (after pinned ones), each note with its own. */
export function listWithOps(notes: Note[], ops: NoteOp[], createdBy: string | null): Note[] {
  const known = new Set(notes.map((note) => note.id));
  const created = ops.filter((op): op is Extract<NoteOp, { kind: 'createNote' }> => op.kind === 'createNote' && !known.has(op.noteId)).map((op) => createdNote(op, createdBy));
  const all = [...created.reverse(), ...notes].map((note) => withOps(note, ops));
  return [...all.filter((note) => note.isPinned), ...all.filter((note) => !note.isPinned)];
}

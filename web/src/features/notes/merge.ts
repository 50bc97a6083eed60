/**
 * The pure part of notes' queued operations (ops.ts): what an operation is, how the queued ones
 * apply on top of what the server sent, and how an edit or an order merges with what others did
 * meanwhile (docs/offline.md). No network, no cache: unit-tested in merge.test.ts.
 */
import type { Note, NoteItem } from './types';

export type NoteFields = Pick<Note, 'title' | 'content' | 'color' | 'icon'>;
/** An item's own fields; a shopping list's also its quantity and aisle (set apart, so a plain list's edit never sends them). */
export type ItemFields = Pick<NoteItem, 'text' | 'url'> & Partial<Pick<NoteItem, 'quantity' | 'aisle'>>;
/** What a shopping list's new item carries besides its text: where it came from in the catalogue. */
export type AddedFields = ItemFields & Partial<Pick<NoteItem, 'catalogItemId'>>;

export type NoteOp =
  | { kind: 'createNote'; noteId: string; fields: NoteFields & { isPrivate: boolean; kind?: Note['kind'] } }
  | { kind: 'updateNote'; noteId: string; fields: NoteFields; base: NoteFields & { version: number } }
  | { kind: 'pin'; noteId: string; isPinned: boolean }
  // `into`: on a shopping list, the item already there that the server will merge it into, and
  // the quantity (and untick) that gives, so the page shows the merge at once, not a second item
  | { kind: 'addItem'; noteId: string; itemId: string; fields: AddedFields; into?: { itemId: string; quantity: string | null } }
  | { kind: 'updateItem'; noteId: string; itemId: string; fields: ItemFields; base: ItemFields & { version: number } }
  | { kind: 'setItem'; noteId: string; itemId: string; isCompleted: boolean }
  // `base`: the item as it was seen when deleted (its version is the If-Match; older queues lack it)
  | { kind: 'deleteItem'; noteId: string; itemId: string; base?: ItemFields & { version: number } }
  | { kind: 'reorder'; noteId: string; itemIds: string[] };

/** Field by field: mine where I changed it from the base, else the current value. */
export function mergeFields<F extends object>(base: F, mine: F, current: F): F {
  const merged = { ...mine };
  for (const key of Object.keys(mine) as (keyof F)[]) {
    if (mine[key] === base[key]) merged[key] = current[key];
  }
  return merged;
}

/**
 * The fields both sides changed from the base, to different values: no rule may pick one of them,
 * the person chooses (docs/offline.md). A field only one side changed is not among them.
 */
export function conflictingFields<F extends object>(base: F, mine: F, current: F): (keyof F & string)[] {
  return (Object.keys(mine) as (keyof F & string)[]).filter((key) => mine[key] !== base[key] && current[key] !== base[key] && mine[key] !== current[key]);
}

/**
 * What an edit refused with 412 becomes: with no conflicting field, the fields merged from the
 * current version, to send again from it at once; else the conflicting fields, to show the person.
 */
export function afterVersionConflict<F extends object>(base: F, mine: F, current: F): { resend: F } | { conflicts: (keyof F & string)[] } {
  const conflicts = conflictingFields(base, mine, current);
  return conflicts.length ? { conflicts } : { resend: mergeFields(base, mine, current) };
}

/**
 * The person's choice on a conflict: `mine` keeps their values of the conflicting fields, `theirs`
 * takes the current ones; either way their changes of the other fields stay. Null when nothing of
 * theirs is left to send (the current version already is what they chose).
 */
export function resolveConflict<F extends object>(choice: 'mine' | 'theirs', mine: F, current: F, conflicts: string[]): F | null {
  const chosen = { ...mine };
  if (choice === 'theirs') for (const key of conflicts as (keyof F & string)[]) chosen[key] = current[key];
  return (Object.keys(chosen) as (keyof F)[]).some((key) => chosen[key] !== current[key]) ? chosen : null;
}

/** An edit or a delete someone else's change got in the way of: the person sees both and chooses. */
export interface Conflict {
  /** the fields both sides changed (for a delete: those someone changed since it was seen) */
  fields: string[];
  /** the person's values, their changes on top of the current version; null for a delete */
  mine: NoteFields | ItemFields | null;
  /** the edited fields as they are now, with the current version */
  current: (NoteFields | ItemFields) & { version: number };
}

/** The fields of `like` taken from `resource`, with its version: a base to edit from. */
export function fieldsOf<F extends object>(resource: F & { version: number }, like: F): F & { version: number } {
  const picked = { version: resource.version } as F & { version: number };
  for (const key of Object.keys(like) as (keyof F)[]) picked[key] = resource[key];
  return picked;
}

/**
 * The operation the person's choice on a conflict queues (sent with If-Match of the current
 * version, so a further change meanwhile is caught again), or null when nothing is left to send.
 */
export function opAfterChoice(op: NoteOp, conflict: Conflict, choice: 'mine' | 'theirs'): NoteOp | null {
  const current = conflict.current;
  switch (op.kind) {
    case 'deleteItem':
      return choice === 'mine' ? { ...op, base: current as ItemFields & { version: number } } : null;
    case 'updateNote': {
      const fields = resolveConflict(choice, conflict.mine as NoteFields, current as NoteFields, conflict.fields);
      return fields && { ...op, fields, base: fieldsOf(current as NoteFields & { version: number }, fields) };
    }
    case 'updateItem': {
      const fields = resolveConflict(choice, conflict.mine as ItemFields, current as ItemFields, conflict.fields);
      return fields && { ...op, fields, base: fieldsOf(current as ItemFields & { version: number }, fields) };
    }
    default:
      return null;
  }
}

/** Texts this person wrote (a note's title, an item's text), with the version the server gave them. */
export interface OwnTexts {
  title?: string;
  content?: string | null;
  text?: string;
  version: number;
}

/**
 * What of an answered edit this person wrote themselves, to watch for someone else's replacing it:
 * only the texts they changed (a title merged in from someone else's edit, or left as it was while
 * they changed the colour, is not theirs). Null for other operations or when they changed no text.
 */
export function ownTexts(op: NoteOp, answer: { version: number; title?: string; content?: string | null; text?: string }): OwnTexts | null {
  const own: OwnTexts = { version: answer.version };
  if (op.kind === 'updateNote') {
    if (op.fields.title !== op.base.title) own.title = answer.title;
    if (op.fields.content !== op.base.content) own.content = answer.content ?? null;
  } else if (op.kind === 'updateItem') {
    if (op.fields.text !== op.base.text) own.text = answer.text;
  } else return null;
  return Object.keys(own).length > 1 ? own : null;
}

/**
 * This person's text of `field` when someone else's later edit replaced it (the server's version
 * is newer than the one their text got, and the text differs): theirs, to show and to restore;
 * else null.
 */
export function replacedText(own: OwnTexts | undefined, field: 'title' | 'text', current: { version: number; title?: string; text?: string }): string | null {
  const mine = own?.[field];
  if (mine === undefined || current.version <= own!.version || current[field] === mine) return null;
  return mine;
}

/** The wanted order over the note's current items: ids gone are dropped, new ones keep their place after the item before them. */
export function mergeOrder(wanted: string[], current: Pick<NoteItem, 'id'>[]): string[] {
  const present = new Set(current.map((item) => item.id));
  const order = wanted.filter((id) => present.has(id));
  const placed = new Set(order);
  current.forEach((item, index) => {
    if (placed.has(item.id)) return;
    const before = current
      .slice(0, index)
      .reverse()
      .find((candidate) => placed.has(candidate.id));
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
      case 'addItem': {
        const into = op.into;
        if (into && items.some((item) => item.id === into.itemId)) {
          items = items.map((item) => (item.id === into.itemId ? { ...item, quantity: into.quantity, isCompleted: false } : item));
          break;
        }
        if (!items.some((item) => item.id === op.itemId)) {
          // as the server does: right after the last open item
          const lastOpen = items.map((item) => item.isCompleted).lastIndexOf(false);
          const { text, url, quantity = null, aisle = null, catalogItemId = null } = op.fields;
          items.splice(lastOpen + 1, 0, {
            id: op.itemId,
            text,
            url: url ?? null,
            quantity,
            aisle,
            catalogItemId,
            addedDuringTrip: false,
            isCompleted: false,
            order: 0,
            version: 0,
          });
        }
        break;
      }
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
  return {
    id: op.noteId,
    ...op.fields,
    kind: op.fields.kind ?? 'list',
    trip: null,
    isPinned: false,
    createdBy,
    createdDate: now,
    updatedDate: now,
    version: 0,
    items: [],
    reminder: null,
    reminders: [],
  };
}

/** The list with queued operations applied: notes created offline first (after pinned ones), each note with its own. */
export function listWithOps(notes: Note[], ops: NoteOp[], createdBy: string | null): Note[] {
  const known = new Set(notes.map((note) => note.id));
  const created = ops
    .filter((op): op is Extract<NoteOp, { kind: 'createNote' }> => op.kind === 'createNote' && !known.has(op.noteId))
    .map((op) => createdNote(op, createdBy));
  const all = [...created.reverse(), ...notes].map((note) => withOps(note, ops));
  return [...all.filter((note) => note.isPinned), ...all.filter((note) => !note.isPinned)];
}

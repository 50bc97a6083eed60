import type { EntityManager } from 'typeorm';

/** Per transaction: note id → the user a private note belongs to (null for a shared note). */
const cache = new WeakMap<EntityManager, Map<string, Promise<string | null>>>();

/**
 * The user a note's history rows are private to: its creator when the note is private, else null.
 * `isPrivate` and the creator never change, so the answer is kept for the transaction (a reorder
 * or a note deletion writes one history row per item).
 */
export function notePrivateTo(manager: EntityManager, noteId: string): Promise<string | null> {
  let notes = cache.get(manager);
  if (!notes) cache.set(manager, (notes = new Map()));
  let privateTo = notes.get(noteId);
  if (!privateTo) {
    privateTo = manager
      .query('SELECT is_private, created_by FROM notes WHERE id = $1', [noteId])
      .then(([row]: { is_private: boolean; created_by: string | null }[]) => (row?.is_private ? row.created_by : null));
    notes.set(noteId, privateTo);
  }
  return privateTo;
}

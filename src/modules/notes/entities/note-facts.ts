import type { EntityManager } from 'typeorm';
import { oncePerTransaction } from '../../history/lookup-cache';
import { NOTE_PRIVACY } from '../notes.sql';
import { notePrivateTo } from './note.entity';

/**
 * What a note's items' history rows need of their note: whose private note it is (null: shared) and
 * its title. The item entity's `@Audited` options read them; kept apart from the repository so the
 * entity and the repository (which imports the entity) do not import each other.
 */
interface NoteFacts {
  privateTo: string | null;
  title: string | null;
}

/**
 * A note's facts for its items' history rows, read through `manager` (the history subscriber's, so
 * in the writing transaction) once per note and transaction (a reorder or a note deletion writes
 * one history row per item).
 */
function noteFacts(manager: EntityManager, noteId: string): Promise<NoteFacts> {
  return oncePerTransaction(manager, `note:${noteId}`, async () => {
    const [row]: { is_private: boolean; created_by: string | null; title: string }[] = await manager.query(NOTE_PRIVACY.text, [noteId]);
    return { privateTo: row ? notePrivateTo({ isPrivate: row.is_private, createdBy: row.created_by }) : null, title: row?.title ?? null };
  });
}

/** The user the history rows of a note's items are private to (`notePrivateTo` of the note; `isPrivate` and the creator never change). */
export async function itemsPrivateTo(manager: EntityManager, noteId: string): Promise<string | null> {
  return (await noteFacts(manager, noteId)).privateTo;
}

/** The note's title for its items' history rows (`parentLabel`). */
export async function itemsParentLabel(manager: EntityManager, noteId: string): Promise<string | null> {
  return (await noteFacts(manager, noteId)).title;
}

import type { EntityManager } from 'typeorm';
import type { AuthUser } from '../../common/auth/auth-user';
import { AppError } from '../../common/errors/app-error';
import { findInGroupTx, lockInGroup } from '../../common/tenancy/group-scope';
import { NoteItem } from './entities/note-item.entity';
import { Note } from './entities/note.entity';

/**
 * The one way to load a note for a caller: in their group, and a private note only for its
 * creator; anything else is 404 exactly like a missing id. `lock` takes the note's row lock, which
 * every change of the note or its items holds, so item changes of one note run one at a time.
 */
export async function findVisibleNote(manager: EntityManager, user: AuthUser, noteId: string, lock = false): Promise<Note> {
  const note = await (lock ? lockInGroup(manager, Note, user, noteId, 'Note') : findInGroupTx(manager, Note, user, noteId, 'Note'));
  if (note.isPrivate && note.createdBy !== user.userId) throw AppError.notFound('Note');
  return note;
}

/** The note's items in order. */
export function itemsOf(manager: EntityManager, note: Note): Promise<NoteItem[]> {
  return manager.find(NoteItem, { where: { noteId: note.id, groupId: note.groupId }, order: { order: 'ASC' } });
}

/**
 * Moves the note's updatedDate after a change of one of its items. Through save() like every
 * audited write; updatedDate is never part of a diff, so this adds no history row of its own.
 */
export async function touchNote(manager: EntityManager, note: Note): Promise<void> {
  note.updatedDate = nextUpdatedDate(note);
  await manager.save(note);
}

/**
 * Now, and always later than the stored value: the stored value has microseconds (and may come
 * from the database clock) while a Date has milliseconds, and a change that waited for the row
 * lock must not move the date backwards.
 */
export function nextUpdatedDate(note: Note): Date {
  return new Date(Math.max(Date.now(), note.updatedDate.getTime() + 1));
}

/*
 * One row at a time: save()/remove() of an array runs the history subscriber for all rows at once
 * on the transaction's single connection, which pg only tolerates by queueing (deprecated).
 */
export async function saveEach(manager: EntityManager, items: NoteItem[]): Promise<void> {
  for (const item of items) await manager.save(item);
}

export async function removeEach(manager: EntityManager, items: NoteItem[]): Promise<void> {
  for (const item of items) await manager.remove(item);
}

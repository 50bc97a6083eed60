import { AppError } from '../../common/errors/app-error';

/*
 * Safe replay of notes' writes (docs/offline.md): a client that lost an answer sends the same
 * request again, so creates take a client-made id and a repeat answers what the first made.
 */

/** What a create answered: the new resource, or for a repeat the one the first call made. */
export interface Created<T> {
  value: T;
  /** false for a repeat: nothing was written (the controller answers 200, not 201) */
  created: boolean;
}

/** 409 for a client-made id that names something else (another's, or other content): never says whose. */
export function idConflict(what: 'note' | 'item'): AppError {
  return AppError.conflict('ID_CONFLICT', `This id is already used by another ${what}: make a new id`);
}

/** The primary keys a parallel create with a taken id runs into (the replay check answers the rest). */
export const NOTE_ID_CONSTRAINTS = {
  PK_5423b4ffb3e39599de4eeac1521: ['ID_CONFLICT', 'This id is already used by another item: make a new id'],
} as const satisfies Record<string, [string, string]>;

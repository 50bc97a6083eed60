/**
 * The notes feature's shapes, as the API sends them: imported by the queries (api.ts), the queued
 * operations (ops.ts) and their pure part (merge.ts) alike, so none of those imports another for a type.
 */
import type { Schema } from '@/api/client';

export type Note = Schema<'NoteDto'>;
export type NoteItem = Schema<'NoteItemDto'>;
export type NoteInput = Schema<'CreateNoteDto'>;
export type NoteChanges = Schema<'UpdateNoteDto'>;
export type NoteSort = 'title' | '-updatedDate' | '-createdDate';

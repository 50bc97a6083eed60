import { isoTimestamp, Statement, statement } from '../../database/sql';
import { NOTE_SORT_FIELDS } from './dto/note-input.dto';

/*
 * The fixed SQL of the notes hot paths (GET /notes, POST /notes): named prepared statements
 * declared once here, so the benchmark's bare server issues the very same text. Timestamps come out
 * as the text the API prints (`isoTimestamp`). Every statement is scoped by the caller's group ($1)
 * and, for reads, by the visibility rule: shared notes and the caller's own private ones ($2).
 */

/** A note's columns in the order and form of NoteDto (`n` is the notes row). */
const NOTE_COLUMNS = `n.id, n.title, n.content, n.color, n.icon, n.is_private, n.is_pinned, n.created_by,
       ${isoTimestamp('n.created_date')} AS created_date, ${isoTimestamp('n.updated_date')} AS updated_date`;

export interface NoteRow {
  id: string;
  title: string;
  content: string | null;
  color: string;
  icon: string;
  is_private: boolean;
  is_pinned: boolean;
  created_by: string | null;
  created_date: string;
  updated_date: string;
}

export type NoteSortKey = (typeof NOTE_SORT_FIELDS)[number];

/** Titles sort case-insensitively (the database collation may be C). */
const SORT_COLUMNS: Record<NoteSortKey, string> = { updatedDate: 'n.updated_date', createdDate: 'n.created_date', title: 'lower(n.title)' };

const VISIBLE = 'n.group_id = $1 AND (n.is_private = false OR n.created_by = $2)';

function listName(sort: NoteSortKey, direction: 'ASC' | 'DESC'): string {
  return `notes_list_${sort}_${direction.toLowerCase()}`;
}

/**
 * GET /notes: the notes the caller may see, pinned first, then the sort key in its direction, ties
 * by id; one statement per sort key × direction, keyed by name (`notes_list_<sort>_<asc|desc>`).
 * Parameters: $1 group id, $2 the caller's user id.
 */
export const NOTES_LIST: Readonly<Record<string, Statement>> = Object.freeze(
  Object.fromEntries(
    NOTE_SORT_FIELDS.flatMap((sort) =>
      (['ASC', 'DESC'] as const).map((direction) => [
        listName(sort, direction),
        statement(
          listName(sort, direction),
          `SELECT ${NOTE_COLUMNS}
  FROM notes n
 WHERE ${VISIBLE}
 ORDER BY n.is_pinned DESC, ${SORT_COLUMNS[sort]} ${direction}, n.id ${direction}`,
        ),
      ]),
    ),
  ),
);

export function notesListStatement(sort: NoteSortKey, direction: 'ASC' | 'DESC'): Statement {
  return NOTES_LIST[listName(sort, direction)];
}

/** GET /notes without `sort`: `-updatedDate`. */
export const NOTES_LIST_DEFAULT = notesListStatement('updatedDate', 'DESC');

/**
 * GET /notes: the items of every note the caller may see, grouped by note, in order within it.
 * Parameters: $1 group id, $2 the caller's user id.
 */
export const NOTES_LIST_ITEMS = statement(
  'notes_list_items',
  `SELECT i.note_id, i.id, i.text, i.url, i.is_completed, i."order"
  FROM note_items i JOIN notes n ON n.id = i.note_id
 WHERE i.group_id = $1 AND ${VISIBLE}
 ORDER BY i.note_id, i."order"`,
);

/** A row of NOTES_LIST_ITEMS as `Sql#tuples` reads it: the values in the statement's column order. */
export type NoteItemTuple = [noteId: string, id: string, text: string, url: string | null, isCompleted: boolean, order: number];

/** A row of a NOTES_LIST statement as `Sql#tuples` reads it: NOTE_COLUMNS in order. */
export type NoteTuple = [
  id: string,
  title: string,
  content: string | null,
  color: string,
  icon: string,
  isPrivate: boolean,
  isPinned: boolean,
  createdBy: string | null,
  createdDate: string,
  updatedDate: string,
];

/**
 * POST /notes: inserts the note and its "Created" action-history row in one statement (so both
 * commit or neither does), answering the new note. The history values are those the history
 * subscriber writes for an inserted Note (see `createdHistoryRow` in history.subscriber.ts).
 * Parameters: $1 note id, $2 group id, $3 title, $4 content, $5 color, $6 icon, $7 isPrivate,
 * $8 created by (the caller's user id), $9 history row id, $10 history private-to user id,
 * $11 history changes (jsonb text), $12 acting user id, $13 acting user's nickname.
 */
export const NOTE_CREATE = statement(
  'note_create',
  `WITH n AS (
  INSERT INTO notes (id, group_id, title, content, color, icon, is_private, is_pinned, created_by)
  VALUES ($1, $2, $3, $4, $5, $6, $7, false, $8)
  RETURNING *
), history AS (
  INSERT INTO action_histories (id, group_id, admin_only, private_to_user_id, entity_type, entity_id, action, changes, user_id, user_nickname)
  VALUES ($9, $2, false, $10, 'Note', $1, 'Created', $11::jsonb, $12, $13)
)
SELECT ${NOTE_COLUMNS} FROM n`,
);

import { isoTimestamp, Statement, statement } from '../../database/sql';
import { bySlots, SearchParams, searchMatches, searchScore } from '../../common/search/search-sql';

/*
 * The fixed SQL of the notes hot paths (GET /notes, POST /notes): named prepared statements
 * declared once here, so the benchmark's bare server issues the very same text. Timestamps come out
 * as the text the API prints (`isoTimestamp`). Every statement is scoped by the caller's group ($1)
 * and, for reads, by the visibility rule: shared notes and the caller's own private ones ($2).
 * The rows are read as tuples (values in column order); the functions that turn them into the
 * response's objects are here too, beside the column lists they read.
 */

/** A note's columns in the order and form of NoteDto (`n` is the notes row): NoteTuple and noteFromTuple read them. */
const NOTE_COLUMNS = `n.id, n.title, n.content, n.color, n.icon, n.is_private, n.is_pinned, n.created_by,
       ${isoTimestamp('n.created_date')} AS created_date, ${isoTimestamp('n.updated_date')} AS updated_date, n.version, n.kind`;

/** A row of NOTE_COLUMNS as `Sql#tuples` reads it: the values in column order. */
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
  version: number,
  kind: 'list' | 'shopping',
];

/** A note of NOTE_COLUMNS in the response's form (NoteDto), with its items. */
export function noteFromTuple<Item>(row: NoteTuple, items: Item[]) {
  return {
    id: row[0],
    title: row[1],
    content: row[2],
    color: row[3],
    icon: row[4],
    kind: row[11],
    isPrivate: row[5],
    isPinned: row[6],
    createdBy: row[7],
    createdDate: row[8],
    updatedDate: row[9],
    version: row[10],
    items,
  };
}

/** The SQL behind each `sort` key of GET /notes; titles sort case-insensitively (the database collation may be C). */
const SORT_COLUMNS = { updatedDate: 'n.updated_date', createdDate: 'n.created_date', title: 'lower(n.title)' } as const;

export type NoteSortKey = keyof typeof SORT_COLUMNS;

/** The `sort` keys of GET /notes. */
export const NOTE_SORT_FIELDS = Object.keys(SORT_COLUMNS) as NoteSortKey[];

/**
 * The private-note rule in SQL: the notes (`alias`) the user given as `user` (a parameter) may see
 * are the shared ones and their own private ones. In JavaScript the same rule is `noteVisibleTo`
 * (entities/note.entity.ts); the history's privacy of a note's rows follows from it (`notePrivateTo`).
 */
export function visibleNotes(alias: string, user: string): string {
  return `(${alias}.is_private = false OR ${alias}.created_by = ${user})`;
}

/** The caller's group ($1) and the notes the caller ($2) may see. */
const VISIBLE = `n.group_id = $1 AND ${visibleNotes('n', '$2')}`;

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
  `SELECT i.note_id, i.id, i.text, i.url, i.is_completed, i."order", i.version, i.quantity, i.aisle, i.catalog_item_id, i.added_during_trip
  FROM note_items i JOIN notes n ON n.id = i.note_id
 WHERE i.group_id = $1 AND ${VISIBLE}
 ORDER BY i.note_id, i."order"`,
);

/** A row of NOTES_LIST_ITEMS as `Sql#tuples` reads it: the values in the statement's column order. */
export type NoteItemTuple = [
  noteId: string,
  id: string,
  text: string,
  url: string | null,
  isCompleted: boolean,
  order: number,
  version: number,
  quantity: string | null,
  aisle: string | null,
  catalogItemId: string | null,
  addedDuringTrip: boolean,
];

/** An item of NOTES_LIST_ITEMS in the response's form (NoteItemDto); its note's id, first, is left out. */
export function noteItemFromTuple(row: NoteItemTuple) {
  return {
    id: row[1],
    text: row[2],
    url: row[3],
    isCompleted: row[4],
    order: row[5],
    version: row[6],
    quantity: row[7],
    aisle: row[8],
    catalogItemId: row[9],
    addedDuringTrip: row[10],
  };
}

/**
 * POST /notes: inserts the note and its "Created" action-history row in one statement (so both
 * commit or neither does), answering the new note. The history values are those the history
 * subscriber writes for an inserted Note (see `createdHistoryRow` in history-rows.ts).
 * An id already taken (a replayed create, or someone else's id) inserts nothing and answers no
 * row: the history row is inserted from the note's own row, so it follows.
 * Parameters: $1 note id, $2 group id, $3 title, $4 content, $5 color, $6 icon, $7 isPrivate,
 * $8 created by (the caller's user id), $9 history row id, $10 history private-to user id,
 * $11 history changes (jsonb text), $12 acting user id, $13 acting user's nickname, $14 the history
 * row's entity label (the title, clipped as the subscriber clips it), $15 the kind ('list' or 'shopping').
 * One row: NOTE_COLUMNS (a NoteTuple).
 */
export const NOTE_CREATE = statement(
  'note_create',
  `WITH n AS (
  INSERT INTO notes (id, group_id, title, content, color, icon, is_private, is_pinned, created_by, kind)
  VALUES ($1, $2, $3, $4, $5, $6, $7, false, $8, $15)
  ON CONFLICT (id) DO NOTHING
  RETURNING *
), history AS (
  INSERT INTO action_histories (id, group_id, admin_only, private_to_user_id, entity_type, entity_id, action, changes, user_id, user_nickname, entity_label)
  SELECT $9::uuid, n.group_id, false, $10::uuid, 'Note', n.id, 'Created', $11::jsonb, $12::uuid, $13::varchar, $14::varchar FROM n
)
SELECT ${NOTE_COLUMNS} FROM n`,
);

/**
 * Whether a note is private, and whose: the history rows of its items are private to the same user;
 * and its title, their parent label. Parameters: $1 note id.
 */
export const NOTE_PRIVACY = statement('note_privacy', 'SELECT is_private, created_by, title FROM notes WHERE id = $1');

/**
 * How many items a note has, and the position of its last uncompleted one (null: none).
 * Parameters: $1 note id.
 */
export const NOTE_ITEMS_COUNT = statement(
  'note_items_count',
  `SELECT count(*)::int AS count, max("order") FILTER (WHERE NOT is_completed) AS last_open
  FROM note_items WHERE note_id = $1`,
);

/**
 * Moves every item of a note at or after a position by one, up or down, to open or close a gap
 * (their updated_date moves, as for any write of a row).
 * Parameters: $1 note id, $2 the first position moved, $3 +1 or -1.
 */
export const NOTE_ITEMS_SHIFT = statement(
  'note_items_shift',
  'UPDATE note_items SET "order" = "order" + $3::int, updated_date = CURRENT_TIMESTAMP WHERE note_id = $1 AND "order" >= $2',
);

/**
 * Who added the item $1: the user of its "Created" history row (read only, to answer a replayed add).
 */
export const NOTE_ITEM_CREATOR = statement(
  'note_item_creator',
  `SELECT user_id FROM action_histories WHERE entity_id = $1 AND entity_type = 'NoteItem' AND action = 'Created' LIMIT 1`,
);

/**
 * GET /search, notes: the notes the caller may see (`visibleNotes`) whose title or content match
 * (src/common/search/search-sql.ts), the newest `candidates` of them ranked, best first.
 * Parameters: $1 group id, $2 the caller's user id, $3 how many rows, $4… the search's
 * (`searchValues`). Rows: SearchHitRow. By number of words (`bySlots`).
 */
export const NOTES_SEARCH_SQL = bySlots((slots) => {
  const p = new SearchParams(4, slots);
  return `WITH c AS (
  SELECT n.id, n.title, n.content, n.updated_date, n.search_vector, n.search_text
    FROM notes n
   WHERE ${VISIBLE} AND ${searchMatches({ alias: 'n', title: 'n.title', typoText: 'search_fold(n.title)' }, p)}
   ORDER BY n.updated_date DESC, n.id DESC
   LIMIT ${p.candidates})
SELECT c.id, NULL::uuid AS parent_id, c.title, c.content AS body, NULL::text AS context, ${isoTimestamp('c.updated_date')} AS date,
       ${searchScore({ alias: 'c', title: 'c.title' }, p)} AS score, (SELECT count(*) FROM c)::int AS total
  FROM c
 ORDER BY score DESC, c.updated_date DESC, c.id DESC
 LIMIT $3`;
});

/**
 * GET /search, list items: the items of the notes the caller may see whose text matches, ranked as
 * NOTES_SEARCH_SQL; `parent_id` is the note, `context` its title. Same parameters. A typo (the
 * second try) is a word of the group one typo away, found by the stems' index as any word is.
 */
export const NOTE_ITEMS_SEARCH_SQL = bySlots((slots) => {
  const p = new SearchParams(4, slots);
  return `WITH c AS (
  SELECT i.id, i.note_id, i.text, n.title AS note_title, i.updated_date, i.search_vector, i.search_text
    FROM note_items i JOIN notes n ON n.id = i.note_id
   WHERE i.group_id = $1 AND ${VISIBLE} AND ${searchMatches({ alias: 'i', title: 'i.text', typoText: 'i.search_text' }, p)}
   ORDER BY i.updated_date DESC, i.id DESC
   LIMIT ${p.candidates})
SELECT c.id, c.note_id AS parent_id, c.text AS title, NULL::text AS body, c.note_title AS context, ${isoTimestamp('c.updated_date')} AS date,
       ${searchScore({ alias: 'c', title: 'c.text' }, p)} AS score, (SELECT count(*) FROM c)::int AS total
  FROM c
 ORDER BY score DESC, c.updated_date DESC, c.id DESC
 LIMIT $3`;
});

import { isoTimestamp, Statement, statement } from '../../database/sql';
import { bySlots, SearchParams, searchMatches, searchScore } from '../../common/search/search-sql';
import type { Marker } from './entities/marker.entity';

/*
 * The fixed SQL of the markers hot paths (GET /markers, GET /markers/{id}): named prepared
 * statements, one per variant, declared once here so the benchmark's bare server issues the very
 * same text. Columns come out as the response needs them: dates and timestamps as the text the API
 * prints (`date` as YYYY-MM-DD, timestamps through `isoTimestamp`), so nothing is parsed into a
 * `Date` only to be printed again. Every statement filters by the caller's group ($1).
 */

/** A marker's columns in the order and form of MarkerDto, named as the entity's fields (`m` is the markers row). */
const MARKER_COLUMNS = `m.id, m.title, to_char(m.date, 'YYYY-MM-DD') AS date, m.rating, m.description, m.latitude, m.longitude,
       m.address, m.created_by AS "createdBy", ${isoTimestamp('m.created_date')} AS "createdDate",
       ${isoTimestamp('m.updated_date')} AS "updatedDate", ${isoTimestamp('m.deleted_date')} AS "deletedDate"`;

/** The columns behind MarkerDto (a list row, or a detail row before its image columns). */
export interface MarkerRow {
  id: string;
  title: string;
  date: string;
  rating: number;
  description: string;
  latitude: number;
  longitude: number;
  address: string | null;
  createdBy: string | null;
  createdDate: string;
  updatedDate: string;
  deletedDate: string | null;
}

/**
 * The one mapper of MarkerDto: a row of MARKER_COLUMNS, or the entity after a save (the same field
 * names), with its image count and cover.
 */
export function toMarkerDto(m: MarkerRow | Marker, imageCount: number, coverThumbnailUrl: string | null) {
  return {
    id: m.id,
    title: m.title,
    date: m.date,
    rating: m.rating,
    description: m.description,
    latitude: m.latitude,
    longitude: m.longitude,
    address: m.address,
    createdBy: m.createdBy,
    createdDate: m.createdDate,
    updatedDate: m.updatedDate,
    deletedDate: m.deletedDate ?? null,
    imageCount,
    coverThumbnailUrl,
  };
}

/** The SQL column behind each `sort` key of GET /markers. */
const SORT_COLUMNS = {
  date: 'm.date',
  title: 'm.title',
  rating: 'm.rating',
  createdDate: 'm.created_date',
  updatedDate: 'm.updated_date',
  deletedDate: 'm.deleted_date',
} as const;

export type MarkerSortKey = keyof typeof SORT_COLUMNS;

/** The `sort` keys of GET /markers, each naming itself (the column map `parseSort` takes). */
export const MARKER_SORTS = Object.fromEntries(Object.keys(SORT_COLUMNS).map((key) => [key, key])) as { readonly [K in MarkerSortKey]: K };

export interface MarkerPageVariant {
  sort: MarkerSortKey;
  direction: 'ASC' | 'DESC';
  /** the trash instead of the live markers */
  deleted: boolean;
  /** with a `search` pattern ($4) */
  search: boolean;
}

function pageName(v: MarkerPageVariant): string {
  return `markers_page_${v.sort}_${v.direction.toLowerCase()}_${v.deleted ? 'trash' : 'live'}${v.search ? '_search' : ''}`;
}

/**
 * Which of the group's ($1) places a list shows: the live ones, or the trash (`deleted`). The
 * list and the search share it.
 */
function inGroup(alias: string, deleted: boolean): string {
  return `${alias}.group_id = $1 AND ${alias}.deleted_date IS ${deleted ? 'NOT NULL' : 'NULL'}`;
}

function pageText(v: MarkerPageVariant): string {
  const where = inGroup('m', v.deleted) + (v.search ? ' AND (m.title ILIKE $4 OR m.description ILIKE $4)' : '');
  const order = `${SORT_COLUMNS[v.sort]} ${v.direction}, m.id ${v.direction}`;
  // the total and the page in one statement: an empty page still brings the total (one row of nulls);
  // the image count and the cover (first completed image) are looked up for the page's rows only
  return `SELECT t.total, p.*, c.image_count, cover.storage_key AS cover_storage_key, cover.thumbnail_key AS cover_thumbnail_key
  FROM (SELECT count(*)::int AS total FROM markers m WHERE ${where}) t
  LEFT JOIN LATERAL (
    SELECT ${MARKER_COLUMNS}, row_number() OVER (ORDER BY ${order})::int AS n
      FROM markers m
     WHERE ${where}
     ORDER BY ${order}
     LIMIT $2 OFFSET $3) p ON true
  LEFT JOIN LATERAL (SELECT count(*)::int AS image_count FROM marker_images mi WHERE mi.marker_id = p.id AND mi.group_id = $1) c ON p.id IS NOT NULL
  LEFT JOIN LATERAL (
    SELECT f.storage_key, f.thumbnail_key
      FROM marker_images mi JOIN files f ON f.id = mi.file_id
     WHERE mi.marker_id = p.id AND mi.group_id = $1 AND f.status = 'Completed'
     ORDER BY mi.position, mi.id
     LIMIT 1) cover ON p.id IS NOT NULL
 ORDER BY p.n`;
}

/**
 * GET /markers: one statement per sort key × direction × live/trash × with/without search, keyed
 * by name (`markers_page_<sort>_<asc|desc>_<live|trash>[_search]`). Parameters:
 * $1 group id, $2 limit (page size), $3 offset, and for the `_search` variants $4 the ILIKE pattern
 * (`%term%`, with `\`, `%` and `_` of the term escaped by a backslash).
 * One row per marker of the page, each with `total`; an empty page is one row with only `total`.
 */
export const MARKERS_PAGE: Readonly<Record<string, Statement>> = Object.freeze(
  Object.fromEntries(
    (Object.keys(SORT_COLUMNS) as MarkerSortKey[]).flatMap((sort) =>
      (['ASC', 'DESC'] as const).flatMap((direction) =>
        [false, true].flatMap((deleted) =>
          [false, true].map((search) => {
            const variant = { sort, direction, deleted, search };
            return [pageName(variant), statement(pageName(variant), pageText(variant))];
          }),
        ),
      ),
    ),
  ),
);

/** The statement of one GET /markers variant. */
export function markersPageStatement(variant: MarkerPageVariant): Statement {
  return MARKERS_PAGE[pageName(variant)];
}

/** GET /markers with no parameters: live markers, newest date first, no search. */
export const MARKERS_PAGE_DEFAULT = markersPageStatement({ sort: 'date', direction: 'DESC', deleted: false, search: false });

export interface MarkerPageRow extends MarkerRow {
  total: number;
  image_count: number;
  /** the first completed image's objects (null: no completed image) */
  cover_storage_key: string | null;
  cover_thumbnail_key: string | null;
}

/**
 * GET /markers/{id}: a live marker of the group with its images in order (position, then id), one
 * row per image (one row with null image columns when it has none; no row: 404).
 * Parameters: $1 group id, $2 marker id.
 */
export const MARKER_DETAIL = statement(
  'marker_detail',
  `SELECT ${MARKER_COLUMNS},
       mi.id AS image_id, mi.position AS image_order, f.status AS image_status, f.storage_key AS image_storage_key,
       f.thumbnail_key AS image_thumbnail_key, f.content_type AS image_content_type, f.size AS image_size,
       f.width AS image_width, f.height AS image_height, ${isoTimestamp('mi.created_date')} AS image_created_date
  FROM markers m
  LEFT JOIN (marker_images mi JOIN files f ON f.id = mi.file_id) ON mi.marker_id = m.id AND mi.group_id = m.group_id
 WHERE m.id = $2 AND m.group_id = $1 AND m.deleted_date IS NULL
 ORDER BY mi.position, mi.id`,
);

export interface MarkerDetailRow extends MarkerRow {
  image_id: string | null;
  image_order: number;
  image_status: string;
  image_storage_key: string;
  image_thumbnail_key: string | null;
  image_content_type: string;
  image_size: number;
  image_width: number | null;
  image_height: number | null;
  image_created_date: string;
}

/** The group's ($1) live markers, inside `where` (more conditions on `markers`), as one JSON array text built by PostgreSQL. */
function locationsSql(where: string): string {
  return `SELECT coalesce(json_agg(l), '[]')::text AS body
  FROM (SELECT id, title, latitude, longitude, rating FROM markers WHERE group_id = $1 AND deleted_date IS NULL${where}) l`;
}

/**
 * GET /markers/locations: every live marker of the group in minimal form, read from the covering
 * index `ix_markers_locations`; optionally inside a box ($2 min latitude, $3 max latitude, $4 min
 * longitude, $5 max longitude), the longitudes wrapping over ±180° when $4 > $5.
 */
export const MARKER_LOCATIONS = {
  all: statement('marker_locations', locationsSql('')),
  inBox: statement('marker_locations_in_box', locationsSql(' AND latitude BETWEEN $2 AND $3 AND longitude BETWEEN $4 AND $5')),
  inBoxAcross180: statement('marker_locations_in_box_across_180', locationsSql(' AND latitude BETWEEN $2 AND $3 AND (longitude >= $4 OR longitude <= $5)')),
} as const;

/** Up to $2 markers in the trash since before $1, oldest first, locked (rows locked elsewhere skipped). */
export const MARKERS_LOCK_TRASHED_BEFORE = statement(
  'markers_lock_trashed_before',
  'SELECT id FROM markers WHERE deleted_date < $1 ORDER BY deleted_date LIMIT $2 FOR UPDATE SKIP LOCKED',
);

/** A place's title ($1 its id), for its photos' history rows (`parentLabel`): read on the history subscriber's connection. */
export const MARKER_TITLE = statement('marker_title', 'SELECT title FROM markers WHERE id = $1');

/** How many images the marker $1 has (confirmed or not) and its last position (null: none). */
export const MARKER_IMAGES_COUNT = statement(
  'marker_images_count',
  'SELECT count(*)::int AS count, max(position) AS last FROM marker_images WHERE marker_id = $1',
);

/** Images of the marker $1 other than $2 whose upload was confirmed. */
export const MARKER_IMAGES_CONFIRMED_OTHERS = statement(
  'marker_images_confirmed_others',
  `SELECT count(*)::int AS confirmed FROM marker_images mi JOIN files f ON f.id = mi.file_id
    WHERE mi.marker_id = $1 AND mi.id <> $2 AND f.status <> 'Pending'`,
);

/**
 * GET /search, places: the group's live places (or, `deleted`, its trash) whose name, description
 * or address match (src/common/search/search-sql.ts), the newest `candidates` by date ranked,
 * best first. Parameters: $1 group id, $2 how many rows, $3… the search's (`searchValues`).
 * Rows: SearchHitRow (`body` the description's text and the address).
 */
function searchText(deleted: boolean, slots: number): string {
  const p = new SearchParams(3, slots);
  return `WITH c AS (
  SELECT m.id, m.title, m.description, m.address, m.date, m.search_vector, m.search_text
    FROM markers m
   WHERE ${inGroup('m', deleted)} AND ${searchMatches({ alias: 'm', title: 'm.title', typoText: 'search_fold(m.title)' }, p)}
   ORDER BY m.date DESC, m.id DESC
   LIMIT ${p.candidates})
SELECT c.id, NULL::uuid AS parent_id, c.title, concat_ws(' · ', nullif(trim(search_html_text(c.description)), ''), c.address) AS body,
       NULL::text AS context, to_char(c.date, 'YYYY-MM-DD') AS date,
       ${searchScore({ alias: 'c', title: 'c.title' }, p)} AS score, (SELECT count(*) FROM c)::int AS total
  FROM c
 ORDER BY score DESC, c.date DESC, c.id DESC
 LIMIT $2`;
}

/** By number of words (`bySlots`). */
export const MARKERS_SEARCH_SQL = bySlots((slots) => searchText(false, slots));
export const MARKERS_TRASH_SEARCH_SQL = bySlots((slots) => searchText(true, slots));

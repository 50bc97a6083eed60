import { isoTimestamp, statement } from '../../../database/sql';

/*
 * The SQL of shopping lists' bookkeeping: what a group learned about its items, what it bought
 * lately, and the trips on its lists (docs/notes.md, Shopping lists). Every statement is scoped by
 * the group.
 */

/** What the group learned about one thing. Parameters: $1 group id, $2 key. */
export const SHOPPING_LEARNED_GET = statement(
  'shopping_learned_get',
  'SELECT text, aisle, aisle_taught, quantity, catalog_item_id FROM shopping_learned_items WHERE group_id = $1 AND key = $2',
);

/**
 * Records an item added or changed on a shopping list: its text, quantity and aisle as they are now.
 * A taught aisle ($7 true: a member chose it) replaces any; a guessed one does not replace a taught one.
 * Parameters: $1 group id, $2 key, $3 text, $4 folded text, $5 aisle, $6 quantity (null: keep the last),
 * $7 taught, $8 catalogue item id.
 */
export const SHOPPING_LEARNED_UPSERT = statement(
  'shopping_learned_upsert',
  `INSERT INTO shopping_learned_items AS l (group_id, key, text, folded, aisle, aisle_taught, quantity, catalog_item_id)
VALUES ($1, $2, $3, $4, $5, $7, $6, $8)
ON CONFLICT (group_id, key) DO UPDATE SET
  text = EXCLUDED.text,
  folded = EXCLUDED.folded,
  aisle = CASE WHEN EXCLUDED.aisle_taught OR NOT l.aisle_taught THEN EXCLUDED.aisle ELSE l.aisle END,
  aisle_taught = l.aisle_taught OR EXCLUDED.aisle_taught,
  quantity = COALESCE(EXCLUDED.quantity, l.quantity),
  catalog_item_id = EXCLUDED.catalog_item_id,
  updated_date = CURRENT_TIMESTAMP`,
);

/**
 * GET /catalog, learned: what the group typed that the catalogue lacks, whose folded text or one of
 * its later words starts with $2 (folded, letters and digits only), most recent first.
 * Parameters: $1 group id, $2 the folded prefix, $3 how many.
 */
export const SHOPPING_LEARNED_SUGGEST = statement(
  'shopping_learned_suggest',
  `SELECT text, aisle, quantity FROM shopping_learned_items
 WHERE group_id = $1 AND catalog_item_id IS NULL AND (folded LIKE $2 || '%' OR folded LIKE '% ' || $2 || '%')
 ORDER BY updated_date DESC, key
 LIMIT $3`,
);

/**
 * An item ticked on a shopping list. Parameters: $1 id, $2 group id, $3 item id, $4 key, $5 text,
 * $6 folded text, $7 aisle, $8 quantity, $9 catalogue item id, $10 when.
 */
export const SHOPPING_PURCHASE_INSERT = statement(
  'shopping_purchase_insert',
  `INSERT INTO shopping_purchases (id, group_id, item_id, key, text, folded, aisle, quantity, catalog_item_id, ticked_date)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
);

/** An item unticked again: its last tick taken back. Parameters: $1 group id, $2 item id. */
export const SHOPPING_PURCHASE_UNDO = statement(
  'shopping_purchase_undo',
  `DELETE FROM shopping_purchases WHERE id = (
  SELECT id FROM shopping_purchases WHERE group_id = $1 AND item_id = $2 ORDER BY ticked_date DESC, id DESC LIMIT 1)`,
);

/** The group's ticks older than the recent window, removed. Parameters: $1 group id, $2 the window's start. */
export const SHOPPING_PURCHASE_PURGE = statement('shopping_purchase_purge', 'DELETE FROM shopping_purchases WHERE group_id = $1 AND ticked_date < $2');

/**
 * GET /catalog, recent: the things ticked since $2, most often first (then most recently), each
 * with how it was written, its aisle and quantity the last time; with a prefix $3 ('' for all)
 * only those whose folded text or a later word of it starts with it.
 * Parameters: $1 group id, $2 the window's start, $3 folded prefix, $4 how many.
 */
export const SHOPPING_RECENT = statement(
  'shopping_recent',
  `SELECT (array_agg(text ORDER BY ticked_date DESC))[1] AS text,
       (array_agg(aisle ORDER BY ticked_date DESC))[1] AS aisle,
       (array_agg(quantity ORDER BY ticked_date DESC))[1] AS quantity,
       max(catalog_item_id) AS catalog_item_id,
       count(*)::int AS count
  FROM shopping_purchases
 WHERE group_id = $1 AND ticked_date >= $2 AND ($3 = '' OR folded LIKE $3 || '%' OR folded LIKE '% ' || $3 || '%')
 GROUP BY key
 ORDER BY count(*) DESC, max(ticked_date) DESC, key
 LIMIT $4`,
);

/** A trip's columns for TripDto (`t` the trip, `u` the shopper). */
const TRIP_COLUMNS = `t.id, t.note_id, t.shopper_id, u.nickname AS shopper_nickname, t.store_id, t.store_name,
       ${isoTimestamp('t.created_date')} AS started_date, cardinality(t.ticked_item_ids) AS bought_count`;

/** A row of TRIP_COLUMNS. */
export interface TripRow {
  id: string;
  note_id: string;
  shopper_id: string;
  shopper_nickname: string;
  store_id: string | null;
  store_name: string | null;
  started_date: string;
  bought_count: number;
}

/** The trip on a list, if any. Parameters: $1 group id, $2 note id. */
export const SHOPPING_TRIP_OF_NOTE = statement(
  'shopping_trip_of_note',
  `SELECT ${TRIP_COLUMNS} FROM shopping_trips t JOIN users u ON u.id = t.shopper_id WHERE t.group_id = $1 AND t.note_id = $2`,
);

/** GET /notes: the trips on the group's lists (the caller sees those of the notes they may see). Parameters: $1 group id. */
export const SHOPPING_TRIPS_OF_GROUP = statement(
  'shopping_trips_of_group',
  `SELECT ${TRIP_COLUMNS} FROM shopping_trips t JOIN users u ON u.id = t.shopper_id WHERE t.group_id = $1`,
);

/**
 * An item ticked on the trip on its list: its aisle added to the trip's tick order, the item to what
 * was bought. Parameters: $1 note id, $2 aisle, $3 item id.
 */
export const SHOPPING_TRIP_TICK = statement(
  'shopping_trip_tick',
  `UPDATE shopping_trips SET ticked_aisles = array_append(ticked_aisles, $2::varchar), ` +
    `ticked_item_ids = array_append(array_remove(ticked_item_ids, $3::uuid), $3::uuid)
 WHERE note_id = $1`,
);

/** An item unticked during the trip: no longer bought. Parameters: $1 note id, $2 item id. */
export const SHOPPING_TRIP_UNTICK = statement(
  'shopping_trip_untick',
  'UPDATE shopping_trips SET ticked_item_ids = array_remove(ticked_item_ids, $2::uuid) WHERE note_id = $1',
);

/**
 * The trip's end: its items are no longer new for the shopper (bookkeeping of the trip, not a change
 * of the items: no history). Parameters: $1 note id.
 */
export const SHOPPING_ITEMS_SEEN = statement('shopping_items_seen', 'UPDATE note_items SET added_during_trip = false WHERE note_id = $1 AND added_during_trip');

/** A client-made id whose add merged into an item. Parameters: $1 id. */
export const SHOPPING_MERGED_ADD_GET = statement('shopping_merged_add_get', 'SELECT item_id, user_id, text FROM shopping_merged_adds WHERE id = $1');

/** Records a merged add's client-made id. Parameters: $1 id, $2 item id, $3 user id, $4 text as sent. */
export const SHOPPING_MERGED_ADD_INSERT = statement(
  'shopping_merged_add_insert',
  'INSERT INTO shopping_merged_adds (id, item_id, user_id, text) VALUES ($1, $2, $3, $4) ON CONFLICT (id) DO NOTHING',
);

/** The language a member chose ($1), for GET /catalog without `locale`. */
export const SHOPPING_USER_LOCALE = statement('shopping_user_locale', 'SELECT locale FROM users WHERE id = $1');

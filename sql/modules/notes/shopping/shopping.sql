-- shopping_items_seen
UPDATE note_items SET added_during_trip = false WHERE note_id = $1 AND added_during_trip;

-- shopping_learned_get
SELECT text, aisle, aisle_taught, quantity, catalog_item_id FROM shopping_learned_items WHERE group_id = $1 AND key = $2;

-- shopping_learned_suggest
SELECT text, aisle, quantity FROM shopping_learned_items
 WHERE group_id = $1 AND catalog_item_id IS NULL AND (folded LIKE $2 || '%' OR folded LIKE '% ' || $2 || '%')
 ORDER BY updated_date DESC, key
 LIMIT $3;

-- shopping_learned_upsert
INSERT INTO shopping_learned_items AS l (group_id, key, text, folded, aisle, aisle_taught, quantity, catalog_item_id)
VALUES ($1, $2, $3, $4, $5, $7, $6, $8)
ON CONFLICT (group_id, key) DO UPDATE SET
  text = EXCLUDED.text,
  folded = EXCLUDED.folded,
  aisle = CASE WHEN EXCLUDED.aisle_taught OR NOT l.aisle_taught THEN EXCLUDED.aisle ELSE l.aisle END,
  aisle_taught = l.aisle_taught OR EXCLUDED.aisle_taught,
  quantity = COALESCE(EXCLUDED.quantity, l.quantity),
  catalog_item_id = EXCLUDED.catalog_item_id,
  updated_date = CURRENT_TIMESTAMP;

-- shopping_merged_add_get
SELECT item_id, user_id, text FROM shopping_merged_adds WHERE id = $1;

-- shopping_merged_add_insert
INSERT INTO shopping_merged_adds (id, item_id, user_id, text) VALUES ($1, $2, $3, $4) ON CONFLICT (id) DO NOTHING;

-- shopping_purchase_insert
INSERT INTO shopping_purchases (id, group_id, item_id, key, text, folded, aisle, quantity, catalog_item_id, ticked_date)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10);

-- shopping_purchase_purge
DELETE FROM shopping_purchases WHERE group_id = $1 AND ticked_date < $2;

-- shopping_purchase_undo
DELETE FROM shopping_purchases WHERE id = (
  SELECT id FROM shopping_purchases WHERE group_id = $1 AND item_id = $2 ORDER BY ticked_date DESC, id DESC LIMIT 1);

-- shopping_recent
SELECT (array_agg(text ORDER BY ticked_date DESC))[1] AS text,
       (array_agg(aisle ORDER BY ticked_date DESC))[1] AS aisle,
       (array_agg(quantity ORDER BY ticked_date DESC))[1] AS quantity,
       max(catalog_item_id) AS catalog_item_id,
       count(*)::int AS count
  FROM shopping_purchases
 WHERE group_id = $1 AND ticked_date >= $2 AND ($3 = '' OR folded LIKE $3 || '%' OR folded LIKE '% ' || $3 || '%')
 GROUP BY key
 ORDER BY count(*) DESC, max(ticked_date) DESC, key
 LIMIT $4;

-- shopping_trip_of_note
SELECT t.id, t.note_id, t.shopper_id, u.nickname AS shopper_nickname, t.store_id, t.store_name,
       to_char(t.created_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS started_date, cardinality(t.ticked_item_ids) AS bought_count FROM shopping_trips t JOIN users u ON u.id = t.shopper_id WHERE t.group_id = $1 AND t.note_id = $2;

-- shopping_trip_tick
UPDATE shopping_trips SET ticked_aisles = array_append(ticked_aisles, $2::varchar), ticked_item_ids = array_append(array_remove(ticked_item_ids, $3::uuid), $3::uuid)
 WHERE note_id = $1;

-- shopping_trip_untick
UPDATE shopping_trips SET ticked_item_ids = array_remove(ticked_item_ids, $2::uuid) WHERE note_id = $1;

-- shopping_trips_of_group
SELECT t.id, t.note_id, t.shopper_id, u.nickname AS shopper_nickname, t.store_id, t.store_name,
       to_char(t.created_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS started_date, cardinality(t.ticked_item_ids) AS bought_count FROM shopping_trips t JOIN users u ON u.id = t.shopper_id WHERE t.group_id = $1;

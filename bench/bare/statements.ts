/**
 * The SQL the bare server issues: exactly the statements Hearth sends for each benchmark scenario,
 * as PostgreSQL's statement log shows them (`npm run bench -- --capture` prints them again; compare
 * after any change of a hot path). Where Hearth builds a text per request (TypeORM's IN lists, the
 * transactions page's literal offsets), the function below builds the same text.
 *
 * Once Hearth's hot paths are exported statement constants (`statement(...)` in the repositories,
 * like SESSION_CHECK), each of these is replaced by an import of Hearth's own constant.
 */

/** GET /markers: the page (TypeORM getManyAndCount, first query). */
export const MARKERS_PAGE = (limit: number, offset: number) =>
  `SELECT "m"."id" AS "m_id", "m"."created_date" AS "m_created_date", "m"."updated_date" AS "m_updated_date", "m"."group_id" AS "m_group_id", "m"."title" AS "m_title", "m"."date" AS "m_date", "m"."rating" AS "m_rating", "m"."description" AS "m_description", "m"."latitude" AS "m_latitude", "m"."longitude" AS "m_longitude", "m"."address" AS "m_address", "m"."created_by" AS "m_created_by", "m"."deleted_date" AS "m_deleted_date" FROM "markers" "m" WHERE ( "m"."group_id" = $1 ) AND ( "m"."deleted_date" IS NULL ) ORDER BY "m"."date" DESC, "m"."id" DESC LIMIT ${limit} OFFSET ${offset}`;

/** GET /markers: the total (second query). */
export const MARKERS_COUNT = `SELECT COUNT(1) AS "cnt" FROM "markers" "m" WHERE ( "m"."group_id" = $1 ) AND ( "m"."deleted_date" IS NULL )`;

/** GET /markers: each listed marker's image count and cover file. */
export const MARKER_IMAGE_SUMMARIES = `SELECT mi.marker_id, count(*)::int AS image_count,
              (array_agg(mi.file_id ORDER BY mi.position, mi.id) FILTER (WHERE f.status = 'Completed'))[1] AS cover_file_id
         FROM marker_images mi JOIN files f ON f.id = mi.file_id
        WHERE mi.group_id = $1 AND mi.marker_id = ANY($2::uuid[])
        GROUP BY mi.marker_id`;

/** GET /markers/{id}: the marker. */
export const MARKER_BY_ID = `SELECT "Marker"."id" AS "Marker_id", "Marker"."created_date" AS "Marker_created_date", "Marker"."updated_date" AS "Marker_updated_date", "Marker"."group_id" AS "Marker_group_id", "Marker"."title" AS "Marker_title", "Marker"."date" AS "Marker_date", "Marker"."rating" AS "Marker_rating", "Marker"."description" AS "Marker_description", "Marker"."latitude" AS "Marker_latitude", "Marker"."longitude" AS "Marker_longitude", "Marker"."address" AS "Marker_address", "Marker"."created_by" AS "Marker_created_by", "Marker"."deleted_date" AS "Marker_deleted_date" FROM "markers" "Marker" WHERE ( (("Marker"."id" = $1) AND ("Marker"."group_id" = $2)) ) AND ( "Marker"."deleted_date" IS NULL ) LIMIT 1`;

/** GET /markers/{id}: its images with their files, in order. */
export const MARKER_IMAGES_WITH_FILES = `SELECT "MarkerImage"."id" AS "MarkerImage_id", "MarkerImage"."created_date" AS "MarkerImage_created_date", "MarkerImage"."updated_date" AS "MarkerImage_updated_date", "MarkerImage"."group_id" AS "MarkerImage_group_id", "MarkerImage"."marker_id" AS "MarkerImage_marker_id", "MarkerImage"."file_id" AS "MarkerImage_file_id", "MarkerImage"."position" AS "MarkerImage_position", "MarkerImage__MarkerImage_file"."id" AS "MarkerImage__MarkerImage_file_id", "MarkerImage__MarkerImage_file"."created_date" AS "MarkerImage__MarkerImage_file_created_date", "MarkerImage__MarkerImage_file"."updated_date" AS "MarkerImage__MarkerImage_file_updated_date", "MarkerImage__MarkerImage_file"."category" AS "MarkerImage__MarkerImage_file_category", "MarkerImage__MarkerImage_file"."status" AS "MarkerImage__MarkerImage_file_status", "MarkerImage__MarkerImage_file"."error" AS "MarkerImage__MarkerImage_file_error", "MarkerImage__MarkerImage_file"."owner_user_id" AS "MarkerImage__MarkerImage_file_owner_user_id", "MarkerImage__MarkerImage_file"."group_id" AS "MarkerImage__MarkerImage_file_group_id", "MarkerImage__MarkerImage_file"."storage_key" AS "MarkerImage__MarkerImage_file_storage_key", "MarkerImage__MarkerImage_file"."thumbnail_key" AS "MarkerImage__MarkerImage_file_thumbnail_key", "MarkerImage__MarkerImage_file"."content_type" AS "MarkerImage__MarkerImage_file_content_type", "MarkerImage__MarkerImage_file"."size" AS "MarkerImage__MarkerImage_file_size", "MarkerImage__MarkerImage_file"."width" AS "MarkerImage__MarkerImage_file_width", "MarkerImage__MarkerImage_file"."height" AS "MarkerImage__MarkerImage_file_height" FROM "marker_images" "MarkerImage" LEFT JOIN "files" "MarkerImage__MarkerImage_file" ON "MarkerImage__MarkerImage_file"."id"="MarkerImage"."file_id" WHERE (("MarkerImage"."marker_id" = $1) AND ("MarkerImage"."group_id" = $2)) ORDER BY "MarkerImage"."position" ASC, "MarkerImage"."id" ASC`;

/** GET /notes (default sort -updatedDate): the visible notes, pinned first. */
export const NOTES_VISIBLE = `SELECT "note"."id" AS "note_id", "note"."created_date" AS "note_created_date", "note"."updated_date" AS "note_updated_date", "note"."group_id" AS "note_group_id", "note"."title" AS "note_title", "note"."content" AS "note_content", "note"."color" AS "note_color", "note"."icon" AS "note_icon", "note"."is_private" AS "note_is_private", "note"."is_pinned" AS "note_is_pinned", "note"."created_by" AS "note_created_by" FROM "notes" "note" WHERE "note"."group_id" = $1 AND ("note"."is_private" = false OR "note"."created_by" = $2) ORDER BY "note"."is_pinned" DESC, "note"."updated_date" DESC, "note"."id" DESC`;

/** GET /notes: the items of `notes` notes ($1 the group, $2… the note ids), as TypeORM writes `In(ids)`. */
export const NOTE_ITEMS_OF_NOTES = (notes: number) =>
  `SELECT "NoteItem"."id" AS "NoteItem_id", "NoteItem"."created_date" AS "NoteItem_created_date", "NoteItem"."updated_date" AS "NoteItem_updated_date", "NoteItem"."group_id" AS "NoteItem_group_id", "NoteItem"."note_id" AS "NoteItem_note_id", "NoteItem"."text" AS "NoteItem_text", "NoteItem"."url" AS "NoteItem_url", "NoteItem"."is_completed" AS "NoteItem_is_completed", "NoteItem"."order" AS "NoteItem_order" FROM "note_items" "NoteItem" WHERE (("NoteItem"."group_id" = $1) AND ("NoteItem"."note_id" IN (${Array.from({ length: notes }, (_, i) => `$${i + 2}`).join(', ')}))) ORDER BY "NoteItem"."order" ASC`;

/** POST /notes, in one transaction: BEGIN as TypeORM says it. */
export const BEGIN = 'START TRANSACTION';

/** POST /notes: the note. */
export const NOTE_INSERT = `INSERT INTO "notes"("id", "created_date", "updated_date", "group_id", "title", "content", "color", "icon", "is_private", "is_pinned", "created_by") VALUES ($1, DEFAULT, DEFAULT, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING "created_date", "updated_date", "color", "icon", "is_private", "is_pinned"`;

/** POST /notes: its history row (the audit trail, same transaction). */
export const HISTORY_INSERT = `INSERT INTO "action_histories"("id", "group_id", "admin_only", "private_to_user_id", "entity_type", "entity_id", "action", "changes", "user_id", "user_nickname", "created_date") VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, DEFAULT) RETURNING "admin_only", "changes", "created_date"`;

const reportSums = (bucket: string) => `WITH sums AS (
         SELECT category_id, date, type, SUM(amount) AS amount
           FROM transaction_day_sums
          WHERE group_id = $1 AND date >= $2 AND date < $3 AND count > 0
            AND ($4::uuid IS NULL OR budget_account_id = $4::uuid)
          GROUP BY category_id, date, type)
       SELECT CASE grouped WHEN 3 THEN 'total' WHEN 1 THEN 'category' ELSE 'bucket' END AS kind,
              category_id, bucket::text AS bucket, income, expense, income - expense AS net
         FROM (SELECT GROUPING(category_id, ${bucket}) AS grouped, category_id, ${bucket} AS bucket,
                      COALESCE(SUM(amount) FILTER (WHERE type = 'Income'), 0.00) AS income,
                      COALESCE(SUM(amount) FILTER (WHERE type = 'Expense'), 0.00) AS expense
                 FROM sums
                GROUP BY GROUPING SETS ((), (category_id), (${bucket}))) rolled`;

/** GET /transactions/report/monthly: totals, per category and per day. */
export const REPORT_SUMS_BY_DAY = reportSums('date');

/** GET /transactions/report/yearly: totals, per category and per month. */
export const REPORT_SUMS_BY_MONTH = reportSums('EXTRACT(MONTH FROM date)::int');

/** Both reports: the names of the categories that have sums. */
export const CATEGORY_NAMES = 'SELECT id, name, color, icon FROM categories WHERE group_id = $1 AND id = ANY($2::uuid[]) ORDER BY sort_order, id';

/** GET /transactions (no filter): the total from the trigger-kept day counts. */
export const TRANSACTIONS_DAY_COUNT_TOTAL = 'SELECT COALESCE(SUM(count), 0) AS total FROM transaction_day_counts WHERE group_id = $1';

/** GET /transactions (no filter, newest first): the page starting `offset` rows in, found through the day counts. */
export const TRANSACTIONS_PAGE_BY_DAY = (offset: number, limit: number) => `WITH days AS (SELECT date, SUM(count) AS count FROM transaction_day_counts WHERE group_id = $1 GROUP BY date),
          anchor AS (SELECT date, ${offset} - (running - count) AS skip
                       FROM (SELECT date, count, SUM(count) OVER (ORDER BY date DESC) AS running FROM days) d
                      WHERE running > ${offset}
                      ORDER BY date DESC LIMIT 1)
     SELECT t.id, t.type, t.amount, t.date::text AS date, t.description, t.category_id, t.budget_account_id,
  t.target_budget_account_id, t.recurring_transaction_id, t.created_by_id, t.created_date
       FROM (SELECT id, date AS k FROM transactions
              WHERE group_id = $1 AND date <= (SELECT date FROM anchor)
              ORDER BY date DESC, id DESC
              LIMIT ${limit} OFFSET (SELECT skip FROM anchor)) p
       JOIN transactions t ON t.id = p.id
      ORDER BY p.k DESC, p.id DESC`;

/** POST /session: the user and their group by username. */
export const SIGN_IN_BY_USERNAME = `
  SELECT u.id, u.password_hash, u.nickname, u.role, u.status, u.email_status, u.group_id, u.perms_version,
         g.currency, g.modules
    FROM users u LEFT JOIN groups g ON g.id = u.group_id WHERE u.username = $1`;

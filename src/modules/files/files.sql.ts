import { statement } from '../../database/sql';
import type { StoredFile } from './entities/stored-file.entity';

/*
 * Named statements of `files` (FilesRepository). Status moves are conditional updates
 * (`WHERE status = …`) that return the row they moved, so a confirm, the processing job and a
 * removal racing on one file each see who won.
 */

/** Pending → Processing; no row when the file $1 was no longer Pending. */
export const FILE_MARK_PROCESSING = statement(
  'file_mark_processing',
  `UPDATE files SET status = 'Processing', updated_date = now() WHERE id = $1 AND status = 'Pending' RETURNING id`,
);

export const FILE_STATUS = statement('file_status', 'SELECT status FROM files WHERE id = $1');

/** Processing → Completed with the processed image's facts ($2 width, $3 height, $4 size, $5 thumbnail key); no row when the file left Processing. */
export const FILE_MARK_COMPLETED = statement(
  'file_mark_completed',
  `UPDATE files SET status = 'Completed', error = NULL, width = $2, height = $3, size = $4, thumbnail_key = $5, updated_date = now()
    WHERE id = $1 AND status = 'Processing'
   RETURNING id`,
);

/** Processing → Failed with the reason $2. */
export const FILE_MARK_FAILED = statement(
  'file_mark_failed',
  `UPDATE files SET status = 'Failed', error = $2, updated_date = now() WHERE id = $1 AND status = 'Processing'`,
);

/** Up to 500 uploads still Pending since before $1, oldest first, with their object keys. */
export const FILES_PENDING_BEFORE = statement(
  'files_pending_before',
  `SELECT id, storage_key AS "storageKey", thumbnail_key AS "thumbnailKey"
     FROM files WHERE status = 'Pending' AND created_date < $1 ORDER BY created_date LIMIT 500`,
);

/** Of the files $1, those still Pending are deleted. */
export const FILES_DELETE_PENDING = statement('files_delete_pending', `DELETE FROM files WHERE id = ANY($1::uuid[]) AND status = 'Pending'`);

/** Files in Processing untouched since before $1 are marked Failed, counted. */
export const FILES_FAIL_STUCK_PROCESSING = statement(
  'files_fail_stuck_processing',
  `WITH failed AS (
     UPDATE files SET status = 'Failed', error = 'Processing did not finish', updated_date = now()
      WHERE status = 'Processing' AND updated_date < $1
     RETURNING 1)
   SELECT count(*)::int AS n FROM failed`,
);

/** What GET /files/{fileId}/status shows of a file, named as the entity's fields. */
export type FileStatusRow = Pick<StoredFile, 'id' | 'category' | 'status' | 'error' | 'updatedDate'>;

/** The file $1 if it is a marker image of the group $2 or the picture of the user $3. */
export const FILE_STATUS_VISIBLE_TO = statement(
  'file_status_visible_to',
  `SELECT id, category, status, error, updated_date AS "updatedDate"
     FROM files
    WHERE id = $1 AND ((category = 'MarkerImage' AND group_id = $2) OR (category = 'ProfilePicture' AND owner_user_id = $3))`,
);

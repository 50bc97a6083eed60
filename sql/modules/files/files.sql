-- file_mark_completed
UPDATE files SET status = 'Completed', error = NULL, width = $2, height = $3, size = $4, thumbnail_key = $5, updated_date = now()
    WHERE id = $1 AND status = 'Processing'
   RETURNING id;

-- file_mark_failed
UPDATE files SET status = 'Failed', error = $2, updated_date = now() WHERE id = $1 AND status = 'Processing';

-- file_mark_processing
UPDATE files SET status = 'Processing', updated_date = now() WHERE id = $1 AND status = 'Pending' RETURNING id;

-- file_status
SELECT status FROM files WHERE id = $1;

-- file_status_visible_to
SELECT id, category, status, error, updated_date AS "updatedDate"
     FROM files
    WHERE id = $1 AND ((category = 'MarkerImage' AND group_id = $2) OR (category = 'ProfilePicture' AND owner_user_id = $3));

-- files_delete_pending
DELETE FROM files WHERE id = ANY($1::uuid[]) AND status = 'Pending';

-- files_fail_stuck_processing
WITH failed AS (
     UPDATE files SET status = 'Failed', error = 'Processing did not finish', updated_date = now()
      WHERE status = 'Processing' AND updated_date < $1
     RETURNING 1)
   SELECT count(*)::int AS n FROM failed;

-- files_pending_before
SELECT id, storage_key AS "storageKey", thumbnail_key AS "thumbnailKey"
     FROM files WHERE status = 'Pending' AND created_date < $1 ORDER BY created_date LIMIT 500;

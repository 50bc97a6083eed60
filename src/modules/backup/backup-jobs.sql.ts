import { statement } from '../../database/sql';
import { JOBS_SCHEMA } from '../../infrastructure/jobs/jobs.service';

/*
 * Named statements of the backup's view of the job queue (BackupJobsRepository): pg-boss's own
 * table, read only. $1 is always the backup queue's name.
 */

/** Arbitrary constant: serialises "is a backup running? then start one" until the transaction ends. */
export const BACKUP_START_LOCK = statement('backup_start_lock', 'SELECT pg_advisory_xact_lock(7461626374)');

/** Whether a backup job is queued or running. */
export const BACKUP_RUNNING = statement(
  'backup_running',
  `SELECT 1 FROM ${JOBS_SCHEMA}.job WHERE name = $1 AND state IN ('created', 'retry', 'active') LIMIT 1`,
);

/**
 * Whether a backup is queued or running, and the last finished run: its state, when it ended and
 * its error's message (pg-boss keeps finished jobs for days).
 */
export const BACKUP_STATUS = statement(
  'backup_status',
  `SELECT EXISTS (SELECT 1 FROM ${JOBS_SCHEMA}.job WHERE name = $1 AND state IN ('created', 'retry', 'active')) AS running,
          last.state, last.completed_on AS at, last.output->>'message' AS message
     FROM (SELECT 1) AS one
     LEFT JOIN LATERAL (
       SELECT state, completed_on, output FROM ${JOBS_SCHEMA}.job
        WHERE name = $1 AND state IN ('completed', 'failed') AND completed_on IS NOT NULL
        ORDER BY completed_on DESC LIMIT 1
     ) AS last ON true`,
);

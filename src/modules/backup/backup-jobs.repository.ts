import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { JOBS_SCHEMA } from '../../infrastructure/jobs/jobs.service';

/** Arbitrary constant: serialises "is a backup running? then start one". */
const BACKUP_START_LOCK = 7_461_626_374;

@Injectable()
export class BackupJobsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Takes the start lock for the transaction and tells whether a backup job is queued or running. */
  async lockAndFindRunning(manager: EntityManager, queue: string): Promise<boolean> {
    await manager.query('SELECT pg_advisory_xact_lock($1)', [BACKUP_START_LOCK]);
    const rows = await manager.query(
      `SELECT 1 FROM ${JOBS_SCHEMA}.job WHERE name = $1 AND state IN ('created', 'retry', 'active') LIMIT 1`,
      [queue],
    );
    return rows.length > 0;
  }

  /**
   * Whether a backup is queued or running, and the last finished run when it failed: the time it
   * ended and its error's message (pg-boss keeps finished jobs for days).
   */
  async status(queue: string): Promise<{ running: boolean; lastFailure: { at: Date; message: string } | null }> {
    const [row]: { running: boolean; state: string | null; at: Date | null; message: string | null }[] = await this.dataSource.query(
      `SELECT EXISTS (SELECT 1 FROM ${JOBS_SCHEMA}.job WHERE name = $1 AND state IN ('created', 'retry', 'active')) AS running,
              last.state, last.completed_on AS at, last.output->>'message' AS message
         FROM (SELECT 1) AS one
         LEFT JOIN LATERAL (
           SELECT state, completed_on, output FROM ${JOBS_SCHEMA}.job
            WHERE name = $1 AND state IN ('completed', 'failed') AND completed_on IS NOT NULL
            ORDER BY completed_on DESC LIMIT 1
         ) AS last ON true`,
      [queue],
    );
    const failed = row.state === 'failed' && row.at;
    return { running: row.running, lastFailure: failed ? { at: row.at!, message: row.message || 'The backup failed' } : null };
  }
}

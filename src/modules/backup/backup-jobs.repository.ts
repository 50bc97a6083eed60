import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { JOBS_SCHEMA } from '../../infrastructure/jobs/jobs.service';

/** Arbitrary constant: serialises "is a backup running? then start one". */
const BACKUP_START_LOCK = 7_461_626_374;

@Injectable()
export class BackupJobsRepository {
  /** Takes the start lock for the transaction and tells whether a backup job is queued or running. */
  async lockAndFindRunning(manager: EntityManager, queue: string): Promise<boolean> {
    await manager.query('SELECT pg_advisory_xact_lock($1)', [BACKUP_START_LOCK]);
    const rows = await manager.query(
      `SELECT 1 FROM ${JOBS_SCHEMA}.job WHERE name = $1 AND state IN ('created', 'retry', 'active') LIMIT 1`,
      [queue],
    );
    return rows.length > 0;
  }
}

import { Injectable } from '@nestjs/common';
import { Sql } from '../../database/sql';
import { BACKUP_RUNNING, BACKUP_START_LOCK, BACKUP_STATUS } from './backup-jobs.sql';

/** The backup's jobs as pg-boss stores them (backup-jobs.sql.ts). */
@Injectable()
export class BackupJobsRepository {
  constructor(private readonly sql: Sql) {}

  /** Takes the start lock for the unit of work's transaction and tells whether a backup job is queued or running. */
  async lockAndFindRunning(queue: string): Promise<boolean> {
    await this.sql.rows(BACKUP_START_LOCK);
    const rows = await this.sql.rows(BACKUP_RUNNING, [queue]);
    return rows.length > 0;
  }

  /**
   * Whether a backup is queued or running, and the last finished run when it failed: the time it
   * ended and its error's message (pg-boss keeps finished jobs for days).
   */
  async status(queue: string): Promise<{ running: boolean; lastFailure: { at: Date; message: string } | null }> {
    const [row] = await this.sql.rows<{ running: boolean; state: string | null; at: Date | null; message: string | null }>(BACKUP_STATUS, [queue]);
    const failed = row.state === 'failed' && row.at;
    return { running: row.running, lastFailure: failed ? { at: row.at!, message: row.message || 'The backup failed' } : null };
  }
}

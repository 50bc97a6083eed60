import { Injectable, Logger } from '@nestjs/common';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { createReadStream } from 'node:fs';
import { UnitOfWork } from '../../database/transaction';
import { AppError } from '../../common/errors/app-error';
import { AppConfig } from '../../config/app-config';
import { JobsService } from '../../infrastructure/jobs/jobs.service';
import { backupName } from './backup-format';
import { BackupJobsRepository } from './backup-jobs.repository';
import { BackupService, BackupSummary } from './backup.service';

export const BACKUP_QUEUE = 'backup';

/**
 * Backups inside the service: a pg-boss job (so a run happens on one instance only, scheduled by
 * BACKUP_SCHEDULE or started by an admin), retention of the newest BACKUP_KEEP, and downloads of
 * listed archives only.
 */
@Injectable()
export class BackupsService {
  private readonly logger = new Logger('Backups');

  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly config: AppConfig,
    private readonly backups: BackupService,
    private readonly jobs: JobsService,
    private readonly repository: BackupJobsRepository,
  ) {
    // a failed backup is reported (job failed, partial file removed), not retried on a full disk
    jobs.register<{ name?: string }>(
      BACKUP_QUEUE,
      async (data) => {
        await this.run(data?.name);
      },
      { retryLimit: 0, policy: 'exclusive' },
    );
    if (config.backup.schedule) jobs.schedule(BACKUP_QUEUE, config.backup.schedule);
  }

  /** The job: one archive, then retention. */
  async run(name?: string): Promise<string> {
    try {
      const path = await this.backups.create(name ? join(this.config.backup.dir, name) : undefined);
      const removed = await this.backups.prune();
      this.logger.log({ path, removed }, 'backup written');
      return path;
    } catch (error) {
      this.logger.error({ err: error }, 'backup failed; the partial archive was removed');
      throw error;
    }
  }

  /** The archives, whether a backup is queued or running, and the last run's error when it failed. */
  async list(): Promise<{ items: BackupSummary[]; running: boolean; lastError?: { at: string; message: string } }> {
    const [items, { running, lastFailure }] = await Promise.all([this.backups.list(), this.repository.status(BACKUP_QUEUE)]);
    return { items, running, ...(lastFailure ? { lastError: { at: lastFailure.at.toISOString(), message: lastFailure.message } } : {}) };
  }

  /** Queues a backup unless one is queued or running (409 BACKUP_IN_PROGRESS). */
  async start(): Promise<{ name: string }> {
    const name = backupName(new Date());
    await this.unitOfWork.run(async (manager) => {
      if (await this.repository.lockAndFindRunning(BACKUP_QUEUE)) {
        throw AppError.conflict('BACKUP_IN_PROGRESS', 'A backup is already running; wait until it has finished');
      }
      // the queue is exclusive too, so a scheduled run and a started one never overlap
      const id = await this.jobs.send(BACKUP_QUEUE, { name }, { manager });
      if (!id) throw AppError.conflict('BACKUP_IN_PROGRESS', 'A backup is already running; wait until it has finished');
    });
    return { name };
  }

  /** A listed archive as a stream; any other name is 404, so nothing outside BACKUP_DIR is read. */
  async open(name: string): Promise<{ stream: Readable; size: number }> {
    const listed = (await this.backups.list()).find((summary) => summary.name === name);
    const path = listed ? await this.backups.pathOf(listed.name) : null;
    if (!listed || !path) throw AppError.notFound('Backup');
    return { stream: createReadStream(path), size: listed.sizeBytes };
  }
}

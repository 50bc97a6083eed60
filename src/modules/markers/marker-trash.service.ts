import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { AppConfig } from '../../config/app-config';
import { UnitOfWork } from '../../database/transaction';
import { JobsService } from '../../infrastructure/jobs/jobs.service';
import { MarkerImagesService } from './marker-images.service';
import { MarkersRepository } from './markers.repository';

export const TRASH_PURGE_QUEUE = 'map-trash-purge';
const DAY_MS = 86_400_000;
const BATCH = 100;

/** Daily: markers in the trash for longer than TRASH_RETENTION_DAYS are deleted for good, images and objects included. */
@Injectable()
export class MarkerTrashService implements OnModuleInit {
  private readonly logger = new Logger('MarkerTrash');

  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly markers: MarkersRepository,
    private readonly config: AppConfig,
    private readonly jobs: JobsService,
    private readonly images: MarkerImagesService,
  ) {}

  onModuleInit(): void {
    this.jobs.register(TRASH_PURGE_QUEUE, () => this.purge(new Date()).then(() => undefined));
    this.jobs.schedule(TRASH_PURGE_QUEUE, '45 3 * * *');
  }

  /**
   * Purges every marker deleted before `now - TRASH_RETENTION_DAYS`, in batches of one
   * transaction each (markers, their images and files rows, and the durable job removing the
   * objects commit together); rows locked by a concurrent restore are skipped until the next run.
   * Returns the number of markers purged.
   */
  async purge(now: Date): Promise<number> {
    const cutoff = new Date(now.getTime() - this.config.retention.trashDays * DAY_MS);
    let purged = 0;
    for (;;) {
      const count = await this.unitOfWork.run(async () => {
        const expired = await this.markers.lockTrashedBefore(cutoff, BATCH);
        await this.images.removeAllOf(expired);
        // each marker gets its own history row (actor System)
        await this.markers.removeEach(expired);
        return expired.length;
      });
      if (count === 0) break;
      purged += count;
    }
    if (purged > 0) this.logger.log({ purged, cutoff }, 'trash purged');
    return purged;
  }
}

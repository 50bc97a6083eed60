import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AppConfig } from '../../config/app-config';
import { inTransaction } from '../../database/transaction';
import { JobsService } from '../../infrastructure/jobs/jobs.service';
import { Marker } from './entities/marker.entity';
import { MarkerImagesService } from './marker-images.service';

export const TRASH_PURGE_QUEUE = 'map-trash-purge';
const DAY_MS = 86_400_000;
const BATCH = 100;

/** Daily: markers in the trash for longer than TRASH_RETENTION_DAYS are deleted for good, images and objects included. */
@Injectable()
export class MarkerTrashService implements OnModuleInit {
  private readonly logger = new Logger('MarkerTrash');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
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
      const count = await inTransaction(this.dataSource, async (manager) => {
        const expired = await manager
          .getRepository(Marker)
          .createQueryBuilder('m')
          .withDeleted()
          .where('m.deletedDate < :cutoff', { cutoff })
          .orderBy('m.deletedDate', 'ASC')
          .limit(BATCH)
          .setLock('pessimistic_write')
          .setOnLocked('skip_locked')
          .getMany();
        await this.images.removeAllOf(manager, expired);
        // one row at a time: each marker gets its own history row (actor System)
        for (const marker of expired) await manager.remove(marker);
        return expired.length;
      });
      if (count === 0) break;
      purged += count;
    }
    if (purged > 0) this.logger.log({ purged, cutoff }, 'trash purged');
    return purged;
  }
}

import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AppConfig } from '../../config/app-config';
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
    this.jobs.schedule(TRASH_PURGE_QUEUE, '40 3 * * *');
  }

  /**
   * Purges every marker deleted before `now - TRASH_RETENTION_DAYS`, in batches of one
   * transaction each; rows locked by a concurrent restore are skipped until the next run.
   * Stored objects are removed after the commit, so a failure leaves objects, never dangling rows.
   * Returns the number of markers purged.
   */
  async purge(now: Date): Promise<number> {
    const cutoff = new Date(now.getTime() - this.config.retention.trashDays * DAY_MS);
    let purged = 0;
    for (;;) {
      const { count, fileIds } = await this.dataSource.transaction(async (manager) => {
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
        if (expired.length === 0) return { count: 0, fileIds: [] as string[] };
        const fileIds = await this.images.removeAllOf(manager, expired);
        await manager.getRepository(Marker).remove(expired);
        return { count: expired.length, fileIds };
      });
      if (count === 0) break;
      await this.images.removeFiles(fileIds);
      purged += count;
    }
    if (purged > 0) this.logger.log({ purged, cutoff }, 'trash purged');
    return purged;
  }
}

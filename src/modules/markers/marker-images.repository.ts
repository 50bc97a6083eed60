import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, In } from 'typeorm';
import { findInGroupTx, Tenant } from '../../common/tenancy/group-scope';
import { Sql } from '../../database/sql';
import { UnitOfWork } from '../../database/transaction';
import { MarkerImage } from './entities/marker-image.entity';
import type { Marker } from './entities/marker.entity';
import { MARKER_IMAGES_CONFIRMED_OTHERS, MARKER_IMAGES_COUNT } from './markers.sql';

/**
 * The SQL of `marker_images`. Reads may join the files feature's `files` for an image's processing
 * status (read-only; the list and detail hot paths do so in markers.sql.ts); files are written only
 * by FilesService.
 */
@Injectable()
export class MarkerImagesRepository {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly sql: Sql,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  /** The current unit of work's transaction (outside one, the pool): reads and writes join the caller's unit of work. */
  private get manager(): EntityManager {
    return this.unitOfWork.manager;
  }

  /** How many images the marker has (confirmed or not) and its last position (null: none), in the unit of work. */
  async countAndLastPosition(markerId: string): Promise<{ count: number; last: number | null }> {
    const [{ count, last }] = await this.sql.rows<{ count: number; last: number | null }>(MARKER_IMAGES_COUNT, [markerId]);
    return { count, last };
  }

  /** Images of the marker other than `imageId` whose upload was confirmed, in the unit of work. */
  async countConfirmedOthers(markerId: string, imageId: string): Promise<number> {
    const [{ confirmed }] = await this.sql.rows<{ confirmed: number }>(MARKER_IMAGES_CONFIRMED_OTHERS, [markerId, imageId]);
    return confirmed;
  }

  /** An image of this marker in the group (another marker's is 404 like a missing one). */
  findOfMarker(tenant: Tenant, marker: Marker, imageId: string): Promise<MarkerImage> {
    return findInGroupTx(this.manager, MarkerImage, tenant, imageId, 'Image', { where: { markerId: marker.id } });
  }

  /** The marker's images in order, with their files. */
  findOfMarkerWithFiles(marker: Marker): Promise<MarkerImage[]> {
    return this.dataSource.getRepository(MarkerImage).find({
      where: { markerId: marker.id, groupId: marker.groupId },
      relations: { file: true },
      order: { order: 'ASC', id: 'ASC' },
    });
  }

  findAllOfMarker(tenant: Tenant, markerId: string): Promise<MarkerImage[]> {
    return this.manager.find(MarkerImage, { where: { markerId, groupId: tenant.groupId } });
  }

  findAllOfMarkers(markerIds: string[]): Promise<MarkerImage[]> {
    return this.manager.find(MarkerImage, { where: { markerId: In(markerIds) } });
  }

  create(values: Partial<MarkerImage>): Promise<MarkerImage> {
    const manager = this.manager;
    return manager.save(manager.create(MarkerImage, values));
  }

  /** One row at a time: each change gets its own history row. */
  save(image: MarkerImage): Promise<MarkerImage> {
    return this.manager.save(image);
  }

  async remove(image: MarkerImage): Promise<void> {
    await this.manager.remove(image);
  }
}

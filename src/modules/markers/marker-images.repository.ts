import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, In } from 'typeorm';
import { findInGroupTx, Tenant } from '../../common/tenancy/group-scope';
import { Sql } from '../../database/sql';
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
  ) {}

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
  findOfMarker(manager: EntityManager, tenant: Tenant, marker: Marker, imageId: string): Promise<MarkerImage> {
    return findInGroupTx(manager, MarkerImage, tenant, imageId, 'Image', { where: { markerId: marker.id } });
  }

  /** The marker's images in order, with their files. */
  findOfMarkerWithFiles(marker: Marker): Promise<MarkerImage[]> {
    return this.dataSource.getRepository(MarkerImage).find({
      where: { markerId: marker.id, groupId: marker.groupId },
      relations: { file: true },
      order: { order: 'ASC', id: 'ASC' },
    });
  }

  findAllOfMarker(manager: EntityManager, tenant: Tenant, markerId: string): Promise<MarkerImage[]> {
    return manager.find(MarkerImage, { where: { markerId, groupId: tenant.groupId } });
  }

  findAllOfMarkers(manager: EntityManager, markerIds: string[]): Promise<MarkerImage[]> {
    return manager.find(MarkerImage, { where: { markerId: In(markerIds) } });
  }

  create(manager: EntityManager, values: Partial<MarkerImage>): Promise<MarkerImage> {
    return manager.save(manager.create(MarkerImage, values));
  }

  /** One row at a time: each change gets its own history row. */
  save(manager: EntityManager, image: MarkerImage): Promise<MarkerImage> {
    return manager.save(image);
  }

  async remove(manager: EntityManager, image: MarkerImage): Promise<void> {
    await manager.remove(image);
  }
}

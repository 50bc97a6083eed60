import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, In } from 'typeorm';
import { AuthUser } from '../../common/auth/auth-user';
import { AppError } from '../../common/errors/app-error';
import { assertExactOrder } from '../../common/ordering/exact-order';
import { findInGroup, findInGroupTx, lockInGroup } from '../../common/tenancy/group-scope';
import { AppConfig } from '../../config/app-config';
import { inTransaction } from '../../database/transaction';
import { CreateUploadDto, UploadTicketDto } from '../files/dto/upload.dto';
import { StoredFile } from '../files/entities/stored-file.entity';
import { FilesService } from '../files/files.service';
import { ConfirmedMarkerImageDto } from './dto/marker-image-input.dto';
import { MarkerImageDto } from './dto/marker-image.dto';
import { MarkerImage } from './entities/marker-image.entity';
import { Marker } from './entities/marker.entity';

export interface ImageSummary {
  imageCount: number;
  coverThumbnailUrl: string | null;
}

/**
 * Images of a marker, on top of the shared upload pipeline (FilesService): presign → PUT →
 * confirm → processing job. Changes take the marker's row lock, so the per-marker limit and the
 * order hold under concurrent requests.
 */
@Injectable()
export class MarkerImagesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly files: FilesService,
    private readonly config: AppConfig,
  ) {}

  /** Reserves a place for one more image (counting unconfirmed uploads) and issues its upload URL. */
  createUpload(user: AuthUser, markerId: string, input: CreateUploadDto): Promise<UploadTicketDto> {
    return this.onMarker(user, markerId, async (manager, marker) => {
      const [{ count, last }] = await manager.query(
        'SELECT count(*)::int AS count, max(position) AS last FROM marker_images WHERE marker_id = $1',
        [marker.id],
      );
      if (count >= this.config.limits.maxMarkerImages) throw this.limitReached();
      const { fileId, ...ticket } = await this.files.createUpload(
        { category: 'MarkerImage', ownerUserId: user.userId, groupId: user.groupId, contentType: input.contentType, size: input.size },
        manager,
      );
      const image = await manager.save(
        manager.create(MarkerImage, { groupId: user.groupId, markerId: marker.id, fileId, order: (last ?? -1) + 1 }),
      );
      return { imageId: image.id, ...ticket };
    });
  }

  /** Verifies the upload (exists, declared size, real image, within the limit) and starts processing. */
  confirm(user: AuthUser, markerId: string, imageId: string): Promise<ConfirmedMarkerImageDto> {
    return this.onMarker(user, markerId, async (manager, marker) => {
      const image = await this.imageOf(manager, user, marker, imageId);
      const [{ confirmed }] = await manager.query(
        `SELECT count(*)::int AS confirmed FROM marker_images mi JOIN files f ON f.id = mi.file_id
          WHERE mi.marker_id = $1 AND mi.id <> $2 AND f.status <> 'Pending'`,
        [marker.id, image.id],
      );
      if (confirmed >= this.config.limits.maxMarkerImages) throw this.limitReached();
      const result = await this.files.confirmUpload(image.fileId, { category: 'MarkerImage', groupId: user.groupId }, manager);
      return { id: image.id, fileId: result.fileId, status: result.status };
    });
  }

  async list(user: AuthUser, markerId: string): Promise<MarkerImageDto[]> {
    return this.listFor(await findInGroup(this.dataSource.getRepository(Marker), user, markerId, 'Marker'));
  }

  /** The marker's images in order, with short-lived URLs for the completed ones. */
  async listFor(marker: Marker): Promise<MarkerImageDto[]> {
    const images = await this.dataSource.getRepository(MarkerImage).find({
      where: { markerId: marker.id, groupId: marker.groupId },
      relations: { file: true },
      order: { order: 'ASC', id: 'ASC' },
    });
    return Promise.all(images.map(async (image) => toImageDto(image, image.file!, await this.files.urls(image.file))));
  }

  /** For lists: each marker's image count and the thumbnail URL of its first completed image. */
  async summaries(groupId: string, markerIds: string[]): Promise<Map<string, ImageSummary>> {
    const out = new Map<string, ImageSummary>();
    if (markerIds.length === 0) return out;
    const rows: { marker_id: string; image_count: number; cover_file_id: string | null }[] = await this.dataSource.query(
      `SELECT mi.marker_id, count(*)::int AS image_count,
              (array_agg(mi.file_id ORDER BY mi.position, mi.id) FILTER (WHERE f.status = 'Completed'))[1] AS cover_file_id
         FROM marker_images mi JOIN files f ON f.id = mi.file_id
        WHERE mi.group_id = $1 AND mi.marker_id = ANY($2::uuid[])
        GROUP BY mi.marker_id`,
      [groupId, markerIds],
    );
    const urls = await this.files.urlsById(rows.map((row) => row.cover_file_id));
    for (const row of rows) {
      const cover = row.cover_file_id ? urls.get(row.cover_file_id) : undefined;
      out.set(row.marker_id, { imageCount: row.image_count, coverThumbnailUrl: cover?.thumbnailUrl ?? null });
    }
    return out;
  }

  async reorder(user: AuthUser, markerId: string, imageIds: string[]): Promise<MarkerImageDto[]> {
    const marker = await this.onMarker(user, markerId, async (manager, marker) => {
      const images = await manager.find(MarkerImage, { where: { markerId: marker.id, groupId: user.groupId } });
      assertExactOrder('imageIds', imageIds, new Set(images.map((image) => image.id)), 'an image of this marker');
      const byId = new Map(images.map((image) => [image.id, image]));
      for (const [order, id] of imageIds.entries()) {
        const image = byId.get(id)!;
        if (image.order === order) continue;
        image.order = order;
        // one row at a time: each change gets its own history row
        await manager.save(image);
      }
      return marker;
    });
    return this.listFor(marker);
  }

  /** Deletes the image; its stored objects are removed by the files module's durable job. */
  async remove(user: AuthUser, markerId: string, imageId: string): Promise<void> {
    await this.onMarker(user, markerId, async (manager, marker) => {
      const image = await this.imageOf(manager, user, marker, imageId);
      await manager.remove(image);
      await this.files.removeFiles([image.fileId], manager);
    });
  }

  /** Trash purge: deletes every image of these markers and, through the files module, their objects. */
  async removeAllOf(manager: EntityManager, markers: Marker[]): Promise<void> {
    if (markers.length === 0) return;
    const images = await manager.find(MarkerImage, { where: { markerId: In(markers.map((marker) => marker.id)) } });
    for (const image of images) await manager.remove(image);
    await this.files.removeFiles(
      images.map((image) => image.fileId),
      manager,
    );
  }

  /** Runs `work` in a transaction holding the lock of a live marker of the caller's group. */
  private onMarker<T>(user: AuthUser, markerId: string, work: (manager: EntityManager, marker: Marker) => Promise<T>): Promise<T> {
    return inTransaction(this.dataSource, async (manager) =>
      work(manager, await lockInGroup(manager, Marker, user, markerId, 'Marker')),
    );
  }

  /** An image of this marker: one of another marker or group is 404 like a missing one. */
  private imageOf(manager: EntityManager, user: AuthUser, marker: Marker, imageId: string): Promise<MarkerImage> {
    return findInGroupTx(manager, MarkerImage, user, imageId, 'Image', { where: { markerId: marker.id } });
  }

  private limitReached(): AppError {
    const max = this.config.limits.maxMarkerImages;
    return AppError.conflict('IMAGE_LIMIT', `A marker can have at most ${max} images`);
  }
}

function toImageDto(image: MarkerImage, file: StoredFile, urls: { url: string; thumbnailUrl: string } | null): MarkerImageDto {
  return {
    id: image.id,
    order: image.order,
    status: file.status,
    url: urls?.url ?? null,
    thumbnailUrl: urls?.thumbnailUrl ?? null,
    contentType: file.contentType,
    size: file.size,
    width: file.width,
    height: file.height,
    createdDate: image.createdDate,
  };
}

import { Injectable } from '@nestjs/common';
import { AuthUser } from '../../common/auth/auth-user';
import { AppError } from '../../common/errors/app-error';
import { assertExactOrder } from '../../common/ordering/exact-order';
import { AppConfig } from '../../config/app-config';
import { UnitOfWork } from '../../database/transaction';
import { CreateUploadDto, UploadTicketDto } from '../files/dto/upload.dto';
import { FileStatus, ImageType } from '../files/entities/stored-file.entity';
import { FilesService } from '../files/files.service';
import { ConfirmedMarkerImageDto } from './dto/marker-image-input.dto';
import { MarkerImageDto, toMarkerImageDto } from './dto/marker-image.dto';
import { MarkerImage } from './entities/marker-image.entity';
import { Marker } from './entities/marker.entity';
import { MarkerImagesRepository } from './marker-images.repository';
import { MarkersRepository } from './markers.repository';
import type { MarkerDetailRow } from './markers.sql';

/**
 * Images of a marker, on top of the shared upload pipeline (FilesService): presign → PUT →
 * confirm → processing job. Changes take the marker's row lock, so the per-marker limit and the
 * order hold under concurrent requests.
 */
@Injectable()
export class MarkerImagesService {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly markers: MarkersRepository,
    private readonly images: MarkerImagesRepository,
    private readonly files: FilesService,
    private readonly config: AppConfig,
  ) {}

  /** Reserves a place for one more image (counting unconfirmed uploads) and issues its upload URL. */
  createUpload(user: AuthUser, markerId: string, input: CreateUploadDto): Promise<UploadTicketDto> {
    return this.onMarker(user, markerId, async (marker) => {
      const { count, last } = await this.images.countAndLastPosition(marker.id);
      if (count >= this.config.limits.maxMarkerImages) throw this.limitReached();
      const { fileId, ...ticket } = await this.files.createUpload({
        category: 'MarkerImage',
        ownerUserId: user.userId,
        groupId: user.groupId,
        contentType: input.contentType,
        size: input.size,
      });
      const image = await this.images.create({ groupId: user.groupId, markerId: marker.id, fileId, order: (last ?? -1) + 1 });
      return { imageId: image.id, ...ticket };
    });
  }

  /** Verifies the upload (exists, declared size, real image, within the limit) and starts processing. */
  confirm(user: AuthUser, markerId: string, imageId: string): Promise<ConfirmedMarkerImageDto> {
    return this.onMarker(user, markerId, async (marker) => {
      const image = await this.imageOf(user, marker, imageId);
      const confirmed = await this.images.countConfirmedOthers(marker.id, image.id);
      if (confirmed >= this.config.limits.maxMarkerImages) throw this.limitReached();
      const result = await this.files.confirmUpload(image.fileId, { category: 'MarkerImage', groupId: user.groupId });
      return { id: image.id, fileId: result.fileId, status: result.status };
    });
  }

  async list(user: AuthUser, markerId: string): Promise<MarkerImageDto[]> {
    return this.listFor(await this.markers.findInGroup(user, markerId));
  }

  /** The marker's images in order, with short-lived URLs for the completed ones. */
  async listFor(marker: Marker): Promise<MarkerImageDto[]> {
    const images = await this.images.findOfMarkerWithFiles(marker);
    return Promise.all(images.map(async (image) => toMarkerImageDto(image, image.file!, await this.files.urls(image.file))));
  }

  /** The images of a marker from its detail rows (markers.sql.ts), in the rows' order. */
  fromDetailRows(rows: MarkerDetailRow[]): Promise<MarkerImageDto[]> {
    return Promise.all(
      rows.map(async (row) => {
        const file = {
          status: row.image_status as FileStatus,
          storageKey: row.image_storage_key,
          thumbnailKey: row.image_thumbnail_key,
          contentType: row.image_content_type as ImageType,
          size: row.image_size,
          width: row.image_width,
          height: row.image_height,
        };
        const image = { id: row.image_id!, order: row.image_order, createdDate: row.image_created_date };
        return toMarkerImageDto(image, file, await this.files.urls(file));
      }),
    );
  }

  /** The thumbnail URL of a completed image's file (a list's cover). */
  async thumbnailUrl(storageKey: string, thumbnailKey: string | null): Promise<string> {
    return (await this.files.urls({ status: 'Completed', storageKey, thumbnailKey }))!.thumbnailUrl;
  }

  async reorder(user: AuthUser, markerId: string, imageIds: string[]): Promise<MarkerImageDto[]> {
    const marker = await this.onMarker(user, markerId, async (marker) => {
      const images = await this.images.findAllOfMarker(user, marker.id);
      assertExactOrder('imageIds', imageIds, new Set(images.map((image) => image.id)), 'an image of this marker');
      const byId = new Map(images.map((image) => [image.id, image]));
      for (const [order, id] of imageIds.entries()) {
        const image = byId.get(id)!;
        if (image.order === order) continue;
        image.order = order;
        // one row at a time: each change gets its own history row
        await this.images.save(image);
      }
      return marker;
    });
    return this.listFor(marker);
  }

  /** Deletes the image; its stored objects are removed by the files module's durable job. */
  async remove(user: AuthUser, markerId: string, imageId: string): Promise<void> {
    await this.onMarker(user, markerId, async (marker) => {
      const image = await this.imageOf(user, marker, imageId);
      await this.images.remove(image);
      await this.files.removeFiles([image.fileId]);
    });
  }

  /** Trash purge, in the caller's unit of work: deletes every image of these markers and, through the files module, their objects. */
  async removeAllOf(markers: Marker[]): Promise<void> {
    if (markers.length === 0) return;
    const images = await this.images.findAllOfMarkers(markers.map((marker) => marker.id));
    for (const image of images) await this.images.remove(image);
    await this.files.removeFiles(images.map((image) => image.fileId));
  }

  /** Runs `work` in a unit of work holding the lock of a live marker of the caller's group. */
  private onMarker<T>(user: AuthUser, markerId: string, work: (marker: Marker) => Promise<T>): Promise<T> {
    return this.unitOfWork.run(async () => work(await this.markers.lockInGroup(user, markerId)));
  }

  /** An image of this marker: one of another marker or group is 404 like a missing one. */
  private imageOf(user: AuthUser, marker: Marker, imageId: string): Promise<MarkerImage> {
    return this.images.findOfMarker(user, marker, imageId);
  }

  private limitReached(): AppError {
    const max = this.config.limits.maxMarkerImages;
    return AppError.overLimit(409, 'IMAGE_LIMIT', `A marker can have at most ${max} images`, 'images', max);
  }
}

import { ApiProperty } from '@nestjs/swagger';
import type { StoredFile } from '../../files/entities/stored-file.entity';
import type { MarkerImage } from '../entities/marker-image.entity';

export const FILE_STATUSES = ['Pending', 'Processing', 'Completed', 'Failed'] as const;

/** One image of a marker; URLs are short-lived signed GET URLs, present once processing completed. */
export class MarkerImageDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ description: 'ascending sort key within the marker (0..n-1 after a reorder; a delete leaves a gap)' }) order: number;
  @ApiProperty({ enum: FILE_STATUSES }) status: string;
  @ApiProperty({ type: String, nullable: true }) url: string | null;
  @ApiProperty({ type: String, nullable: true }) thumbnailUrl: string | null;
  @ApiProperty({ example: 'image/jpeg' }) contentType: string;
  @ApiProperty({ description: 'bytes' }) size: number;
  @ApiProperty({ type: Number, nullable: true }) width: number | null;
  @ApiProperty({ type: Number, nullable: true }) height: number | null;
  @ApiProperty({ type: String, format: 'date-time' }) createdDate: Date | string;
}

/**
 * The one mapper of MarkerImageDto: the image's place and the file's state (entities, or the image
 * columns of a marker's detail rows), with the file's short-lived URLs (null until it is Completed).
 */
export function toMarkerImageDto(
  image: Pick<MarkerImage, 'id' | 'order'> & { createdDate: Date | string },
  file: Pick<StoredFile, 'status' | 'contentType' | 'size' | 'width' | 'height'>,
  urls: { url: string; thumbnailUrl: string } | null,
): MarkerImageDto {
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

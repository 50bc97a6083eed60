import { ApiProperty } from '@nestjs/swagger';
import { MarkerImageDto } from './marker-image.dto';

/** A marker in list form. */
export class MarkerDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ minLength: 1, maxLength: 100 }) title: string;
  @ApiProperty({ format: 'date', example: '2025-06-01' }) date: string;
  @ApiProperty({ minimum: 1, maximum: 5 }) rating: number;
  @ApiProperty({ description: 'sanitised HTML' }) description: string;
  @ApiProperty({ minimum: -90, maximum: 90 }) latitude: number;
  @ApiProperty({ minimum: -180, maximum: 180 }) longitude: number;
  @ApiProperty({ type: String, nullable: true }) address: string | null;
  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: 'the creating user (null once that account is gone)' })
  createdBy: string | null;
  @ApiProperty({ type: String, format: 'date-time' }) createdDate: Date | string;
  @ApiProperty({ type: String, format: 'date-time' }) updatedDate: Date | string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'set while the marker is in the trash' })
  deletedDate: Date | string | null;
  @ApiProperty({ description: 'images attached to the marker' }) imageCount: number;
  @ApiProperty({ type: String, nullable: true, description: 'short-lived signed URL of the first image’s thumbnail' })
  coverThumbnailUrl: string | null;
}

/** A marker in detail form: the list form plus its images, in order. */
export class MarkerDetailDto extends MarkerDto {
  @ApiProperty({ type: [MarkerImageDto] }) images: MarkerImageDto[];
}

/** The minimal form of GET /markers/locations. */
export class MarkerLocationDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() title: string;
  @ApiProperty() latitude: number;
  @ApiProperty() longitude: number;
  @ApiProperty({ minimum: 1, maximum: 5 }) rating: number;
}

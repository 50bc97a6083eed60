import { ApiProperty } from '@nestjs/swagger';

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

import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsUUID } from 'class-validator';

export class ReorderMarkerImagesDto {
  @ApiProperty({ type: [String], format: 'uuid', description: "exactly the marker's image ids, each once, in the new order" })
  @IsArray()
  @ArrayMaxSize(100)
  @IsUUID('all', { each: true })
  imageIds: string[];
}

export class ConfirmedMarkerImageDto {
  @ApiProperty({ format: 'uuid', description: 'the image id' }) id: string;
  @ApiProperty({ format: 'uuid', description: 'for GET /files/{fileId}/status' }) fileId: string;
  @ApiProperty({ enum: ['Pending', 'Processing', 'Completed', 'Failed'] }) status: string;
}

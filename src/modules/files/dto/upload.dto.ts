import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsInt, IsString, Max, MaxLength, Min } from 'class-validator';
import { IMAGE_TYPES, ImageType } from '../entities/stored-file.entity';

/** Body of an image upload request (profile picture, marker image). */
export class CreateUploadDto {
  @ApiProperty({ enum: IMAGE_TYPES, example: 'image/jpeg' })
  @IsString()
  @MaxLength(50)
  @IsIn(IMAGE_TYPES, { message: `contentType must be one of ${IMAGE_TYPES.join(', ')}` })
  contentType: ImageType;

  @ApiProperty({ description: 'exact size in bytes of the file that will be uploaded; at most MAX_IMAGE_BYTES (413 otherwise)', example: 204800 })
  @IsInt()
  @Min(1)
  @Max(2 ** 31 - 1)
  size: number;
}

/** Where and how to upload: PUT the bytes to `uploadUrl` with `headers`, then confirm. */
export class UploadTicketDto {
  @ApiProperty({ format: 'uuid' }) imageId: string;
  @ApiProperty({
    description:
      'presigned URL; PUT the raw bytes here. It is bound to the declared size and content type: ' +
      'the storage refuses (403 from S3, 413/415/400 from the local disk driver) an upload of any other size or type',
  })
  uploadUrl: string;
  @ApiProperty({ enum: ['PUT'] }) method: 'PUT';
  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'string' },
    description: 'headers the upload must carry with exactly these values (browsers set Content-Length themselves from the body)',
    example: { 'Content-Type': 'image/jpeg', 'Content-Length': '204800' },
  })
  headers: Record<string, string>;
  @ApiProperty({ format: 'date-time' }) expiresAt: Date;
}

export class ConfirmedUploadDto {
  @ApiProperty({ format: 'uuid' }) fileId: string;
  @ApiProperty({ enum: ['Pending', 'Processing', 'Completed', 'Failed'] }) status: string;
}

import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { FILE_CATEGORIES, FILE_STATUSES, FileCategory, FileStatus } from '../entities/stored-file.entity';

export class FileStatusDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ enum: FILE_CATEGORIES }) category: FileCategory;
  @ApiProperty({
    enum: FILE_STATUSES,
    description: 'Pending (upload URL issued) → Processing (confirmed) → Completed | Failed; the file is usable only when Completed',
  })
  status: FileStatus;
  @ApiPropertyOptional({ description: 'why processing failed' }) error?: string;
  @ApiProperty({ format: 'date-time' }) updatedDate: Date;
}

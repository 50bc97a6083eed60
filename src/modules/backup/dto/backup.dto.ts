import { ApiProperty } from '@nestjs/swagger';

export class BackupDto {
  @ApiProperty({ example: 'hearth-backup-20261123-030000Z.tar.gz' })
  name: string;

  @ApiProperty({ type: 'integer' })
  sizeBytes: number;

  @ApiProperty({ format: 'date-time' })
  createdAt: string;

  @ApiProperty({ description: 'row count per table', type: 'object', additionalProperties: { type: 'integer' } })
  tables: Record<string, number>;

  @ApiProperty({ type: 'integer', description: 'number of stored objects (images)' })
  objects: number;
}

export class BackupStartedDto {
  @ApiProperty({ example: 'hearth-backup-20261123-030000Z.tar.gz', description: 'the archive the job writes' })
  name: string;
}

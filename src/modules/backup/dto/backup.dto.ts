import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

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

export class BackupFailureDto {
  @ApiProperty({ format: 'date-time', description: 'when the failed run ended' })
  at: string;

  @ApiProperty({ description: 'why it failed (the error of the run, e.g. a full disk or unreachable storage)' })
  message: string;
}

export class BackupListDto {
  @ApiProperty({ type: BackupDto, isArray: true, description: 'the archives in BACKUP_DIR, newest first' })
  items: BackupDto[];

  @ApiProperty({ description: 'a backup is queued or running (started here or by the schedule)' })
  running: boolean;

  @ApiPropertyOptional({ type: BackupFailureDto, description: 'present when the last finished backup run failed (absent once a later one succeeds)' })
  lastError?: BackupFailureDto;
}

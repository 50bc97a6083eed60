import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsISO8601, IsOptional, IsString, IsUUID, Matches, MaxLength } from 'class-validator';
import { PageQuery } from '../../../common/pagination/pagination';
import { HISTORY_ACTIONS, HistoryAction } from '../entities/action-history.entity';
import { ENTITY_TYPES, type EntityType } from '../entity-types';

const INSTANT_OR_DATE = 'a date (YYYY-MM-DD) or an ISO 8601 instant with a zone';
/** A calendar date, or a date-time with an explicit zone (no local times: the server runs in UTC). */
const DATE_OR_INSTANT = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2}))?$/;

export class HistoryQuery extends PageQuery {
  @ApiPropertyOptional({ example: 'Marker', description: 'User, Group, Marker, Transaction, Note...', maxLength: 50 })
  @IsOptional()
  @IsString()
  @MaxLength(50)
  @Matches(/^[A-Za-z]+$/, { message: 'entityType must be an entity type name such as Marker' })
  entityType?: string;

  @ApiPropertyOptional({ format: 'uuid' })
  @IsOptional()
  @IsUUID()
  entityId?: string;

  @ApiPropertyOptional({ format: 'uuid', description: 'the acting user' })
  @IsOptional()
  @IsUUID()
  userId?: string;

  @ApiPropertyOptional({ enum: HISTORY_ACTIONS })
  @IsOptional()
  @IsIn(HISTORY_ACTIONS)
  action?: HistoryAction;

  @ApiPropertyOptional({ description: `${INSTANT_OR_DATE}; rows at or after it`, example: '2026-01-01' })
  @IsOptional()
  @IsString()
  @MaxLength(40)
  @Matches(DATE_OR_INSTANT, { message: `from must be ${INSTANT_OR_DATE}` })
  @IsISO8601({ strict: true }, { message: `from must be ${INSTANT_OR_DATE}` })
  from?: string;

  @ApiPropertyOptional({ description: `${INSTANT_OR_DATE}; rows at or before it (a date includes that whole day, UTC)`, example: '2026-01-31' })
  @IsOptional()
  @IsString()
  @MaxLength(40)
  @Matches(DATE_OR_INSTANT, { message: `to must be ${INSTANT_OR_DATE}` })
  @IsISO8601({ strict: true }, { message: `to must be ${INSTANT_OR_DATE}` })
  to?: string;
}

export class ActionHistoryDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ enum: ENTITY_TYPES, enumName: 'EntityType', example: 'Marker' }) entityType: EntityType;
  @ApiProperty({ format: 'uuid' }) entityId: string;
  @ApiProperty({ enum: HISTORY_ACTIONS }) action: HistoryAction;

  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'object', properties: { old: {}, new: {} } },
    example: { title: { old: 'Cafe', new: 'Café' } },
    description: 'changed fields with their old and new values; secrets show as "[redacted]"',
  })
  changes: Record<string, { old: unknown; new: unknown }>;

  @ApiProperty({ format: 'uuid', nullable: true, type: String, description: 'null when the system acted (a job)' })
  userId: string | null;

  @ApiProperty({ example: 'Alice', description: '"System" for jobs' }) userNickname: string;

  @ApiProperty({
    type: String,
    nullable: true,
    maxLength: 200,
    example: 'Milk',
    description:
      'what the entity was called when the change was made: a title, name or item text, a user’s nickname, a transaction’s category ' +
      '(else its description); null where nothing is readable (a photo, a transfer without description, rows older than labels)',
  })
  entityLabel: string | null;

  @ApiProperty({
    type: String,
    nullable: true,
    maxLength: 200,
    example: 'Shopping',
    description: 'for note items and place photos: the note’s or place’s title then; for transactions their description (an imported one’s payee); else null',
  })
  parentLabel: string | null;

  @ApiProperty({ format: 'date-time' }) createdDate: Date;
}

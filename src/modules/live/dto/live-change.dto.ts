import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { HISTORY_ACTIONS, type HistoryAction } from '../../history/entities/action-history.entity';
import { ENTITY_TYPES, type EntityType } from '../../history/entity-types';

/** The `data` of a `change` event of `GET /events`: ids only (clients refetch through the ordinary endpoints). */
export class LiveChangeDto {
  @ApiProperty({ enum: ENTITY_TYPES, enumName: 'EntityType' }) entityType: EntityType;
  @ApiProperty({ format: 'uuid' }) entityId: string;
  @ApiPropertyOptional({ format: 'uuid', description: "a child's parent (a note's item: the note; a place's photo: the place)" }) parentId?: string;
  @ApiProperty({ enum: HISTORY_ACTIONS }) action: HistoryAction;
  @ApiProperty({ format: 'uuid', nullable: true, type: String }) userId: string | null;
  @ApiProperty({ format: 'date-time' }) at: string;
}

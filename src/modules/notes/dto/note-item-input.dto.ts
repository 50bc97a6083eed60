import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsNotEmpty, IsOptional, IsString, IsUrl, IsUUID, Matches, MaxLength, ValidateIf } from 'class-validator';
import { AISLES, MAX_QUANTITY_LENGTH } from '../../../../domain/shopping/aisles';
import { MAX_NOTE_ITEMS } from '../entities/note-item.entity';
import { ClientId } from './note-input.dto';

/** Body of POST and PUT: PUT replaces both fields (an omitted `url` clears it). */
export class NoteItemInputDto {
  @ApiProperty({ minLength: 1, maxLength: 1000, example: 'Milk' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(1000)
  text: string;

  @ApiPropertyOptional({ maxLength: 2048, nullable: true, type: String, description: 'an http or https URL', example: 'https://example.com' })
  @IsOptional()
  @Transform(({ value }) => (value === '' ? null : value))
  @IsString()
  @MaxLength(2048)
  @IsUrl({ protocols: ['http', 'https'], require_protocol: true, require_valid_protocol: true }, { message: 'url must be an http or https URL' })
  url?: string | null;

  @ApiPropertyOptional({
    maxLength: MAX_QUANTITY_LENGTH,
    nullable: true,
    type: String,
    example: '2 l',
    description: 'how much; left out: on a shopping list read from the text ("2 l Milch" → "Milch", "2 l"), kept by PUT; null or "" clears it',
  })
  @IsOptional()
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() || null : value))
  @ValidateIf((_, value) => value !== null)
  @IsString()
  @MaxLength(MAX_QUANTITY_LENGTH)
  quantity?: string | null;

  @ApiPropertyOptional({
    enum: AISLES,
    nullable: true,
    type: String,
    description: 'the aisle; left out: guessed on a shopping list (POST), kept (PUT). Moving an item of a shopping list to another aisle teaches the group',
  })
  @IsOptional()
  @ValidateIf((_, value) => value !== null)
  @IsIn(AISLES, { message: `aisle must be one of ${AISLES.join(', ')}` })
  aisle?: string | null;
}

/** Body of POST: the item, with an optional client-made id. */
export class NewNoteItemDto extends NoteItemInputDto {
  @ClientId('item')
  id?: string;

  @ApiPropertyOptional({
    maxLength: 60,
    example: 'milk',
    description: 'the catalogue item picked (GET /catalog); left out: found from the text on a shopping list',
  })
  @IsOptional()
  @IsString()
  @MaxLength(60)
  @Matches(/^[a-z0-9-]+$/, { message: 'catalogItemId must be a catalogue id' })
  catalogItemId?: string;
}

/** Optional body of toggle: set to this value (idempotent) instead of flipping. */
export class ToggleNoteItemDto {
  @ApiPropertyOptional({ description: 'set the item to this state (a repeat changes nothing); without it the toggle flips' })
  @IsOptional()
  @IsBoolean()
  isCompleted?: boolean;
}

export class ReorderNoteItemsDto {
  @ApiProperty({ type: [String], format: 'uuid', description: "exactly the note's item ids, each once, in the new order" })
  @IsArray()
  @ArrayMaxSize(MAX_NOTE_ITEMS)
  @IsUUID('all', { each: true })
  itemIds: string[];
}

import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsNotEmpty, IsOptional, IsString, IsUrl, IsUUID, MaxLength } from 'class-validator';
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
}

/** Body of POST: the item, with an optional client-made id. */
export class NewNoteItemDto extends NoteItemInputDto {
  @ClientId('item')
  id?: string;
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

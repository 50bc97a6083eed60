import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsNotEmpty, IsOptional, IsString, IsUUID, Matches, MaxLength } from 'class-validator';
import { NOTE_KINDS, type NoteKind } from '../../../../domain/shopping/aisles';
import { sortPattern } from '../../../common/pagination/pagination';
import { DEFAULT_NOTE_COLOR, DEFAULT_NOTE_ICON } from '../entities/note.entity';
import { NOTE_SORT_FIELDS } from '../notes.sql';

/** Empty optional text means "none". */
const EmptyToNull = (): PropertyDecorator => Transform(({ value }) => (value === '' ? null : value));

/**
 * The editable fields of a note. PUT replaces them all: an omitted `content` clears it, an omitted
 * `color` or `icon` goes back to its default; an omitted `kind` stays as it is.
 */
export class UpdateNoteDto {
  @ApiProperty({ minLength: 1, maxLength: 100, example: 'Groceries' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  title: string;

  @ApiPropertyOptional({ maxLength: 10_000, nullable: true, type: String })
  @IsOptional()
  @EmptyToNull()
  @IsString()
  @MaxLength(10_000)
  content?: string | null;

  @ApiPropertyOptional({ pattern: '^#[0-9A-Fa-f]{6}$', default: DEFAULT_NOTE_COLOR, description: 'stored upper-case' })
  @IsOptional()
  @IsString()
  @MaxLength(7)
  @Matches(/^#[0-9A-Fa-f]{6}$/, { message: 'color must be a colour like #RRGGBB' })
  @Transform(({ value }) => (typeof value === 'string' ? value.toUpperCase() : value))
  color?: string;

  @ApiPropertyOptional({ maxLength: 50, pattern: '^[A-Za-z][A-Za-z0-9_-]*$', default: DEFAULT_NOTE_ICON })
  @IsOptional()
  @IsString()
  @MaxLength(50)
  @Matches(/^[A-Za-z][A-Za-z0-9_-]*$/, { message: 'icon must be an icon identifier (letters, digits, _ and -)' })
  icon?: string;

  @ApiPropertyOptional({
    enum: NOTE_KINDS,
    description: 'list (default at creation): a plain checklist; shopping: a shopping list. Left out of a PUT, the note keeps its kind',
  })
  @IsOptional()
  @IsIn(NOTE_KINDS, { message: `kind must be one of ${NOTE_KINDS.join(', ')}` })
  kind?: NoteKind;
}

/** A client-made id (optional): creating is then safe to repeat (see POST /notes). */
export const ClientId =
  (what: string): PropertyDecorator =>
  (target, key) => {
    ApiPropertyOptional({
      format: 'uuid',
      description:
        `a client-made id for the new ${what}: the same id again from the same user with the same content answers the existing one (200); ` +
        `other content or another's id is 409 ID_CONFLICT`,
    })(target, key);
    IsOptional()(target, key);
    IsUUID('all', { message: 'id must be a UUID' })(target, key);
  };

export class CreateNoteDto extends UpdateNoteDto {
  @ClientId('note')
  id?: string;

  @ApiPropertyOptional({ default: false, description: 'fixed at creation: a private note exists only for its creator' })
  @IsOptional()
  @IsBoolean()
  isPrivate?: boolean;
}

export class PinNoteDto {
  @ApiProperty()
  @IsBoolean()
  isPinned: boolean;
}

export class NoteListQuery {
  @ApiPropertyOptional({
    description: 'pinned notes always come first; then this order',
    enum: NOTE_SORT_FIELDS.flatMap((field) => [field, `-${field}`]),
    default: '-updatedDate',
  })
  @IsOptional()
  @IsString()
  @MaxLength(20)
  @Matches(sortPattern(NOTE_SORT_FIELDS), { message: `sort must be one of ${NOTE_SORT_FIELDS.join(', ')} (prefix - for descending)` })
  sort?: string;
}

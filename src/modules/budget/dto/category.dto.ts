import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsString, IsUUID, Length, Matches, MaxLength } from 'class-validator';
import { COLOR_PATTERN, ICON_PATTERN } from './budget-validators';

export class CategoryDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ minLength: 1, maxLength: 50 }) name: string;
  @ApiProperty({ example: '#3B82F6', pattern: COLOR_PATTERN.source }) color: string;
  @ApiProperty({ example: 'ShoppingCart' }) icon: string;
  @ApiProperty({ description: '1-based position in the list' }) order: number;
}

/** POST and PUT body. */
export class SaveCategoryDto {
  @ApiProperty({ minLength: 1, maxLength: 50 })
  @IsString()
  @Length(1, 50)
  name: string;

  @ApiProperty({ example: '#3B82F6', pattern: COLOR_PATTERN.source })
  @IsString()
  @MaxLength(7)
  @Matches(COLOR_PATTERN, { message: 'color must be a colour #RRGGBB' })
  color: string;

  @ApiProperty({ example: 'ShoppingCart', description: 'an icon identifier: a letter, then letters, digits, _ or -', maxLength: 50 })
  @IsString()
  @MaxLength(50)
  @Matches(ICON_PATTERN, { message: 'icon must be an identifier (a letter, then letters, digits, _ or -)' })
  icon: string;
}

export class ReorderCategoriesDto {
  @ApiProperty({ type: [String], format: 'uuid', description: 'every category id of the group, in the new order' })
  @IsArray()
  @ArrayMaxSize(1000)
  @IsUUID('all', { each: true })
  categoryIds: string[];
}

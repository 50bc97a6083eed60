import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsISO8601, IsNotEmpty, IsNumber, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';

export const MAX_DESCRIPTION_LENGTH = 10_000;

/** The location fields shared by create/update and the location-only update. */
export class MarkerLocationInput {
  @ApiProperty({ minimum: -90, maximum: 90, example: 52.52 })
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(-90)
  @Max(90)
  latitude: number;

  @ApiProperty({ minimum: -180, maximum: 180, example: 13.405 })
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(-180)
  @Max(180)
  longitude: number;

  @ApiPropertyOptional({
    maxLength: 500,
    nullable: true,
    type: String,
    description: 'omitted: unchanged (on create: none); null: cleared',
  })
  @IsOptional()
  @IsString()
  @MaxLength(500)
  address?: string | null;
}

/** PUT replaces the content; omitted optional fields keep their current values (defaults on create). */
export class MarkerInput extends MarkerLocationInput {
  @ApiProperty({ minLength: 1, maxLength: 100 })
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  title: string;

  @ApiPropertyOptional({ format: 'date', example: '2025-06-01', description: 'defaults to today (UTC) on create' })
  @IsOptional()
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'date must be a date in YYYY-MM-DD format' })
  @IsISO8601({ strict: true }, { message: 'date must be a valid calendar date' })
  date?: string;

  @ApiPropertyOptional({ minimum: 1, maximum: 5, default: 5 })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(5)
  rating?: number;

  @ApiPropertyOptional({
    maxLength: MAX_DESCRIPTION_LENGTH,
    description: 'rich text (HTML); sanitised to an allow-list of formatting tags and http(s)/mailto links',
  })
  @IsOptional()
  @IsString()
  @MaxLength(MAX_DESCRIPTION_LENGTH)
  description?: string;
}

import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsIn, IsInt, IsNotEmpty, IsOptional, IsString, IsUUID, Max, MaxLength, Min } from 'class-validator';
import { AISLES, type Aisle } from '../../../../../domain/shopping/aisles';
import { CATALOG_LOCALES } from '../../../../../domain/shopping/catalog-locales';

export class CatalogQuery {
  @ApiPropertyOptional({ maxLength: 100, description: 'the first letters typed (accents and case ignored); empty: no catalogue items, the recent ones only' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  q?: string;

  @ApiPropertyOptional({ enum: CATALOG_LOCALES, description: "the language of the names; left out: the caller's language (English without one)" })
  @IsOptional()
  @IsIn(CATALOG_LOCALES, { message: `locale must be one of ${CATALOG_LOCALES.join(', ')}` })
  locale?: string;

  @ApiPropertyOptional({ minimum: 1, maximum: 50, default: 10, description: 'at most this many catalogue items (learned and recent: at most 5 and 10)' })
  @IsOptional()
  @Transform(({ value }) => (typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value))
  @IsInt()
  @Min(1)
  @Max(50)
  limit?: number;
}

export class CatalogItemDto {
  @ApiProperty({ example: 'tomato', description: 'the same in every language' }) id: string;
  @ApiProperty({ example: 'Tomate' }) name: string;
  @ApiPropertyOptional({ example: 'Tomaten' }) plural?: string;
  @ApiProperty({ enum: AISLES }) aisle: Aisle;
  @ApiProperty({ example: 'tomato', description: 'an icon of the app (domain/catalog/icons.json)' }) icon: string;
}

export class LearnedItemDto {
  @ApiProperty({ example: 'Hafermilch Barista', description: 'as the group wrote it last' }) text: string;
  @ApiProperty({ enum: AISLES, description: 'the aisle it had last (or was moved to)' }) aisle: Aisle;
  @ApiProperty({ nullable: true, type: String, example: '2', description: 'the quantity it had last' }) quantity: string | null;
}

export class RecentItemDto {
  @ApiProperty({ example: 'Milch', description: "the catalogue's name in the asked language, else as the group wrote it" }) text: string;
  @ApiProperty({ enum: AISLES }) aisle: Aisle;
  @ApiProperty({ nullable: true, type: String, description: 'the quantity it had last time' }) quantity: string | null;
  @ApiProperty({ nullable: true, type: String, example: 'milk' }) catalogItemId: string | null;
  @ApiProperty({ nullable: true, type: String, example: 'glass-of-milk', description: "the catalogue item's icon" }) icon: string | null;
  @ApiProperty({ minimum: 1, description: 'how often it was ticked in the last 8 weeks' }) count: number;
}

export class CatalogAnswerDto {
  @ApiProperty({ type: [CatalogItemDto], description: 'catalogue items one of whose names starts with `q`, best first' }) items: CatalogItemDto[];
  @ApiProperty({ type: [LearnedItemDto], description: 'what the group typed before that the catalogue lacks, starting with `q`, most recent first' })
  learned: LearnedItemDto[];
  @ApiProperty({ type: [RecentItemDto], description: 'ticked in the last 8 weeks (starting with `q` when given), most often first' })
  recent: RecentItemDto[];
}

export class StoreInputDto {
  @ApiProperty({ minLength: 1, maxLength: 100, example: 'REWE' })
  @IsString()
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))
  @IsNotEmpty()
  @MaxLength(100)
  name: string;

  @ApiPropertyOptional({
    type: [String],
    enum: AISLES,
    description: "the aisles in the shop's order; left out ones follow in the default order (POST: the default order; PUT: left out keeps the store's)",
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(AISLES.length)
  @IsIn(AISLES, { each: true, message: `each of aisleOrder must be one of ${AISLES.join(', ')}` })
  aisleOrder?: string[];
}

export class StoreDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ example: 'REWE' }) name: string;
  @ApiProperty({ type: [String], enum: AISLES, description: 'every aisle once, in the shop’s order' }) aisleOrder: Aisle[];
  @ApiProperty({ minimum: 1 }) version: number;
  @ApiProperty({ type: String, format: 'date-time' }) createdDate: Date | string;
  @ApiProperty({ type: String, format: 'date-time' }) updatedDate: Date | string;
}

export class StartTripDto {
  @ApiPropertyOptional({ format: 'uuid', nullable: true, type: String, description: 'the store shopped at (its order is learned from the ticks)' })
  @IsOptional()
  @IsUUID('all', { message: 'storeId must be a UUID' })
  storeId?: string | null;
}

export class TripDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'uuid' }) noteId: string;
  @ApiProperty({ format: 'uuid', description: 'who is shopping' }) shopperId: string;
  @ApiProperty({ example: 'Anna' }) shopperNickname: string;
  @ApiProperty({ format: 'uuid', nullable: true, type: String }) storeId: string | null;
  @ApiProperty({ nullable: true, type: String, example: 'REWE' }) storeName: string | null;
  @ApiProperty({ type: String, format: 'date-time' }) startedDate: string;
  @ApiProperty({ minimum: 0, description: 'items ticked on the trip so far (and not unticked)' }) boughtCount: number;
}

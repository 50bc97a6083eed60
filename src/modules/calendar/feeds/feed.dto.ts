import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, ArrayUnique, IsArray, IsBoolean, IsIn, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import { CALENDAR_LAYERS, type CalendarLayer } from '../dto/event-input.dto';

export class CreateFeedDto {
  @ApiProperty({ minLength: 1, maxLength: 100, example: 'Family on my phone' })
  @IsString()
  @MinLength(1)
  @MaxLength(100)
  name: string;

  @ApiProperty({ enum: CALENDAR_LAYERS, isArray: true, example: ['events', 'bills'], description: 'what the feed shows' })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(CALENDAR_LAYERS.length)
  @ArrayUnique()
  @IsIn(CALENDAR_LAYERS, { each: true })
  layers: CalendarLayer[];

  @ApiPropertyOptional({ default: false, description: "only events the owner made or is invited to by name (not the whole group's)" })
  @IsOptional()
  @IsBoolean()
  onlyMine?: boolean;
}

export class FeedDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() name: string;
  @ApiProperty({ enum: CALENDAR_LAYERS, isArray: true }) layers: CalendarLayer[];
  @ApiProperty() onlyMine: boolean;
  @ApiProperty({ type: String, format: 'date-time' }) createdDate: Date | string;
}

export class CreatedFeedDto extends FeedDto {
  @ApiProperty({ format: 'uri', description: 'the secret address of the feed (`…/ical/{token}.ics`): shown only now; anyone with it can read the feed' })
  url: string;
}

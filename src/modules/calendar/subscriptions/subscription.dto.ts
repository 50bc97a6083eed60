import { ApiProperty, PartialType, PickType } from '@nestjs/swagger';
import { IsString, Matches, MaxLength, MinLength } from 'class-validator';
import { SUBSCRIPTION_ERRORS, type SubscriptionError, type SubscriptionErrorParams } from './subscription-errors';

export class CreateSubscriptionDto {
  @ApiProperty({
    format: 'uri',
    maxLength: 2048,
    example: 'https://school.example/holidays.ics',
    description: 'an ICS address (http or https; `webcal://` is read as https)',
  })
  @IsString()
  @MaxLength(2048)
  url: string;

  @ApiProperty({ minLength: 1, maxLength: 100, example: 'School holidays' })
  @IsString()
  @MinLength(1)
  @MaxLength(100)
  name: string;

  @ApiProperty({ example: '#16A34A', pattern: '^#[0-9A-Fa-f]{6}$' })
  @IsString()
  @Matches(/^#[0-9A-Fa-f]{6}$/, { message: '$property must be a colour #RRGGBB' })
  color: string;
}

/** A new name or colour (the address stays: end it and subscribe again). */
export class UpdateSubscriptionDto extends PartialType(PickType(CreateSubscriptionDto, ['name', 'color'] as const)) {}

/** Why the last fetch of an outside calendar failed, as a code a client words itself. */
export class SubscriptionFailureDto {
  @ApiProperty({
    enum: SUBSCRIPTION_ERRORS,
    enumName: 'SubscriptionError',
    description: 'why the last fetch failed: a stable code a client words in its own language',
  })
  code: SubscriptionError;
  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'number' },
    example: { status: 404 },
    description: "the values the code's wording names: status (HTTP_STATUS), maxMb (TOO_LARGE), seconds (TIMED_OUT)",
  })
  params: SubscriptionErrorParams;
}

export class SubscriptionDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'uri' }) url: string;
  @ApiProperty() name: string;
  @ApiProperty() color: string;
  @ApiProperty({ description: 'how many events it had when last fetched' }) eventCount: number;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) fetchedDate: Date | string | null;
  @ApiProperty({ type: String, nullable: true, description: 'why the last fetch failed, in English (null after a good one)' }) lastError: string | null;
  @ApiProperty({
    type: () => SubscriptionFailureDto,
    nullable: true,
    description: 'why the last fetch failed as a stable code with its params, for a client to word in its own language (null after a good one)',
  })
  lastFailure: SubscriptionFailureDto | null;
  @ApiProperty({ type: String, format: 'date-time' }) createdDate: Date | string;
}

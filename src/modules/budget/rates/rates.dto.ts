import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, Matches } from 'class-validator';
import { RATE_PATTERN } from '../../../../domain/currency';
import { IsDateOnly } from '../dto/budget-validators';

export const RATE_SOURCES = ['ECB', 'manual'] as const;
export type RateSource = (typeof RATE_SOURCES)[number];

export const CURRENCY_PATTERN = /^[A-Z]{3}$/;

/** A rate of another currency in the group's. */
export class RateDto {
  @ApiProperty({ example: 'CHF', description: 'ISO 4217' }) currency: string;
  @ApiProperty({ format: 'date', description: 'the day asked about' }) date: string;
  @ApiProperty({ example: '1.06360349', description: "the group's currency per 1 unit of `currency`, a decimal string, ≤ 8 decimals" }) rate: string;
  @ApiProperty({ enum: RATE_SOURCES, description: "ECB: the European Central Bank's euro reference rates (through the euro); manual: the group's own" })
  source: RateSource;
  @ApiProperty({ format: 'date', description: 'the day the rate is from: the latest on or before `date` (a weekend or holiday reads the working day before)' })
  rateDate: string;
}

export class RateQuery {
  @ApiProperty({ example: 'CHF', pattern: CURRENCY_PATTERN.source, description: 'ISO 4217' })
  @IsString()
  @Matches(CURRENCY_PATTERN, { message: 'currency must be an ISO 4217 code such as CHF' })
  currency: string;

  @ApiPropertyOptional({ format: 'date', description: 'default: today (UTC)' })
  @IsOptional()
  @IsDateOnly()
  date?: string;
}

export class SetRateDto {
  @ApiProperty({ example: 'CHF', pattern: CURRENCY_PATTERN.source, description: 'ISO 4217' })
  @IsString()
  @Matches(CURRENCY_PATTERN, { message: 'currency must be an ISO 4217 code such as CHF' })
  currency: string;

  @ApiProperty({ format: 'date' })
  @IsDateOnly()
  date: string;

  @ApiProperty({
    example: '1.07',
    pattern: RATE_PATTERN.source,
    description: "the group's currency per 1 unit of `currency` (a card's fee included): > 0, ≤ 8 decimals",
  })
  @IsString()
  @Matches(RATE_PATTERN, { message: 'rate must be a decimal string > 0 with at most 8 decimals' })
  rate: string;
}

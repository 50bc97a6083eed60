import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, Matches } from 'class-validator';
import { RATE_PATTERN } from '../../../../domain/currency';
import { CURRENCY_PATTERN } from './rates.dto';

/** An amount as paid in another currency, as the API writes it. */
export class OriginalDto {
  @ApiProperty({ example: '84.00', description: "the amount as paid, a decimal string in the currency's minor unit" }) amount: string;
  @ApiProperty({ example: 'CHF', description: 'ISO 4217' }) currency: string;
  @ApiProperty({ example: '1.0611', description: "the group's currency per 1 unit of `currency`, ≤ 8 decimals" }) rate: string;
}

/** An amount as paid in another currency, in a body. */
export class OriginalInputDto {
  @ApiProperty({ example: '84.00', pattern: '^\\d{1,10}(\\.\\d{1,3})?$', description: "a decimal string > 0, at most the currency's decimals" })
  @IsString()
  @Matches(/^\d{1,10}(?:\.\d{1,3})?$/, { message: 'original.amount must be a decimal string > 0' })
  amount: string;

  @ApiProperty({ example: 'CHF', pattern: CURRENCY_PATTERN.source, description: "ISO 4217, not the group's currency (400 SAME_CURRENCY)" })
  @IsString()
  @Matches(CURRENCY_PATTERN, { message: 'original.currency must be an ISO 4217 code such as CHF' })
  currency: string;

  @ApiPropertyOptional({
    example: '1.0611',
    pattern: RATE_PATTERN.source,
    description: "the group's currency per 1 unit, > 0, ≤ 8 decimals; omitted: the stored rate of the date (GET /budget/rates), else 400 RATE_UNKNOWN",
  })
  @IsOptional()
  @IsString()
  @Matches(RATE_PATTERN, { message: 'original.rate must be a decimal string > 0 with at most 8 decimals' })
  rate?: string;
}

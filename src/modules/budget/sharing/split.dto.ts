import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { plainToInstance, Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsOptional, IsString, IsUUID, Matches, MaxLength, validateSync, ValidateNested } from 'class-validator';
import { flattenValidationErrors } from '../../../common/validation/validation.pipe';
import { IsMoney, MAX_AMOUNT, MONEY_PATTERN } from '../dto/budget-validators';

export const SPLIT_MODES = ['equal', 'shares', 'percent', 'exact'] as const;
export type SplitMode = (typeof SPLIT_MODES)[number];

/** The most people one split may name (payers, members or adjustments each). */
export const SPLIT_MAX_PEOPLE = 100;

/** A member's value in a split: a weight, a percentage or an exact amount, as a decimal string (≥ 0, at most 2 decimals). */
export const SPLIT_VALUE_PATTERN = /^(0|[1-9]\d{0,8})(\.\d{1,2})?$/;

export class SplitPaymentDto {
  @ApiProperty({ format: 'uuid', description: 'a member of the group, current or former' })
  @IsUUID()
  userId: string;

  @ApiProperty({
    example: '42.00',
    pattern: MONEY_PATTERN.source,
    description: `what this member paid: a decimal string > 0, at most 2 decimals, ≤ ${MAX_AMOUNT}`,
  })
  @IsMoney()
  amount: string;
}

export class SplitMemberDto {
  @ApiProperty({ format: 'uuid', description: 'a member of the group, current or former' })
  @IsUUID()
  userId: string;

  @ApiPropertyOptional({
    type: String,
    example: '1',
    pattern: SPLIT_VALUE_PATTERN.source,
    description:
      'equal: omitted (ignored); shares: the weight, > 0 ("1", "0.5", "2"); percent: the percentage (the values sum to 100); ' +
      'exact: the amount (the values sum to the amount less the adjustments). A decimal string with at most 2 decimals.',
  })
  @IsOptional()
  @IsString()
  @MaxLength(12)
  @Matches(SPLIT_VALUE_PATTERN, { message: '$property must be a decimal string with at most 2 decimals, such as "1", "0.5" or "33.33"' })
  value?: string;
}

/** How an Expense or Income is shared between members (docs/budget.md, "Sharing costs"). */
export class SplitInputDto {
  @ApiPropertyOptional({
    type: [SplitPaymentDto],
    description:
      'who paid (for an Income: who received the money); ' +
      "the amounts sum to the transaction's amount (400 SPLIT_PAID_MISMATCH). Omitted: the creator paid everything",
  })
  @IsOptional()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(SPLIT_MAX_PEOPLE)
  @ValidateNested({ each: true })
  @Type(() => SplitPaymentDto)
  paidBy?: SplitPaymentDto[];

  @ApiProperty({ enum: SPLIT_MODES, description: 'how the amount left after the adjustments is divided among `members`' })
  @IsIn(SPLIT_MODES)
  mode: SplitMode;

  @ApiProperty({ type: [SplitMemberDto], description: 'the members sharing, in the order that breaks ties of the cent rule' })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(SPLIT_MAX_PEOPLE)
  @ValidateNested({ each: true })
  @Type(() => SplitMemberDto)
  members: SplitMemberDto[];

  @ApiPropertyOptional({ type: [SplitPaymentDto], description: 'amounts charged to one member before the rest is divided ("Tom\'s beer 6.00")' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(SPLIT_MAX_PEOPLE)
  @ValidateNested({ each: true })
  @Type(() => SplitPaymentDto)
  adjustments?: SplitPaymentDto[];
}

export class SplitPartDto {
  @ApiProperty({ format: 'uuid' }) userId: string;
  @ApiProperty({ example: '14.00' }) amount: string;
}

export class SplitMemberValueDto {
  @ApiProperty({ format: 'uuid' }) userId: string;
  @ApiProperty({ type: String, nullable: true, example: '1', description: 'null in mode equal' }) value: string | null;
}

/** A stored split: what was asked for, and each member's part. */
export class SplitDto {
  @ApiProperty({ type: [SplitPartDto], description: 'who paid (an Income: who received); sums to the amount' }) paidBy: SplitPartDto[];
  @ApiProperty({ enum: SPLIT_MODES }) mode: SplitMode;
  @ApiProperty({ type: [SplitMemberValueDto] }) members: SplitMemberValueDto[];
  @ApiProperty({ type: [SplitPartDto] }) adjustments: SplitPartDto[];
  @ApiProperty({
    type: [SplitPartDto],
    description: "each member's part (adjustment included), in the order of members then adjustments; sums to the amount exactly",
  })
  owed: SplitPartDto[];
}

/**
 * What is wrong with a split given outside a validated body (a statement import's commit rows are
 * checked in one pass, without nested DTOs), by SplitInputDto's rules: the first problem, or undefined.
 */
export function splitShapeProblem(value: unknown, at: string): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return `${at} must be an object`;
  const errors = validateSync(plainToInstance(SplitInputDto, value), { whitelist: true, forbidNonWhitelisted: true });
  const [first] = flattenValidationErrors(errors, at);
  return first ? `${first.field}: ${first.message}` : undefined;
}

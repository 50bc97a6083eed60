import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsOptional, IsString, IsUUID, Matches, MaxLength, ValidateIf, ValidateNested } from 'class-validator';
import { PageQuery, sortPattern } from '../../../common/pagination/pagination';
import { TRANSACTION_TYPES, TransactionType } from '../entities/budget-enums';
import { IsDateOnly, IsMoney, MAX_AMOUNT, MONEY_PATTERN } from './budget-validators';
import { SplitDto, SplitInputDto } from '../sharing/split.dto';
import { OriginalDto, OriginalInputDto } from '../rates/original.dto';

export class TransactionDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ enum: TRANSACTION_TYPES }) type: TransactionType;
  @ApiProperty({ example: '12.34', description: 'a decimal string, > 0' }) amount: string;
  @ApiProperty({ format: 'date', example: '2026-03-31' }) date: string;
  @ApiProperty({ nullable: true, type: String, maxLength: 500 }) description: string | null;
  @ApiProperty({ format: 'uuid', nullable: true, type: String, description: 'null for a Transfer' }) categoryId: string | null;
  @ApiProperty({ format: 'uuid', description: 'the source account of a Transfer' }) budgetAccountId: string;
  @ApiProperty({ format: 'uuid', nullable: true, type: String, description: 'Transfer only' }) targetBudgetAccountId: string | null;
  @ApiProperty({ format: 'uuid', nullable: true, type: String, description: 'set when the scheduler made it' })
  recurringTransactionId: string | null;
  @ApiProperty({ format: 'uuid', nullable: true, type: String, description: 'the creating user; null when the scheduler made it' })
  createdBy: string | null;
  @ApiProperty({ format: 'date-time' }) createdDate: string;
  @ApiProperty({ type: SplitDto, nullable: true, description: "how it is shared between members; null: the household's own" })
  split: SplitDto | null;
  @ApiProperty({ type: OriginalDto, nullable: true, description: "paid in another currency: the amount as paid and the rate; null: in the group's" })
  original: OriginalDto | null;
}

/** Fields shared by transactions and recurring transactions. */
export class TransactionFieldsDto {
  @ApiProperty({ enum: TRANSACTION_TYPES })
  @IsIn(TRANSACTION_TYPES)
  type: TransactionType;

  @ApiPropertyOptional({
    example: '12.34',
    pattern: MONEY_PATTERN.source,
    description:
      `in the group's currency: a decimal string > 0, at most 2 decimals, ≤ ${MAX_AMOUNT}; ` +
      `may be left out when original is given (then original.amount × rate, half-up to the cent)`,
  })
  @ValidateIf((o: TransactionFieldsDto) => o.amount !== undefined || !o.original)
  @IsMoney()
  amount?: string;

  @ApiPropertyOptional({
    type: OriginalInputDto,
    nullable: true,
    description:
      "paid in another currency: amount and currency as paid, the rate (the group's currency per unit; omitted: the stored rate of the date). " +
      'amount and original.amount × rate more than a cent apart: 400 AMOUNT_RATE_MISMATCH; ' +
      "the group's currency: 400 SAME_CURRENCY; no rate known: 400 RATE_UNKNOWN. " +
      "On update: omitted or null: paid in the group's currency.",
  })
  @IsOptional()
  @ValidateNested()
  @Type(() => OriginalInputDto)
  original?: OriginalInputDto | null;

  @ApiPropertyOptional({ maxLength: 500, nullable: true, type: String })
  @IsOptional()
  @IsString()
  @MaxLength(500)
  description?: string | null;

  @ApiPropertyOptional({ type: String, format: 'uuid', nullable: true, description: 'required for Expense and Income; absent (or null) for Transfer' })
  @IsOptional()
  @IsUUID()
  categoryId?: string | null;

  @ApiPropertyOptional({ type: String, format: 'uuid', nullable: true, description: "omitted or null: the group's default account (on update: unchanged)" })
  @IsOptional()
  @IsUUID()
  budgetAccountId?: string | null;

  @ApiPropertyOptional({
    type: String,
    format: 'uuid',
    nullable: true,
    description: 'Transfer only: the receiving account, different from budgetAccountId; absent (or null) otherwise',
  })
  @IsOptional()
  @IsUUID()
  targetBudgetAccountId?: string | null;

  @ApiPropertyOptional({
    type: SplitInputDto,
    nullable: true,
    description:
      "Expense and Income only (a Transfer: 400 SPLIT_NOT_ALLOWED). On create: omitted takes the group's default split when " +
      'it is on (an Expense), null opts out. On update: omitted keeps the current split (applied to the new amount), null removes it.',
  })
  @IsOptional()
  @ValidateNested()
  @Type(() => SplitInputDto)
  split?: SplitInputDto | null;
}

/** POST and PUT body of a transaction. */
export class SaveTransactionDto extends TransactionFieldsDto {
  @ApiPropertyOptional({ format: 'date', description: 'YYYY-MM-DD; today (UTC) when omitted' })
  @IsOptional()
  @IsDateOnly()
  date?: string;
}

export const TRANSACTION_SORTS = ['date', 'amount'] as const;

/** A page of a list over a period: `from` and `to`, inclusive dates. */
export class PeriodPageQuery extends PageQuery {
  @ApiPropertyOptional({ format: 'date', description: 'on or after this date' })
  @IsOptional()
  @IsDateOnly()
  from?: string;

  @ApiPropertyOptional({ format: 'date', description: 'on or before this date' })
  @IsOptional()
  @IsDateOnly()
  to?: string;
}

export class TransactionListQuery extends PeriodPageQuery {
  @ApiPropertyOptional({ enum: TRANSACTION_TYPES })
  @IsOptional()
  @IsIn(TRANSACTION_TYPES)
  type?: TransactionType;

  @ApiPropertyOptional({ format: 'uuid' })
  @IsOptional()
  @IsUUID()
  categoryId?: string;

  @ApiPropertyOptional({ format: 'uuid', description: 'transactions from or (transfers) into this account' })
  @IsOptional()
  @IsUUID()
  budgetAccountId?: string;

  @ApiPropertyOptional({ maxLength: 100, description: 'case-insensitive substring of the description' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  search?: string;

  @ApiPropertyOptional({ enum: ['date', '-date', 'amount', '-amount'], default: '-date' })
  @IsOptional()
  @IsString()
  @Matches(sortPattern(TRANSACTION_SORTS), { message: 'sort must be one of date, -date, amount, -amount' })
  sort?: string;
}

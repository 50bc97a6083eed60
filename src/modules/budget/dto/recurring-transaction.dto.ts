import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsInt, IsOptional, Max, Min, ValidateIf } from 'class-validator';
import { FREQUENCIES, Frequency, TRANSACTION_TYPES, TransactionType } from '../entities/budget-enums';
import { IsDateOnly } from './budget-validators';
import { SplitDto } from '../sharing/split.dto';
import { OriginalDto } from '../rates/original.dto';
import { TransactionFieldsDto } from './transaction.dto';

export class RecurringTransactionDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ enum: TRANSACTION_TYPES }) type: TransactionType;
  @ApiProperty({ example: '12.34' }) amount: string;
  @ApiProperty({ nullable: true, type: String }) description: string | null;
  @ApiProperty({ format: 'uuid', nullable: true, type: String }) categoryId: string | null;
  @ApiProperty({ format: 'uuid' }) budgetAccountId: string;
  @ApiProperty({ format: 'uuid', nullable: true, type: String }) targetBudgetAccountId: string | null;
  @ApiProperty({ enum: FREQUENCIES }) frequency: Frequency;
  @ApiProperty({ minimum: 1 }) interval: number;
  @ApiProperty({ format: 'date' }) startDate: string;
  @ApiProperty({ format: 'date', nullable: true, type: String }) endDate: string | null;
  @ApiProperty({ format: 'date', nullable: true, type: String, description: 'the next date an occurrence is due; null when ended' })
  nextOccurrence: string | null;
  @ApiProperty() isEnabled: boolean;
  @ApiProperty({
    nullable: true,
    type: Number,
    minimum: 0,
    maximum: 30,
    description: "the group's members are reminded this many days before each occurrence, at 08:00 their time; null: no reminder",
  })
  remindDaysBefore: number | null;
  @ApiProperty({ format: 'date-time' }) createdDate: Date;
  @ApiProperty({ type: SplitDto, nullable: true, description: 'copied to each occurrence; null: not shared' })
  split: SplitDto | null;
  @ApiProperty({ type: OriginalDto, nullable: true, description: "paid in another currency at a fixed rate, copied to each occurrence; null: in the group's" })
  original: OriginalDto | null;
}

/** POST and PUT body. */
export class SaveRecurringTransactionDto extends TransactionFieldsDto {
  @ApiProperty({ enum: FREQUENCIES })
  @IsIn(FREQUENCIES)
  frequency: Frequency;

  @ApiPropertyOptional({ minimum: 1, maximum: 1000, default: 1, description: 'every `interval` days/weeks/months/years' })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(1000)
  interval?: number;

  @ApiProperty({ format: 'date', description: 'the first occurrence; a past date is caught up by the scheduler' })
  @IsDateOnly()
  startDate: string;

  @ApiPropertyOptional({ format: 'date', nullable: true, type: String, description: 'the last day an occurrence may fall on' })
  @IsOptional()
  @IsDateOnly()
  endDate?: string | null;

  @ApiPropertyOptional({ description: 'default true on create; omitted on update: unchanged' })
  @IsOptional()
  @IsBoolean()
  isEnabled?: boolean;

  @ApiPropertyOptional({
    nullable: true,
    type: Number,
    minimum: 0,
    maximum: 30,
    description: 'remind the members this many days before each occurrence (0: on the day), at 08:00 their time; null or omitted: no reminder',
  })
  @IsOptional()
  @ValidateIf((_, value) => value !== null)
  @IsInt()
  @Min(0)
  @Max(30)
  remindDaysBefore?: number | null;
}

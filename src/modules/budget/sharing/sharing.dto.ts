import { OriginalDto, OriginalInputDto } from '../rates/original.dto';
import { CURRENCY_PATTERN, RATE_SOURCES, RateSource } from '../rates/rates.dto';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  MaxLength,
  MinLength,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { IsDateOnly, IsMoney, MAX_AMOUNT, MONEY_PATTERN } from '../dto/budget-validators';
import { SPLIT_MAX_PEOPLE, SPLIT_VALUE_PATTERN } from './split.dto';
import { PeriodPageQuery } from '../dto/transaction.dto';

export const DEFAULT_SPLIT_MODES = ['equal', 'shares'] as const;
export type DefaultSplitMode = (typeof DEFAULT_SPLIT_MODES)[number];

// ---- split settings ------------------------------------------------------------------------

export class SplitWeightDto {
  @ApiProperty({ format: 'uuid' })
  @IsUUID()
  userId: string;

  @ApiProperty({ example: '1', pattern: SPLIT_VALUE_PATTERN.source, description: 'a weight > 0 with at most 2 decimals ("1", "0.5", "70")' })
  @IsString()
  @MaxLength(12)
  @Matches(SPLIT_VALUE_PATTERN, { message: '$property must be a decimal string with at most 2 decimals, such as "1" or "0.5"' })
  weight: string;
}

export class SplitUnitInputDto {
  @ApiPropertyOptional({ format: 'uuid', description: 'omitted for a new unit: the service gives it an id' })
  @IsOptional()
  @IsUUID()
  id?: string;

  @ApiProperty({ minLength: 1, maxLength: 50, example: 'Anna & Ben' })
  @IsString()
  @MinLength(1)
  @MaxLength(50)
  name: string;

  @ApiProperty({ type: [String], description: 'its members (at least 2); a member belongs to at most one unit' })
  @IsArray()
  @ArrayMinSize(2)
  @ArrayMaxSize(SPLIT_MAX_PEOPLE)
  @IsUUID(undefined, { each: true })
  userIds: string[];
}

export class SplitUnitDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() name: string;
  @ApiProperty({ type: [String] }) userIds: string[];
}

export class SplitWeightOutDto {
  @ApiProperty({ format: 'uuid' }) userId: string;
  @ApiProperty({ example: '1' }) weight: string;
}

export class DroppedMemberDto {
  @ApiProperty({ format: 'uuid' }) userId: string;
  @ApiProperty({ description: 'their nickname' }) name: string;
}

/** `GET /budget/split-settings`. */
export class SplitSettingsDto {
  @ApiProperty({ description: 'a new Expense without split is paid by its creator and shared by the weights' }) sharedByDefault: boolean;
  @ApiProperty({ enum: DEFAULT_SPLIT_MODES }) mode: DefaultSplitMode;
  @ApiProperty({ type: [SplitWeightOutDto], description: 'the members sharing by default (in mode equal the weights are ignored)' })
  weights: SplitWeightOutDto[];
  @ApiProperty({ type: [SplitUnitDto], description: 'members who settle as one party (a couple)' }) units: SplitUnitDto[];
  @ApiPropertyOptional({
    type: [DroppedMemberDto],
    description:
      'present when members of the weights have left the group (deactivated, or moved to another group): ' +
      'the default leaves them out and divides among the others',
  })
  droppedMembers?: DroppedMemberDto[];
}

/** `PUT /budget/split-settings`: replaces the settings. */
export class SaveSplitSettingsDto {
  @ApiProperty()
  @IsBoolean()
  sharedByDefault: boolean;

  @ApiProperty({ enum: DEFAULT_SPLIT_MODES })
  @IsIn(DEFAULT_SPLIT_MODES)
  mode: DefaultSplitMode;

  @ApiProperty({ type: [SplitWeightDto], description: 'with sharedByDefault, at least one member' })
  @IsArray()
  @ArrayMaxSize(SPLIT_MAX_PEOPLE)
  @ValidateNested({ each: true })
  @Type(() => SplitWeightDto)
  weights: SplitWeightDto[];

  @ApiProperty({ type: [SplitUnitInputDto] })
  @IsArray()
  @ArrayMaxSize(50)
  @ValidateNested({ each: true })
  @Type(() => SplitUnitInputDto)
  units: SplitUnitInputDto[];
}

// ---- settlements ---------------------------------------------------------------------------

export class SettlementDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'uuid' }) fromUserId: string;
  @ApiProperty({ format: 'uuid' }) toUserId: string;
  @ApiProperty({ example: '14.00' }) amount: string;
  @ApiProperty({ format: 'date' }) date: string;
  @ApiProperty({ type: String, nullable: true }) note: string | null;
  @ApiProperty({ format: 'uuid', nullable: true, type: String }) createdBy: string | null;
  @ApiProperty({ format: 'date-time' }) createdDate: string;
  @ApiProperty({ type: OriginalDto, nullable: true, description: "paid in another currency: the amount as paid and the rate; null: in the group's" })
  original: OriginalDto | null;
}

export class CreateSettlementDto {
  @ApiPropertyOptional({
    format: 'uuid',
    description:
      "a client-made id: the same member's retry with the same id and values answers the settlement it made; " +
      'an id used anywhere else (other values, another member, another group) is 409 ID_TAKEN',
  })
  @IsOptional()
  @IsUUID()
  id?: string;

  @ApiProperty({ format: 'uuid', description: 'who paid' })
  @IsUUID()
  fromUserId: string;

  @ApiProperty({ format: 'uuid', description: 'who received' })
  @IsUUID()
  toUserId: string;

  @ApiPropertyOptional({
    example: '14.00',
    pattern: MONEY_PATTERN.source,
    description: `in the group's currency: a decimal string > 0, at most 2 decimals, ≤ ${MAX_AMOUNT}; may be left out when original is given`,
  })
  @ValidateIf((o: CreateSettlementDto) => o.amount !== undefined || !o.original)
  @IsMoney()
  amount?: string;

  @ApiPropertyOptional({
    type: OriginalInputDto,
    nullable: true,
    description: "paid in another currency (as a transaction's original): 400 AMOUNT_RATE_MISMATCH, SAME_CURRENCY, RATE_UNKNOWN",
  })
  @IsOptional()
  @ValidateNested()
  @Type(() => OriginalInputDto)
  original?: OriginalInputDto | null;

  @ApiPropertyOptional({ format: 'date', description: 'YYYY-MM-DD; today (UTC) when omitted' })
  @IsOptional()
  @IsDateOnly()
  date?: string;

  @ApiPropertyOptional({ maxLength: 500, type: String, nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(500)
  note?: string | null;
}

export class SettlementListQuery extends PeriodPageQuery {
  @ApiPropertyOptional({ format: 'uuid', description: 'settlements this member sent or received' })
  @IsOptional()
  @IsUUID()
  userId?: string;
}

// ---- balances ------------------------------------------------------------------------------

export class BalancesQuery {
  @ApiPropertyOptional({ format: 'date', description: 'on or after this date; omitted: from the first row' })
  @IsOptional()
  @IsDateOnly()
  from?: string;

  @ApiPropertyOptional({ format: 'date', description: 'on or before this date; omitted: up to the last row' })
  @IsOptional()
  @IsDateOnly()
  to?: string;

  @ApiPropertyOptional({
    example: 'CHF',
    pattern: CURRENCY_PATTERN.source,
    description: "ISO 4217: the nets and suggestions also in this currency, at the rate of `to` (or today); the group's currency: 400 SAME_CURRENCY",
  })
  @IsOptional()
  @IsString()
  @Matches(CURRENCY_PATTERN, { message: 'currency must be an ISO 4217 code such as CHF' })
  currency?: string;
}

export class BalancePartyDto {
  @ApiPropertyOptional({ format: 'uuid', description: 'set when the party is one member' }) userId?: string;
  @ApiPropertyOptional({ format: 'uuid', description: 'set when the party is a unit' }) unitId?: string;
  @ApiProperty({ description: "the member's nickname, or the unit's name" }) name: string;
  @ApiProperty({ description: 'a member who left the group (a unit: never)' }) isFormer: boolean;
  @ApiProperty({ type: [String], description: "the members the party stands for (one, or the unit's)" }) userIds: string[];
  @ApiProperty({ example: '120.00', description: 'paid for shared expenses, less shared income received' }) paid: string;
  @ApiProperty({ example: '80.00', description: 'their part of shared expenses, less their part of shared income' }) share: string;
  @ApiProperty({ example: '0.00', description: 'settlements paid to other parties' }) sent: string;
  @ApiProperty({ example: '14.00', description: 'settlements received from other parties' }) received: string;
  @ApiProperty({ example: '26.00', description: 'paid − share + sent − received; > 0: owed money, < 0: owes money' }) net: string;
}

export class BalanceSuggestionDto {
  @ApiProperty({ format: 'uuid', description: 'the paying party: a user id, or a unit id' }) from: string;
  @ApiProperty({ format: 'uuid', description: 'the receiving party: a user id, or a unit id' }) to: string;
  @ApiProperty({ example: '26.00' }) amount: string;
  @ApiPropertyOptional({
    type: OriginalDto,
    description: "with ?currency=: the payment in that currency at the answer's rate, to record with the settlement as its original",
  })
  original?: OriginalDto;
}

export class ConvertedNetDto {
  @ApiPropertyOptional({ format: 'uuid' }) userId?: string;
  @ApiPropertyOptional({ format: 'uuid' }) unitId?: string;
  @ApiProperty({ example: '24.45', description: 'the net in the asked currency, half-up to its minor unit' }) net: string;
}

export class ConvertedBalancesDto {
  @ApiProperty({ example: 'CHF' }) currency: string;
  @ApiProperty({ example: '1.0636', description: "the group's currency per 1 unit of `currency`" }) rate: string;
  @ApiProperty({ enum: RATE_SOURCES }) source: RateSource;
  @ApiProperty({ format: 'date', description: 'the day the rate is from' }) rateDate: string;
  @ApiProperty({ type: [ConvertedNetDto], description: "each party's net in `currency` (each rounded on its own, so they may miss 0 by a unit)" })
  parties: ConvertedNetDto[];
}

export class BalanceMemberDto {
  @ApiProperty({ format: 'uuid' }) userId: string;
  @ApiProperty() name: string;
  @ApiProperty() isFormer: boolean;
  @ApiProperty({ format: 'uuid', nullable: true, type: String, description: 'the unit the member settles in' }) unitId: string | null;
}

/** `GET /budget/balances`. */
export class BalancesDto {
  @ApiProperty({ example: 'EUR' }) currency: string;
  @ApiProperty({ format: 'date', nullable: true, type: String }) from: string | null;
  @ApiProperty({ format: 'date', nullable: true, type: String }) to: string | null;
  @ApiProperty({ type: [BalancePartyDto], description: 'every current member (or their unit) and every former member with rows; the nets sum to 0.00' })
  parties: BalancePartyDto[];
  @ApiProperty({
    type: [BalanceSuggestionDto],
    description: 'at most n − 1 payments that bring every net to zero: pairs that cancel exactly first, then the largest debtor pays the largest creditor',
  })
  suggestions: BalanceSuggestionDto[];
  @ApiProperty({ type: [BalanceMemberDto], description: 'every member the parties stand for, current and former, with their names' })
  members: BalanceMemberDto[];
  @ApiPropertyOptional({ type: ConvertedBalancesDto, description: 'with ?currency=: the nets in that currency and the rate used' })
  converted?: ConvertedBalancesDto;
}

export class ExplainQuery extends PeriodPageQuery {
  @ApiProperty({ format: 'uuid', description: 'a party of the balances: a user id or a unit id' })
  @IsUUID()
  party: string;
}

export const EXPLAIN_KINDS = ['Transaction', 'Settlement'] as const;

export class BalanceEffectDto {
  @ApiProperty({ enum: EXPLAIN_KINDS }) kind: (typeof EXPLAIN_KINDS)[number];
  @ApiProperty({ format: 'uuid', description: 'the transaction or settlement' }) id: string;
  @ApiProperty({ format: 'date' }) date: string;
  @ApiProperty({ enum: ['Expense', 'Income', 'Settlement'] }) type: string;
  @ApiProperty({ example: '42.00', description: 'the whole amount of the transaction or settlement' }) amount: string;
  @ApiProperty({ type: String, nullable: true, description: "a transaction's description; a settlement's note" }) description: string | null;
  @ApiProperty({ format: 'uuid', nullable: true, type: String }) categoryId: string | null;
  @ApiProperty({ format: 'uuid', nullable: true, type: String, description: 'a settlement: who paid' }) fromUserId: string | null;
  @ApiProperty({ format: 'uuid', nullable: true, type: String, description: 'a settlement: who received' }) toUserId: string | null;
  @ApiProperty({ example: '42.00', description: 'what the party paid (an Income: received) of it' }) paid: string;
  @ApiProperty({ example: '14.00', description: "the party's part of it" }) share: string;
  @ApiProperty({ example: '28.00', description: "the change of the party's net: > 0 raises what they are owed" }) effect: string;
}

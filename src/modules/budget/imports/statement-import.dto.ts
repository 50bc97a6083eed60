import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  IsUUID,
  Max,
  MaxLength,
  Min,
  registerDecorator,
  ValidateNested,
} from 'class-validator';
import { TRANSACTION_TYPES, type TransactionType } from '../entities/budget-enums';
import { IMPORT_REASONS, type ImportReason, REASON_PARAMS, type ReasonParams } from '../../../common/errors/import-reasons';
import { DATE_FORMATS } from './parse/dates';
import { splitShapeProblem, SplitInputDto } from '../sharing/split.dto';
import { OriginalDto } from '../rates/original.dto';

export const STATEMENT_FORMATS = ['csv', 'ofx', 'camt', 'qif'] as const;

/** Query of POST /budget-accounts/{id}/imports. */
export class ImportQuery {
  @ApiPropertyOptional({
    enum: DATE_FORMATS,
    description:
      'how to read dates that both day/month orders read (03/04/2026); else 400 AMBIGUOUS_DATE (the format the account used last does not decide). ' +
      'Used only when it reads every date of the file',
  })
  @IsOptional()
  @IsIn(DATE_FORMATS)
  dateFormat?: string;

  @ApiPropertyOptional({
    maxLength: 2000,
    description:
      'CSV columns as JSON: {"date", "amount" | "debit" + "credit", "indicator"? (S/H, Soll/Haben, DR/CR or Debit/Credit, with "amount"), ' +
      '"description"?, "payee"?, "reference"?, "originalAmount"? and "originalCurrency"? (a card statement\'s amount as paid in another currency)}, ' +
      'each a header name ' +
      'or a 0-based column number; remembered for the account',
    example: '{"date":"Buchungstag","amount":"Betrag","description":"Verwendungszweck"}',
  })
  @IsOptional()
  @IsString()
  @MaxLength(2000)
  mapping?: string;
}

export class ImportMappingDto {
  @ApiProperty() date: string;
  @ApiPropertyOptional() amount?: string;
  @ApiPropertyOptional() debit?: string;
  @ApiPropertyOptional() credit?: string;
  @ApiPropertyOptional({ description: 'with amount: the column of S/H, Soll/Haben, DR/CR or Debit/Credit that signs an unsigned amount' }) indicator?: string;
  @ApiPropertyOptional() description?: string;
  @ApiPropertyOptional() payee?: string;
  @ApiPropertyOptional() reference?: string;
  @ApiPropertyOptional({ description: 'the amount as paid in another currency ("Originalbetrag"); its code in originalCurrency or beside the amount' })
  originalAmount?: string;
  @ApiPropertyOptional({ description: 'the currency of originalAmount ("Währung")' }) originalCurrency?: string;
}

export class ImportRowDto {
  @ApiProperty({ description: 'the row number to commit by (0-based, in file order)' }) index: number;
  @ApiProperty({ description: 'the line of the file the row starts on' }) line: number;
  @ApiProperty({ format: 'date' }) date: string;
  @ApiProperty({ example: '12.34', description: 'positive decimal string; the sign is in type' }) amount: string;
  @ApiProperty({ enum: TRANSACTION_TYPES.filter((t) => t !== 'Transfer') }) type: TransactionType;
  @ApiProperty() description: string;
  @ApiPropertyOptional() payee?: string;
  @ApiPropertyOptional() reference?: string;
  @ApiPropertyOptional({
    type: OriginalDto,
    description:
      "paid in another currency (CAMT InstdAmt, OFX CURRENCY/ORIGCURRENCY, a CSV's original amount columns): kept on the transaction; " +
      "amount stays the group's",
  })
  original?: OriginalDto;
  @ApiPropertyOptional({ format: 'uuid', description: 'the category the group used most for this payee or these leading words' })
  suggestedCategoryId?: string;
  @ApiPropertyOptional({
    format: 'uuid',
    description: 'an existing transaction this row repeats (imported before, or typed by hand: same amount, date ± 3 days); excluded by default',
  })
  duplicateOf?: string;
  @ApiProperty({
    description:
      "whether the row's transaction will be shared by the group's default split when committed as it is: an Expense of a shared account " +
      'while the group shares by default',
  })
  shared: boolean;
}

export class ImportErrorDto {
  @ApiProperty() line: number;
  @ApiProperty({ enum: IMPORT_REASONS, enumName: 'ImportReason', description: 'why the line cannot be read: a stable code a client words in its own language' })
  reason: ImportReason;
  @ApiProperty(REASON_PARAMS) params: ReasonParams;
  @ApiProperty({ description: 'the same in English' }) message: string;
}

export class StatementImportDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ enum: STATEMENT_FORMATS }) format: string;
  @ApiProperty({ format: 'uuid' }) accountId: string;
  @ApiProperty({ type: [ImportRowDto] }) rows: ImportRowDto[];
  @ApiProperty({ type: [ImportErrorDto], maxItems: 100, description: 'rows that could not be read (the first 100, in file order); the others are in rows' })
  errors: ImportErrorDto[];
  @ApiProperty({ description: 'how many rows could not be read (errors lists at most 100 of them)' }) errorCount: number;
  @ApiPropertyOptional({ type: ImportMappingDto, description: 'CSV: the columns read' }) mapping?: ImportMappingDto;
  @ApiPropertyOptional({ enum: DATE_FORMATS, description: 'CSV and QIF: the date format read' }) dateFormat?: string;
  @ApiProperty({ format: 'date-time', description: 'the preview can be committed until then (24 h)' }) expiresAt: string;
  @ApiProperty({ description: "the account is shared: its Expense rows take the group's default split unless the commit says otherwise" })
  accountShared: boolean;
  @ApiProperty({ description: "the group shares new expenses by default: rows can be shared by the group's default split (shared: true at commit)" })
  canShare: boolean;
}

export class CommitRowDto {
  @ApiProperty({ minimum: 0 })
  @IsInt()
  @Min(0)
  @Max(10_000_000)
  index: number;

  @ApiPropertyOptional({ format: 'uuid', description: 'the category; omitted: the suggestion' })
  @IsOptional()
  @IsUUID()
  categoryId?: string;

  @ApiProperty()
  @IsBoolean()
  include: boolean;

  @ApiPropertyOptional({
    type: SplitInputDto,
    nullable: true,
    description: "how the row's transaction is shared; omitted: as shared says; null: not shared. Not together with shared",
  })
  split?: SplitInputDto | null;

  @ApiPropertyOptional({
    description:
      "true: an Expense row is shared by the group's default split; false: not shared. Omitted: as the commit's payees or shared say, else as the account says",
  })
  shared?: boolean;
}

/** Whether the rows of one payee are shared (a row's payee: its payee, else its description, as in the preview). */
export class CommitPayeeDto {
  @ApiProperty({ maxLength: 500 })
  @IsString()
  @MaxLength(500)
  payee: string;

  @ApiProperty()
  @IsBoolean()
  shared: boolean;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const CHOICE_KEYS = new Set(['index', 'categoryId', 'include', 'split', 'shared']);

/** What is wrong with one commit choice (CommitRowDto's rules), or undefined. */
function choiceProblem(choice: unknown, at: string): string | undefined {
  if (!choice || typeof choice !== 'object' || Array.isArray(choice)) return `${at} must be an object`;
  const { index, categoryId, include, split, shared } = choice as Record<string, unknown>;
  const extra = Object.keys(choice).find((key) => !CHOICE_KEYS.has(key));
  if (extra) return `${at}.${extra} should not exist`;
  if (typeof index !== 'number' || !Number.isInteger(index) || index < 0 || index > 10_000_000) return `${at}.index must be a row index (an integer ≥ 0)`;
  if (typeof include !== 'boolean') return `${at}.include must be a boolean value`;
  if (categoryId !== undefined && (typeof categoryId !== 'string' || !UUID.test(categoryId))) return `${at}.categoryId must be a UUID`;
  if (shared !== undefined && typeof shared !== 'boolean') return `${at}.shared must be a boolean value`;
  if (shared !== undefined && split !== undefined) return `${at}.shared cannot be given with ${at}.split`;
  if (split !== undefined && split !== null) return splitShapeProblem(split, `${at}.split`);
  return undefined;
}

/**
 * The rows of a commit, checked in one pass: nested class-validator objects cost ~0.5–1 s for the
 * 10 000 rows of a large statement (the commit's budget is 5 s), for the same rules as CommitRowDto.
 */
function AreCommitRows(): PropertyDecorator {
  return (target: object, propertyName: string | symbol) =>
    registerDecorator({
      name: 'areCommitRows',
      target: target.constructor,
      propertyName: propertyName as string,
      validator: {
        validate: (value: unknown) => Array.isArray(value) && value.every((choice, i) => !choiceProblem(choice, `rows[${i}]`)),
        defaultMessage: (args) => {
          const list = args?.value as unknown[];
          if (!Array.isArray(list)) return 'rows must be an array';
          for (let i = 0; i < list.length; i++) {
            const problem = choiceProblem(list[i], `rows[${i}]`);
            if (problem) return problem;
          }
          return 'rows are invalid';
        },
      },
    });
}

/** POST /imports/{id}/commit: rows not listed keep their default (included unless marked duplicateOf). */
export class CommitImportDto {
  @ApiProperty({ type: [CommitRowDto], description: 'the rows whose inclusion or category changes; others keep their defaults' })
  @IsArray()
  @ArrayMaxSize(100_000)
  @AreCommitRows()
  rows: CommitRowDto[];

  @ApiPropertyOptional({
    type: [CommitPayeeDto],
    description:
      "whether each named payee's Expense rows are shared by the group's default split (over shared and the account; a row's own shared or split wins)",
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(20_000)
  @ValidateNested({ each: true })
  @Type(() => CommitPayeeDto)
  payees?: CommitPayeeDto[];

  @ApiPropertyOptional({
    description: "whether every Expense row is shared by the group's default split (over the account's shared; payees and a row's own choice win)",
  })
  @IsOptional()
  @IsBoolean()
  shared?: boolean;
}

export class CommitResultDto {
  @ApiProperty({ description: 'transactions created' }) created: number;
  @ApiProperty({ description: 'rows not created: excluded, or already imported' }) skipped: number;
}

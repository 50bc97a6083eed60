import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsOptional, IsString, Length } from 'class-validator';
import { IsSignedMoney } from './budget-validators';

export class BudgetAccountDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ minLength: 1, maxLength: 50 }) name: string;
  @ApiProperty({ description: 'exactly one account of the group is the default (once one exists)' }) isDefault: boolean;
  @ApiProperty({ description: 'a disabled account takes no new transactions and its recurring transactions are skipped' })
  isDisabled: boolean;
  @ApiProperty({ example: '250.00', description: 'the money in the account when it was set up, a decimal string (may be negative)' })
  openingBalance: string;
  @ApiProperty({ example: '1234.56', description: 'opening balance + income − expense − transfers out + transfers in, a decimal string' })
  balance: string;
  @ApiProperty({ description: "a household account whose spending is everyone's: its imported expenses take the group's default split" })
  shared: boolean;
}

export class CreateBudgetAccountDto {
  @ApiProperty({ minLength: 1, maxLength: 50 })
  @IsString()
  @Length(1, 50)
  name: string;

  @ApiPropertyOptional({
    example: '1250.00',
    description: 'the money already in the account, a decimal string that may be negative; "0.00" when omitted on create, unchanged when omitted on update',
  })
  @IsOptional()
  @IsSignedMoney()
  openingBalance?: string;

  @ApiPropertyOptional({
    description:
      "a household account whose spending is everyone's: " +
      "rows imported into it take the group's default split (an Expense, when the group shares by default); " +
      'false when omitted on create, unchanged when omitted on update',
  })
  @IsOptional()
  @IsBoolean()
  shared?: boolean;
}

export class UpdateBudgetAccountDto extends CreateBudgetAccountDto {
  @ApiPropertyOptional({ description: 'omitted: unchanged; the default account cannot be disabled (409)' })
  @IsOptional()
  @IsBoolean()
  isDisabled?: boolean;
}

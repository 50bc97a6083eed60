import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsOptional, IsString, Length } from 'class-validator';

export class BudgetAccountDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ minLength: 1, maxLength: 50 }) name: string;
  @ApiProperty({ description: 'exactly one account of the group is the default (once one exists)' }) isDefault: boolean;
  @ApiProperty({ description: 'a disabled account takes no new transactions and its recurring transactions are skipped' })
  isDisabled: boolean;
  @ApiProperty({ example: '1234.56', description: 'income − expense − transfers out + transfers in, a decimal string' })
  balance: string;
}

export class CreateBudgetAccountDto {
  @ApiProperty({ minLength: 1, maxLength: 50 })
  @IsString()
  @Length(1, 50)
  name: string;
}

export class UpdateBudgetAccountDto extends CreateBudgetAccountDto {
  @ApiPropertyOptional({ description: 'omitted: unchanged; the default account cannot be disabled (409)' })
  @IsOptional()
  @IsBoolean()
  isDisabled?: boolean;
}

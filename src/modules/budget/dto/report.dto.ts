import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, IsUUID, Max, Min } from 'class-validator';
import { ToInt } from '../../../common/validation/transforms';

export class YearlyReportQuery {
  @ApiProperty({ minimum: 1900, maximum: 9999, example: 2026 })
  @ToInt()
  @IsInt()
  @Min(1900)
  @Max(9999)
  year: number;

  @ApiPropertyOptional({ format: 'uuid', description: 'only transactions of this account' })
  @IsOptional()
  @IsUUID()
  budgetAccountId?: string;

  @ApiPropertyOptional({
    format: 'uuid',
    description: "one member's part: every sum is that member's share of the shared transactions (the household's own are left out)",
  })
  @IsOptional()
  @IsUUID()
  member?: string;
}

export class MonthlyReportQuery extends YearlyReportQuery {
  @ApiProperty({ minimum: 1, maximum: 12, example: 3 })
  @ToInt()
  @IsInt()
  @Min(1)
  @Max(12)
  month: number;
}

export class ReportCategoryDto {
  @ApiProperty({ format: 'uuid' }) categoryId: string;
  @ApiProperty() name: string;
  @ApiProperty() color: string;
  @ApiProperty() icon: string;
  @ApiProperty({ example: '0.00' }) income: string;
  @ApiProperty({ example: '12.34' }) expense: string;
}

export class ReportDayDto {
  @ApiProperty({ format: 'date' }) date: string;
  @ApiProperty({ example: '0.00' }) income: string;
  @ApiProperty({ example: '12.34' }) expense: string;
}

export class ReportMonthDto {
  @ApiProperty({ minimum: 1, maximum: 12 }) month: number;
  @ApiProperty({ example: '0.00' }) income: string;
  @ApiProperty({ example: '12.34' }) expense: string;
  @ApiProperty({ example: '-12.34' }) net: string;
}

export class ReportMemberDto {
  @ApiProperty({ format: 'uuid' }) userId: string;
  @ApiProperty({ example: '120.00', description: 'what the member paid of the shared expenses in the period' }) paid: string;
  @ApiProperty({ example: '80.00', description: "the member's part of the shared expenses in the period" }) share: string;
}

class ReportTotalsDto {
  @ApiProperty({ example: 'EUR', description: "the group's currency (ISO 4217)" }) currency: string;
  @ApiProperty({ example: '1000.00' }) totalIncome: string;
  @ApiProperty({ example: '250.50' }) totalExpense: string;
  @ApiProperty({ example: '749.50', description: 'totalIncome − totalExpense' }) net: string;
  @ApiProperty({ type: [ReportCategoryDto], description: 'categories with income or expense in the period, in category order' })
  categories: ReportCategoryDto[];
  @ApiProperty({ type: [ReportMemberDto], description: 'each member with shared expenses in the period (whatever `member` is), by user id' })
  members: ReportMemberDto[];
}

export class MonthlyReportDto extends ReportTotalsDto {
  @ApiProperty() year: number;
  @ApiProperty() month: number;
  @ApiProperty({ type: [ReportDayDto], description: 'every day of the month, zeros included' }) days: ReportDayDto[];
}

export class YearlyReportDto extends ReportTotalsDto {
  @ApiProperty() year: number;
  @ApiProperty({ type: [ReportMonthDto], description: 'always 12 months, zeros included' }) months: ReportMonthDto[];
}

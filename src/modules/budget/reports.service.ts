import { Injectable } from '@nestjs/common';
import { AuthUser } from '../../common/auth/auth-user';
import { AppError } from '../../common/errors/app-error';
import { Tenant } from '../../common/tenancy/group-scope';
import { MonthlyReportDto, ReportCategoryDto, YearlyReportDto } from './dto/report.dto';
import { ReportsRepository, SumRow } from './reports.repository';

const ZERO = '0.00';
const pad = (n: number) => String(n).padStart(2, '0');

/**
 * Monthly and yearly reports: totals, per category and per day or month, from the trigger-kept
 * day sums (ReportsRepository). Transfers only move money between accounts, so they are left out.
 */
@Injectable()
export class ReportsService {
  constructor(private readonly reports: ReportsRepository) {}

  private async sums(tenant: Tenant, from: string, until: string, bucket: 'day' | 'month', accountId?: string): Promise<SumRow[]> {
    if (accountId) {
      const [inGroup, rows] = await Promise.all([this.reports.accountInGroup(tenant, accountId), this.reports.sumByBucket(tenant, from, until, bucket, accountId)]);
      if (!inGroup) throw AppError.notFound('Budget account');
      return rows;
    }
    return this.reports.sumByBucket(tenant, from, until, bucket, null);
  }

  /** The category rows come in category order with their name, color and icon (a category of the group). */
  private categories(rows: SumRow[]): ReportCategoryDto[] {
    return rows
      .filter((row) => row.kind === 'category' && row.name !== null)
      .map((row) => ({ categoryId: row.category_id!, name: row.name!, color: row.color!, icon: row.icon!, income: row.income, expense: row.expense }));
  }

  private totals(user: AuthUser, rows: SumRow[]) {
    const total = rows.find((row) => row.kind === 'total');
    return {
      currency: user.currency,
      totalIncome: total?.income ?? ZERO,
      totalExpense: total?.expense ?? ZERO,
      net: total?.net ?? ZERO,
    };
  }

  async monthly(user: AuthUser, year: number, month: number, accountId?: string): Promise<MonthlyReportDto> {
    const from = `${year}-${pad(month)}-01`;
    const until = month === 12 ? `${year + 1}-01-01` : `${year}-${pad(month + 1)}-01`;
    const rows = await this.sums(user, from, until, 'day', accountId);
    const byDay = new Map(rows.filter((row) => row.kind === 'bucket').map((row) => [row.bucket!, row]));
    const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
    const days = Array.from({ length: daysInMonth }, (_, i) => {
      const date = `${year}-${pad(month)}-${pad(i + 1)}`;
      const row = byDay.get(date);
      return { date, income: row?.income ?? ZERO, expense: row?.expense ?? ZERO };
    });
    return { year, month, ...this.totals(user, rows), categories: this.categories(rows), days };
  }

  async yearly(user: AuthUser, year: number, accountId?: string): Promise<YearlyReportDto> {
    const rows = await this.sums(user, `${year}-01-01`, `${year + 1}-01-01`, 'month', accountId);
    const byMonth = new Map(rows.filter((row) => row.kind === 'bucket').map((row) => [Number(row.bucket), row]));
    const months = Array.from({ length: 12 }, (_, i) => {
      const row = byMonth.get(i + 1);
      return { month: i + 1, income: row?.income ?? ZERO, expense: row?.expense ?? ZERO, net: row?.net ?? ZERO };
    });
    return { year, ...this.totals(user, rows), categories: this.categories(rows), months };
  }
}

import { Injectable } from '@nestjs/common';
import { AuthUser } from '../../common/auth/auth-user';
import { AppError } from '../../common/errors/app-error';
import { Tenant } from '../../common/tenancy/group-scope';
import { MonthlyReportDto, ReportCategoryDto, YearlyReportDto } from './dto/report.dto';
import { ReportCategoryRow, ReportsRepository, SumRow } from './reports.repository';
import { ReportMemberDto } from './dto/report.dto';
import { reportMembers } from './reports.sql';
import { SplitResolver } from './sharing/split-resolver';

const ZERO = '0.00';
const pad = (n: number) => String(n).padStart(2, '0');

interface Sums {
  rows: SumRow[];
  categories: ReportCategoryRow[];
  members: ReportMemberDto[];
}

/** Which report: the account (all when omitted) and the member whose part it is (the group's when omitted). */
export interface ReportScope {
  budgetAccountId?: string;
  member?: string;
}

/**
 * Monthly and yearly reports: totals, per category and per day or month, from the trigger-kept
 * day sums (ReportsRepository). Transfers only move money between accounts, so they are left out.
 */
@Injectable()
export class ReportsService {
  constructor(
    private readonly reports: ReportsRepository,
    private readonly splits: SplitResolver,
  ) {}

  /**
   * The rollup (the group's, or one member's part), the group's categories and the members' paid
   * and parts, read at once (see REPORT_MONTHLY); a foreign account 404, a `member` who is not a
   * member of the group, current or former, 400 UNKNOWN_MEMBER.
   */
  private async sums(tenant: Tenant, from: string, until: string, bucket: 'day' | 'month', scope: ReportScope): Promise<Sums> {
    const accountId = scope.budgetAccountId ?? null;
    const [inGroup, , rows, categories] = await Promise.all([
      accountId ? this.reports.accountInGroup(tenant, accountId) : true,
      scope.member ? this.splits.assertMembers(tenant, [{ field: 'member', userId: scope.member }]) : undefined,
      this.reports.sumByBucket(tenant, from, until, bucket, accountId, scope.member),
      this.reports.categories(tenant),
    ]);
    if (!inGroup) throw AppError.notFound('Budget account');
    return { rows, categories, members: reportMembers(rows) };
  }

  /** The per-category rows in category order, with each category's name, color and icon (a category of the group). */
  private categories({ rows, categories }: Sums): ReportCategoryDto[] {
    const byCategory = new Map<string, SumRow>();
    for (const row of rows) if (row.kind === 'category' && row.category_id !== null) byCategory.set(row.category_id, row);
    const list: ReportCategoryDto[] = [];
    for (const category of categories) {
      const row = byCategory.get(category.id);
      if (row)
        list.push({ categoryId: category.id, name: category.name, color: category.color, icon: category.icon, income: row.income, expense: row.expense });
    }
    return list;
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

  async monthly(user: AuthUser, year: number, month: number, scope: ReportScope = {}): Promise<MonthlyReportDto> {
    const from = `${year}-${pad(month)}-01`;
    const until = month === 12 ? `${year + 1}-01-01` : `${year}-${pad(month + 1)}-01`;
    const sums = await this.sums(user, from, until, 'day', scope);
    const { rows } = sums;
    const byDay = new Map(rows.filter((row) => row.kind === 'bucket').map((row) => [row.bucket!, row]));
    const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
    const days = Array.from({ length: daysInMonth }, (_, i) => {
      const date = `${year}-${pad(month)}-${pad(i + 1)}`;
      const row = byDay.get(date);
      return { date, income: row?.income ?? ZERO, expense: row?.expense ?? ZERO };
    });
    return { year, month, ...this.totals(user, rows), categories: this.categories(sums), members: sums.members, days };
  }

  async yearly(user: AuthUser, year: number, scope: ReportScope = {}): Promise<YearlyReportDto> {
    const sums = await this.sums(user, `${year}-01-01`, `${year + 1}-01-01`, 'month', scope);
    const { rows } = sums;
    const byMonth = new Map(rows.filter((row) => row.kind === 'bucket').map((row) => [Number(row.bucket), row]));
    const months = Array.from({ length: 12 }, (_, i) => {
      const row = byMonth.get(i + 1);
      return { month: i + 1, income: row?.income ?? ZERO, expense: row?.expense ?? ZERO, net: row?.net ?? ZERO };
    });
    return { year, ...this.totals(user, rows), categories: this.categories(sums), members: sums.members, months };
  }
}

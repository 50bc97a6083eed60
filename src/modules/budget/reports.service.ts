import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AuthUser } from '../../common/auth/auth-user';
import { assertAllInGroup } from '../../common/tenancy/group-scope';
import { MonthlyReportDto, ReportCategoryDto, YearlyReportDto } from './dto/report.dto';

interface SumRow {
  /** which grouping set the row belongs to: 'total', 'category' or 'bucket' (a day or a month) */
  kind: 'total' | 'category' | 'bucket';
  category_id: string | null;
  bucket: string | null;
  income: string;
  expense: string;
  net: string;
}

const ZERO = '0.00';
const pad = (n: number) => String(n).padStart(2, '0');

/**
 * Monthly and yearly reports: one SQL pass with GROUPING SETS (total, per category, per day or
 * month) over `transaction_day_sums`, which triggers keep exact in the same transaction as every
 * change of a transaction (a year is a few thousand rows, not every transaction). Transfers only
 * move money between accounts, so they are left out. Sums are numeric: exact to the cent.
 */
@Injectable()
export class ReportsService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  private async sums(groupId: string, from: string, until: string, bucket: string, accountId?: string): Promise<SumRow[]> {
    if (accountId) await assertAllInGroup(this.dataSource.manager, 'budget_accounts', groupId, [accountId], 'Budget account');
    // the day sums (kept by triggers, one row per day, account, category and type) are rolled up
    // per category, per day or month, and in total
    return this.dataSource.query(
      `WITH sums AS (
         SELECT category_id, date, type, SUM(amount) AS amount
           FROM transaction_day_sums
          WHERE group_id = $1 AND date >= $2 AND date < $3 AND count > 0
            AND ($4::uuid IS NULL OR budget_account_id = $4::uuid)
          GROUP BY category_id, date, type)
       SELECT CASE grouped WHEN 3 THEN 'total' WHEN 1 THEN 'category' ELSE 'bucket' END AS kind,
              category_id, bucket::text AS bucket, income, expense, income - expense AS net
         FROM (SELECT GROUPING(category_id, ${bucket}) AS grouped, category_id, ${bucket} AS bucket,
                      COALESCE(SUM(amount) FILTER (WHERE type = 'Income'), 0.00) AS income,
                      COALESCE(SUM(amount) FILTER (WHERE type = 'Expense'), 0.00) AS expense
                 FROM sums
                GROUP BY GROUPING SETS ((), (category_id), (${bucket}))) rolled`,
      [groupId, from, until, accountId ?? null],
    );
  }

  private async categories(groupId: string, rows: SumRow[]): Promise<ReportCategoryDto[]> {
    const sums = new Map(rows.filter((row) => row.kind === 'category').map((row) => [row.category_id!, row]));
    if (sums.size === 0) return [];
    const categories: { id: string; name: string; color: string; icon: string }[] = await this.dataSource.query(
      'SELECT id, name, color, icon FROM categories WHERE group_id = $1 AND id = ANY($2::uuid[]) ORDER BY sort_order, id',
      [groupId, [...sums.keys()]],
    );
    return categories.map((c) => ({
      categoryId: c.id,
      name: c.name,
      color: c.color,
      icon: c.icon,
      income: sums.get(c.id)!.income,
      expense: sums.get(c.id)!.expense,
    }));
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
    const rows = await this.sums(user.groupId, from, until, 'date', accountId);
    const byDay = new Map(rows.filter((row) => row.kind === 'bucket').map((row) => [row.bucket!, row]));
    const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
    const days = Array.from({ length: daysInMonth }, (_, i) => {
      const date = `${year}-${pad(month)}-${pad(i + 1)}`;
      const row = byDay.get(date);
      return { date, income: row?.income ?? ZERO, expense: row?.expense ?? ZERO };
    });
    return { year, month, ...this.totals(user, rows), categories: await this.categories(user.groupId, rows), days };
  }

  async yearly(user: AuthUser, year: number, accountId?: string): Promise<YearlyReportDto> {
    const rows = await this.sums(user.groupId, `${year}-01-01`, `${year + 1}-01-01`, 'EXTRACT(MONTH FROM date)::int', accountId);
    const byMonth = new Map(rows.filter((row) => row.kind === 'bucket').map((row) => [Number(row.bucket), row]));
    const months = Array.from({ length: 12 }, (_, i) => {
      const row = byMonth.get(i + 1);
      return { month: i + 1, income: row?.income ?? ZERO, expense: row?.expense ?? ZERO, net: row?.net ?? ZERO };
    });
    return { year, ...this.totals(user, rows), categories: await this.categories(user.groupId, rows), months };
  }
}

import { Injectable } from '@nestjs/common';
import { Tenant } from '../../common/tenancy/group-scope';
import { Sql } from '../../database/sql';
import { REPORT_CATEGORIES, REPORT_MEMBER_MONTHLY, REPORT_MEMBER_YEARLY, REPORT_MONTHLY, REPORT_YEARLY } from './reports.sql';
import { BUDGET_ACCOUNT_IN_GROUP } from './transactions.sql';

export interface SumRow {
  /**
   * which grouping set the row belongs to: 'total', 'category' or 'bucket' (a day or a month); 'member': a member's paid
   * (income) and part (expense) of the shared expenses, their id in `bucket`
   */
  kind: 'total' | 'category' | 'bucket' | 'member';
  category_id: string | null;
  bucket: string | null;
  /** numeric sums as PostgreSQL prints them ("12.30"): echoed as they come */
  income: string;
  expense: string;
  net: string;
}

export interface ReportCategoryRow {
  id: string;
  name: string;
  color: string;
  icon: string;
}

const REPORTS = { day: REPORT_MONTHLY, month: REPORT_YEARLY } as const;
const MEMBER_REPORTS = { day: REPORT_MEMBER_MONTHLY, month: REPORT_MEMBER_YEARLY } as const;

@Injectable()
export class ReportsRepository {
  constructor(private readonly sql: Sql) {}

  /** The group's sums; with `member`, that member's part of the shared transactions; and the members' rows either way. */
  sumByBucket(tenant: Tenant, from: string, until: string, bucket: 'day' | 'month', accountId: string | null, member?: string): Promise<SumRow[]> {
    if (member) return this.sql.rows<SumRow>(MEMBER_REPORTS[bucket], [tenant.groupId, from, until, accountId, member]);
    return this.sql.rows<SumRow>(REPORTS[bucket], [tenant.groupId, from, until, accountId]);
  }

  categories(tenant: Tenant): Promise<ReportCategoryRow[]> {
    return this.sql.rows<ReportCategoryRow>(REPORT_CATEGORIES, [tenant.groupId]);
  }

  async accountInGroup(tenant: Tenant, accountId: string): Promise<boolean> {
    return (await this.sql.rows(BUDGET_ACCOUNT_IN_GROUP, [accountId, tenant.groupId])).length > 0;
  }
}

import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { Tenant } from '../../common/tenancy/group-scope';

export interface SumRow {
  /** which grouping set the row belongs to: 'total', 'category' or 'bucket' (a day or a month) */
  kind: 'total' | 'category' | 'bucket';
  category_id: string | null;
  bucket: string | null;
  income: string;
  expense: string;
  net: string;
}

/** One fixed statement per bucket: the day, or the month number. */
const BUCKETS = { day: 'date', month: 'EXTRACT(MONTH FROM date)::int' } as const;

const sumsSql = (bucket: string) => `WITH sums AS (
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
                GROUP BY GROUPING SETS ((), (category_id), (${bucket}))) rolled`;

const SUMS_SQL = { day: sumsSql(BUCKETS.day), month: sumsSql(BUCKETS.month) };

/**
 * Reads `transaction_day_sums`, which triggers in the migrations keep exact in the same transaction
 * as every change of a transaction (one row per day, account, category and type).
 */
@Injectable()
export class ReportsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Income and expense of the group in [from, until), optionally of one account, in one pass with
   * GROUPING SETS: the total, per category, and per day or month. Numeric sums: exact to the cent.
   */
  sumByBucket(tenant: Tenant, from: string, until: string, bucket: 'day' | 'month', accountId: string | null): Promise<SumRow[]> {
    return this.dataSource.query(SUMS_SQL[bucket], [tenant.groupId, from, until, accountId]);
  }
}

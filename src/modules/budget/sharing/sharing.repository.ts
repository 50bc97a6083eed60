import { Injectable } from '@nestjs/common';
import { Page, PageQuery, toPage } from '../../../common/pagination/pagination';
import { lockInGroup, Tenant } from '../../../common/tenancy/group-scope';
import { insertNew } from '../../../database/bulk-insert';
import { Sql } from '../../../database/sql';
import { UnitOfWork } from '../../../database/transaction';
import { Settlement } from '../entities/settlement.entity';
import { SplitSettings, StoredUnit, StoredWeight } from '../entities/split-settings.entity';
import {
  EXPLAIN_COUNT,
  EXPLAIN_PAGE,
  ExplainRow,
  MEMBER_TOTALS,
  MemberTotalsRow,
  MEMBERS_WITH_ROWS,
  SETTLEMENT_ANYWHERE,
  SETTLEMENT_BY_ID,
  SETTLEMENTS_COUNT,
  SETTLEMENTS_PAGE,
  SettlementRow,
  SHARING_CHECK_GROUPS,
  SHARING_CHECKS,
  SHARING_GROUP_LOCK,
  SPLIT_SETTINGS_OF_GROUP,
} from './sharing.sql';

export interface SplitSettingsRow {
  id: string;
  sharedByDefault: boolean;
  mode: 'equal' | 'shares';
  weights: StoredWeight[];
  units: StoredUnit[];
}

/** A kept row that differed from the rows behind it, as the housekeeping check found it. */
export interface SharingDifference {
  table: string;
  row: Record<string, unknown>;
}

/**
 * The SQL of sharing costs: split settings and settlements (audited entities, written through
 * save()/remove() so the history subscriber records them), and the reads of the kept sums, which
 * only the triggers of the migration `Sharing` write (sharing.sql.ts).
 */
@Injectable()
export class SharingRepository {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly sql: Sql,
  ) {}

  async findSettings(tenant: Tenant): Promise<SplitSettingsRow | undefined> {
    const [row] = await this.sql.rows<SplitSettingsRow>(SPLIT_SETTINGS_OF_GROUP, [tenant.groupId]);
    return row;
  }

  /** The group's settings row locked in the unit of work, or a new unsaved one. */
  async lockSettings(tenant: Tenant): Promise<SplitSettings> {
    const manager = this.unitOfWork.manager;
    const found = await manager.findOne(SplitSettings, { where: { groupId: tenant.groupId }, lock: { mode: 'pessimistic_write' } });
    return found ?? manager.create(SplitSettings, { groupId: tenant.groupId, sharedByDefault: false, mode: 'equal', weights: [], units: [] });
  }

  saveSettings(settings: SplitSettings): Promise<SplitSettings> {
    return this.unitOfWork.manager.save(settings);
  }

  /** Of these users, those who have kept sums in the group (took part in a shared cost or a settlement). */
  async withRows(tenant: Tenant, ids: string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await this.sql.rows<{ id: string }>(MEMBERS_WITH_ROWS, [tenant.groupId, ids]);
    return new Set(rows.map((row) => row.id));
  }

  /** Each member's kept sums between two dates (null: open). */
  totals(tenant: Tenant, from: string | null, to: string | null): Promise<MemberTotalsRow[]> {
    return this.sql.rows<MemberTotalsRow>(MEMBER_TOTALS, [tenant.groupId, from, to]);
  }

  /**
   * Inserts the settlement (never an update: a client-made id that is taken meets the primary key,
   * a 409 ID_TAKEN); the history subscriber records it on the insert.
   */
  insertSettlement(values: Partial<Settlement>): Promise<Settlement> {
    return insertNew(this.unitOfWork.manager, Settlement, values);
  }

  /** The settlement with this id in any group, with its group (only to tell a retry from a taken id). */
  async findSettlementAnywhere(id: string): Promise<(SettlementRow & { groupId: string }) | undefined> {
    const [row] = await this.sql.rows<SettlementRow & { groupId: string }>(SETTLEMENT_ANYWHERE, [id]);
    return row;
  }

  lockSettlement(tenant: Tenant, id: string): Promise<Settlement> {
    return lockInGroup(this.unitOfWork.manager, Settlement, tenant, id, 'Settlement');
  }

  async removeSettlement(settlement: Settlement): Promise<void> {
    await this.unitOfWork.manager.remove(settlement);
  }

  async findSettlement(tenant: Tenant, id: string): Promise<SettlementRow | undefined> {
    const [row] = await this.sql.rows<SettlementRow>(SETTLEMENT_BY_ID, [id, tenant.groupId]);
    return row;
  }

  async settlementsPage(tenant: Tenant, filter: { from?: string; to?: string; userId?: string }, page: PageQuery): Promise<Page<SettlementRow>> {
    const params = [tenant.groupId, filter.from ?? null, filter.to ?? null, filter.userId ?? null];
    const [[{ total }], rows] = await Promise.all([
      this.sql.rows<{ total: number }>(SETTLEMENTS_COUNT, params),
      this.sql.rows<SettlementRow>(SETTLEMENTS_PAGE, [...params, (page.page - 1) * page.pageSize, page.pageSize]),
    ]);
    return toPage(rows, total, page);
  }

  async explainPage(tenant: Tenant, userIds: string[], filter: { from?: string; to?: string }, page: PageQuery): Promise<Page<ExplainRow>> {
    const params = [tenant.groupId, userIds, filter.from ?? null, filter.to ?? null];
    const [[{ total }], rows] = await Promise.all([
      this.sql.rows<{ total: number }>(EXPLAIN_COUNT, params),
      this.sql.rows<ExplainRow>(EXPLAIN_PAGE, [...params, (page.page - 1) * page.pageSize, page.pageSize]),
    ]);
    return toPage(rows, total, page);
  }

  /** Every group's id, in the order the daily check goes through them. */
  async groupIds(): Promise<string[]> {
    return (await this.sql.rows<{ id: string }>(SHARING_CHECK_GROUPS)).map((row) => row.id);
  }

  /**
   * Recomputes one group's kept shares and sums from its rows and writes the fresh values over any
   * that differ, in the current unit of work, with that group's sharing lock held against its
   * writers meanwhile (no other group's). Returns what differed.
   */
  async checkAndRepair(groupId: string): Promise<SharingDifference[]> {
    await this.sql.rows(SHARING_GROUP_LOCK, [groupId]);
    const found: SharingDifference[] = [];
    for (const check of SHARING_CHECKS) {
      const rows = await this.sql.rows<{ row: Record<string, unknown> }>(check.check, [groupId]);
      if (rows.length === 0) continue;
      found.push(...rows.map(({ row }) => ({ table: check.table, row })));
      await this.sql.rows(check.repair, [groupId]);
    }
    return found;
  }
}

import { Injectable } from '@nestjs/common';
import { fromCents, toCents } from '../../../../domain/amount';
import type { Original } from '../../../../domain/currency';
import type { Tenant } from '../../../common/tenancy/group-scope';
import { Sql } from '../../../database/sql';
import type { ColumnMapping, StatementRow } from './parse/statement';
import {
  STATEMENT_IMPORT_INSERT,
  STATEMENT_IMPORT_LIVE,
  STATEMENT_IMPORT_LOCK,
  STATEMENT_IMPORT_MAPPING,
  STATEMENT_IMPORT_MAPPING_SAVE,
  STATEMENT_IMPORT_PREVIEW_LOCK,
  STATEMENT_IMPORTS_REMOVE_EXPIRED,
  STATEMENT_IMPORTS_TRIM_GROUP,
} from './statement-imports.sql';

/** One previewed row as kept until commit: the parsed row, its position and import ref, what the preview found. */
export interface StoredRow extends Omit<StatementRow, 'bankRef' | 'original'> {
  index: number;
  importRef: string;
  suggestedCategoryId?: string;
  duplicateOf?: string;
  /** paid in another currency, as the transaction will keep it */
  original?: Original;
}

/**
 * A row as the `rows` JSON keeps it (JSON has no bigint): its signed amount as decimal text
 * ("-12.50"). Previews stored before kept integer `cents`, read as well until they expire (24 h).
 */
type JsonRow = Omit<StoredRow, 'cents'> & { amount?: string; cents?: number };

const toJson = ({ cents, ...row }: StoredRow): JsonRow => ({ ...row, amount: fromCents(cents) });
const fromJson = ({ amount, cents, ...row }: JsonRow): StoredRow => ({ ...row, cents: amount !== undefined ? toCents(amount) : BigInt(cents!) });

export interface StoredPreview {
  id: string;
  group_id: string;
  budget_account_id: string;
  format: string;
  rows: StoredRow[];
}

/**
 * The tables `statement_imports` (previews, kept 24 h, in PostgreSQL so any instance can commit
 * them) and `statement_import_mappings` (the CSV columns last used per account), through named
 * statements (statement-imports.sql.ts), in the current unit of work when there is one. Nothing
 * to audit: a preview changes no budget data; the commit's transactions are audited.
 */
@Injectable()
export class StatementImportsRepository {
  constructor(private readonly sql: Sql) {}

  /**
   * Stores a preview and keeps the group's `keep` latest: older ones are deleted (their commit is
   * then 404, as an expired one's). Call inside a unit of work: the group's preview lock is held
   * until it ends.
   */
  async insert(preview: StoredPreview & { createdById: string; expiresAt: Date }, keep: number): Promise<void> {
    await this.sql.rows(STATEMENT_IMPORT_PREVIEW_LOCK, [preview.group_id]);
    await this.sql.rows(STATEMENT_IMPORT_INSERT, [
      preview.id,
      preview.group_id,
      preview.budget_account_id,
      preview.createdById,
      preview.format,
      JSON.stringify(preview.rows.map(toJson)),
      preview.expiresAt,
    ]);
    await this.sql.rows(STATEMENT_IMPORTS_TRIM_GROUP, [preview.group_id, keep]);
  }

  /** A preview of the caller's group that has not expired (another group's is as missing). */
  async findLive(tenant: Tenant, id: string, now: Date): Promise<StoredPreview | undefined> {
    const [row] = await this.sql.rows<Omit<StoredPreview, 'rows'> & { rows: JsonRow[] }>(STATEMENT_IMPORT_LIVE, [id, tenant.groupId, now]);
    return row && { ...row, rows: row.rows.map(fromJson) };
  }

  /** Holds the group's import lock until the unit of work ends. */
  async lockGroup(tenant: Tenant): Promise<void> {
    await this.sql.rows(STATEMENT_IMPORT_LOCK, [tenant.groupId]);
  }

  /** Housekeeping: previews past their 24 h. */
  async removeExpired(now: Date): Promise<number> {
    const [{ n }] = await this.sql.rows<{ n: number }>(STATEMENT_IMPORTS_REMOVE_EXPIRED, [now]);
    return n;
  }

  async findMapping(accountId: string): Promise<{ mapping: ColumnMapping; date_format: string | null } | undefined> {
    const [row] = await this.sql.rows<{ mapping: ColumnMapping; date_format: string | null }>(STATEMENT_IMPORT_MAPPING, [accountId]);
    return row;
  }

  async saveMapping(accountId: string, mapping: ColumnMapping, dateFormat: string | undefined): Promise<void> {
    await this.sql.rows(STATEMENT_IMPORT_MAPPING_SAVE, [accountId, JSON.stringify(mapping), dateFormat ?? null]);
  }
}

import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { Tenant } from '../../../common/tenancy/group-scope';
import type { ColumnMapping, StatementRow } from './parse/statement';

/** One previewed row as kept until commit: the parsed row, its position and import ref, what the preview found. */
export interface StoredRow extends Omit<StatementRow, 'bankRef'> {
  index: number;
  importRef: string;
  suggestedCategoryId?: string;
  duplicateOf?: string;
}

export interface StoredPreview {
  id: string;
  group_id: string;
  budget_account_id: string;
  format: string;
  rows: StoredRow[];
}

/**
 * The tables `statement_imports` (previews, kept 24 h, in PostgreSQL so any instance can commit
 * them) and `statement_import_mappings` (the CSV columns last used per account). Raw SQL: no
 * entity, nothing to audit (a preview changes no budget data; the commit's transactions are).
 */
@Injectable()
export class StatementImportsRepository {
  async insert(manager: EntityManager, preview: StoredPreview & { createdById: string; expiresAt: Date }): Promise<void> {
    await manager.query(
      `INSERT INTO statement_imports (id, group_id, budget_account_id, created_by_id, format, rows, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7)`,
      [preview.id, preview.group_id, preview.budget_account_id, preview.createdById, preview.format, JSON.stringify(preview.rows), preview.expiresAt],
    );
  }

  /** A preview of the caller's group that has not expired (another group's is as missing). */
  async findLive(manager: EntityManager, tenant: Tenant, id: string, now: Date): Promise<StoredPreview | undefined> {
    const [row] = await manager.query(
      `SELECT id, group_id, budget_account_id, format, rows FROM statement_imports WHERE id = $1 AND group_id = $2 AND expires_at > $3`,
      [id, tenant.groupId, now],
    );
    return row;
  }

  /** Housekeeping: previews past their 24 h. */
  async removeExpired(manager: EntityManager, now: Date): Promise<number> {
    const [, count] = await manager.query('DELETE FROM statement_imports WHERE expires_at <= $1', [now]);
    return count;
  }

  async findMapping(manager: EntityManager, accountId: string): Promise<{ mapping: ColumnMapping; date_format: string | null } | undefined> {
    const [row] = await manager.query('SELECT mapping, date_format FROM statement_import_mappings WHERE budget_account_id = $1', [accountId]);
    return row;
  }

  async saveMapping(manager: EntityManager, accountId: string, mapping: ColumnMapping, dateFormat: string | undefined): Promise<void> {
    await manager.query(
      `INSERT INTO statement_import_mappings (budget_account_id, mapping, date_format, updated_date) VALUES ($1, $2::jsonb, $3, now())
       ON CONFLICT (budget_account_id) DO UPDATE SET mapping = EXCLUDED.mapping, date_format = EXCLUDED.date_format, updated_date = now()`,
      [accountId, JSON.stringify(mapping), dateFormat ?? null],
    );
  }
}

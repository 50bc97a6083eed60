import { Injectable } from '@nestjs/common';
import { AuthUser } from '../../common/auth/auth-user';
import { AppError } from '../../common/errors/app-error';
import { Page, toPage } from '../../common/pagination/pagination';
import { ActionHistoryDto, HistoryQuery } from './dto/action-history.dto';
import { HistoryRepository } from './history.repository';
import type { HistoryRow } from './history.sql';
import type { Viewer } from './visibility';

const DAY_MS = 86_400_000;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** `to` as an exclusive bound: a bare date includes its whole (UTC) day. */
function upperBound(to: string): Date {
  const instant = new Date(to);
  return DATE_ONLY.test(to) ? new Date(instant.getTime() + DAY_MS) : new Date(instant.getTime() + 1);
}

/**
 * Reads the action history. Rows belong to one group (docs/api.md, Ids and tenancy): a caller sees their token's
 * group; rows of a private entity only its owner; user and group administration rows (adminOnly)
 * only admins, who see them for every group since they administer all of them (docs/admin.md, Action history).
 */
@Injectable()
export class HistoryService {
  constructor(private readonly history: HistoryRepository) {}

  async list(caller: AuthUser, query: HistoryQuery): Promise<Page<ActionHistoryDto>> {
    const from = query.from ? new Date(query.from) : undefined;
    const before = query.to ? upperBound(query.to) : undefined;
    if (from && before && from >= before) {
      throw AppError.invalidField('to', 'to must not be before from');
    }
    const [rows, total] = await this.history.findPage(caller, {
      entityType: query.entityType,
      entityId: query.entityId,
      userId: query.userId,
      action: query.action,
      from,
      before,
      offset: (query.page - 1) * query.pageSize,
      limit: query.pageSize,
    });
    return toPage(rows.map(toDto), total, query);
  }

  /** The changes after the cursor (`tx`, `seq`) that `viewer` may see (live events' rule), in cursor order, at most `limit`. */
  changesAfter(viewer: Viewer, after: { tx: string; seq: string }, limit: number): Promise<HistoryRow[]> {
    return this.history.findAfter(viewer, after, limit);
  }

  /** The oldest transaction that may still commit history rows (docs/live.md, Cursors). */
  horizon(): Promise<string> {
    return this.history.horizon();
  }
}

function toDto(row: HistoryRow): ActionHistoryDto {
  return {
    id: row.id,
    entityType: row.entityType,
    entityId: row.entityId,
    action: row.action,
    changes: row.changes,
    userId: row.userId,
    userNickname: row.userNickname,
    entityLabel: row.entityLabel,
    parentLabel: row.parentLabel,
    createdDate: row.createdDate,
  };
}

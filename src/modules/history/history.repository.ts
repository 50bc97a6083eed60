import { Injectable } from '@nestjs/common';
import type { AuthUser } from '../../common/auth/auth-user';
import { Sql } from '../../database/sql';
import { HISTORY_AFTER, HISTORY_COUNT_SQL, HISTORY_HORIZON, HISTORY_PAGE_SQL, HistoryRow } from './history.sql';
import { hiddenEntityTypes, Viewer } from './visibility';

export interface HistoryFilter {
  entityType?: string;
  entityId?: string;
  userId?: string;
  action?: string;
  from?: Date;
  before?: Date;
  offset: number;
  limit: number;
}

/**
 * Reads `action_histories` (rows are written by HistorySubscriber in the transaction of each
 * change). The visibility rule (`visibleTo` in history.sql.ts, `canSee` in memory) is applied to every read.
 */
@Injectable()
export class HistoryRepository {
  constructor(private readonly sql: Sql) {}

  async findPage(caller: AuthUser, filter: HistoryFilter): Promise<[HistoryRow[], number]> {
    // admins manage every user and group, so they see all administration rows (any group, or none
    // yet: a registration before approval); members their own group's rows of the modules it has
    const reader = caller.role === 'Admin' ? 'admin' : 'member';
    const values = [
      ...viewerValues(caller),
      filter.entityType || null,
      filter.entityId || null,
      filter.userId || null,
      filter.action || null,
      filter.from ?? null,
      filter.before ?? null,
    ];
    const [rows, [{ count }]] = await Promise.all([
      this.sql.rows<HistoryRow>(HISTORY_PAGE_SQL[reader], [...values, filter.limit, filter.offset]),
      this.sql.rows<{ count: number }>(HISTORY_COUNT_SQL[reader], values),
    ]);
    return [rows, count];
  }

  /**
   * The rows after the cursor (`tx`, `seq`) that `viewer` may see, in cursor order, at most `limit`
   * (the replay of a resumed live stream, with the rule of live events: docs/live.md).
   */
  findAfter(viewer: Viewer, after: { tx: string; seq: string }, limit: number): Promise<HistoryRow[]> {
    const statement = viewer.role === 'Admin' ? HISTORY_AFTER.admin : HISTORY_AFTER.member;
    return this.sql.rows<HistoryRow>(statement, [...viewerValues(viewer), after.tx, after.seq, limit]);
  }

  /**
   * The oldest transaction that may still be running (or the next one to begin writing): every row
   * of an older transaction is committed, or never will be.
   */
  async horizon(): Promise<string> {
    const [row] = await this.sql.rows<{ tx: string }>(HISTORY_HORIZON);
    return row.tx;
  }
}

/** The viewer as the visibility rule's parameters: $1 user id, $2 group id, $3 the entity types of the modules the group lacks. */
function viewerValues(viewer: Viewer): unknown[] {
  return [viewer.userId, viewer.groupId, hiddenEntityTypes(viewer.modules)];
}

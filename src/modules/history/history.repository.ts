import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { AuthUser } from '../../common/auth/auth-user';
import { Sql } from '../../database/sql';
import { ActionHistory } from './entities/action-history.entity';
import { HISTORY_HORIZON } from './history.sql';
import { Viewer, whereVisible } from './visibility';

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
 * change). The visibility rule (`visibility.ts`) is applied to every read.
 */
@Injectable()
export class HistoryRepository {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly sql: Sql,
  ) {}

  findPage(caller: AuthUser, filter: HistoryFilter): Promise<[ActionHistory[], number]> {
    // admins manage every user and group, so they see all administration rows (any group, or none
    // yet: a registration before approval); members their own group's rows of the modules it has
    const builder = whereVisible(this.dataSource.getRepository(ActionHistory).createQueryBuilder('h'), 'h', caller);
    if (filter.entityType) builder.andWhere('h.entityType = :entityType', { entityType: filter.entityType });
    if (filter.entityId) builder.andWhere('h.entityId = :entityId', { entityId: filter.entityId });
    if (filter.userId) builder.andWhere('h.userId = :userId', { userId: filter.userId });
    if (filter.action) builder.andWhere('h.action = :action', { action: filter.action });
    if (filter.from) builder.andWhere('h.createdDate >= :from', { from: filter.from });
    if (filter.before) builder.andWhere('h.createdDate < :before', { before: filter.before });
    return builder.orderBy('h.createdDate', 'DESC').addOrderBy('h.id', 'DESC').skip(filter.offset).take(filter.limit).getManyAndCount();
  }

  /**
   * The rows after the cursor (`tx`, `seq`) that `viewer` may see, in cursor order, at most `limit`
   * (the replay of a resumed live stream, with the rule of live events: docs/live.md).
   */
  findAfter(viewer: Viewer, after: { tx: string; seq: string }, limit: number): Promise<ActionHistory[]> {
    const builder = this.dataSource.getRepository(ActionHistory).createQueryBuilder('h').where('(h.tx, h.seq) > (:tx, :seq)', after);
    return whereVisible(builder, 'h', viewer, { ownAccount: true }).orderBy('h.tx', 'ASC').addOrderBy('h.seq', 'ASC').limit(limit).getMany();
  }

  /**
   * The oldest transaction that may still be running (or the next one to begin writing): every row
   * of an older transaction is committed, or never will be.
   */
  async horizon(): Promise<string> {
    // the oldest running transaction of this database, else the next to be handed out (migration LiveCursorOrder)
    const [row] = await this.sql.rows<{ tx: string }>(HISTORY_HORIZON);
    return row.tx;
  }
}

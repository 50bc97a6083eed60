import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { AuthUser } from '../../common/auth/auth-user';
import { ActionHistory } from './entities/action-history.entity';

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
 * change). The caller's group and visibility rules are applied here, newest first.
 */
@Injectable()
export class HistoryRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  findPage(caller: AuthUser, filter: HistoryFilter): Promise<[ActionHistory[], number]> {
    const builder = this.dataSource
      .getRepository(ActionHistory)
      .createQueryBuilder('h')
      .where('(h.privateToUserId IS NULL OR h.privateToUserId = :me)', { me: caller.userId });
    // admins manage every user and group, so they see all administration rows (any group, or none
    // yet: a registration before approval); everyone sees their own group's module rows
    if (caller.role === 'Admin') {
      builder.andWhere('(h.groupId = :groupId OR h.adminOnly = true)', { groupId: caller.groupId });
    } else {
      builder.andWhere('h.groupId = :groupId AND h.adminOnly = false', { groupId: caller.groupId });
    }
    if (filter.entityType) builder.andWhere('h.entityType = :entityType', { entityType: filter.entityType });
    if (filter.entityId) builder.andWhere('h.entityId = :entityId', { entityId: filter.entityId });
    if (filter.userId) builder.andWhere('h.userId = :userId', { userId: filter.userId });
    if (filter.action) builder.andWhere('h.action = :action', { action: filter.action });
    if (filter.from) builder.andWhere('h.createdDate >= :from', { from: filter.from });
    if (filter.before) builder.andWhere('h.createdDate < :before', { before: filter.before });
    return builder.orderBy('h.createdDate', 'DESC').addOrderBy('h.id', 'DESC').skip(filter.offset).take(filter.limit).getManyAndCount();
  }
}

import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AuthUser } from '../../common/auth/auth-user';
import { AppError } from '../../common/errors/app-error';
import { Page, toPage } from '../../common/pagination/pagination';
import { ActionHistoryDto, HistoryQuery } from './dto/action-history.dto';
import { ActionHistory } from './entities/action-history.entity';

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
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async list(caller: AuthUser, query: HistoryQuery): Promise<Page<ActionHistoryDto>> {
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
    if (query.entityType) builder.andWhere('h.entityType = :entityType', { entityType: query.entityType });
    if (query.entityId) builder.andWhere('h.entityId = :entityId', { entityId: query.entityId });
    if (query.userId) builder.andWhere('h.userId = :userId', { userId: query.userId });
    if (query.action) builder.andWhere('h.action = :action', { action: query.action });
    const from = query.from ? new Date(query.from) : undefined;
    const before = query.to ? upperBound(query.to) : undefined;
    if (from && before && from >= before) {
      throw AppError.badRequest('VALIDATION_FAILED', 'Request validation failed', [{ field: 'to', message: 'to must not be before from' }]);
    }
    if (from) builder.andWhere('h.createdDate >= :from', { from });
    if (before) builder.andWhere('h.createdDate < :before', { before });

    const [rows, total] = await builder
      .orderBy('h.createdDate', 'DESC')
      .addOrderBy('h.id', 'DESC')
      .skip((query.page - 1) * query.pageSize)
      .take(query.pageSize)
      .getManyAndCount();
    return toPage(rows.map(toDto), total, query);
  }
}

function toDto(row: ActionHistory): ActionHistoryDto {
  return {
    id: row.id,
    entityType: row.entityType,
    entityId: row.entityId,
    action: row.action,
    changes: row.changes,
    userId: row.userId,
    userNickname: row.userNickname,
    createdDate: row.createdDate,
  };
}

import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { AppError } from '../../common/errors/app-error';
import { Sql } from '../../database/sql';
import { Group } from './entities/group.entity';
import { GROUP_ID_BY_NAME, GroupRow, GROUPS_BY_NAME } from './groups.sql';

/** The SQL of the `groups` table: reads as named statements (groups.sql.ts), writes through save(). */
@Injectable()
export class GroupsRepository {
  constructor(private readonly sql: Sql) {}

  /** Every group, by name. */
  findAllByName(): Promise<GroupRow[]> {
    return this.sql.rows<GroupRow>(GROUPS_BY_NAME);
  }

  exists(manager: EntityManager, id: string): Promise<boolean> {
    return manager.getRepository(Group).existsBy({ id });
  }

  /** The id of the group named `name` (case-insensitively), or null. */
  async findIdByName(name: string): Promise<string | null> {
    const [group] = await this.sql.rows<{ id: string }>(GROUP_ID_BY_NAME, [name]);
    return group?.id ?? null;
  }

  /** Locks the group for the rest of the transaction, or 404. */
  async lockById(manager: EntityManager, id: string): Promise<Group> {
    const group = await manager.getRepository(Group).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
    if (!group) throw AppError.notFound('Group');
    return group;
  }

  create(manager: EntityManager, values: Pick<Group, 'name' | 'currency' | 'modules'>): Promise<Group> {
    return manager.getRepository(Group).save(manager.getRepository(Group).create(values));
  }

  save(manager: EntityManager, group: Group): Promise<Group> {
    return manager.getRepository(Group).save(group);
  }
}

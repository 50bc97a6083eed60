import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { AppError } from '../../common/errors/app-error';
import { Group } from './entities/group.entity';

/** The SQL of the `groups` table. */
@Injectable()
export class GroupsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Every group, by name. */
  findAllByName(): Promise<Group[]> {
    return this.dataSource.getRepository(Group).createQueryBuilder('g').orderBy('lower(g.name)').addOrderBy('g.id').getMany();
  }

  exists(manager: EntityManager, id: string): Promise<boolean> {
    return manager.getRepository(Group).existsBy({ id });
  }

  /** The id of the group named `name` (case-insensitively), or null. */
  async findIdByName(name: string): Promise<string | null> {
    const group = await this.dataSource.getRepository(Group).createQueryBuilder('g').where('lower(g.name) = lower(:name)', { name }).getOne();
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

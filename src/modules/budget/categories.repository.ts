import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { assertAllInGroup, lockInGroup, Tenant } from '../../common/tenancy/group-scope';
import { Sql } from '../../database/sql';
import { UnitOfWork } from '../../database/transaction';
import { CATEGORIES_LOCK, CATEGORY_IDS_IN_GROUP, CATEGORY_LAST_ORDER, CATEGORY_NAMES_BY_IDS, CATEGORY_USED } from './categories.sql';
import { CATEGORY_IN_GROUP } from './transactions.sql';
import { Category } from './entities/category.entity';

export interface CategoryNameRow {
  id: string;
  name: string;
  color: string;
  icon: string;
}

/** The SQL of the `categories` table. Writes go through `save`/`remove`, so the history sees them. */
@Injectable()
export class CategoriesRepository {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly sql: Sql,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  /** The current unit of work's transaction (outside one: the pool). */
  private get manager(): EntityManager {
    return this.unitOfWork.manager;
  }

  findAllOrdered(tenant: Tenant): Promise<Category[]> {
    return this.dataSource.getRepository(Category).find({ where: { groupId: tenant.groupId }, order: { order: 'ASC', id: 'ASC' } });
  }

  /** The group's categories among `ids`, in display order (the reports' names and colours). */
  findNamesByIds(tenant: Tenant, ids: string[]): Promise<CategoryNameRow[]> {
    return this.sql.rows<CategoryNameRow>(CATEGORY_NAMES_BY_IDS, [tenant.groupId, ids]);
  }

  /** Serialises the group's category changes that need no row (the next position, a reorder), in the unit of work. */
  async lockGroup(tenant: Tenant): Promise<void> {
    await this.sql.rows(CATEGORIES_LOCK, [tenant.groupId]);
  }

  findAllOfGroup(tenant: Tenant): Promise<Category[]> {
    return this.manager.find(Category, { where: { groupId: tenant.groupId } });
  }

  /** The group's largest position (0 without categories), in the unit of work. */
  async lastOrder(tenant: Tenant): Promise<number> {
    const [{ last }] = await this.sql.rows<{ last: number }>(CATEGORY_LAST_ORDER, [tenant.groupId]);
    return Number(last);
  }

  lockInGroup(tenant: Tenant, id: string): Promise<Category> {
    return lockInGroup(this.manager, Category, tenant, id, 'Category');
  }

  /** Whether the category is the group's. */
  async isInGroup(tenant: Tenant, id: string): Promise<boolean> {
    return (await this.sql.rows(CATEGORY_IN_GROUP, [id, tenant.groupId])).length > 0;
  }

  /** 404 unless every one of `ids` is the group's category. */
  assertAllInGroup(tenant: Tenant, ids: string[]): Promise<void> {
    return assertAllInGroup(ids, 'Category', (distinct) => this.sql.rows(CATEGORY_IDS_IN_GROUP, [tenant.groupId, distinct]));
  }

  /** Whether a transaction or a recurring transaction uses the category (in the unit of work). */
  async isUsed(id: string): Promise<boolean> {
    const [{ used }] = await this.sql.rows<{ used: boolean }>(CATEGORY_USED, [id]);
    return used;
  }

  create(values: Partial<Category>): Promise<Category> {
    return this.manager.save(this.manager.create(Category, values));
  }

  save(category: Category): Promise<Category> {
    return this.manager.save(category);
  }

  /** Saves each changed row (one history row per move). */
  async saveAll(categories: Category[]): Promise<void> {
    if (categories.length) await this.manager.save(categories);
  }

  async remove(category: Category): Promise<void> {
    await this.manager.remove(category);
  }
}

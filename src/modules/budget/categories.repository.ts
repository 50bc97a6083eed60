import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { lockInGroup, Tenant } from '../../common/tenancy/group-scope';
import { AppError } from '../../common/errors/app-error';
import { Sql } from '../../database/sql';
import { lockGroupScope } from './budget-lock';
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
  ) {}

  findAllOrdered(tenant: Tenant): Promise<Category[]> {
    return this.dataSource.getRepository(Category).find({ where: { groupId: tenant.groupId }, order: { order: 'ASC', id: 'ASC' } });
  }

  /** The group's categories among `ids`, in display order (the reports' names and colours). */
  findNamesByIds(tenant: Tenant, ids: string[]): Promise<CategoryNameRow[]> {
    return this.dataSource.query('SELECT id, name, color, icon FROM categories WHERE group_id = $1 AND id = ANY($2::uuid[]) ORDER BY sort_order, id', [
      tenant.groupId,
      ids,
    ]);
  }

  /** Serialises the group's category changes that need no row (the next position, a reorder). */
  lockGroup(manager: EntityManager, tenant: Tenant): Promise<void> {
    return lockGroupScope(manager, 'categories', tenant.groupId);
  }

  findAllOfGroup(manager: EntityManager, tenant: Tenant): Promise<Category[]> {
    return manager.find(Category, { where: { groupId: tenant.groupId } });
  }

  async lastOrder(manager: EntityManager, tenant: Tenant): Promise<number> {
    const [{ last }] = await manager.query('SELECT COALESCE(MAX(sort_order), 0) AS last FROM categories WHERE group_id = $1', [tenant.groupId]);
    return Number(last);
  }

  lockInGroup(manager: EntityManager, tenant: Tenant, id: string): Promise<Category> {
    return lockInGroup(manager, Category, tenant, id, 'Category');
  }

  /** 404 unless the category is the group's. */
  async assertInGroup(tenant: Tenant, id: string): Promise<void> {
    const rows = await this.sql.rows(CATEGORY_IN_GROUP, [id, tenant.groupId]);
    if (rows.length === 0) throw AppError.notFound('Category');
  }

  /** Whether a transaction or a recurring transaction uses the category. */
  async isUsed(manager: EntityManager, id: string): Promise<boolean> {
    const [{ used }] = await manager.query(
      `SELECT EXISTS (SELECT 1 FROM transactions WHERE category_id = $1)
           OR EXISTS (SELECT 1 FROM recurring_transactions WHERE category_id = $1) AS used`,
      [id],
    );
    return used;
  }

  create(manager: EntityManager, values: Partial<Category>): Promise<Category> {
    return manager.save(manager.create(Category, values));
  }

  save(manager: EntityManager, category: Category): Promise<Category> {
    return manager.save(category);
  }

  /** Saves each changed row (one history row per move). */
  async saveAll(manager: EntityManager, categories: Category[]): Promise<void> {
    if (categories.length) await manager.save(categories);
  }

  async remove(manager: EntityManager, category: Category): Promise<void> {
    await manager.remove(category);
  }
}

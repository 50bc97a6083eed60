import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AppError } from '../../common/errors/app-error';
import { findInGroupTx } from '../../common/tenancy/group-scope';
import { inTransaction } from '../../database/transaction';
import { isForeignKeyViolation, lockGroupScope } from './budget-lock';
import { CategoryDto, SaveCategoryDto } from './dto/category.dto';
import { Category } from './entities/category.entity';

const IN_USE = () => AppError.conflict('CATEGORY_IN_USE', 'The category is used by transactions or recurring transactions');

function toDto(category: Category): CategoryDto {
  return { id: category.id, name: category.name, color: category.color, icon: category.icon, order: category.order };
}

/** Categories of a group: ordered, new ones last, never deleted while in use. */
@Injectable()
export class CategoriesService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async list(groupId: string): Promise<CategoryDto[]> {
    const rows = await this.dataSource.getRepository(Category).find({ where: { groupId }, order: { order: 'ASC', id: 'ASC' } });
    return rows.map(toDto);
  }

  create(groupId: string, dto: SaveCategoryDto): Promise<CategoryDto> {
    return inTransaction(this.dataSource, async (manager) => {
      await lockGroupScope(manager, 'categories', groupId);
      const [{ last }] = await manager.query('SELECT COALESCE(MAX(sort_order), 0) AS last FROM categories WHERE group_id = $1', [groupId]);
      const category = manager.create(Category, { groupId, ...dto, order: Number(last) + 1 });
      return toDto(await manager.save(category));
    });
  }

  update(groupId: string, id: string, dto: SaveCategoryDto): Promise<CategoryDto> {
    return inTransaction(this.dataSource, async (manager) => {
      const category = await findInGroupTx(manager, Category, groupId, id, 'Category', { lock: true });
      Object.assign(category, dto);
      return toDto(await manager.save(category));
    });
  }

  async remove(groupId: string, id: string): Promise<void> {
    try {
      await inTransaction(this.dataSource, async (manager) => {
        const category = await findInGroupTx(manager, Category, groupId, id, 'Category', { lock: true });
        const [{ used }] = await manager.query(
          `SELECT EXISTS (SELECT 1 FROM transactions WHERE category_id = $1)
               OR EXISTS (SELECT 1 FROM recurring_transactions WHERE category_id = $1) AS used`,
          [id],
        );
        if (used) throw IN_USE();
        await manager.remove(category);
      });
    } catch (error) {
      // a transaction created with this category between the check and the delete
      if (isForeignKeyViolation(error)) throw IN_USE();
      throw error;
    }
  }

  /** Sets the order to `categoryIds`, which must be exactly the group's category ids. */
  reorder(groupId: string, categoryIds: string[]): Promise<CategoryDto[]> {
    return inTransaction(this.dataSource, async (manager) => {
      await lockGroupScope(manager, 'categories', groupId);
      const categories = await manager.find(Category, { where: { groupId } });
      const byId = new Map(categories.map((category) => [category.id, category]));
      const exact = categoryIds.length === categories.length && new Set(categoryIds).size === categoryIds.length && categoryIds.every((id) => byId.has(id));
      if (!exact) {
        const message = 'categoryIds must list every category of the group exactly once';
        throw AppError.badRequest('INVALID_ORDER', message, [{ field: 'categoryIds', message }]);
      }
      const ordered = categoryIds.map((id) => byId.get(id)!);
      const changed = ordered.filter((category, index) => category.order !== index + 1);
      ordered.forEach((category, index) => (category.order = index + 1));
      // the changed rows only, each through save() so every move is in the history
      if (changed.length) await manager.save(changed);
      return ordered.map(toDto);
    });
  }
}

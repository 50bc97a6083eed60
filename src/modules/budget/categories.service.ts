import { Injectable } from '@nestjs/common';
import { AppError } from '../../common/errors/app-error';
import { Tenant } from '../../common/tenancy/group-scope';
import { UnitOfWork } from '../../database/transaction';
import { isForeignKeyViolation } from '../../database/sql-errors';
import { CategoriesRepository } from './categories.repository';
import { CategoryDto, SaveCategoryDto } from './dto/category.dto';
import { Category } from './entities/category.entity';

const IN_USE = () => AppError.conflict('CATEGORY_IN_USE', 'The category is used by transactions or recurring transactions');

function toDto(category: Category): CategoryDto {
  return { id: category.id, name: category.name, color: category.color, icon: category.icon, order: category.order };
}

/** Categories of a group: ordered, new ones last, never deleted while in use. */
@Injectable()
export class CategoriesService {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly categories: CategoriesRepository,
  ) {}

  async list(tenant: Tenant): Promise<CategoryDto[]> {
    return (await this.categories.findAllOrdered(tenant)).map(toDto);
  }

  create(tenant: Tenant, dto: SaveCategoryDto): Promise<CategoryDto> {
    return this.unitOfWork.run(async () => {
      await this.categories.lockGroup(tenant);
      const last = await this.categories.lastOrder(tenant);
      return toDto(await this.categories.create({ groupId: tenant.groupId, ...dto, order: last + 1 }));
    });
  }

  update(tenant: Tenant, id: string, dto: SaveCategoryDto): Promise<CategoryDto> {
    return this.unitOfWork.run(async () => {
      const category = await this.categories.lockInGroup(tenant, id);
      Object.assign(category, dto);
      return toDto(await this.categories.save(category));
    });
  }

  async remove(tenant: Tenant, id: string): Promise<void> {
    try {
      await this.unitOfWork.run(async () => {
        const category = await this.categories.lockInGroup(tenant, id);
        if (await this.categories.isUsed(id)) throw IN_USE();
        await this.categories.remove(category);
      });
    } catch (error) {
      // a transaction created with this category between the check and the delete
      if (isForeignKeyViolation(error)) throw IN_USE();
      throw error;
    }
  }

  /** Sets the order to `categoryIds`, which must be exactly the group's category ids. */
  reorder(tenant: Tenant, categoryIds: string[]): Promise<CategoryDto[]> {
    return this.unitOfWork.run(async () => {
      await this.categories.lockGroup(tenant);
      const categories = await this.categories.findAllOfGroup(tenant);
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
      await this.categories.saveAll(changed);
      return ordered.map(toDto);
    });
  }
}

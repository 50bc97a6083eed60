import { Check, Column, Entity, Index } from 'typeorm';
import type { UniqueConstraintMessages } from '../../../common/errors/problem.filter';
import { Audited } from '../../history/audited';
import { GroupOwnedEntity } from '../../../database/group-owned';

/** A spending or income category of a group, shown in the group's chosen order. */
@Entity('categories')
@Audited('Category', { module: 'Budget' })
@Index('ix_categories_group_order', ['groupId', 'order'])
// case-insensitive name per group: an expression index added by hand in the migration
@Index('uq_categories_group_name', { synchronize: false })
@Check('ck_categories_color', `"color" ~ '^#[0-9A-Fa-f]{6}$'`)
export class Category extends GroupOwnedEntity {
  @Column({ type: 'varchar', length: 50 })
  name: string;

  @Column({ type: 'varchar', length: 7 })
  color: string;

  @Column({ type: 'varchar', length: 50 })
  icon: string;

  /** 1-based position in the group's list; new categories go last. */
  @Column({ type: 'integer', name: 'sort_order' })
  order: number;
}

/** The 409s of this table's unique constraints (registered by the feature module on start). */
export const CATEGORY_UNIQUE_CONSTRAINTS: UniqueConstraintMessages = {
  uq_categories_group_name: ['CATEGORY_NAME_TAKEN', 'A category with this name already exists'],
};

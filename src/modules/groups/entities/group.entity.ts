import type { UniqueConstraintMessages } from '../../../common/errors/problem.filter';
import { Check, Column, Entity, Index } from 'typeorm';
import { ModuleName } from '../../../common/auth/auth-user';
import { TimestampedEntity } from '../../../database/base.entity';
import { Audited } from '../../history/audited';

@Entity('groups')
@Audited('Group', { adminOnly: true, groupOf: (group: Group) => group.id })
@Index('uq_groups_name', { synchronize: false })
@Check('ck_groups_currency', `"currency" ~ '^[A-Z]{3}$'`)
export class Group extends TimestampedEntity {
  @Column({ type: 'varchar', length: 100 })
  name: string;

  @Column({ type: 'char', length: 3 })
  currency: string;

  @Column({ type: 'text', array: true, default: () => "'{}'" })
  modules: ModuleName[];
}

/** The 409s of this table's unique constraints (registered by the feature module on start). */
export const GROUP_UNIQUE_CONSTRAINTS: UniqueConstraintMessages = {
  uq_groups_name: ['GROUP_NAME_TAKEN', 'A group with this name already exists'],
};

import { Column, Entity, Index } from 'typeorm';
import { GroupOwnedEntity } from '../../../../database/group-owned';
import { Audited } from '../../../history/audited';

/**
 * A shop the group goes to, with the order its aisles come in: learned from the order items are
 * ticked on a trip there, or set by hand (docs/notes.md, Stores).
 */
@Entity('shopping_stores')
@Audited('ShoppingStore', { module: 'Notes', ignore: ['version'] })
@Index('ix_shopping_stores_group', ['groupId', 'name'])
export class ShoppingStore extends GroupOwnedEntity {
  @Column({ type: 'varchar', length: 100 })
  name: string;

  /** every aisle once (domain/shopping/aisles.ts), in the shop's order */
  @Column({ type: 'varchar', length: 20, array: true })
  aisleOrder: string[];

  /** raised on every change: the ETag, and If-Match of PUT */
  @Column({ type: 'integer', default: 1 })
  version: number;
}

import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';

/**
 * An item ticked on a shopping list: the group's "recent" suggestions are the things ticked most
 * often in the last 8 weeks. Unticking the item again takes its tick back; rows older than that are
 * removed as new ones come.
 */
@Entity('shopping_purchases')
@Index('ix_shopping_purchases_group', ['groupId', 'tickedDate'])
@Index('ix_shopping_purchases_item', ['itemId'])
export class ShoppingPurchase {
  @PrimaryColumn('uuid')
  id: string;

  @Column({ type: 'uuid' })
  groupId: string;

  @ManyToOne('Group', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'group_id' })
  group?: unknown;

  /** the note item ticked (no reference: the item may be deleted, the purchase stays) */
  @Column({ type: 'uuid' })
  itemId: string;

  @Column({ type: 'varchar', length: 1100 })
  key: string;

  @Column({ type: 'varchar', length: 1000 })
  text: string;

  @Column({ type: 'varchar', length: 1000 })
  folded: string;

  @Column({ type: 'varchar', length: 20 })
  aisle: string;

  @Column({ type: 'varchar', length: 50, nullable: true })
  quantity: string | null;

  @Column({ type: 'varchar', length: 60, nullable: true })
  catalogItemId: string | null;

  @Column({ type: 'timestamptz' })
  tickedDate: Date;
}

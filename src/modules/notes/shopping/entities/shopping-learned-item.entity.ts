import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/**
 * What a group taught its shopping lists about one thing (`key`: the catalogue item or the folded
 * text, domain/shopping/merge.ts `itemKey`): the aisle it goes in (guessed, or moved there by a
 * member), the quantity it had last and how the group writes it. Items the catalogue lacks come back
 * from here as suggestions. Bookkeeping of the items' own changes, which have their history rows.
 */
@Entity('shopping_learned_items')
export class ShoppingLearnedItem {
  @PrimaryColumn('uuid')
  groupId: string;

  @ManyToOne('Group', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'group_id' })
  group?: unknown;

  @PrimaryColumn({ type: 'varchar', length: 1100 })
  key: string;

  /** the text as last typed ("Hafermilch Barista") */
  @Column({ type: 'varchar', length: 1000 })
  text: string;

  /** the text folded (domain/shopping/catalog.ts `catalogKey`): suggestions match its beginning */
  @Column({ type: 'varchar', length: 1000 })
  folded: string;

  @Column({ type: 'varchar', length: 20 })
  aisle: string;

  /** whether a member chose the aisle (moved an item there); a guessed one gives way to the catalogue's */
  @Column({ type: 'boolean', default: false })
  aisleTaught: boolean;

  @Column({ type: 'varchar', length: 50, nullable: true })
  quantity: string | null;

  @Column({ type: 'varchar', length: 60, nullable: true })
  catalogItemId: string | null;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedDate: Date;
}

import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { NoteItem } from '../../entities/note-item.entity';

/**
 * A client-made item id whose add merged into an item already on the list (no item took the id):
 * the same add repeated (an offline replay) answers that item again instead of joining its
 * quantity a second time. Goes with the item.
 */
@Entity('shopping_merged_adds')
export class ShoppingMergedAdd {
  /** the client-made id of the add */
  @PrimaryColumn('uuid')
  id: string;

  @Column({ type: 'uuid' })
  itemId: string;

  @ManyToOne(() => NoteItem, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'item_id' })
  item?: NoteItem;

  /** who added it (a repeat must come from the same member) */
  @Column({ type: 'uuid' })
  userId: string;

  /** the text as sent */
  @Column({ type: 'varchar', length: 1000 })
  text: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdDate: Date;
}

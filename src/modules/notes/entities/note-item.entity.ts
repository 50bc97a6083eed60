import { SearchTextColumn, SearchVectorColumn } from '../../../database/search-columns';
import { Check, Column, Entity, Index, JoinColumn, ManyToOne, Unique } from 'typeorm';
import { TimestampedEntity } from '../../../database/base.entity';
import { Audited } from '../../history/audited';
import { itemsParentLabel, itemsPrivateTo } from './note-facts';
import { Note } from './note.entity';

export const MAX_NOTE_ITEMS = 999;

/**
 * A checklist item. `order` is the item's position in its note: 0..n-1, contiguous (every change of
 * the item set renumbers within the same transaction, under the note's row lock).
 */
@Entity('note_items')
@Audited('NoteItem', {
  module: 'Notes',
  parentOf: (item: NoteItem) => item.noteId,
  privateTo: (item: NoteItem, manager) => itemsPrivateTo(manager, item.noteId),
  parentLabel: (item: NoteItem, manager) => itemsParentLabel(manager, item.noteId),
  ignore: ['version', 'addedDuringTrip'],
})
// the group's items newest first: search reads a common word's newest matches in this order
@Index('ix_note_items_group_updated', ['groupId', 'updatedDate', 'id'])
@Check('ck_note_items_order', `"order" >= 0`)
// deferred so a reorder may pass through intermediate states inside its transaction
@Unique('uq_note_items_note_order', ['noteId', 'order'], { deferrable: 'INITIALLY DEFERRED' })
// led by group_id (btree_gin): migration SearchGroupIndexes
@Index('ix_note_items_search_vector', { synchronize: false })
@Index('ix_note_items_search_text', { synchronize: false })
export class NoteItem extends TimestampedEntity {
  /** search (docs/search.md): kept by the database */
  @SearchVectorColumn()
  searchVector?: never;

  @SearchTextColumn()
  searchText?: never;

  @Column({ type: 'uuid' })
  groupId: string;

  @Column({ type: 'uuid' })
  noteId: string;

  @ManyToOne(() => Note, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'note_id' })
  note?: Note;

  @Column({ type: 'varchar', length: 1000 })
  text: string;

  @Column({ type: 'varchar', length: 2048, nullable: true })
  url: string | null;

  @Column({ type: 'boolean', default: false })
  isCompleted: boolean;

  @Column({ type: 'integer' })
  order: number;

  /** how much: "2 l", "500 g", "3", "Bio" (any note; a shopping list reads it from the typed text) */
  @Column({ type: 'varchar', length: 50, nullable: true })
  quantity: string | null;

  /** one of the aisles (domain/shopping/aisles.ts); a shopping list's items always have one */
  @Column({ type: 'varchar', length: 20, nullable: true })
  aisle: string | null;

  /** the catalogue item (domain/catalog) a shopping list's item is */
  @Column({ type: 'varchar', length: 60, nullable: true })
  catalogItemId: string | null;

  /** added by someone else while a shopping trip on the list was on: new for the shopper (cleared when the trip ends) */
  @Column({ type: 'boolean', default: false })
  addedDuringTrip: boolean;

  /**
   * Raised by one on every change of the item (text, url, tick, a reorder that moves it); the
   * renumbering after another item's add or delete is bookkeeping and leaves it. ETag / If-Match.
   */
  @Column({ type: 'integer', default: 1 })
  version: number;
}

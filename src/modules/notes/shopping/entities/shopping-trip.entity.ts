import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { GroupOwnedEntity } from '../../../../database/group-owned';
import { Audited } from '../../../history/audited';
import { itemsParentLabel, itemsPrivateTo } from '../../entities/note-facts';
import { Note } from '../../entities/note.entity';
import { ShoppingStore } from './shopping-store.entity';

/**
 * Someone shopping from a list right now: at most one trip a list (the unique note id). Its
 * "Created" and "Deleted" history rows are the trip's start and end (live events for the list's
 * members); what was ticked on it is bookkeeping kept beside (`tickedAisles`, `tickedItemIds`).
 */
@Entity('shopping_trips')
@Audited('ShoppingTrip', {
  module: 'Notes',
  parentOf: (trip: ShoppingTrip) => trip.noteId,
  privateTo: (trip: ShoppingTrip, manager) => itemsPrivateTo(manager, trip.noteId),
  parentLabel: (trip: ShoppingTrip, manager) => itemsParentLabel(manager, trip.noteId),
  label: (trip: ShoppingTrip) => trip.storeName,
  ignore: ['tickedAisles', 'tickedItemIds'],
})
@Index('uq_shopping_trips_note', ['noteId'], { unique: true })
@Index('ix_shopping_trips_store', ['storeId'])
export class ShoppingTrip extends GroupOwnedEntity {
  @Column({ type: 'uuid' })
  noteId: string;

  @ManyToOne(() => Note, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'note_id' })
  note?: Note;

  /** who is shopping (the trip ends with their account) */
  @Column({ type: 'uuid' })
  shopperId: string;

  @ManyToOne('User', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'shopper_id' })
  shopper?: unknown;

  @Column({ type: 'uuid', nullable: true })
  storeId: string | null;

  @ManyToOne(() => ShoppingStore, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'store_id' })
  store?: ShoppingStore | null;

  /** the store's name when the trip started (what the messages say) */
  @Column({ type: 'varchar', length: 100, nullable: true })
  storeName: string | null;

  /** the aisle of each item ticked on the trip, in tick order: the store learns its order from it */
  @Column({ type: 'varchar', length: 20, array: true, default: () => "'{}'" })
  tickedAisles: string[];

  /** the items ticked on the trip (and not unticked since): "Anna bought 12 items" */
  @Column({ type: 'uuid', array: true, default: () => "'{}'" })
  tickedItemIds: string[];
}

import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { AuthUser } from '../../../common/auth/auth-user';
import { findInGroupTx, lockInGroup } from '../../../common/tenancy/group-scope';
import { newId } from '../../../database/base.entity';
import { insertNew } from '../../../database/bulk-insert';
import { Sql } from '../../../database/sql';
import { UnitOfWork } from '../../../database/transaction';
import { ShoppingStore } from './entities/shopping-store.entity';
import { ShoppingTrip } from './entities/shopping-trip.entity';
import {
  SHOPPING_ITEMS_SEEN,
  SHOPPING_LEARNED_GET,
  SHOPPING_LEARNED_SUGGEST,
  SHOPPING_LEARNED_UPSERT,
  SHOPPING_MERGED_ADD_GET,
  SHOPPING_MERGED_ADD_INSERT,
  SHOPPING_PURCHASE_INSERT,
  SHOPPING_PURCHASE_PURGE,
  SHOPPING_PURCHASE_UNDO,
  SHOPPING_RECENT,
  SHOPPING_TRIP_OF_NOTE,
  SHOPPING_TRIP_TICK,
  SHOPPING_TRIP_UNTICK,
  SHOPPING_TRIPS_OF_GROUP,
  SHOPPING_USER_LOCALE,
  TripRow,
} from './shopping.sql';

export interface LearnedRow {
  text: string;
  aisle: string;
  aisle_taught: boolean;
  quantity: string | null;
  catalog_item_id: string | null;
}

export interface LearnedValues {
  key: string;
  text: string;
  folded: string;
  aisle: string;
  quantity: string | null;
  taught: boolean;
  catalogItemId: string | null;
}

export interface PurchaseValues {
  itemId: string;
  key: string;
  text: string;
  folded: string;
  aisle: string;
  quantity: string | null;
  catalogItemId: string | null;
  at: Date;
}

export interface RecentRow {
  text: string;
  aisle: string;
  quantity: string | null;
  catalog_item_id: string | null;
  count: number;
}

/** The SQL of shopping lists: learned items, purchases, stores and trips (shopping.sql.ts); in the current unit of work. */
@Injectable()
export class ShoppingRepository {
  constructor(
    private readonly sql: Sql,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  private get manager(): EntityManager {
    return this.unitOfWork.manager;
  }

  async localeOf(userId: string): Promise<string | null> {
    const [row] = await this.sql.rows<{ locale: string | null }>(SHOPPING_USER_LOCALE, [userId]);
    return row?.locale ?? null;
  }

  async learned(groupId: string, key: string): Promise<LearnedRow | undefined> {
    const [row] = await this.sql.rows<LearnedRow & Record<string, unknown>>(SHOPPING_LEARNED_GET, [groupId, key]);
    return row;
  }

  async learn(groupId: string, values: LearnedValues): Promise<void> {
    await this.sql.rows(SHOPPING_LEARNED_UPSERT, [
      groupId,
      values.key,
      values.text,
      values.folded,
      values.aisle,
      values.quantity,
      values.taught,
      values.catalogItemId,
    ]);
  }

  learnedSuggestions(groupId: string, prefix: string, limit: number): Promise<{ text: string; aisle: string; quantity: string | null }[]> {
    return this.sql.rows(SHOPPING_LEARNED_SUGGEST, [groupId, prefix, limit]);
  }

  async purchased(groupId: string, values: PurchaseValues, windowStart: Date): Promise<void> {
    await this.sql.rows(SHOPPING_PURCHASE_PURGE, [groupId, windowStart]);
    await this.sql.rows(SHOPPING_PURCHASE_INSERT, [
      newId(),
      groupId,
      values.itemId,
      values.key,
      values.text,
      values.folded,
      values.aisle,
      values.quantity,
      values.catalogItemId,
      values.at,
    ]);
  }

  async unpurchased(groupId: string, itemId: string): Promise<void> {
    await this.sql.rows(SHOPPING_PURCHASE_UNDO, [groupId, itemId]);
  }

  recent(groupId: string, since: Date, prefix: string, limit: number): Promise<RecentRow[]> {
    return this.sql.rows<RecentRow & Record<string, unknown>>(SHOPPING_RECENT, [groupId, since, prefix, limit]);
  }

  // stores

  storesOf(groupId: string): Promise<ShoppingStore[]> {
    return this.manager.find(ShoppingStore, { where: { groupId }, order: { name: 'ASC', id: 'ASC' } });
  }

  findStore(user: AuthUser, storeId: string, lock = false): Promise<ShoppingStore> {
    return lock ? lockInGroup(this.manager, ShoppingStore, user, storeId, 'Store') : findInGroupTx(this.manager, ShoppingStore, user, storeId, 'Store');
  }

  createStore(values: Partial<ShoppingStore>): Promise<ShoppingStore> {
    return insertNew(this.manager, ShoppingStore, values);
  }

  saveStore(store: ShoppingStore): Promise<ShoppingStore> {
    return this.manager.save(store);
  }

  async removeStore(store: ShoppingStore): Promise<void> {
    await this.manager.remove(store);
  }

  // trips

  async tripOf(groupId: string, noteId: string): Promise<TripRow | undefined> {
    const [row] = await this.sql.rows<TripRow & Record<string, unknown>>(SHOPPING_TRIP_OF_NOTE, [groupId, noteId]);
    return row;
  }

  tripsOf(groupId: string): Promise<TripRow[]> {
    return this.sql.rows<TripRow & Record<string, unknown>>(SHOPPING_TRIPS_OF_GROUP, [groupId]);
  }

  /** The trip entity of a list, for its end (its removal writes the "Deleted" history row). */
  tripEntity(noteId: string): Promise<ShoppingTrip | null> {
    return this.manager.findOne(ShoppingTrip, { where: { noteId } });
  }

  createTrip(values: Partial<ShoppingTrip>): Promise<ShoppingTrip> {
    return insertNew(this.manager, ShoppingTrip, values);
  }

  async removeTrip(trip: ShoppingTrip): Promise<void> {
    await this.manager.remove(trip);
  }

  async tripTick(noteId: string, aisle: string, itemId: string): Promise<void> {
    await this.sql.rows(SHOPPING_TRIP_TICK, [noteId, aisle, itemId]);
  }

  async tripUntick(noteId: string, itemId: string): Promise<void> {
    await this.sql.rows(SHOPPING_TRIP_UNTICK, [noteId, itemId]);
  }

  async itemsSeen(noteId: string): Promise<void> {
    await this.sql.rows(SHOPPING_ITEMS_SEEN, [noteId]);
  }

  async mergedAdd(id: string): Promise<{ item_id: string; user_id: string; text: string } | undefined> {
    const [row] = await this.sql.rows<{ item_id: string; user_id: string; text: string }>(SHOPPING_MERGED_ADD_GET, [id]);
    return row;
  }

  async recordMergedAdd(id: string, itemId: string, userId: string, text: string): Promise<void> {
    await this.sql.rows(SHOPPING_MERGED_ADD_INSERT, [id, itemId, userId, text]);
  }
}

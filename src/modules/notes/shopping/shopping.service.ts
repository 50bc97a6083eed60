import { Injectable } from '@nestjs/common';
import type { AuthUser } from '../../../common/auth/auth-user';
import { Clock } from '../../../common/clock/clock';
import { AppError } from '../../../common/errors/app-error';
import { UnitOfWork } from '../../../database/transaction';
import { translate } from '../../../i18n/messages';
import { InstantNotices } from '../../notifications/instant-notices';
import { notificationBody, notificationTitle } from '../../notifications/notification-text';
import { guessAisle } from '../../../../domain/shopping/aisle-guess';
import { type Aisle, isAisle } from '../../../../domain/shopping/aisles';
import { catalogKey } from '../../../../domain/shopping/catalog';
import { catalogue } from './catalogue';
import { completeOrder, learnOrder } from '../../../../domain/shopping/grouping';
import { itemKey } from '../../../../domain/shopping/merge';
import type { NoteItem } from '../entities/note-item.entity';
import type { Note } from '../entities/note.entity';
import { NotesRepository } from '../notes.repository';
import { CatalogAnswerDto, CatalogQuery, StoreDto, StoreInputDto, TripDto } from './dto/shopping.dto';
import { ShoppingStore } from './entities/shopping-store.entity';
import { ShoppingRepository } from './shopping.repository';
import type { TripRow } from './shopping.sql';

/** "Recent" reaches back this far. */
export const RECENT_WINDOW_DAYS = 56;
const DAY_MS = 86_400_000;
const LEARNED_LIMIT = 5;
const RECENT_LIMIT = 10;

export function toTripDto(row: TripRow): TripDto {
  return {
    id: row.id,
    noteId: row.note_id,
    shopperId: row.shopper_id,
    shopperNickname: row.shopper_nickname,
    storeId: row.store_id,
    storeName: row.store_name,
    startedDate: row.started_date,
    boughtCount: Number(row.bought_count),
  };
}

function toStoreDto(store: ShoppingStore): StoreDto {
  return {
    id: store.id,
    name: store.name,
    aisleOrder: completeOrder(store.aisleOrder),
    version: store.version,
    createdDate: store.createdDate,
    updatedDate: store.updatedDate,
  };
}

/** What a shopping list's new item is: its key, catalogue item and aisle. */
export interface ShoppingItemFacts {
  key: string;
  catalogItemId: string | null;
  aisle: Aisle;
}

/**
 * Shopping lists (docs/notes.md): the catalogue and the group's learned and recent items, the aisle
 * of a new item, what a tick teaches, stores and trips. Items themselves are NoteItemsService's.
 */
@Injectable()
export class ShoppingService {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly shopping: ShoppingRepository,
    private readonly notes: NotesRepository,
    private readonly notices: InstantNotices,
    private readonly clock: Clock,
  ) {}

  // The catalogue's indexes (~0.7 MB of heap for both languages) are built by the first call that needs
  // one (catalogFor), about 60 ms once, not with every process: most never list a shopping item.

  // the catalogue

  /** GET /catalog: catalogue items from the first letters, the group's learned and recent items. */
  async catalog(user: AuthUser, query: CatalogQuery): Promise<CatalogAnswerDto> {
    const index = catalogue().catalogFor(query.locale ?? (await this.shopping.localeOf(user.userId)));
    const q = query.q ?? '';
    const prefix = catalogKey(q);
    const items = index.search(q, query.limit ?? 10).map(({ id, name, plural, aisle, icon }) => ({ id, name, ...(plural ? { plural } : {}), aisle, icon }));
    const since = new Date(this.clock.now().getTime() - RECENT_WINDOW_DAYS * DAY_MS);
    const [learned, recent] = await Promise.all([
      prefix ? this.shopping.learnedSuggestions(user.groupId, prefix, LEARNED_LIMIT) : Promise.resolve([]),
      this.shopping.recent(user.groupId, since, prefix, RECENT_LIMIT),
    ]);
    return {
      items,
      learned: learned.map((row) => ({ text: row.text, aisle: isAisle(row.aisle) ? row.aisle : 'other', quantity: row.quantity })),
      recent: recent.map((row) => {
        const entry = row.catalog_item_id ? index.get(row.catalog_item_id) : undefined;
        return {
          text: entry?.name ?? row.text,
          aisle: isAisle(row.aisle) ? row.aisle : 'other',
          quantity: row.quantity,
          catalogItemId: row.catalog_item_id,
          icon: entry?.icon ?? null,
          count: row.count,
        };
      }),
    };
  }

  /**
   * The facts of an item added to a shopping list: the catalogue item (`picked`, or the one its text
   * names in any language), its key (domain/shopping/merge.ts) and its aisle (`asked`, else what the
   * group learned, else the catalogue's guess).
   */
  async factsOf(groupId: string, text: string, picked?: string | null, asked?: string | null): Promise<ShoppingItemFacts> {
    const entry = picked ? (catalogue().catalogFor('en').get(picked) ?? catalogue().exactInAny(text)) : catalogue().exactInAny(text);
    const key = itemKey(text, entry?.id);
    const learned = asked ? undefined : await this.shopping.learned(groupId, key);
    return { key, catalogItemId: entry?.id ?? null, aisle: guessAisle({ asked, learned: learned?.aisle, catalog: entry ?? catalogue().guessInAny(text) }) };
  }

  /** An item's key for merging: its catalogue item (kept, or found from its text), else its folded text. */
  keyOf(item: Pick<NoteItem, 'text' | 'catalogItemId'>): string {
    return itemKey(item.text, item.catalogItemId ?? catalogue().exactInAny(item.text)?.id);
  }

  /** Records what an added or changed item of a shopping list teaches the group; `taught`: a member chose its aisle. */
  async learn(groupId: string, item: Pick<NoteItem, 'text' | 'quantity' | 'aisle' | 'catalogItemId'>, taught: boolean): Promise<void> {
    await this.shopping.learn(groupId, {
      key: this.keyOf(item),
      text: item.text.slice(0, 1000),
      folded: catalogKey(item.text),
      aisle: isAisle(item.aisle) ? item.aisle : 'other',
      quantity: item.quantity,
      taught,
      catalogItemId: item.catalogItemId ?? catalogue().exactInAny(item.text)?.id ?? null,
    });
  }

  /**
   * A shopping list's item ticked or unticked (in the item's transaction): a tick is a purchase for
   * "recent" and, during a trip, a step of the store's order; ticking the last open item ends the trip.
   */
  async ticked(user: AuthUser, note: Note, item: NoteItem, openLeft: number): Promise<void> {
    if (item.isCompleted) {
      const now = this.clock.now();
      await this.shopping.purchased(
        note.groupId,
        {
          itemId: item.id,
          key: this.keyOf(item),
          text: item.text.slice(0, 1000),
          folded: catalogKey(item.text),
          aisle: isAisle(item.aisle) ? item.aisle : 'other',
          quantity: item.quantity,
          catalogItemId: item.catalogItemId,
          at: now,
        },
        new Date(now.getTime() - RECENT_WINDOW_DAYS * DAY_MS),
      );
      const trip = await this.shopping.tripOf(note.groupId, note.id);
      if (trip) {
        await this.shopping.tripTick(note.id, isAisle(item.aisle) ? item.aisle : 'other', item.id);
        if (openLeft === 0) await this.endTrip(user, note);
      }
    } else {
      await this.shopping.unpurchased(note.groupId, item.id);
      if (await this.shopping.tripOf(note.groupId, note.id)) await this.shopping.tripUntick(note.id, item.id);
    }
  }

  /** The trip on a list now, or null. */
  async tripOf(groupId: string, noteId: string): Promise<TripDto | null> {
    const row = await this.shopping.tripOf(groupId, noteId);
    return row ? toTripDto(row) : null;
  }

  /** The trips on the group's lists, by note. */
  async tripsOf(groupId: string): Promise<Map<string, TripDto>> {
    return new Map((await this.shopping.tripsOf(groupId)).map((row) => [row.note_id, toTripDto(row)]));
  }

  /** Whether `userId` is shopping from the list now (an item another member adds is then new for them). */
  async shopperOf(groupId: string, noteId: string): Promise<string | null> {
    return (await this.shopping.tripOf(groupId, noteId))?.shopper_id ?? null;
  }

  // trips

  /** POST /notes/{noteId}/trip: starts the trip and tells the list's other members. */
  startTrip(user: AuthUser, noteId: string, storeId?: string | null): Promise<TripDto> {
    return this.unitOfWork.run(async (manager) => {
      const note = await this.notes.findVisibleNote(user, noteId, true);
      if (await this.shopping.tripOf(note.groupId, note.id)) throw AppError.conflict('TRIP_IN_PROGRESS', 'Someone is shopping from this list already');
      const store = storeId ? await this.shopping.findStore(user, storeId) : null;
      const trip = await this.shopping.createTrip({
        groupId: note.groupId,
        noteId: note.id,
        shopperId: user.userId,
        storeId: store?.id ?? null,
        storeName: store?.name ?? null,
      });
      const open = (await this.notes.itemsOf(note)).filter((item) => !item.isCompleted).length;
      if (!note.isPrivate) {
        await this.notices.tell(manager, {
          groupId: note.groupId,
          kind: 'TripStarted',
          occurrenceKey: `trip:${trip.id}:start`,
          entityType: 'Note',
          entityId: note.id,
          except: [user.userId],
          wants: (settings) => settings.shoppingTrips,
          text: (recipient) => tripStartedText(recipient.locale, user.nickname, store?.name ?? null, note.title, open),
        });
      }
      return toTripDto((await this.shopping.tripOf(note.groupId, note.id))!);
    });
  }

  /** DELETE /notes/{noteId}/trip: ends the trip (any member may), answers it as it ended. */
  stopTrip(user: AuthUser, noteId: string): Promise<TripDto> {
    return this.unitOfWork.run(async () => {
      const note = await this.notes.findVisibleNote(user, noteId, true);
      const ended = await this.endTrip(user, note);
      if (!ended) throw new AppError(404, 'NO_TRIP', 'Nobody is shopping from this list');
      return ended;
    });
  }

  /**
   * Ends the trip on the list (in the caller's transaction, the note locked): the store learns its
   * order from the ticks, the items added meanwhile are no longer new, and the list's other members
   * are told what was bought. Null when there was none.
   */
  private async endTrip(user: AuthUser, note: Note): Promise<TripDto | null> {
    const row = await this.shopping.tripOf(note.groupId, note.id);
    const trip = await this.shopping.tripEntity(note.id);
    if (!row || !trip) return null;
    if (trip.storeId && trip.tickedAisles.length > 0) {
      // a store of the group (deleted meanwhile: the trip simply teaches nothing)
      const store = await this.shopping.findStore(user, trip.storeId, true).catch(() => null);
      if (store) {
        const order = learnOrder(store.aisleOrder, trip.tickedAisles);
        if (order.join() !== completeOrder(store.aisleOrder).join()) {
          store.aisleOrder = order;
          store.version += 1;
          await this.shopping.saveStore(store);
        }
      }
    }
    await this.shopping.itemsSeen(note.id);
    await this.shopping.removeTrip(trip);
    const ended = toTripDto(row);
    if (!note.isPrivate) {
      const shopper = ended.shopperNickname;
      await this.notices.tell(this.unitOfWork.manager, {
        groupId: note.groupId,
        kind: 'TripEnded',
        occurrenceKey: `trip:${trip.id}:end`,
        entityType: 'Note',
        entityId: note.id,
        except: [trip.shopperId],
        wants: (settings) => settings.shoppingTrips,
        text: (recipient) => tripEndedText(recipient.locale, shopper, trip.storeName, note.title, ended.boughtCount),
      });
    }
    return ended;
  }

  // stores

  async stores(user: AuthUser): Promise<StoreDto[]> {
    return (await this.shopping.storesOf(user.groupId)).map(toStoreDto);
  }

  createStore(user: AuthUser, dto: StoreInputDto): Promise<StoreDto> {
    return this.unitOfWork.run(async () =>
      toStoreDto(await this.shopping.createStore({ groupId: user.groupId, name: dto.name, aisleOrder: completeOrder(dto.aisleOrder) })),
    );
  }

  updateStore(user: AuthUser, storeId: string, dto: StoreInputDto, ifMatch?: number): Promise<StoreDto> {
    return this.unitOfWork.run(async () => {
      const store = await this.shopping.findStore(user, storeId, true);
      if (ifMatch !== undefined && ifMatch !== store.version) throw AppError.versionConflict('The store', toStoreDto(store));
      const order = dto.aisleOrder ? completeOrder(dto.aisleOrder) : completeOrder(store.aisleOrder);
      if (store.name !== dto.name || order.join() !== store.aisleOrder.join()) {
        store.name = dto.name;
        store.aisleOrder = order;
        store.version += 1;
        await this.shopping.saveStore(store);
      }
      return toStoreDto(store);
    });
  }

  async removeStore(user: AuthUser, storeId: string): Promise<void> {
    await this.unitOfWork.run(async () => this.shopping.removeStore(await this.shopping.findStore(user, storeId, true)));
  }
}

/** "Anna is shopping (REWE) — anything else?" as title; the body says it again with the list's open items. */
export function tripStartedText(locale: string, shopper: string, store: string | null, list: string, open: number): { title: string; body: string } {
  const values = { name: shopper, store: store ?? '', hasStore: store ? 'yes' : 'no', list, open };
  const title = notificationTitle(locale, 'notifications.trip.started', values, ['name', 'store']);
  return { title, body: notificationBody(locale, 'notifications.trip.startedBody', { ...values, sentence: title }, ['list']) };
}

/** "Anna bought 12 items" as title; the body names the list and the store. */
export function tripEndedText(locale: string, shopper: string, store: string | null, list: string, count: number): { title: string; body: string } {
  const values = { name: shopper, store: store ?? '', hasStore: store ? 'yes' : 'no', list, count };
  const title = notificationTitle(locale, 'notifications.trip.ended', values, ['name']);
  return { title, body: notificationBody(locale, 'notifications.trip.endedBody', { ...values, sentence: title }, ['list', 'store']) };
}

/** The name of an aisle in a language (for texts the service writes). */
export function aisleName(locale: string, aisle: Aisle): string {
  return translate(locale, `shopping.aisle.${aisle}` as never);
}

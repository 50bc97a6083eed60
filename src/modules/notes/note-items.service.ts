import { Injectable } from '@nestjs/common';
import type { AuthUser } from '../../common/auth/auth-user';
import { AppError } from '../../common/errors/app-error';
import { AppConfig } from '../../config/app-config';
import { UnitOfWork } from '../../database/transaction';
import { RateLimitStore } from '../../infrastructure/rate-limit/rate-limit.store';
import { AddedNoteItemDto, NoteItemDto, toNoteItemDto } from './dto/note.dto';
import { NewNoteItemDto, NoteItemInputDto } from './dto/note-item-input.dto';
import { MAX_NOTE_ITEMS, NoteItem } from './entities/note-item.entity';
import { Note } from './entities/note.entity';
import { NotesRepository } from './notes.repository';
import { Created, idConflict } from './replay';
import { ShoppingService } from './shopping/shopping.service';
import { ShoppingRepository } from './shopping/shopping.repository';
import { readQuantity } from '../../../domain/shopping/quantity';
import { mergeInto, mergeTarget } from '../../../domain/shopping/merge';
import { catalogue } from './shopping/catalogue';

const TOGGLE_WINDOW_MS = 60_000;

/**
 * Checklist items. Every change runs in one transaction holding the note's row lock, keeps
 * `order` 0..n-1 without gaps, and moves the note's updatedDate.
 */
@Injectable()
export class NoteItemsService {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly notes: NotesRepository,
    private readonly rateLimits: RateLimitStore,
    private readonly config: AppConfig,
    private readonly shopping: ShoppingService,
    private readonly shoppingRows: ShoppingRepository,
  ) {}

  /**
   * Adds the item after the last uncompleted item (position 0 when every item is completed), so a
   * list typed in order keeps its order. With a client-made id already taken: the caller's own
   * item of this note with the same content is answered as it is (a replay); anything else is 409.
   * On a shopping list the quantity is read from the text ("2 l Milch"), the aisle guessed, and a
   * thing already on the list is merged into its item (`merged`, answered 200) instead of added.
   */
  add(user: AuthUser, noteId: string, dto: NewNoteItemDto): Promise<Created<AddedNoteItemDto>> {
    return this.onNote(user, noteId, async (note) => {
      const shopping = note.kind === 'shopping';
      const read = shopping && dto.quantity === undefined ? readQuantity(dto.text) : { text: dto.text, quantity: dto.quantity ?? null };
      if (dto.id) {
        const existing = await this.notes.findItemAnywhere(dto.id);
        if (existing) {
          const same =
            existing.noteId === note.id &&
            existing.groupId === note.groupId &&
            (existing.text === dto.text || existing.text === read.text) &&
            existing.url === (dto.url ?? null) &&
            (await this.notes.itemCreator(existing.id)) === user.userId;
          if (!same) throw idConflict('item');
          return { value: toNoteItemDto(existing), created: false };
        }
        const merged = shopping ? await this.shoppingRows.mergedAdd(dto.id) : undefined;
        if (merged) {
          const item = (await this.notes.itemsOf(note)).find((candidate) => candidate.id === merged.item_id);
          if (!item || merged.user_id !== user.userId || merged.text !== dto.text) throw idConflict('item');
          return { value: { ...toNoteItemDto(item), merged: true }, created: false };
        }
      }
      const facts = shopping ? await this.shopping.factsOf(note.groupId, read.text, dto.catalogItemId, dto.aisle) : null;
      if (facts) {
        const target = mergeTarget(await this.notes.itemsOf(note), facts.key, (item) => this.shopping.keyOf(item));
        if (target) {
          const item = target.item;
          const next = mergeInto(item, { quantity: read.quantity });
          if (next.quantity !== item.quantity || item.isCompleted) {
            item.quantity = next.quantity;
            item.isCompleted = false;
            item.version += 1;
            await this.notes.save(item);
            await this.notes.touch(note);
          }
          if (dto.id) await this.shoppingRows.recordMergedAdd(dto.id, item.id, user.userId, dto.text);
          await this.shopping.learn(note.groupId, { ...item, quantity: read.quantity }, false);
          return { value: { ...toNoteItemDto(item), merged: true }, created: false };
        }
      }
      const { count, lastOpen } = await this.notes.countItems(note.id);
      if (count >= MAX_NOTE_ITEMS) throw AppError.overLimit(409, 'ITEM_LIMIT', `A note can hold at most ${MAX_NOTE_ITEMS} items`, 'items', MAX_NOTE_ITEMS);
      const position = lastOpen === null ? 0 : lastOpen + 1;
      const shopper = facts ? await this.shopping.shopperOf(note.groupId, note.id) : null;
      await this.notes.shiftItems(note.id, position, +1);
      const item = await this.notes.createItem({
        ...(dto.id ? { id: dto.id } : {}),
        groupId: note.groupId,
        noteId: note.id,
        text: read.text,
        url: dto.url ?? null,
        isCompleted: false,
        order: position,
        quantity: read.quantity,
        aisle: facts ? facts.aisle : (dto.aisle ?? null),
        catalogItemId: facts?.catalogItemId ?? null,
        addedDuringTrip: shopper !== null && shopper !== user.userId,
      });
      await this.notes.touch(note);
      if (facts) await this.shopping.learn(note.groupId, item, !!dto.aisle);
      return { value: toNoteItemDto(item), created: true };
    });
  }

  /**
   * Replaces text and url; quantity and aisle when sent (left out: kept). With `ifMatch` (the version
   * edited from), a stale one is 412 with the item as it is. Moving a shopping list's item to
   * another aisle teaches the group where the thing goes.
   */
  update(user: AuthUser, noteId: string, itemId: string, dto: NoteItemInputDto, ifMatch?: number): Promise<NoteItemDto> {
    return this.onItem(user, noteId, itemId, async (note, item) => {
      if (ifMatch !== undefined && ifMatch !== item.version) throw AppError.versionConflict('The item', toNoteItemDto(item));
      const shopping = note.kind === 'shopping';
      const url = dto.url ?? null;
      const quantity = dto.quantity === undefined ? item.quantity : dto.quantity;
      const catalogItemId = !shopping ? item.catalogItemId : item.text === dto.text ? item.catalogItemId : (catalogue().exactInAny(dto.text)?.id ?? null);
      let aisle = dto.aisle === undefined ? item.aisle : dto.aisle;
      if (shopping && !aisle) aisle = (await this.shopping.factsOf(note.groupId, dto.text, catalogItemId)).aisle;
      const moved = shopping && dto.aisle != null && dto.aisle !== item.aisle;
      if (item.text === dto.text && item.url === url && item.quantity === quantity && item.aisle === aisle && item.catalogItemId === catalogItemId)
        return toNoteItemDto(item);
      item.text = dto.text;
      item.url = url;
      item.quantity = quantity;
      item.aisle = aisle;
      item.catalogItemId = catalogItemId;
      item.version += 1;
      await this.notes.save(item);
      await this.notes.touch(note);
      if (shopping) await this.shopping.learn(note.groupId, item, moved);
      return toNoteItemDto(item);
    });
  }

  /**
   * Flips isCompleted, or with `isCompleted` sets it (a repeat writes nothing). Under the note's
   * lock, so parallel toggles apply one after the other.
   */
  async toggle(user: AuthUser, noteId: string, itemId: string, isCompleted?: boolean): Promise<NoteItemDto> {
    await this.limitToggles(user);
    return this.onItem(user, noteId, itemId, async (note, item) => {
      const next = isCompleted ?? !item.isCompleted;
      if (next === item.isCompleted) return toNoteItemDto(item);
      item.isCompleted = next;
      item.version += 1;
      await this.notes.save(item);
      await this.notes.touch(note);
      if (note.kind === 'shopping') {
        const open = (await this.notes.itemsOf(note)).filter((other) => !other.isCompleted).length;
        await this.shopping.ticked(user, note, item, open);
      }
      return toNoteItemDto(item);
    });
  }

  /** Puts the items in the given order; `itemIds` must be exactly the note's item ids, each once. */
  reorder(user: AuthUser, noteId: string, itemIds: string[]): Promise<NoteItemDto[]> {
    return this.onNote(user, noteId, async (note) => {
      const items = await this.notes.itemsOf(note);
      const byId = new Map(items.map((item) => [item.id, item]));
      const problem = orderProblem(itemIds, byId);
      if (problem) throw AppError.badRequest('INVALID_ORDER', problem, [{ field: 'itemIds', message: problem }]);
      const moved: NoteItem[] = [];
      itemIds.forEach((id, order) => {
        const item = byId.get(id)!;
        if (item.order === order) return;
        item.order = order;
        item.version += 1;
        moved.push(item);
      });
      if (moved.length > 0) {
        await this.notes.saveEach(moved);
        await this.notes.touch(note);
      }
      return itemIds.map((id) => toNoteItemDto(byId.get(id)!));
    });
  }

  /**
   * Deletes the item and closes the gap it leaves in the order. With `ifMatch` (the version seen
   * when deleting), a stale one is 412 with the item as it is, and nothing is deleted.
   */
  async remove(user: AuthUser, noteId: string, itemId: string, ifMatch?: number): Promise<void> {
    await this.onItem(user, noteId, itemId, async (note, item) => {
      if (ifMatch !== undefined && ifMatch !== item.version) throw AppError.versionConflict('The item', toNoteItemDto(item));
      const position = item.order;
      await this.notes.remove(item);
      await this.notes.shiftItems(note.id, position + 1, -1);
      await this.notes.touch(note);
    });
  }

  private onNote<T>(user: AuthUser, noteId: string, work: (note: Note) => Promise<T>): Promise<T> {
    return this.unitOfWork.run(async () => work(await this.notes.findVisibleNote(user, noteId, true)));
  }

  /** An item of this note (an item of another note is 404 like a missing one). */
  private onItem<T>(user: AuthUser, noteId: string, itemId: string, work: (note: Note, item: NoteItem) => Promise<T>): Promise<T> {
    return this.onNote(user, noteId, async (note) => {
      const item = await this.notes.lockItemOfNote(user, note, itemId);
      return work(note, item);
    });
  }

  private async limitToggles(user: AuthUser): Promise<void> {
    if (!this.config.rateLimit.enabled) return;
    const { count, resetSeconds } = await this.rateLimits.hit(`note-toggle:${user.userId}`, TOGGLE_WINDOW_MS);
    if (count > this.config.rateLimit.noteTogglePerMinute) {
      throw AppError.tooManyRequests('RATE_LIMITED', 'Too many toggles, try again later', resetSeconds);
    }
  }
}

/** Why `itemIds` is not exactly the note's item ids, or null when it is. */
function orderProblem(itemIds: string[], items: Map<string, NoteItem>): string | null {
  const seen = new Set<string>();
  for (const id of itemIds) {
    if (seen.has(id)) return `itemIds lists ${id} more than once`;
    if (!items.has(id)) return `${id} is not an item of this note`;
    seen.add(id);
  }
  if (seen.size !== items.size) return `itemIds must list all ${items.size} items of the note`;
  return null;
}

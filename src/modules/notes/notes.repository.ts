import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { AuthUser } from '../../common/auth/auth-user';
import { AppError } from '../../common/errors/app-error';
import { findInGroupTx, lockInGroup } from '../../common/tenancy/group-scope';
import { insertNew } from '../../database/bulk-insert';
import type { SearchHitRow, SearchValues } from '../../common/search/search-sql';
import { Sql } from '../../database/sql';
import { UnitOfWork } from '../../database/transaction';
import { createdHistoryRow } from '../history/history-rows';
import { NoteItem } from './entities/note-item.entity';
import { Note, noteVisibleTo } from './entities/note.entity';
import {
  NOTE_CREATE,
  NOTE_ITEM_CREATOR,
  NOTE_ITEMS_COUNT,
  NOTE_ITEMS_SHIFT,
  NOTE_ITEMS_SEARCH_SQL,
  NOTES_SEARCH_SQL,
  NOTES_LIST_ITEMS,
  NoteItemTuple,
  NoteSortKey,
  notesListStatement,
  NoteTuple,
} from './notes.sql';

/** The values of a new note (POST /notes). */
export type NewNote = Pick<Note, 'id' | 'groupId' | 'createdBy' | 'isPrivate' | 'title' | 'content' | 'color' | 'icon' | 'kind'>;

/**
 * The SQL of `notes` and `note_items`. The hot paths (the list, a note's creation) are fixed
 * statements on the direct pool (notes.sql.ts). Every other write of a note or an item goes through
 * save()/remove() one row at a time (the history subscriber records each), except the order shift,
 * a bulk write.
 */
@Injectable()
export class NotesRepository {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly sql: Sql,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  /** The current unit of work's transaction (outside one: the pool). */
  private get manager(): EntityManager {
    return this.unitOfWork.manager;
  }

  /**
   * The notes the caller may see (pinned first, then `sort` in `direction`, ties by id) and the
   * items of every note the caller may see (by note, in order): two statements, run side by side.
   * An item of a note created between the two is not in the first: the caller skips it.
   */
  findVisibleWithItems(user: AuthUser, sort: NoteSortKey, direction: 'ASC' | 'DESC'): Promise<[NoteTuple[], NoteItemTuple[]]> {
    const values = [user.groupId, user.userId];
    return Promise.all([this.sql.tuples<NoteTuple>(notesListStatement(sort, direction), values), this.sql.tuples<NoteItemTuple>(NOTES_LIST_ITEMS, values)]);
  }

  /**
   * GET /search: the best `limit` notes (`items` false) or list items the caller may see that match;
   * `search` the search's parameter values (`searchValues`).
   */
  search(user: AuthUser, items: boolean, limit: number, search: SearchValues): Promise<SearchHitRow[]> {
    return this.sql.rows<SearchHitRow>((items ? NOTE_ITEMS_SEARCH_SQL : NOTES_SEARCH_SQL)[search.slots], [user.groupId, user.userId, limit, ...search.values]);
  }

  /**
   * Inserts a note with its "Created" history row (exactly the row the history subscriber writes
   * for a saved Note) in one statement: both commit or neither does. Undefined when the id is
   * taken already: nothing was written.
   */
  async insertNote(values: NewNote): Promise<NoteTuple | undefined> {
    const note = { ...values, isPinned: false };
    const history = await createdHistoryRow(this.dataSource.manager, Note, note);
    const [row] = await this.sql.tuples<NoteTuple>(NOTE_CREATE, [
      note.id,
      note.groupId,
      note.title,
      note.content,
      note.color,
      note.icon,
      note.isPrivate,
      note.createdBy,
      history.id,
      history.privateToUserId,
      JSON.stringify(history.changes),
      history.userId,
      history.userNickname,
      history.entityLabel,
      note.kind,
    ]);
    return row;
  }

  /**
   * The one way to load a note for a caller: in their group, and a private note only for its
   * creator; anything else is 404 exactly like a missing id. `lock` takes the note's row lock, which
   * every change of the note or its items holds, so item changes of one note run one at a time.
   */
  async findVisibleNote(user: AuthUser, noteId: string, lock = false): Promise<Note> {
    const manager = this.manager;
    const note = await (lock ? lockInGroup(manager, Note, user, noteId, 'Note') : findInGroupTx(manager, Note, user, noteId, 'Note'));
    if (!noteVisibleTo(note, user.userId)) throw AppError.notFound('Note');
    return note;
  }

  /** A note by id in any group (only to answer a replayed create: never shown to another group). */
  findNoteAnywhere(noteId: string): Promise<Note | null> {
    return this.dataSource.manager.findOne(Note, { where: { id: noteId } });
  }

  /** An item by id in any note of any group (only to answer a replayed add). */
  findItemAnywhere(itemId: string): Promise<NoteItem | null> {
    return this.manager.findOne(NoteItem, { where: { id: itemId } });
  }

  /** Who added the item (its "Created" history row's user), null when unknown; in the unit of work. */
  async itemCreator(itemId: string): Promise<string | null> {
    const [row] = await this.sql.rows<{ user_id: string | null }>(NOTE_ITEM_CREATOR, [itemId]);
    return row?.user_id ?? null;
  }

  /** The note's items in order. */
  itemsOf(note: Note): Promise<NoteItem[]> {
    return this.manager.find(NoteItem, { where: { noteId: note.id, groupId: note.groupId }, order: { order: 'ASC' } });
  }

  /** An item of this note, locked (an item of another note is 404 like a missing one). */
  lockItemOfNote(user: AuthUser, note: Note, itemId: string): Promise<NoteItem> {
    return lockInGroup(this.manager, NoteItem, user, itemId, 'Note item', { where: { noteId: note.id } });
  }

  /** How many items the note has, and the position of its last uncompleted one (null: none). In the unit of work. */
  async countItems(noteId: string): Promise<{ count: number; lastOpen: number | null }> {
    const [{ count, last_open }] = await this.sql.rows<{ count: number; last_open: number | null }>(NOTE_ITEMS_COUNT, [noteId]);
    return { count, lastOpen: last_open };
  }

  /**
   * Moves every item at or after `from` by `delta` to open or close a gap, in the unit of work. A
   * system bulk write without history on purpose: the renumbering follows from the add or delete,
   * whose own history row records it; a row per shifted item would bury the history in noise.
   */
  async shiftItems(noteId: string, from: number, delta: 1 | -1): Promise<void> {
    await this.sql.rows(NOTE_ITEMS_SHIFT, [noteId, from, delta]);
  }

  /**
   * Inserts the item (never an update: a client-made id taken meanwhile meets the primary key, a
   * 409); the history subscriber records it on the insert.
   */
  createItem(values: Partial<NoteItem>): Promise<NoteItem> {
    return insertNew(this.manager, NoteItem, values);
  }

  save<T extends Note | NoteItem>(row: T): Promise<T> {
    return this.manager.save(row);
  }

  async remove(row: Note | NoteItem): Promise<void> {
    await this.manager.remove(row);
  }

  /**
   * Moves the note's updatedDate after a change of one of its items. Through save() like every
   * audited write; updatedDate is never part of a diff, so this adds no history row of its own.
   */
  async touch(note: Note): Promise<void> {
    note.updatedDate = nextUpdatedDate(note);
    await this.manager.save(note);
  }

  /*
   * One row at a time: save()/remove() of an array runs the history subscriber for all rows at once
   * on the transaction's single connection, which pg only tolerates by queueing (deprecated).
   */
  async saveEach(items: NoteItem[]): Promise<void> {
    const manager = this.manager;
    for (const item of items) await manager.save(item);
  }

  async removeEach(items: NoteItem[]): Promise<void> {
    const manager = this.manager;
    for (const item of items) await manager.remove(item);
  }
}

/**
 * Now, and always later than the stored value: the stored value has microseconds (and may come
 * from the database clock) while a Date has milliseconds, and a change that waited for the row
 * lock must not move the date backwards.
 */
export function nextUpdatedDate(note: Note): Date {
  return new Date(Math.max(Date.now(), note.updatedDate.getTime() + 1));
}

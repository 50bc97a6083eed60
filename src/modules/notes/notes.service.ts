import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In } from 'typeorm';
import type { AuthUser } from '../../common/auth/auth-user';
import { parseSort } from '../../common/pagination/pagination';
import { inTransaction } from '../../database/transaction';
import { NoteDto, toNoteDto } from './dto/note.dto';
import { CreateNoteDto, NoteListQuery, UpdateNoteDto } from './dto/note-input.dto';
import { NoteItem } from './entities/note-item.entity';
import { DEFAULT_NOTE_COLOR, DEFAULT_NOTE_ICON, Note } from './entities/note.entity';
import { findVisibleNote, itemsOf, nextUpdatedDate, removeEach } from './note-access';

/** Titles sort case-insensitively (the database collation may be C). */
const SORT_COLUMNS = { updatedDate: 'note.updatedDate', createdDate: 'note.createdDate', title: 'LOWER(note.title)' };

/** Notes of the caller's group: shared ones, plus the caller's own private ones. */
@Injectable()
export class NotesService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Pinned notes first, then the chosen order; each with its items in order. */
  async list(user: AuthUser, query: NoteListQuery): Promise<NoteDto[]> {
    const { column, direction } = parseSort<keyof typeof SORT_COLUMNS>(query.sort, SORT_COLUMNS, '-updatedDate');
    const notes = await this.dataSource
      .getRepository(Note)
      .createQueryBuilder('note')
      .where('note.groupId = :groupId', { groupId: user.groupId })
      .andWhere('(note.isPrivate = false OR note.createdBy = :userId)', { userId: user.userId })
      .orderBy('note.isPinned', 'DESC')
      .addOrderBy(column, direction)
      .addOrderBy('note.id', direction)
      .getMany();
    if (notes.length === 0) return [];
    const items = await this.dataSource.getRepository(NoteItem).find({
      where: { groupId: user.groupId, noteId: In(notes.map((note) => note.id)) },
      order: { order: 'ASC' },
    });
    const byNote = new Map<string, NoteItem[]>(notes.map((note) => [note.id, []]));
    for (const item of items) byNote.get(item.noteId)!.push(item);
    return notes.map((note) => toNoteDto(note, byNote.get(note.id)!));
  }

  async get(user: AuthUser, noteId: string): Promise<NoteDto> {
    const manager = this.dataSource.manager;
    const note = await findVisibleNote(manager, user, noteId);
    return toNoteDto(note, await itemsOf(manager, note));
  }

  async create(user: AuthUser, dto: CreateNoteDto): Promise<NoteDto> {
    const note = this.dataSource.getRepository(Note).create({
      groupId: user.groupId,
      createdBy: user.userId,
      isPrivate: dto.isPrivate ?? false,
      isPinned: false,
      ...editable(dto),
    });
    await this.dataSource.getRepository(Note).save(note);
    return toNoteDto(note, []);
  }

  /** Replaces the editable fields (isPrivate is not among them). */
  update(user: AuthUser, noteId: string, dto: UpdateNoteDto): Promise<NoteDto> {
    return this.change(user, noteId, editable(dto));
  }

  setPinned(user: AuthUser, noteId: string, isPinned: boolean): Promise<NoteDto> {
    return this.change(user, noteId, { isPinned });
  }

  /** Deletes the note and its items (a history row for each). */
  async remove(user: AuthUser, noteId: string): Promise<void> {
    await inTransaction(this.dataSource, async (manager) => {
      const note = await findVisibleNote(manager, user, noteId, true);
      await removeEach(manager, await itemsOf(manager, note));
      await manager.remove(note);
    });
  }

  private change(user: AuthUser, noteId: string, fields: Partial<Note>): Promise<NoteDto> {
    return inTransaction(this.dataSource, async (manager) => {
      const note = await findVisibleNote(manager, user, noteId, true);
      const changed = (Object.keys(fields) as (keyof Note)[]).some((key) => note[key] !== fields[key]);
      if (changed) {
        Object.assign(note, fields);
        note.updatedDate = nextUpdatedDate(note);
        await manager.save(note);
      }
      return toNoteDto(note, await itemsOf(manager, note));
    });
  }
}

function editable(dto: UpdateNoteDto): Pick<Note, 'title' | 'content' | 'color' | 'icon'> {
  return {
    title: dto.title,
    content: dto.content ?? null,
    color: dto.color ?? DEFAULT_NOTE_COLOR,
    icon: dto.icon ?? DEFAULT_NOTE_ICON,
  };
}

import { Injectable } from '@nestjs/common';
import type { AuthUser } from '../../common/auth/auth-user';
import { parseSort } from '../../common/pagination/pagination';
import { UnitOfWork } from '../../database/transaction';
import { NoteDto, toNoteDto } from './dto/note.dto';
import { CreateNoteDto, NoteListQuery, UpdateNoteDto } from './dto/note-input.dto';
import { NoteItem } from './entities/note-item.entity';
import { DEFAULT_NOTE_COLOR, DEFAULT_NOTE_ICON, Note } from './entities/note.entity';
import { NOTE_SORT_COLUMNS, nextUpdatedDate, NotesRepository } from './notes.repository';

/** Notes of the caller's group: shared ones, plus the caller's own private ones. */
@Injectable()
export class NotesService {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly notes: NotesRepository,
  ) {}

  /** Pinned notes first, then the chosen order; each with its items in order. */
  async list(user: AuthUser, query: NoteListQuery): Promise<NoteDto[]> {
    const { column, direction } = parseSort<keyof typeof NOTE_SORT_COLUMNS>(query.sort, NOTE_SORT_COLUMNS, '-updatedDate');
    const notes = await this.notes.findVisible(user, column, direction);
    if (notes.length === 0) return [];
    const items = await this.notes.findItemsOfNotes(
      user,
      notes.map((note) => note.id),
    );
    const byNote = new Map<string, NoteItem[]>(notes.map((note) => [note.id, []]));
    for (const item of items) byNote.get(item.noteId)!.push(item);
    return notes.map((note) => toNoteDto(note, byNote.get(note.id)!));
  }

  async get(user: AuthUser, noteId: string): Promise<NoteDto> {
    const note = await this.notes.findVisibleNote(user, noteId);
    return toNoteDto(note, await this.notes.itemsOf(note));
  }

  async create(user: AuthUser, dto: CreateNoteDto): Promise<NoteDto> {
    const note = await this.notes.createNote({
      groupId: user.groupId,
      createdBy: user.userId,
      isPrivate: dto.isPrivate ?? false,
      isPinned: false,
      ...editable(dto),
    });
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
    await this.unitOfWork.run(async (manager) => {
      const note = await this.notes.findVisibleNote(user, noteId, true, manager);
      await this.notes.removeEach(manager, await this.notes.itemsOf(note, manager));
      await this.notes.remove(manager, note);
    });
  }

  private change(user: AuthUser, noteId: string, fields: Partial<Note>): Promise<NoteDto> {
    return this.unitOfWork.run(async (manager) => {
      const note = await this.notes.findVisibleNote(user, noteId, true, manager);
      const changed = (Object.keys(fields) as (keyof Note)[]).some((key) => note[key] !== fields[key]);
      if (changed) {
        Object.assign(note, fields);
        note.updatedDate = nextUpdatedDate(note);
        await this.notes.save(manager, note);
      }
      return toNoteDto(note, await this.notes.itemsOf(note, manager));
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

import { Injectable } from '@nestjs/common';
import type { AuthUser } from '../../common/auth/auth-user';
import { parseSort } from '../../common/pagination/pagination';
import { UnitOfWork } from '../../database/transaction';
import { NoteDto, NoteItemDto, toNoteDto } from './dto/note.dto';
import { CreateNoteDto, NoteListQuery, UpdateNoteDto } from './dto/note-input.dto';
import { DEFAULT_NOTE_COLOR, DEFAULT_NOTE_ICON, Note } from './entities/note.entity';
import { nextUpdatedDate, NotesRepository } from './notes.repository';
import { NOTE_SORT_FIELDS, noteFromTuple, noteItemFromTuple, NoteSortKey } from './notes.sql';

/** `sort` keys of GET /notes (each names itself; the SQL is in notes.sql.ts). */
const NOTE_SORTS = Object.fromEntries(NOTE_SORT_FIELDS.map((field) => [field, field])) as Record<NoteSortKey, NoteSortKey>;

/** Notes of the caller's group: shared ones, plus the caller's own private ones. */
@Injectable()
export class NotesService {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly notes: NotesRepository,
  ) {}

  /** Pinned notes first, then the chosen order; each with its items in order. */
  async list(user: AuthUser, query: NoteListQuery): Promise<NoteDto[]> {
    const { column, direction } = parseSort<NoteSortKey>(query.sort, NOTE_SORTS, '-updatedDate');
    const [notes, items] = await this.notes.findVisibleWithItems(user, column as NoteSortKey, direction);
    const byNote = new Map<string, NoteItemDto[]>();
    for (const note of notes) byNote.set(note[0], []);
    // an item of a note created after the notes were read is left out with its note
    for (const item of items) byNote.get(item[0])?.push(noteItemFromTuple(item));
    return notes.map((note) => noteFromTuple(note, byNote.get(note[0])!));
  }

  async get(user: AuthUser, noteId: string): Promise<NoteDto> {
    const note = await this.notes.findVisibleNote(user, noteId);
    return toNoteDto(note, await this.notes.itemsOf(note));
  }

  async create(user: AuthUser, dto: CreateNoteDto): Promise<NoteDto> {
    const note = await this.notes.insertNote({
      groupId: user.groupId,
      createdBy: user.userId,
      isPrivate: dto.isPrivate ?? false,
      ...editable(dto),
    });
    return noteFromTuple(note, []);
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

import { Injectable } from '@nestjs/common';
import type { AuthUser } from '../../common/auth/auth-user';
import { parseSort } from '../../common/pagination/pagination';
import { Clock } from '../../common/clock/clock';
import { AppError } from '../../common/errors/app-error';
import { newId } from '../../database/base.entity';
import { UnitOfWork } from '../../database/transaction';
import { NO_REMINDERS, NoteDto, NoteItemDto, NoteRemindersView, toNoteDto } from './dto/note.dto';
import { toRemindersView } from './note-reminder-view';
import { NoteRemindersRepository } from './note-reminders.repository';
import { CreateNoteDto, NoteListQuery, UpdateNoteDto } from './dto/note-input.dto';
import { DEFAULT_NOTE_COLOR, DEFAULT_NOTE_ICON, Note } from './entities/note.entity';
import { nextUpdatedDate, NotesRepository } from './notes.repository';
import { NOTE_SORT_FIELDS, noteFromTuple, noteItemFromTuple, NoteSortKey } from './notes.sql';
import { Created, idConflict } from './replay';
import { ShoppingService } from './shopping/shopping.service';
import type { TripDto } from './shopping/dto/shopping.dto';

/** `sort` keys of GET /notes (each names itself; the SQL is in notes.sql.ts). */
const NOTE_SORTS = Object.fromEntries(NOTE_SORT_FIELDS.map((field) => [field, field])) as Record<NoteSortKey, NoteSortKey>;

/** Notes of the caller's group: shared ones, plus the caller's own private ones. */
@Injectable()
export class NotesService {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly notes: NotesRepository,
    private readonly reminders: NoteRemindersRepository,
    private readonly clock: Clock,
    private readonly shopping: ShoppingService,
  ) {}

  /** Pinned notes first, then the chosen order; each with its items in order. */
  async list(user: AuthUser, query: NoteListQuery): Promise<NoteDto[]> {
    const { column, direction } = parseSort<NoteSortKey>(query.sort, NOTE_SORTS, '-updatedDate');
    const [[notes, items], reminders, trips] = await Promise.all([
      this.notes.findVisibleWithItems(user, column as NoteSortKey, direction),
      this.reminders.seenInGroup(user.groupId, user.userId),
      this.shopping.tripsOf(user.groupId),
    ]);
    const byNote = new Map<string, NoteItemDto[]>();
    for (const note of notes) byNote.set(note[0], []);
    // an item of a note created after the notes were read is left out with its note
    for (const item of items) byNote.get(item[0])?.push(noteItemFromTuple(item));
    const now = this.clock.now();
    return notes.map((note) => ({
      ...noteFromTuple(note, byNote.get(note[0])!),
      ...toRemindersView(reminders.get(note[0]) ?? [], user.userId, now),
      trip: trips.get(note[0]) ?? null,
    }));
  }

  async get(user: AuthUser, noteId: string): Promise<NoteDto> {
    const note = await this.notes.findVisibleNote(user, noteId);
    return toNoteDto(note, await this.notes.itemsOf(note), await this.remindersOf(user, note), await this.tripOf(note));
  }

  /**
   * Creates the note. With a client-made id already taken: the caller's own note with the same
   * content is answered as it is (a replay: nothing written); anything else is 409 ID_CONFLICT.
   */
  async create(user: AuthUser, dto: CreateNoteDto): Promise<Created<NoteDto>> {
    const values = {
      id: dto.id ?? newId(),
      groupId: user.groupId,
      createdBy: user.userId,
      isPrivate: dto.isPrivate ?? false,
      ...editable(dto),
      kind: dto.kind ?? 'list',
    };
    const row = await this.notes.insertNote(values);
    if (row) return { value: { ...noteFromTuple(row, []), ...NO_REMINDERS, trip: null }, created: true };
    const existing = await this.notes.findNoteAnywhere(values.id);
    const same =
      existing?.groupId === values.groupId &&
      existing.createdBy === values.createdBy &&
      (['isPrivate', 'title', 'content', 'color', 'icon', 'kind'] as const).every((key) => existing[key] === values[key]);
    if (!same) throw idConflict('note');
    return {
      value: toNoteDto(existing, await this.notes.itemsOf(existing), await this.remindersOf(user, existing), await this.tripOf(existing)),
      created: false,
    };
  }

  /**
   * Replaces the editable fields (isPrivate is not among them). With `ifMatch`, the version the
   * caller edited from: a stale one is 412 with the note as it is.
   */
  update(user: AuthUser, noteId: string, dto: UpdateNoteDto, ifMatch?: number): Promise<NoteDto> {
    return this.change(user, noteId, { ...editable(dto), ...(dto.kind ? { kind: dto.kind } : {}) }, ifMatch);
  }

  setPinned(user: AuthUser, noteId: string, isPinned: boolean): Promise<NoteDto> {
    return this.change(user, noteId, { isPinned });
  }

  /** Deletes the note and its items (a history row for each). */
  async remove(user: AuthUser, noteId: string): Promise<void> {
    await this.unitOfWork.run(async () => {
      const note = await this.notes.findVisibleNote(user, noteId, true);
      await this.notes.removeEach(await this.notes.itemsOf(note));
      await this.notes.remove(note);
    });
  }

  private change(user: AuthUser, noteId: string, fields: Partial<Note>, ifMatch?: number): Promise<NoteDto> {
    return this.unitOfWork.run(async () => {
      const note = await this.notes.findVisibleNote(user, noteId, true);
      if (ifMatch !== undefined && ifMatch !== note.version) {
        throw AppError.versionConflict(
          'The note',
          toNoteDto(note, await this.notes.itemsOf(note), await this.remindersOf(user, note), await this.tripOf(note)),
        );
      }
      const changed = (Object.keys(fields) as (keyof Note)[]).some((key) => note[key] !== fields[key]);
      if (changed) {
        Object.assign(note, fields);
        note.version += 1;
        note.updatedDate = nextUpdatedDate(note);
        await this.notes.save(note);
      }
      return toNoteDto(note, await this.notes.itemsOf(note), await this.remindersOf(user, note), await this.tripOf(note));
    });
  }

  private tripOf(note: Note): Promise<TripDto | null> {
    return this.shopping.tripOf(note.groupId, note.id);
  }

  private async remindersOf(user: AuthUser, note: Note): Promise<NoteRemindersView> {
    return toRemindersView(await this.reminders.seenOnNote(note.id, user.userId), user.userId, this.clock.now());
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

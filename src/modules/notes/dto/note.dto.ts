import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { NoteItem } from '../entities/note-item.entity';
import { NoteReminderDto, SeenNoteReminderDto } from './note-reminder.dto';
import type { Note } from '../entities/note.entity';
import { AISLES, NOTE_KINDS, type NoteKind } from '../../../../domain/shopping/aisles';
import { TripDto } from '../shopping/dto/shopping.dto';

export class NoteItemDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ minLength: 1, maxLength: 1000 }) text: string;
  @ApiProperty({ nullable: true, type: String, maxLength: 2048 }) url: string | null;
  @ApiProperty() isCompleted: boolean;
  @ApiProperty({ minimum: 0, description: 'position in the note, 0..n-1 without gaps' }) order: number;
  @ApiProperty({ minimum: 1, description: 'raised on every change of the item; the ETag, and If-Match of PUT' }) version: number;
  @ApiProperty({ nullable: true, type: String, maxLength: 50, example: '2 l', description: 'how much ("2 l", "500 g", "3", "Bio"); null: not said' })
  quantity: string | null;
  @ApiProperty({ nullable: true, type: String, enum: [...AISLES, null], description: "the aisle (a shopping list's items always have one)" }) aisle:
    string | null;
  @ApiProperty({ nullable: true, type: String, example: 'milk', description: 'the catalogue item it is (GET /catalog), on a shopping list' })
  catalogItemId: string | null;
  @ApiProperty({ description: 'added by another member while a shopping trip on the list is on: new for the shopper (false again when the trip ends)' })
  addedDuringTrip: boolean;
}

/** The answer of POST …/items: the item, and `merged: true` when the text merged into one already on the list. */
export class AddedNoteItemDto extends NoteItemDto {
  @ApiPropertyOptional({
    enum: [true],
    description:
      'only present, true, when the text was on the shopping list already (accents, case, singular or plural ignored), so no item was added: ' +
      'this is that item, its quantity joined with the new one ("1 l + 2 l"), or unticked when it was ticked (answered 200)',
  })
  merged?: true;
}

export class NoteDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ minLength: 1, maxLength: 100 }) title: string;
  @ApiProperty({ nullable: true, type: String, maxLength: 10_000 }) content: string | null;
  @ApiProperty({ example: '#3B82F6' }) color: string;
  @ApiProperty({ example: 'ShoppingCart' }) icon: string;
  @ApiProperty({ enum: NOTE_KINDS, description: 'list: a plain checklist; shopping: a shopping list (quantities read from the text, aisles, merging, trips)' })
  kind: NoteKind;
  @ApiProperty({ description: 'fixed at creation; a private note exists only for its creator' }) isPrivate: boolean;
  @ApiProperty() isPinned: boolean;
  @ApiProperty({ format: 'uuid', nullable: true, type: String, description: "the creator's user id" }) createdBy: string | null;
  @ApiProperty({ type: String, format: 'date-time' }) createdDate: Date | string;
  @ApiProperty({ type: String, format: 'date-time', description: 'moves when the note or any of its items changes' }) updatedDate: Date | string;
  @ApiProperty({ minimum: 1, description: "raised on every change of the note's own fields (not its items'); the ETag, and If-Match of PUT" })
  version: number;
  @ApiProperty({ type: [NoteItemDto], description: 'in order' }) items: NoteItemDto[];
  @ApiProperty({ type: NoteReminderDto, nullable: true, description: "the caller's own reminder on the note (PUT /notes/{noteId}/reminder); null: none" })
  reminder: NoteReminderDto | null;
  @ApiProperty({
    type: [SeenNoteReminderDto],
    description:
      "the reminders on the note the caller sees: their own (first) and other members' that name them or the group; " +
      'another member\'s "me" reminder is never among them',
  })
  reminders: SeenNoteReminderDto[];
  @ApiProperty({ type: TripDto, nullable: true, description: 'the shopping trip on this list now (POST /notes/{noteId}/trip); null: none' })
  trip: TripDto | null;
}

/** The reminders a note carries for the caller. */
export interface NoteRemindersView {
  reminder: NoteReminderDto | null;
  reminders: SeenNoteReminderDto[];
}

export const NO_REMINDERS: NoteRemindersView = { reminder: null, reminders: [] };

export function toNoteItemDto(item: NoteItem): NoteItemDto {
  return {
    id: item.id,
    text: item.text,
    url: item.url,
    isCompleted: item.isCompleted,
    order: item.order,
    version: item.version,
    quantity: item.quantity ?? null,
    aisle: item.aisle ?? null,
    catalogItemId: item.catalogItemId ?? null,
    addedDuringTrip: item.addedDuringTrip ?? false,
  };
}

export function toNoteDto(note: Note, items: NoteItem[], { reminder, reminders }: NoteRemindersView, trip: TripDto | null = null): NoteDto {
  return {
    id: note.id,
    title: note.title,
    content: note.content,
    color: note.color,
    icon: note.icon,
    kind: note.kind,
    isPrivate: note.isPrivate,
    isPinned: note.isPinned,
    createdBy: note.createdBy,
    createdDate: note.createdDate,
    updatedDate: note.updatedDate,
    version: note.version,
    items: items.map(toNoteItemDto),
    reminder,
    reminders,
    trip,
  };
}

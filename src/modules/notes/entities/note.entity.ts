import { SearchTextColumn, SearchVectorColumn } from '../../../database/search-columns';
import { Check, Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { GroupOwnedEntity } from '../../../database/group-owned';
import { Audited } from '../../history/audited';
import { User } from '../../users/entities/user.entity';
import type { NoteKind } from '../../../../domain/shopping/aisles';

export const DEFAULT_NOTE_COLOR = '#3B82F6';
export const DEFAULT_NOTE_ICON = 'ShoppingCart';

/**
 * The private-note rule: a private note exists only for its creator; a shared one for every member
 * of its group. (In SQL: `visibleNotes` in notes.sql.ts.)
 */
export function noteVisibleTo(note: Pick<Note, 'isPrivate' | 'createdBy'>, userId: string): boolean {
  return !note.isPrivate || note.createdBy === userId;
}

/** Whom a note's history rows (and those of its items) are private to: its creator when the note is private. */
export function notePrivateTo(note: Pick<Note, 'isPrivate' | 'createdBy'>): string | null {
  return note.isPrivate ? note.createdBy : null;
}

/** A note of a group, with ordered checklist items (private ones: `noteVisibleTo`). */
@Entity('notes')
// `version` is bookkeeping of every change, which has its own row already
@Audited('Note', { module: 'Notes', privateTo: notePrivateTo, ignore: ['version'] })
@Index('ix_notes_group_updated', ['groupId', 'updatedDate', 'id'])
@Check('ck_notes_color', `"color" ~ '^#[0-9A-F]{6}$'`)
@Check('ck_notes_kind', `"kind" IN ('list', 'shopping')`)
// led by group_id (btree_gin): migration SearchNotesPlacesIndexes
@Index('ix_notes_search_vector', { synchronize: false })
@Index('ix_notes_search_text', { synchronize: false })
@Index('ix_notes_search_title', { synchronize: false })
export class Note extends GroupOwnedEntity {
  /** search (docs/search.md): kept by the database */
  @SearchVectorColumn()
  searchVector?: never;

  @SearchTextColumn()
  searchText?: never;

  @Column({ type: 'varchar', length: 100 })
  title: string;

  @Column({ type: 'text', nullable: true })
  content: string | null;

  @Column({ type: 'char', length: 7, default: DEFAULT_NOTE_COLOR })
  color: string;

  @Column({ type: 'varchar', length: 50, default: DEFAULT_NOTE_ICON })
  icon: string;

  /** 'list' (a plain checklist) or 'shopping' (a shopping list: quantities, aisles, the catalogue; docs/notes.md) */
  @Column({ type: 'varchar', length: 10, default: 'list' })
  kind: NoteKind;

  /** Fixed at creation. */
  @Column({ type: 'boolean', default: false })
  isPrivate: boolean;

  @Column({ type: 'boolean', default: false })
  isPinned: boolean;

  /** The creating user's id; null once that account is gone. */
  @Column({ type: 'uuid', nullable: true })
  createdBy: string | null;

  /**
   * Raised by one on every change of the note's own fields (title, content, colour, icon, pin); an
   * item's change raises the item's version, not the note's. Sent as the ETag; PUT's If-Match.
   */
  @Column({ type: 'integer', default: 1 })
  version: number;

  @ManyToOne(() => User, { nullable: true, onDelete: 'SET NULL' })
  @JoinColumn({ name: 'created_by' })
  creator?: User | null;
}

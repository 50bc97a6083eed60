import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { Note } from './note.entity';

/**
 * A member's reminder on a note: each member has at most one on a note (their own), and another
 * member's PUT never touches it. `id` is new at every PUT, so the occurrences of a replaced
 * reminder never collide with the new one's. The first occurrence is `startLocal`, a wall-clock
 * time in `timeZone` (null: in each recipient's own zone); repeats keep that wall-clock time.
 * `nextIndex` is the scheduler's cursor (the occurrence it handles next; null when none is left).
 */
@Entity('note_reminders')
@Index('uq_note_reminders_note_setter', ['noteId', 'setBy'], { unique: true })
@Index('ix_note_reminders_group', ['groupId'])
@Index('ix_note_reminders_set_by', ['setBy'])
export class NoteReminder {
  @PrimaryColumn('uuid')
  id: string;

  @Column({ type: 'uuid' })
  noteId: string;

  @ManyToOne(() => Note, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'note_id' })
  note?: Note;

  @Column({ type: 'uuid' })
  groupId: string;

  /** "YYYY-MM-DDTHH:mm:ss" without an offset */
  @Column({ type: 'varchar', length: 19 })
  startLocal: string;

  @Column({ type: 'varchar', length: 64, nullable: true })
  timeZone: string | null;

  /** the zone of the setter when it was set: what `at` and `nextAt` are shown in when `timeZone` is null */
  @Column({ type: 'varchar', length: 64 })
  setterTimeZone: string;

  @Column({ type: 'varchar', length: 10, nullable: true })
  frequency: string | null;

  @Column({ type: 'integer', default: 1 })
  interval: number;

  @Column({ type: 'date', nullable: true })
  until: string | null;

  /** 'me', 'group' or 'users' (then `recipientIds`) */
  @Column({ type: 'varchar', length: 5 })
  recipients: string;

  @Column({ type: 'uuid', array: true, default: () => "'{}'" })
  recipientIds: string[];

  @Column({ type: 'uuid', nullable: true })
  setBy: string | null;

  /** occurrences due before this are never sent */
  @Column({ type: 'timestamptz' })
  setDate: Date;

  @Column({ type: 'integer', nullable: true })
  nextIndex: number | null;
}

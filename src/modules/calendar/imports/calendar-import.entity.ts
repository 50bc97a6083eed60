import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';

/** A previewed ICS import, kept 24 hours for its commit (the parsed events, not the file). */
@Entity('calendar_imports')
@Index('ix_calendar_imports_group', ['groupId', 'createdDate'])
export class CalendarImport {
  @PrimaryColumn('uuid')
  id: string;

  @Column({ type: 'uuid' })
  groupId: string;

  @ManyToOne('Group', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'group_id' })
  group?: unknown;

  @Column({ type: 'uuid' })
  userId: string;

  @ManyToOne('User', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: unknown;

  @Column({ type: 'jsonb' })
  events: unknown[];

  @Column({ type: 'timestamptz', nullable: true })
  committedDate: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdDate: Date;
}

import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { Audited } from '../../history/audited';

/**
 * A member's secret feed address (`/ical/{token}.ics`) for a calendar app to subscribe to. Only the
 * SHA-256 of the token is kept; the address is shown once, when made. The feed shows what its
 * owner may see at the time it is read, so it ends with the owner's membership (the foreign keys
 * and the read's group check). Its history rows and live events are its owner's alone (privateTo).
 */
@Entity('calendar_feeds')
@Audited('CalendarFeed', { module: 'Calendar', privateTo: (feed: CalendarFeed) => feed.userId, ignore: ['tokenHash'], secret: ['tokenHash'] })
@Index('uq_calendar_feeds_token_hash', ['tokenHash'], { unique: true })
@Index('ix_calendar_feeds_user', ['userId'])
export class CalendarFeed {
  @PrimaryColumn('uuid')
  id: string;

  @Column({ type: 'uuid' })
  userId: string;

  @ManyToOne('User', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: unknown;

  @Column({ type: 'uuid' })
  groupId: string;

  @ManyToOne('Group', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'group_id' })
  group?: unknown;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  @Column({ type: 'text', array: true })
  layers: string[];

  @Column({ type: 'boolean', default: false })
  onlyMine: boolean;

  @Column({ type: 'char', length: 64 })
  tokenHash: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdDate: Date;
}

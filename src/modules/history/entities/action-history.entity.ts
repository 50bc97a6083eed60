import { Column, CreateDateColumn, Entity, Index } from 'typeorm';
import { IdEntity } from '../../../database/base.entity';
import type { EntityType } from '../entity-types';

export const HISTORY_ACTIONS = ['Created', 'Updated', 'Deleted', 'Restored'] as const;
export type HistoryAction = (typeof HISTORY_ACTIONS)[number];

export type FieldChanges = Record<string, { old: unknown; new: unknown }>;

/** One entity change. Written by the history subscriber in the same transaction as the change. */
@Entity('action_histories')
// GET /action-histories: always scoped by group, newest first (id breaks ties within a transaction);
// the filters by entity type, entity id and acting user each get an index that keeps that order
@Index('ix_action_histories_group_created', ['groupId', 'createdDate', 'id'])
@Index('ix_action_histories_group_type_created', ['groupId', 'entityType', 'createdDate'])
@Index('ix_action_histories_entity', ['entityId', 'createdDate'])
@Index('ix_action_histories_user_created', ['userId', 'createdDate'])
// the order of live cursors (docs/live.md, Cursors)
@Index('uq_action_histories_cursor', ['tx', 'seq'], { unique: true })
// the replay of a resumed live stream: a group's rows in cursor order, and the administration rows
@Index('ix_action_histories_group_cursor', ['groupId', 'tx', 'seq'])
@Index('ix_action_histories_admin_cursor', ['tx', 'seq'], { where: 'admin_only' })
export class ActionHistory extends IdEntity {
  @Column({ type: 'uuid', nullable: true })
  groupId: string | null;

  /** Admin-only rows (user and group administration) are hidden from ordinary members. */
  @Column({ type: 'boolean', default: false })
  adminOnly: boolean;

  /** Set for changes of private entities: only this user sees the row. */
  @Column({ type: 'uuid', nullable: true })
  privateToUserId: string | null;

  /**
   * The id of the transaction that wrote the row (0 for rows written before it was kept). With
   * `seq`, the row's place in the order of live cursors (`id:` and `Last-Event-ID`, docs/live.md).
   */
  @Column({ type: 'bigint', default: () => 'hearth_current_tx()', insert: false, update: false })
  tx: string;

  /** The row's place among all rows, numbered by the database as the row is written. */
  @Column({ type: 'bigint', generated: 'identity', generatedIdentity: 'ALWAYS', insert: false, update: false })
  seq: string;

  @Column({ type: 'varchar', length: 50 })
  entityType: EntityType;

  @Column({ type: 'uuid' })
  entityId: string;

  /** The entity's parent (the note of an item, the place of a photo), null for the rest. */
  @Column({ type: 'uuid', nullable: true })
  parentId: string | null;

  @Column({ type: 'varchar', length: 10 })
  action: HistoryAction;

  @Column({ type: 'jsonb', default: () => "'{}'" })
  changes: FieldChanges;

  /** The acting user; null when the system (a job or the scheduler) acted. */
  @Column({ type: 'uuid', nullable: true })
  userId: string | null;

  @Column({ type: 'varchar', length: 25 })
  userNickname: string;

  /** The entity's title, name or text when the change was made; null where nothing is readable (and on rows written before labels). */
  @Column({ type: 'varchar', length: 200, nullable: true })
  entityLabel: string | null;

  /** A note item's note title, a place photo's place title, when the change was made. */
  @Column({ type: 'varchar', length: 200, nullable: true })
  parentLabel: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdDate: Date;
}

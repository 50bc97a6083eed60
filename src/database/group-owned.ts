import { Column, JoinColumn, ManyToOne } from 'typeorm';
import { TimestampedEntity } from './base.entity';

/** A tenant row: it belongs to one group and is deleted with it (read it through common/tenancy). */
export abstract class GroupOwnedEntity extends TimestampedEntity {
  @Column({ type: 'uuid' })
  groupId: string;

  // the target by entity name: the database layer does not import a feature's entity
  @ManyToOne('Group', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'group_id' })
  group?: unknown;
}

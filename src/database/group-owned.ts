import { Column, JoinColumn, ManyToOne } from 'typeorm';
import { TimestampedEntity } from './base.entity';
import { Group } from '../modules/groups/entities/group.entity';

/** A tenant row: it belongs to one group and is deleted with it (read it through common/tenancy). */
export abstract class GroupOwnedEntity extends TimestampedEntity {
  @Column({ type: 'uuid' })
  groupId: string;

  @ManyToOne(() => Group, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'group_id' })
  group?: Group;
}

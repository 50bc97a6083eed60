import { Column, JoinColumn, ManyToOne } from 'typeorm';
import { TimestampedEntity } from '../../../database/base.entity';
import { Group } from '../../groups/entities/group.entity';

/** Every budget row belongs to one group (and goes with it). */
export abstract class GroupOwnedEntity extends TimestampedEntity {
  @Column({ type: 'uuid' })
  groupId: string;

  @ManyToOne(() => Group, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'group_id' })
  group?: Group;
}

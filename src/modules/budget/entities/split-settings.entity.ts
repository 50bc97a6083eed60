import { Column, Entity, Index } from 'typeorm';
import { Audited } from '../../history/audited';
import { GroupOwnedEntity } from '../../../database/group-owned';
import type { DefaultSplitMode } from '../sharing/sharing.dto';

/** A weight of the group's default split: a decimal string such as "1" or "0.5". */
export interface StoredWeight {
  userId: string;
  weight: string;
}

/** Members who settle as one party. */
export interface StoredUnit {
  id: string;
  name: string;
  userIds: string[];
}

/** The group's default split and its units (one row per group, made on the first save). */
@Entity('split_settings')
@Audited('SplitSettings', { module: 'Budget', label: () => null })
@Index('uq_split_settings_group', ['groupId'], { unique: true })
export class SplitSettings extends GroupOwnedEntity {
  @Column({ type: 'boolean', default: false })
  sharedByDefault: boolean;

  @Column({ type: 'varchar', length: 10, default: 'equal' })
  mode: DefaultSplitMode;

  @Column({ type: 'jsonb', default: () => `'[]'` })
  weights: StoredWeight[];

  @Column({ type: 'jsonb', default: () => `'[]'` })
  units: StoredUnit[];
}

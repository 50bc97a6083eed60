import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';

/**
 * A group's own rate of one currency on one day (a card's fee included): the group's currency per
 * 1 unit of `currency`. It wins over the ECB's for that day. Deleted with the group.
 */
@Entity('budget_manual_rates')
export class ManualRate {
  @PrimaryColumn({ type: 'uuid' })
  groupId: string;

  @ManyToOne('Group', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'group_id' })
  group?: unknown;

  @PrimaryColumn({ type: 'varchar', length: 3 })
  currency: string;

  @PrimaryColumn({ type: 'date' })
  date: string;

  /** the group's currency per 1 unit of `currency`, ≤ 8 decimals */
  @Column({ type: 'numeric', precision: 20, scale: 8 })
  rate: string;

  @Column({ type: 'uuid', nullable: true })
  setById: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  setDate: Date;
}

import { Check, Column, Entity, Index } from 'typeorm';
import { Audited } from '../../history/audited';
import { GroupOwnedEntity } from '../../../database/group-owned';
import { settlementLabel } from '../history-labels';
import type { Original } from '../../../../domain/currency';

/**
 * A payment between two members that is not an expense (a repayment, cash handed over, a loan):
 * it moves their balances (triggers of the migration `Sharing` keep `member_day_balances`), never
 * income, expense, an account's balance or a report.
 */
@Entity('settlements')
// labelled "Ben → Anna" with the nicknames of the time, so the history reads "Ben paid Anna €14.00"
@Audited('Settlement', { module: 'Budget', label: (s: Settlement, manager) => settlementLabel(manager, s.fromUserId, s.toUserId) })
@Index('ix_settlements_group_date', ['groupId', 'date', 'id'])
@Index('ix_settlements_from', ['groupId', 'fromUserId', 'date'])
@Index('ix_settlements_to', ['groupId', 'toUserId', 'date'])
@Check('ck_settlements_amount', `"amount" > 0`)
@Check('ck_settlements_parties', `"from_user_id" <> "to_user_id"`)
export class Settlement extends GroupOwnedEntity {
  @Column({ type: 'uuid' })
  fromUserId: string;

  @Column({ type: 'uuid' })
  toUserId: string;

  /** numeric(14,2): a decimal string, never a float */
  @Column({ type: 'numeric', precision: 14, scale: 2 })
  amount: string;

  /** a calendar date, `YYYY-MM-DD` */
  @Column({ type: 'date' })
  date: string;

  @Column({ type: 'varchar', length: 500, nullable: true })
  note: string | null;

  /** paid in another currency: the amount as paid, its code and the rate (as a transaction's); null: in the group's */
  @Column({ type: 'jsonb', nullable: true })
  original: Original | null;

  /** the member who recorded it */
  @Column({ type: 'uuid', nullable: true })
  createdById: string | null;
}

import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * The European Central Bank's euro reference rates (docs/budget.md, "Other currencies"): units of
 * `currency` per 1 euro on a working day, as published. Shared by every group; any pair is
 * converted through the euro. Filled by the daily job and `npm run cli -- rates import FILE`.
 */
@Entity('exchange_rates')
export class ExchangeRate {
  @PrimaryColumn({ type: 'varchar', length: 3 })
  currency: string;

  /** the day the rate is for, `YYYY-MM-DD` */
  @PrimaryColumn({ type: 'date' })
  date: string;

  /** units of `currency` per euro, a decimal string */
  @Column({ type: 'numeric', precision: 20, scale: 8 })
  perEuro: string;
}

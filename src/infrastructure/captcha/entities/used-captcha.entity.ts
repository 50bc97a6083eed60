import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * Signatures of ALTCHA challenges already redeemed: a solution verifies once. Rows are kept until
 * the challenge itself expires (after that the signature check refuses it anyway).
 */
@Entity('used_captchas')
@Index('ix_used_captchas_expires_date', ['expiresDate'])
export class UsedCaptcha {
  @PrimaryColumn({ type: 'varchar', length: 128 })
  signature: string;

  @Column({ type: 'timestamptz' })
  expiresDate: Date;
}

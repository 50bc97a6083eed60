import { Column, Entity, Index } from 'typeorm';
import { IdEntity } from '../../../database/base.entity';

/**
 * A sign-in at the identity provider under way (at most OIDC_LOGIN_TTL): what the callback checks,
 * kept on the server. Found by the hash of `state` and consumed by the callback (single use), and
 * bound to the browser that started it by the hash of a cookie only that browser holds.
 */
@Entity('oidc_logins')
@Index('uq_oidc_logins_state_hash', ['stateHash'], { unique: true })
@Index('ix_oidc_logins_expires_date', ['expiresDate'])
export class OidcLogin extends IdEntity {
  @Column({ type: 'char', length: 64 })
  stateHash: string;

  @Column({ type: 'char', length: 64 })
  browserHash: string;

  @Column({ type: 'varchar', length: 128 })
  nonce: string;

  @Column({ type: 'varchar', length: 128 })
  codeVerifier: string;

  /** the app's path to open afterwards */
  @Column({ type: 'varchar', length: 500 })
  returnTo: string;

  /** set when a signed-in person links the provider to their account (no session is started) */
  @Column({ type: 'uuid', nullable: true })
  linkUserId: string | null;

  @Column({ type: 'timestamptz' })
  expiresDate: Date;
}

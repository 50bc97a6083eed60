import { Injectable } from '@nestjs/common';
import { newId } from '../../../database/base.entity';
import { Sql } from '../../../database/sql';
import {
  OIDC_IDENTITY_DELETE,
  OIDC_IDENTITY_INSERT,
  OIDC_IDENTITY_OF_USER,
  OIDC_IDENTITY_USER,
  OIDC_LOGIN_CONSUME,
  OIDC_LOGIN_INSERT,
  OIDC_LOGINS_DELETE_EXPIRED,
} from './oidc.sql';

export interface PendingLogin {
  browser_hash: string;
  nonce: string;
  code_verifier: string;
  return_to: string;
  link_user_id: string | null;
  expires_date: Date;
}

/** The SQL of `oidc_logins` and `user_identities` (oidc.sql.ts). */
@Injectable()
export class OidcRepository {
  constructor(private readonly sql: Sql) {}

  async insertLogin(login: {
    stateHash: string;
    browserHash: string;
    nonce: string;
    codeVerifier: string;
    returnTo: string;
    linkUserId: string | null;
    expiresDate: Date;
  }): Promise<void> {
    await this.sql.rows(OIDC_LOGIN_INSERT, [
      newId(),
      login.stateHash,
      login.browserHash,
      login.nonce,
      login.codeVerifier,
      login.returnTo,
      login.linkUserId,
      login.expiresDate,
    ]);
  }

  async consumeLogin(stateHash: string): Promise<PendingLogin | undefined> {
    const [row] = await this.sql.rows<PendingLogin>(OIDC_LOGIN_CONSUME, [stateHash]);
    return row;
  }

  async deleteExpiredLogins(now: Date): Promise<void> {
    await this.sql.rows(OIDC_LOGINS_DELETE_EXPIRED, [now]);
  }

  async findUserId(issuer: string, subject: string): Promise<string | undefined> {
    const [row] = await this.sql.rows<{ user_id: string }>(OIDC_IDENTITY_USER, [issuer, subject]);
    return row?.user_id;
  }

  async findOfUser(userId: string, issuer: string): Promise<{ subject: string; created_date: Date } | undefined> {
    const [row] = await this.sql.rows<{ subject: string; created_date: Date }>(OIDC_IDENTITY_OF_USER, [userId, issuer]);
    return row;
  }

  async link(userId: string, issuer: string, subject: string): Promise<void> {
    await this.sql.rows(OIDC_IDENTITY_INSERT, [newId(), userId, issuer, subject]);
  }

  async unlink(userId: string, issuer: string): Promise<boolean> {
    return (await this.sql.rows(OIDC_IDENTITY_DELETE, [userId, issuer])).length > 0;
  }
}

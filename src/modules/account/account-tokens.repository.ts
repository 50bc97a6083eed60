import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { newId } from '../../database/base.entity';
import { newOpaqueToken, sha256 } from '../auth/tokens';
import type { TokenPurpose } from './entities/account-token.entity';

export interface ConsumedToken {
  userId: string;
  email: string | null;
}

/**
 * The repository of `account_tokens`: issues and redeems single-use link tokens (32 random bytes,
 * only the SHA-256 stored). Every method but housekeeping runs in the caller's transaction.
 */
@Injectable()
export class AccountTokens {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Housekeeping: tokens a day past expiry (younger ones still drive cooldowns). */
  async deleteExpired(now: Date): Promise<number> {
    const [, count] = await this.dataSource.query(`DELETE FROM account_tokens WHERE expires_date < $1::timestamptz - interval '1 day'`, [now]);
    return count;
  }

  /** Stores the hash of a fresh token and returns the raw token (for the mail link only). */
  async issue(
    manager: EntityManager,
    input: { userId: string; purpose: TokenPurpose; ttlSeconds: number; email?: string | null; now?: Date },
  ): Promise<string> {
    const token = newOpaqueToken();
    const now = input.now ?? new Date();
    await manager.query(
      `INSERT INTO account_tokens (id, user_id, purpose, token_hash, email, created_date, expires_date)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [newId(), input.userId, input.purpose, sha256(token), input.email ?? null, now, new Date(now.getTime() + input.ttlSeconds * 1000)],
    );
    return token;
  }

  /**
   * Marks the token used if it is live: one conditional UPDATE, so of any number of parallel
   * redemptions exactly one gets the row. Null for an unknown, used or expired token.
   */
  async consume(manager: EntityManager, token: string, purpose: TokenPurpose): Promise<ConsumedToken | null> {
    const [rows]: [{ user_id: string; email: string | null }[], number] = await manager.query(
      `UPDATE account_tokens SET used_date = now()
        WHERE token_hash = $1 AND purpose = $2 AND used_date IS NULL AND expires_date > now()
        RETURNING user_id, email`,
      [sha256(token), purpose],
    );
    return rows.length ? { userId: rows[0].user_id, email: rows[0].email } : null;
  }

  /** The redeemable token's user and lifetime in seconds, or null (nothing is used up). */
  async findLive(manager: EntityManager, token: string, purpose: TokenPurpose): Promise<{ userId: string; ttlSeconds: number } | null> {
    const [row]: { user_id: string; ttl: number }[] = await manager.query(
      `SELECT user_id, extract(epoch FROM expires_date - created_date)::int AS ttl
         FROM account_tokens WHERE token_hash = $1 AND purpose = $2 AND used_date IS NULL AND expires_date > now()`,
      [sha256(token), purpose],
    );
    return row ? { userId: row.user_id, ttlSeconds: row.ttl } : null;
  }

  /** Whether the token is currently redeemable (a cheap check before expensive work). */
  async isLive(manager: EntityManager, token: string, purpose: TokenPurpose): Promise<boolean> {
    const rows = await manager.query(
      `SELECT 1 FROM account_tokens WHERE token_hash = $1 AND purpose = $2 AND used_date IS NULL AND expires_date > now()`,
      [sha256(token), purpose],
    );
    return rows.length > 0;
  }

  /** Invalidates every unused token of the user for `purpose` (after a reset, say). */
  async revokeAll(manager: EntityManager, userId: string, purpose: TokenPurpose): Promise<void> {
    await manager.query(`UPDATE account_tokens SET used_date = now() WHERE user_id = $1 AND purpose = $2 AND used_date IS NULL`, [userId, purpose]);
  }

  /** Seconds until the user may get another token for `purpose` (0 when outside the cooldown). */
  async cooldownRemaining(manager: EntityManager, userId: string, purpose: TokenPurpose, cooldownSeconds: number): Promise<number> {
    if (cooldownSeconds <= 0) return 0;
    const [row]: { remaining: number | null }[] = await manager.query(
      `SELECT extract(epoch FROM max(created_date) + make_interval(secs => $3) - now())::float AS remaining
         FROM account_tokens WHERE user_id = $1 AND purpose = $2`,
      [userId, purpose, cooldownSeconds],
    );
    return Math.max(0, Math.ceil(row?.remaining ?? 0));
  }
}

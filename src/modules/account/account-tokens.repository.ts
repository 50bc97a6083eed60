import { Injectable } from '@nestjs/common';
import { newId } from '../../database/base.entity';
import { Sql } from '../../database/sql';
import { newOpaqueToken, sha256 } from '../auth/tokens';
import {
  ACCOUNT_TOKEN_CONSUME,
  ACCOUNT_TOKEN_COOLDOWN,
  ACCOUNT_TOKEN_INSERT,
  ACCOUNT_TOKEN_LIVE,
  ACCOUNT_TOKENS_DELETE_EXPIRED,
  ACCOUNT_TOKENS_REVOKE_ALL,
} from './account-tokens.sql';
import type { TokenPurpose } from './entities/account-token.entity';

export interface ConsumedToken {
  userId: string;
  email: string | null;
}

/**
 * The repository of `account_tokens`: issues and redeems single-use link tokens (32 random bytes,
 * only the SHA-256 stored). Named statements (account-tokens.sql.ts) through `Sql`: inside the
 * caller's unit of work, its transaction.
 */
@Injectable()
export class AccountTokens {
  constructor(private readonly sql: Sql) {}

  /** Housekeeping: tokens a day past expiry (younger ones still drive cooldowns). */
  async deleteExpired(now: Date): Promise<number> {
    const [{ n }] = await this.sql.rows<{ n: number }>(ACCOUNT_TOKENS_DELETE_EXPIRED, [now]);
    return n;
  }

  /** Stores the hash of a fresh token and returns the raw token (for the mail link only). */
  async issue(input: { userId: string; purpose: TokenPurpose; ttlSeconds: number; email?: string | null; now?: Date }): Promise<string> {
    const token = newOpaqueToken();
    const now = input.now ?? new Date();
    await this.sql.rows(ACCOUNT_TOKEN_INSERT, [
      newId(),
      input.userId,
      input.purpose,
      sha256(token),
      input.email ?? null,
      now,
      new Date(now.getTime() + input.ttlSeconds * 1000),
    ]);
    return token;
  }

  /**
   * Marks the token used if it is live: one conditional UPDATE, so of any number of parallel
   * redemptions exactly one gets the row. Null for an unknown, used or expired token.
   */
  async consume(token: string, purpose: TokenPurpose): Promise<ConsumedToken | null> {
    const [row] = await this.sql.rows<{ user_id: string; email: string | null }>(ACCOUNT_TOKEN_CONSUME, [sha256(token), purpose]);
    return row ? { userId: row.user_id, email: row.email } : null;
  }

  /** The redeemable token's user and lifetime in seconds, or null (nothing is used up). */
  async findLive(token: string, purpose: TokenPurpose): Promise<{ userId: string; ttlSeconds: number } | null> {
    const [row] = await this.sql.rows<{ user_id: string; ttl: number }>(ACCOUNT_TOKEN_LIVE, [sha256(token), purpose]);
    return row ? { userId: row.user_id, ttlSeconds: row.ttl } : null;
  }

  /** Whether the token is currently redeemable (a cheap check before expensive work). */
  async isLive(token: string, purpose: TokenPurpose): Promise<boolean> {
    return (await this.findLive(token, purpose)) !== null;
  }

  /** Invalidates every unused token of the user for `purpose` (after a reset, say). */
  async revokeAll(userId: string, purpose: TokenPurpose): Promise<void> {
    await this.sql.rows(ACCOUNT_TOKENS_REVOKE_ALL, [userId, purpose]);
  }

  /** Seconds until the user may get another token for `purpose` (0 when outside the cooldown). */
  async cooldownRemaining(userId: string, purpose: TokenPurpose, cooldownSeconds: number): Promise<number> {
    if (cooldownSeconds <= 0) return 0;
    const [row] = await this.sql.rows<{ remaining: number | null }>(ACCOUNT_TOKEN_COOLDOWN, [userId, purpose, cooldownSeconds]);
    return Math.max(0, Math.ceil(row?.remaining ?? 0));
  }
}

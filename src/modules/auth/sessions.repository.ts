import { Injectable } from '@nestjs/common';
import { Sql } from '../../database/sql';
import {
  ACTIVE_SESSIONS,
  SESSION_CHECK,
  SESSION_INSERT,
  SESSION_LIVE_BY_TOKEN_HASH,
  SESSION_OF_RETIRED_TOKEN,
  SESSION_REVOKE,
  SESSION_REVOKE_IF_LIVE,
  SESSION_SIGN_OUT,
  SESSION_REVOKE_ONE_OF_USER,
  SESSION_ROTATE,
  SESSIONS_DELETE_EXPIRED,
  SESSIONS_REVOKE_ALL_OF_USER,
} from './sessions.sql';

export interface SessionCheckRow {
  live: boolean;
  status: string;
  perms_version: number;
}

export interface ActiveSessionRow {
  id: string;
  device_name: string | null;
  user_agent: string | null;
  ip_address: string | null;
  created_date: Date;
  last_used_date: Date;
  expires_date: Date;
  signed_in_with: string | null;
}

/**
 * The SQL of the `sessions` table: named statements (sessions.sql.ts) through `Sql`, so a write
 * made inside a unit of work (revoking every session with a password change) commits with it.
 */
@Injectable()
export class SessionsRepository {
  constructor(private readonly sql: Sql) {}

  /** Whether the session is live, with its user's status and PermsVersion: one primary-key join. */
  async findSessionCheck(sessionId: string, userId: string): Promise<SessionCheckRow | undefined> {
    const [row] = await this.sql.rows<SessionCheckRow>(SESSION_CHECK, [sessionId, userId]);
    return row;
  }

  /** The user's live sessions, most recently used first. */
  findActiveOfUser(userId: string): Promise<ActiveSessionRow[]> {
    return this.sql.rows<ActiveSessionRow>(ACTIVE_SESSIONS, [userId]);
  }

  /** Starts a session; its expiry as the database computed it. */
  async insert(session: {
    id: string;
    userId: string;
    tokenHash: string;
    userAgent: string | null;
    ipAddress: string | null;
    deviceName: string | null;
    rememberMe: boolean;
    ttlSeconds: number;
    signedInWith?: string | null;
    idTokenHint?: string | null;
  }): Promise<Date> {
    const [row] = await this.sql.rows<{ expires_date: Date }>(SESSION_INSERT, [
      session.id,
      session.userId,
      session.tokenHash,
      session.userAgent,
      session.ipAddress,
      session.deviceName,
      session.rememberMe,
      session.ttlSeconds,
      session.signedInWith ?? null,
      session.idTokenHint ?? null,
    ]);
    return row.expires_date;
  }

  /** The live session whose current refresh token has this hash (for the per-session refresh limit). */
  async findLiveIdByTokenHash(hash: string): Promise<string | undefined> {
    const [row] = await this.sql.rows<{ id: string }>(SESSION_LIVE_BY_TOKEN_HASH, [hash]);
    return row?.id;
  }

  /**
   * Rotates a live session's refresh token in one statement (of parallel rotations with one token
   * exactly one matches), remembering the retired hash for reuse detection; undefined when none matched.
   */
  async rotate(
    hash: string,
    nextHash: string,
    client: { userAgent: string | null; ipAddress: string | null },
  ): Promise<{ id: string; user_id: string; expires_date: Date } | undefined> {
    const [row] = await this.sql.rows<{ id: string; user_id: string; expires_date: Date }>(SESSION_ROTATE, [
      hash,
      nextHash,
      client.userAgent,
      client.ipAddress,
    ]);
    return row;
  }

  /** The session a retired refresh token belonged to: revoked or not, and whether `hash` is its parent rotated within `graceSeconds`. */
  async findRetired(hash: string, graceSeconds: number): Promise<{ id: string; revoked: boolean; within_grace: boolean } | undefined> {
    const [row] = await this.sql.rows<{ id: string; revoked: boolean; within_grace: boolean }>(SESSION_OF_RETIRED_TOKEN, [hash, graceSeconds]);
    return row;
  }

  async revoke(sessionId: string): Promise<void> {
    await this.sql.rows(SESSION_REVOKE, [sessionId]);
  }

  /** Revokes the live session; what the provider's sign-out needs when it began there (else undefined). */
  async signOut(sessionId: string): Promise<{ signed_in_with: string | null; id_token_hint: string | null } | undefined> {
    const [row] = await this.sql.rows<{ signed_in_with: string | null; id_token_hint: string | null }>(SESSION_SIGN_OUT, [sessionId]);
    return row;
  }

  async revokeIfLive(sessionId: string): Promise<void> {
    await this.sql.rows(SESSION_REVOKE_IF_LIVE, [sessionId]);
  }

  /** Revokes one live session of the user; the number revoked (0 or 1). */
  async revokeOneOfUser(userId: string, sessionId: string): Promise<number> {
    return (await this.sql.rows(SESSION_REVOKE_ONE_OF_USER, [sessionId, userId])).length;
  }

  /** Revokes every active session of the user except `keepSessionId` (in the unit of work, if any); the number revoked. */
  async revokeAllOfUser(userId: string, keepSessionId: string | null): Promise<number> {
    const [{ n }] = await this.sql.rows<{ n: number }>(SESSIONS_REVOKE_ALL_OF_USER, [userId, keepSessionId]);
    return n;
  }

  /** Deletes sessions expired before `now`, and those revoked more than a day before it. */
  async deleteExpired(now: Date): Promise<number> {
    const [{ n }] = await this.sql.rows<{ n: number }>(SESSIONS_DELETE_EXPIRED, [now]);
    return n;
  }
}

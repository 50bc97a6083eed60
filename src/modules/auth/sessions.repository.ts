import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { Sql } from '../../database/sql';
import { ACTIVE_SESSIONS, SESSION_CHECK } from './sessions.sql';

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
}

/**
 * The SQL of the `sessions` table. The reads of every request use the direct pool (`Sql`, fixed
 * text); writes take an optional `EntityManager` to join the caller's transaction.
 */
@Injectable()
export class SessionsRepository {
  constructor(
    private readonly sql: Sql,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

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
  }): Promise<Date> {
    const [row] = await this.dataSource.query(
      `INSERT INTO sessions (id, user_id, token_hash, user_agent, ip_address, device_name, remember_me, expires_date)
       VALUES ($1, $2, $3, $4, $5, $6, $7, now() + make_interval(secs => $8))
       RETURNING expires_date`,
      [session.id, session.userId, session.tokenHash, session.userAgent, session.ipAddress, session.deviceName, session.rememberMe, session.ttlSeconds],
    );
    return row.expires_date;
  }

  /** The live session whose current refresh token has this hash (for the per-session refresh limit). */
  async findLiveIdByTokenHash(hash: string): Promise<string | undefined> {
    const [row] = await this.dataSource.query(
      'SELECT id FROM sessions WHERE token_hash = $1 AND revoked_date IS NULL AND expires_date > now()',
      [hash],
    );
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
    const [row] = await this.dataSource.query(
      `WITH rotated AS (
         UPDATE sessions
            SET previous_token_hash = token_hash, token_hash = $2, rotated_date = now(), last_used_date = now(),
                user_agent = $3, ip_address = $4
          WHERE token_hash = $1 AND revoked_date IS NULL AND expires_date > now()
          RETURNING id, user_id, expires_date),
       retired AS (INSERT INTO retired_refresh_tokens (token_hash, session_id) SELECT $1, id FROM rotated)
       SELECT id, user_id, expires_date FROM rotated`,
      [hash, nextHash, client.userAgent, client.ipAddress],
    );
    return row;
  }

  /** The session a retired refresh token belonged to: revoked or not, and whether `hash` is its parent rotated within `graceSeconds`. */
  async findRetired(hash: string, graceSeconds: number): Promise<{ id: string; revoked: boolean; within_grace: boolean } | undefined> {
    const [row] = await this.dataSource.query(
      `SELECT s.id, s.revoked_date IS NOT NULL AS revoked,
              (s.previous_token_hash = $1 AND s.rotated_date > now() - make_interval(secs => $2)) AS within_grace
         FROM retired_refresh_tokens r JOIN sessions s ON s.id = r.session_id
        WHERE r.token_hash = $1`,
      [hash, graceSeconds],
    );
    return row;
  }

  async revoke(sessionId: string): Promise<void> {
    await this.dataSource.query('UPDATE sessions SET revoked_date = now() WHERE id = $1', [sessionId]);
  }

  async revokeIfLive(sessionId: string): Promise<void> {
    await this.dataSource.query('UPDATE sessions SET revoked_date = now() WHERE id = $1 AND revoked_date IS NULL', [sessionId]);
  }

  /** Revokes one live session of the user; the number revoked (0 or 1). */
  async revokeOneOfUser(userId: string, sessionId: string): Promise<number> {
    const [, count] = await this.dataSource.query(
      `UPDATE sessions SET revoked_date = now()
        WHERE id = $1 AND user_id = $2 AND revoked_date IS NULL AND expires_date > now()`,
      [sessionId, userId],
    );
    return count;
  }

  /** Revokes every active session of the user except `keepSessionId`; the number revoked. */
  async revokeAllOfUser(userId: string, keepSessionId: string | null, manager: EntityManager = this.dataSource.manager): Promise<number> {
    const [, count] = await manager.query(
      `UPDATE sessions SET revoked_date = now()
        WHERE user_id = $1 AND revoked_date IS NULL AND ($2::uuid IS NULL OR id <> $2::uuid)`,
      [userId, keepSessionId],
    );
    return count;
  }

  /** Deletes sessions expired before `now`, and those revoked more than a day before it. */
  async deleteExpired(now: Date): Promise<number> {
    const [, count] = await this.dataSource.query(
      `DELETE FROM sessions WHERE expires_date < $1 OR revoked_date < $1::timestamptz - interval '1 day'`,
      [now],
    );
    return count;
  }
}

import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { AppError } from '../../common/errors/app-error';
import { fastQuery } from '../../database/sql';

export interface SessionView {
  id: string;
  deviceName: string | null;
  userAgent: string | null;
  ipAddress: string | null;
  createdDate: Date;
  lastUsedDate: Date;
  expiresDate: Date;
  isCurrent: boolean;
}

/** Listing and revoking a user's sessions (one per refresh token chain). */
@Injectable()
export class SessionsService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async list(userId: string, currentSessionId: string): Promise<SessionView[]> {
    const rows = await fastQuery<any>(
      this.dataSource,
      `SELECT id, device_name, user_agent, ip_address, created_date, last_used_date, expires_date
         FROM sessions
        WHERE user_id = $1 AND revoked_date IS NULL AND expires_date > now()
        ORDER BY last_used_date DESC, id DESC`,
      [userId],
    );
    return rows.map((row) => ({
      id: row.id,
      deviceName: row.device_name,
      userAgent: row.user_agent,
      ipAddress: row.ip_address,
      createdDate: row.created_date,
      lastUsedDate: row.last_used_date,
      expiresDate: row.expires_date,
      isCurrent: row.id === currentSessionId,
    }));
  }

  /** Revokes one of the user's active sessions; another user's (or an unknown) id is 404. */
  async revoke(userId: string, sessionId: string): Promise<void> {
    const [, count] = await this.dataSource.query(
      `UPDATE sessions SET revoked_date = now()
        WHERE id = $1 AND user_id = $2 AND revoked_date IS NULL AND expires_date > now()`,
      [sessionId, userId],
    );
    if (count === 0) throw AppError.notFound('Session');
  }

  /** Revokes every active session of the user, except `keepSessionId` when given. */
  async revokeAll(userId: string, keepSessionId?: string, manager: EntityManager = this.dataSource.manager): Promise<number> {
    const [, count] = await manager.query(
      `UPDATE sessions SET revoked_date = now()
        WHERE user_id = $1 AND revoked_date IS NULL AND ($2::uuid IS NULL OR id <> $2::uuid)`,
      [userId, keepSessionId ?? null],
    );
    return count;
  }

  /**
   * Housekeeping: sessions past their expiry, and revoked ones a day after revocation (kept that
   * long so a replayed refresh token is still recognised as reuse).
   */
  async removeExpired(now: Date): Promise<number> {
    const [, count] = await this.dataSource.query(
      `DELETE FROM sessions WHERE expires_date < $1 OR revoked_date < $1::timestamptz - interval '1 day'`,
      [now],
    );
    return count;
  }
}

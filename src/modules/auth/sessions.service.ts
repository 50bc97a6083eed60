import { Injectable } from '@nestjs/common';
import { AppError } from '../../common/errors/app-error';
import { SessionsRepository } from './sessions.repository';

export interface SessionView {
  id: string;
  deviceName: string | null;
  userAgent: string | null;
  ipAddress: string | null;
  createdDate: Date;
  lastUsedDate: Date;
  expiresDate: Date;
  isCurrent: boolean;
  /** the identity provider's label when the session began there; null: with the password */
  signedInWith: string | null;
}

/** Listing and revoking a user's sessions (one per refresh token chain). */
@Injectable()
export class SessionsService {
  constructor(private readonly sessions: SessionsRepository) {}

  async list(userId: string, currentSessionId: string): Promise<SessionView[]> {
    const rows = await this.sessions.findActiveOfUser(userId);
    return rows.map((row) => ({
      id: row.id,
      deviceName: row.device_name,
      userAgent: row.user_agent,
      ipAddress: row.ip_address,
      createdDate: row.created_date,
      lastUsedDate: row.last_used_date,
      expiresDate: row.expires_date,
      isCurrent: row.id === currentSessionId,
      signedInWith: row.signed_in_with,
    }));
  }

  /** Revokes one of the user's active sessions; another user's (or an unknown) id is 404. */
  async revoke(userId: string, sessionId: string): Promise<void> {
    const count = await this.sessions.revokeOneOfUser(userId, sessionId);
    if (count === 0) throw AppError.notFound('Session');
  }

  /** Revokes every active session of the user, except `keepSessionId` when given. */
  revokeAll(userId: string, keepSessionId?: string): Promise<number> {
    return this.sessions.revokeAllOfUser(userId, keepSessionId ?? null);
  }

  /**
   * Housekeeping: sessions past their expiry, and revoked ones a day after revocation (kept that
   * long so a replayed refresh token is still recognised as reuse).
   */
  removeExpired(now: Date): Promise<number> {
    return this.sessions.deleteExpired(now);
  }
}

import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AppError } from '../../common/errors/app-error';
import { AppConfig } from '../../config/app-config';
import { newId } from '../../database/base.entity';
import { RateLimitStore } from '../../infrastructure/rate-limit/rate-limit.store';
import { PasswordService } from '../users/password.service';
import { AccessTokenService, IssuedAccessToken } from './access-token.service';
import { ConfirmationResender } from './login-mail.port';
import { newOpaqueToken, sha256 } from './tokens';

export interface ClientInfo {
  userAgent: string | null;
  ipAddress: string | null;
}

export interface LoginInput {
  username: string;
  password: string;
  rememberMe?: boolean;
  deviceName?: string;
}

export interface SignedIn extends IssuedAccessToken {
  refreshToken: string;
  refreshExpires: Date;
}

/** Messages of the specification (SPEC §7), returned verbatim in `detail`. */
export const LOGIN_MESSAGES = {
  invalid: 'Invalid username or password',
  unconfirmed: 'Email address not confirmed; a new confirmation email has been sent',
  pending: 'Registration pending admin approval',
  declined: 'Registration has been declined',
  deactivated: 'Account has been deactivated',
  noGroup: 'Account is not assigned to a group',
} as const;

interface UserRow {
  id: string;
  password_hash: string;
  nickname: string;
  role: 'User' | 'Admin';
  status: string;
  email_status: string;
  group_id: string | null;
  perms_version: number;
  currency: string | null;
  modules: string[] | null;
}

const USER_WITH_GROUP = `
  SELECT u.id, u.password_hash, u.nickname, u.role, u.status, u.email_status, u.group_id, u.perms_version,
         g.currency, g.modules
    FROM users u LEFT JOIN groups g ON g.id = u.group_id`;

const DAY_MS = 86_400_000;

/** Login, refresh-token rotation with reuse detection, and logout. */
@Injectable()
export class AuthService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly config: AppConfig,
    private readonly passwords: PasswordService,
    private readonly tokens: AccessTokenService,
    private readonly limits: RateLimitStore,
    private readonly resender: ConfirmationResender,
  ) {}

  /** SPEC 5.2, in its order: user, password, email confirmed, registration status, group, tokens. */
  async login(input: LoginInput, client: ClientInfo): Promise<SignedIn> {
    const failureKey = `login-failures:${input.username}`;
    const { rateLimit } = this.config;
    if (rateLimit.enabled) {
      // the failure budget is taken before bcrypt runs, in one atomic step, so parallel attempts
      // cannot all pass a count read before any of them has failed
      const taken = await this.limits.hit(failureKey, rateLimit.loginFailureWindowSeconds * 1000);
      if (taken.count > rateLimit.loginFailuresPerUsername) {
        throw AppError.tooManyRequests('RATE_LIMITED', 'Too many failed logins for this account, try again later', taken.resetSeconds);
      }
    }
    const [user]: UserRow[] = await this.dataSource.query(`${USER_WITH_GROUP} WHERE u.username = $1`, [input.username]);
    const valid = await this.passwords.verify(input.password, user?.password_hash);
    // a failure keeps the reservation it took; a success gives it back and clears the earlier failures
    if (!user || !valid) throw AppError.unauthorized('INVALID_CREDENTIALS', LOGIN_MESSAGES.invalid);
    if (rateLimit.enabled) await this.limits.reset(failureKey);
    if (this.passwords.needsRehash(user.password_hash)) await this.rehash(user.id, user.password_hash, input.password);
    if (user.email_status === 'Unconfirmed') {
      await this.resender.resendOnLogin(user.id);
      throw AppError.forbidden('EMAIL_NOT_CONFIRMED', LOGIN_MESSAGES.unconfirmed);
    }
    if (user.status === 'Pending') throw AppError.forbidden('REGISTRATION_PENDING', LOGIN_MESSAGES.pending);
    if (user.status === 'Declined') throw AppError.forbidden('REGISTRATION_DECLINED', LOGIN_MESSAGES.declined);
    if (user.status === 'Deactivated') throw AppError.forbidden('ACCOUNT_DEACTIVATED', LOGIN_MESSAGES.deactivated);
    if (user.status !== 'Active') throw AppError.forbidden('ACCOUNT_INACTIVE', 'Account is not active');
    if (!user.group_id) throw AppError.forbidden('NO_GROUP', LOGIN_MESSAGES.noGroup);

    const ttlDays = input.rememberMe ? this.config.refresh.rememberTtlDays : this.config.refresh.ttlDays;
    const refreshToken = newOpaqueToken();
    const sessionId = newId();
    const [session] = await this.dataSource.query(
      `INSERT INTO sessions (id, user_id, token_hash, user_agent, ip_address, device_name, remember_me, expires_date)
       VALUES ($1, $2, $3, $4, $5, $6, $7, now() + make_interval(secs => $8))
       RETURNING expires_date`,
      [
        sessionId,
        user.id,
        sha256(refreshToken),
        client.userAgent,
        client.ipAddress,
        input.deviceName ?? null,
        input.rememberMe ?? false,
        (ttlDays * DAY_MS) / 1000,
      ],
    );
    return { ...this.issue(user, sessionId), refreshToken, refreshExpires: session.expires_date };
  }

  /**
   * SPEC 5.3: rotates the refresh token in one conditional update, so of parallel refreshes with
   * one token exactly one succeeds. A token that was already rotated revokes the whole session,
   * except the immediate parent within the grace window (a parallel tab lost the race).
   */
  async refresh(refreshToken: string | undefined, client: ClientInfo): Promise<SignedIn> {
    if (!refreshToken) throw AppError.unauthorized('INVALID_REFRESH', 'Refresh token missing');
    const hash = sha256(refreshToken);
    const next = newOpaqueToken();
    // one statement: rotate, and remember the retired hash for reuse detection
    const rotated: { id: string; user_id: string; expires_date: Date }[] = await this.dataSource.query(
      `WITH rotated AS (
         UPDATE sessions
            SET previous_token_hash = token_hash, token_hash = $2, rotated_date = now(), last_used_date = now(),
                user_agent = $3, ip_address = $4
          WHERE token_hash = $1 AND revoked_date IS NULL AND expires_date > now()
          RETURNING id, user_id, expires_date),
       retired AS (INSERT INTO retired_refresh_tokens (token_hash, session_id) SELECT $1, id FROM rotated)
       SELECT id, user_id, expires_date FROM rotated`,
      [hash, sha256(next), client.userAgent, client.ipAddress],
    );
    if (rotated.length === 0) return this.refreshFailed(hash);

    const session = rotated[0];
    const [user]: UserRow[] = await this.dataSource.query(`${USER_WITH_GROUP} WHERE u.id = $1`, [session.user_id]);
    if (!user || user.status !== 'Active' || !user.group_id) {
      await this.dataSource.query('UPDATE sessions SET revoked_date = now() WHERE id = $1', [session.id]);
      throw AppError.unauthorized('INVALID_REFRESH', 'The account can no longer sign in');
    }
    return { ...this.issue(user, session.id), refreshToken: next, refreshExpires: session.expires_date };
  }

  private async refreshFailed(hash: string): Promise<never> {
    const [retired]: { id: string; revoked: boolean; within_grace: boolean }[] = await this.dataSource.query(
      `SELECT s.id, s.revoked_date IS NOT NULL AS revoked,
              (s.previous_token_hash = $1 AND s.rotated_date > now() - make_interval(secs => $2)) AS within_grace
         FROM retired_refresh_tokens r JOIN sessions s ON s.id = r.session_id
        WHERE r.token_hash = $1`,
      [hash, this.config.refresh.reuseGraceSeconds],
    );
    if (!retired) throw AppError.unauthorized('INVALID_REFRESH', 'Refresh token invalid or expired');
    // only the immediate parent, just after rotation, is a lost race; anything older is reuse
    if (!retired.revoked && retired.within_grace) {
      throw AppError.unauthorized('REFRESH_RACE', 'Refresh token was just rotated by a parallel request');
    }
    await this.dataSource.query('UPDATE sessions SET revoked_date = now() WHERE id = $1 AND revoked_date IS NULL', [retired.id]);
    throw AppError.unauthorized('REFRESH_REUSED', 'Refresh token was already used; the session has been revoked');
  }

  /** Stores a hash of the configured BCRYPT_COST, unless the password changed in the meantime. */
  private async rehash(userId: string, oldHash: string, password: string): Promise<void> {
    const newHash = await this.passwords.hash(password);
    await this.dataSource.query('UPDATE users SET password_hash = $1 WHERE id = $2 AND password_hash = $3', [newHash, userId, oldHash]);
  }

  async logout(sessionId: string): Promise<void> {
    await this.dataSource.query('UPDATE sessions SET revoked_date = now() WHERE id = $1 AND revoked_date IS NULL', [sessionId]);
  }

  private issue(user: UserRow, sessionId: string): IssuedAccessToken {
    return this.tokens.issue({
      user: { id: user.id, nickname: user.nickname, role: user.role, permsVersion: user.perms_version, groupId: user.group_id! },
      group: { currency: user.currency!, modules: (user.modules ?? []) as any },
      sessionId,
    });
  }
}

import { Injectable } from '@nestjs/common';
import { AppError } from '../../common/errors/app-error';
import { AppConfig } from '../../config/app-config';
import { newId } from '../../database/base.entity';
import { FailureBudget } from '../../infrastructure/rate-limit/failure-budget';
import { RateLimitStore } from '../../infrastructure/rate-limit/rate-limit.store';
import { PasswordService } from '../users/password.service';
import { SignInRow, UsersRepository } from '../users/users.repository';
import { AccessTokenService, IssuedAccessToken } from './access-token.service';
import { ConfirmationResender } from './login-mail.port';
import { SessionsRepository } from './sessions.repository';
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

export interface SessionStart {
  rememberMe?: boolean;
  deviceName?: string;
  /** the identity provider's label, when the session begins there */
  signedInWith?: string;
  idTokenHint?: string;
}

export interface SignedIn extends IssuedAccessToken {
  refreshToken: string;
  refreshExpires: Date;
}

/** The sign-in messages, returned verbatim in `detail` (docs/accounts.md). */
export const LOGIN_MESSAGES = {
  invalid: 'Invalid username or password',
  unconfirmed: 'Email address not confirmed; a new confirmation email has been sent',
  pending: 'Registration pending admin approval',
  declined: 'Registration has been declined',
  deactivated: 'Account has been deactivated',
  noGroup: 'Account is not assigned to a group',
} as const;

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

/** Login, refresh-token rotation with reuse detection, and logout. */
@Injectable()
export class AuthService {
  constructor(
    private readonly users: UsersRepository,
    private readonly sessions: SessionsRepository,
    private readonly config: AppConfig,
    private readonly passwords: PasswordService,
    private readonly tokens: AccessTokenService,
    private readonly limits: RateLimitStore,
    private readonly failures: FailureBudget,
    private readonly resender: ConfirmationResender,
  ) {}

  /** In this order: user, password, email confirmed, registration status, group, tokens. */
  async login(input: LoginInput, client: ClientInfo): Promise<SignedIn> {
    // the username's failure budget is taken before bcrypt runs (FailureBudget)
    const user = await this.failures.spend(`login-failures:${input.username}`, 'Too many failed logins for this account, try again later', async () => {
      const found = await this.users.findSignInByUsername(input.username);
      return (await this.passwords.verify(input.password, found?.password_hash)) ? found : undefined;
    });
    if (!user) throw AppError.unauthorized('INVALID_CREDENTIALS', LOGIN_MESSAGES.invalid);
    if (this.passwords.needsRehash(user.password_hash)) await this.rehash(user.id, user.password_hash, input.password);
    if (user.email_status === 'Unconfirmed') {
      await this.resender.resendOnLogin(user.id);
      throw AppError.forbidden('EMAIL_NOT_CONFIRMED', LOGIN_MESSAGES.unconfirmed);
    }
    return this.startSession(user, client, { rememberMe: input.rememberMe, deviceName: input.deviceName });
  }

  /**
   * The one way a session begins, after the password (login) or at the identity provider (the
   * OpenID Connect callback): registration status, group, then the session with its refresh token
   * and the access token. `signedInWith` (the provider's label) shows in the sessions list.
   */
  async startSession(user: SignInRow, client: ClientInfo, start: SessionStart): Promise<SignedIn> {
    if (user.status === 'Pending') throw AppError.forbidden('REGISTRATION_PENDING', LOGIN_MESSAGES.pending);
    if (user.status === 'Declined') throw AppError.forbidden('REGISTRATION_DECLINED', LOGIN_MESSAGES.declined);
    if (user.status === 'Deactivated') throw AppError.forbidden('ACCOUNT_DEACTIVATED', LOGIN_MESSAGES.deactivated);
    if (user.status !== 'Active') throw AppError.forbidden('ACCOUNT_INACTIVE', 'Account is not active');
    if (!user.group_id) throw AppError.forbidden('NO_GROUP', LOGIN_MESSAGES.noGroup);

    const ttlDays = start.rememberMe ? this.config.refresh.rememberTtlDays : this.config.refresh.ttlDays;
    const refreshToken = newOpaqueToken();
    const sessionId = newId();
    const refreshExpires = await this.sessions.insert({
      id: sessionId,
      userId: user.id,
      tokenHash: sha256(refreshToken),
      userAgent: client.userAgent,
      ipAddress: client.ipAddress,
      deviceName: start.deviceName ?? null,
      rememberMe: start.rememberMe ?? false,
      ttlSeconds: (ttlDays * DAY_MS) / 1000,
      signedInWith: start.signedInWith ?? null,
      idTokenHint: start.idTokenHint ?? null,
    });
    return { ...this.issue(user, sessionId), refreshToken, refreshExpires };
  }

  /**
   * Rotates the refresh token (docs/api.md, Tokens and sessions) in one conditional update, so of parallel refreshes with
   * one token exactly one succeeds. A token that was already rotated revokes the whole session,
   * except the immediate parent within the grace window (a parallel tab lost the race).
   */
  async refresh(refreshToken: string | undefined, client: ClientInfo): Promise<SignedIn> {
    await this.limitRefreshPerIp(client);
    if (!refreshToken) throw AppError.unauthorized('INVALID_REFRESH', 'Refresh token missing');
    const hash = sha256(refreshToken);
    await this.limitRefreshPerSession(hash);
    const next = newOpaqueToken();
    const session = await this.sessions.rotate(hash, sha256(next), client);
    if (!session) return this.refreshFailed(hash);

    const user = await this.users.findSignInById(session.user_id);
    if (!user || user.status !== 'Active' || !user.group_id) {
      await this.sessions.revoke(session.id);
      throw AppError.unauthorized('INVALID_REFRESH', 'The account can no longer sign in');
    }
    return { ...this.issue(user, session.id), refreshToken: next, refreshExpires: session.expires_date };
  }

  /**
   * Refresh has limits of its own, not the sign-in endpoints' 10 a minute: every
   * page load refreshes, and a household shares one IP. Counted per IP first (what a token-less flood
   * spends), then per session (a runaway tab); each in one atomic step.
   */
  private async limitRefreshPerIp(client: ClientInfo): Promise<void> {
    const { rateLimit } = this.config;
    if (!rateLimit.enabled) return;
    const taken = await this.limits.hit(`refresh-ip:${client.ipAddress ?? 'unknown'}`, MINUTE_MS);
    if (taken.count > rateLimit.refreshPerIpPerMinute) {
      throw AppError.tooManyRequests('RATE_LIMITED', 'Too many sign-in refreshes from this network, try again later', taken.resetSeconds);
    }
  }

  private async limitRefreshPerSession(hash: string): Promise<void> {
    const { rateLimit } = this.config;
    if (!rateLimit.enabled) return;
    // an unknown or retired token has no live session to count: rotation fails and reuse detection answers
    const sessionId = await this.sessions.findLiveIdByTokenHash(hash);
    if (!sessionId) return;
    const taken = await this.limits.hit(`refresh-session:${sessionId}`, MINUTE_MS);
    if (taken.count > rateLimit.refreshPerSessionPerMinute) {
      throw AppError.tooManyRequests('RATE_LIMITED', 'Too many sign-in refreshes for this session, try again later', taken.resetSeconds);
    }
  }

  private async refreshFailed(hash: string): Promise<never> {
    const retired = await this.sessions.findRetired(hash, this.config.refresh.reuseGraceSeconds);
    if (!retired) throw AppError.unauthorized('INVALID_REFRESH', 'Refresh token invalid or expired');
    // only the immediate parent, just after rotation, is a lost race; anything older is reuse
    if (!retired.revoked && retired.within_grace) {
      throw AppError.unauthorized('REFRESH_RACE', 'Refresh token was just rotated by a parallel request');
    }
    await this.sessions.revokeIfLive(retired.id);
    throw AppError.unauthorized('REFRESH_REUSED', 'Refresh token was already used; the session has been revoked');
  }

  /** Stores a hash of the configured BCRYPT_COST, unless the password changed in the meantime. */
  private async rehash(userId: string, oldHash: string, password: string): Promise<void> {
    const newHash = await this.passwords.hash(password);
    await this.users.replacePasswordHashIfUnchanged(userId, oldHash, newHash);
  }

  /** Ends the session; what the identity provider's sign-out needs when the session began there. */
  async logout(sessionId: string): Promise<{ signedInWith: string | null; idTokenHint: string | null } | undefined> {
    const row = await this.sessions.signOut(sessionId);
    return row && { signedInWith: row.signed_in_with, idTokenHint: row.id_token_hint };
  }

  private issue(user: SignInRow, sessionId: string): IssuedAccessToken {
    return this.tokens.issue({
      user: { id: user.id, nickname: user.nickname, role: user.role, permsVersion: user.perms_version, groupId: user.group_id! },
      group: { currency: user.currency!, modules: (user.modules ?? []) as any },
      sessionId,
    });
  }
}

import { Injectable } from '@nestjs/common';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { AuthUser, ModuleName } from '../../../common/auth/auth-user';
import { Clock } from '../../../common/clock/clock';
import { AppError } from '../../../common/errors/app-error';
import { AppConfig } from '../../../config/app-config';
import { newId } from '../../../database/base.entity';
import { FailureBudget } from '../../../infrastructure/rate-limit/failure-budget';
import { RateLimitStore } from '../../../infrastructure/rate-limit/rate-limit.store';
import { sha256 } from '../tokens';
import { AccessTokenCheckRow, AccessTokenRow, AccessTokensRepository } from './access-tokens.repository';
import { ACCESS_TOKEN_PREFIX, AccessTokenScope } from '../../../common/auth/token-scopes';

/** An access token as its owner and the administrators see it; `token` only in the answer that made it. */
export interface AccessTokenView {
  id: string;
  name: string;
  scopes: AccessTokenScope[];
  createdDate: Date;
  expiresDate: Date | null;
  lastUsedDate: Date | null;
}

export interface NewAccessTokenInput {
  name: string;
  scopes: AccessTokenScope[];
  expiresInDays?: number;
}

/** 24 random bytes: 192 bits, 32 characters of base64url after the prefix. */
const TOKEN_BYTES = 24;
/** Longer than any token this service makes: anything longer is refused before it is hashed. */
const MAX_TOKEN_LENGTH = 128;
const DAY_MS = 86_400_000;
/** `lastUsedDate` is written at most this often per token. */
const TOUCH_EVERY_MS = 60_000;
/** Tokens whose last write this instance remembers (so a busy token costs no UPDATE a request); cleared when full. */
const TOUCH_MEMO_LIMIT = 10_000;

const view = (row: AccessTokenRow): AccessTokenView => ({
  id: row.id,
  name: row.name,
  scopes: row.scopes,
  createdDate: row.created_date,
  expiresDate: row.expires_date,
  lastUsedDate: row.last_used_date,
});

/**
 * Access tokens (`hearth_pat_…`) for scripts, phones and Home Assistant: made, listed and ended by
 * their owner (and ended by an administrator), and checked on every request that carries one
 * (AccessTokenStrategy, beside the JWT strategy) and on every CalDAV sign-in (`verifyForDav`).
 *
 * Only the SHA-256 of a token is stored: a token has 192 random bits, so a fast hash is as safe as
 * a slow one and keeps the check one indexed lookup. A token works only while it exists, has not
 * expired, its person is Active and still in the group it was made in; the person's role, group
 * claims and PermsVersion are read with it on every request, so nothing about it can be stale.
 */
@Injectable()
export class AccessTokensService {
  /** token id → when this instance last wrote its lastUsedDate (ms) */
  private readonly touched = new Map<string, number>();
  /** client IP → until when (ms) its wrong tokens have spent the budget: refused before any lookup */
  private readonly blocked = new Map<string, number>();

  constructor(
    private readonly tokens: AccessTokensRepository,
    private readonly clock: Clock,
    private readonly config: AppConfig,
    private readonly limits: RateLimitStore,
    private readonly failures: FailureBudget,
  ) {}

  /** Whether an Authorization header's credential is an access token (rather than a session's JWT). */
  static isAccessToken(credential: string): boolean {
    return credential.startsWith(ACCESS_TOKEN_PREFIX);
  }

  async create(user: AuthUser, input: NewAccessTokenInput): Promise<AccessTokenView & { token: string }> {
    const token = ACCESS_TOKEN_PREFIX + randomBytes(TOKEN_BYTES).toString('base64url');
    const now = this.clock.now();
    const row = await this.tokens.insert({
      id: newId(),
      userId: user.userId,
      groupId: user.groupId,
      name: input.name,
      scopes: [...new Set(input.scopes)],
      tokenHash: sha256(token),
      createdDate: now,
      expiresDate: input.expiresInDays ? new Date(now.getTime() + input.expiresInDays * DAY_MS) : null,
    });
    return { ...view(row), token };
  }

  async list(userId: string): Promise<AccessTokenView[]> {
    return (await this.tokens.findOfUser(userId)).map(view);
  }

  /** Ends one of the person's tokens at once; another person's (or an unknown) id is 404. */
  async remove(userId: string, id: string): Promise<void> {
    if (!(await this.tokens.deleteOne(userId, id))) throw AppError.notFound('Access token');
    this.touched.delete(id);
  }

  /** An administrator's view of a user's tokens; an unknown user is 404. */
  async listOfUser(userId: string): Promise<AccessTokenView[]> {
    if (!(await this.tokens.userExists(userId))) throw AppError.notFound('User');
    return this.list(userId);
  }

  /** An administrator ends every token of a user at once; an unknown user is 404. */
  async removeAllOfUser(userId: string): Promise<number> {
    if (!(await this.tokens.userExists(userId))) throw AppError.notFound('User');
    return this.tokens.deleteAllOfUser(userId);
  }

  /**
   * The person a Bearer access token stands for, or a 401 naming why not. A token this service
   * never made (or one ended) counts towards the client IP's budget of wrong tokens
   * (RATE_LIMIT_TOKEN_FAILURES_PER_IP in RATE_LIMIT_LOGIN_FAILURE_WINDOW_SECONDS); once spent,
   * every token from that IP is 429 RATE_LIMITED until the window ends. Which routes the token
   * then opens is decided by its scopes, in the guard (scopes.ts).
   */
  async authenticate(credential: string, ipAddress: string | null): Promise<AuthUser> {
    const ip = ipAddress ?? 'unknown';
    this.refuseIfBlocked(ip);
    const row = await this.find(credential);
    if (!row) return this.wrongToken(ip);
    return this.admit(row);
  }

  /**
   * CalDAV's sign-in (HTTP Basic): `username` and an access token with the `dav` scope as the
   * password — never the account's password. Answers the person, or null for wrong credentials
   * (the adapter answers 401 with its `WWW-Authenticate`). Wrong credentials count towards the same
   * per-username lockout as the password sign-in (RATE_LIMIT_LOGIN_FAILURES in
   * RATE_LIMIT_LOGIN_FAILURE_WINDOW_SECONDS); once spent, this throws 429 RATE_LIMITED (an AppError
   * with Retry-After) without looking the token up. A right token resets that count.
   *
   * Stable API for the CalDAV adapter: `verifyForDav(username, token)` → `AuthUser | null`.
   */
  async verifyForDav(username: string, token: string): Promise<AuthUser | null> {
    const found = await this.failures.spend(`login-failures:${username}`, 'Too many failed sign-ins for this account, try again later', async () => {
      const row = await this.find(token);
      if (!row || row.username !== username || !row.scopes.includes('dav')) return undefined;
      try {
        return this.admit(row);
      } catch {
        return undefined;
      }
    });
    return found ?? null;
  }

  /** The token's row when its hash is known (compared again in constant time), else undefined. */
  private async find(credential: string): Promise<AccessTokenCheckRow | undefined> {
    if (!AccessTokensService.isAccessToken(credential) || credential.length > MAX_TOKEN_LENGTH) return undefined;
    const hash = sha256(credential);
    const row = await this.tokens.findCheck(hash);
    if (!row || !timingSafeEqual(Buffer.from(row.token_hash), Buffer.from(hash))) return undefined;
    return row;
  }

  /** The checks a known token passes on every use; then its use is noted (at most once a minute). */
  private admit(row: AccessTokenCheckRow): AuthUser {
    const now = this.clock.now();
    if (row.expires_date && row.expires_date.getTime() <= now.getTime()) throw AppError.unauthorized('TOKEN_EXPIRED', 'This access token has expired');
    if (row.status !== 'Active') throw AppError.unauthorized('ACCOUNT_INACTIVE', 'The account of this access token is not active');
    if (row.group_id !== row.token_group_id) throw AppError.unauthorized('INVALID_TOKEN', 'The person of this access token has left its group');
    this.noteUse(row, now);
    return {
      userId: row.user_id,
      nickname: row.nickname,
      groupId: row.group_id,
      role: row.role,
      currency: row.currency ?? '',
      modules: (row.modules ?? []) as ModuleName[],
      permsVersion: row.perms_version,
      sessionId: row.id,
      accessToken: { id: row.id, scopes: row.scopes },
    };
  }

  /** lastUsedDate: one write a minute a token at most (the statement is conditional too, for other instances). */
  private noteUse(row: AccessTokenCheckRow, now: Date): void {
    const at = now.getTime();
    const last = Math.max(row.last_used_date?.getTime() ?? 0, this.touched.get(row.id) ?? 0);
    if (at - last < TOUCH_EVERY_MS) return;
    if (this.touched.size >= TOUCH_MEMO_LIMIT) this.touched.clear();
    this.touched.set(row.id, at);
    // not awaited: the request does not wait for bookkeeping; a failed write is retried on a later use
    this.tokens.touch(row.id, now).catch(() => this.touched.delete(row.id));
  }

  private refuseIfBlocked(ip: string): void {
    const until = this.blocked.get(ip);
    if (until === undefined) return;
    const left = until - Date.now();
    if (left <= 0) {
      this.blocked.delete(ip);
      return;
    }
    throw AppError.tooManyRequests('RATE_LIMITED', 'Too many wrong access tokens from this network, try again later', Math.ceil(left / 1000));
  }

  private async wrongToken(ip: string): Promise<never> {
    const { rateLimit } = this.config;
    if (rateLimit.enabled) {
      const taken = await this.limits.hit(`token-failures-ip:${ip}`, rateLimit.loginFailureWindowSeconds * 1000);
      if (taken.count >= rateLimit.tokenFailuresPerIp) {
        if (this.blocked.size >= TOUCH_MEMO_LIMIT) this.blocked.clear();
        this.blocked.set(ip, Date.now() + taken.resetSeconds * 1000);
      }
      if (taken.count > rateLimit.tokenFailuresPerIp) {
        throw AppError.tooManyRequests('RATE_LIMITED', 'Too many wrong access tokens from this network, try again later', taken.resetSeconds);
      }
    }
    throw AppError.unauthorized('INVALID_TOKEN', 'Access token invalid');
  }
}

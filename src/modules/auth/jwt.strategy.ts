import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { Algorithm } from 'jsonwebtoken';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { AccessClaims, AuthUser, toAuthUser } from '../../common/auth/auth-user';
import { AppError } from '../../common/errors/app-error';
import { setRequestUser } from '../../common/http/request-context.module';
import { AppConfig } from '../../config/app-config';
import { SessionsRepository } from './sessions.repository';

/** The token's claims or why there are none (passport's `info`: a jsonwebtoken error, or "No auth token"). */
export type BearerCheck = { user: AuthUser; info?: undefined } | { user?: undefined; info: Error };

/** What passport-jwt's `authenticate` calls back with, as passport's middleware receives it. */
interface StrategyOutcome {
  success(user: AuthUser): void;
  fail(info: Error): void;
  error(error: unknown): void;
}

/**
 * The one verification of a bearer token: passport-jwt with the options set here and nowhere else
 * (algorithm, issuer and audience pinned; the key is a KeyObject, which makes verification ~50×
 * cheaper than a string secret), then `validate` checks in one primary-key query that the session
 * is live, the user Active and the PermsVersion current.
 */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor(
    config: AppConfig,
    private readonly sessions: SessionsRepository,
  ) {
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      secretOrKey: config.jwt.verifyKey as any,
      audience: config.jwt.audience,
      issuer: config.jwt.issuer,
      algorithms: [config.jwt.algorithm as Algorithm],
      ignoreExpiration: false,
    });
  }

  /**
   * Runs the strategy's own `authenticate` for one request, as passport's middleware does (a
   * per-request object whose success/fail/error settle the outcome), without `AuthGuard`'s
   * per-request passport.authenticate closure chain (docs/architecture.md). `validate`'s errors
   * (AppError) reject, as passport passes them on.
   */
  check(request: unknown): Promise<BearerCheck> {
    return new Promise<BearerCheck>((resolve, reject) => {
      const outcome: StrategyOutcome = {
        success: (user) => resolve({ user }),
        fail: (info) => resolve({ info }),
        error: reject,
      };
      (Object.assign(Object.create(this), outcome) as this).authenticate(request as any);
    });
  }

  async validate(claims: AccessClaims): Promise<AuthUser> {
    if (!claims.SessionId || !claims.UserId || !claims.GroupId) {
      throw AppError.unauthorized('INVALID_TOKEN', 'Access token is malformed');
    }
    const row = await this.sessions.findSessionCheck(claims.SessionId, claims.UserId);
    if (!row || !row.live) throw AppError.unauthorized('SESSION_REVOKED', 'The session has ended; sign in again');
    // authenticated, but the account state forbids it: 403 (docs/api.md, Errors)
    if (row.status !== 'Active') throw AppError.forbidden('ACCOUNT_INACTIVE', 'The account is not active');
    if (row.perms_version !== claims.PermsVersion) {
      throw AppError.unauthorized('TOKEN_STALE', 'Permissions changed; refresh the access token');
    }
    const user = toAuthUser(claims);
    setRequestUser(user);
    return user;
  }
}

import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { Algorithm, verify, VerifyOptions } from 'jsonwebtoken';
import { ClsService } from 'nestjs-cls';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { AccessClaims, AuthUser, toAuthUser } from '../../common/auth/auth-user';
import { AppError } from '../../common/errors/app-error';
import { AppConfig } from '../../config/app-config';
import { CLS_USER } from '../history/actor';
import { SessionsRepository } from './sessions.repository';

/**
 * Verifies the bearer token (algorithm, issuer and audience pinned; the key is a KeyObject, which
 * makes verification ~50× cheaper than a string secret), then checks in one primary-key query that
 * the session is live, the user Active and the PermsVersion current.
 */
/** The token's claims or why there are none (passport-jwt's `info`: a jsonwebtoken error, or "No auth token"). */
export type BearerCheck = { user: AuthUser; info?: undefined } | { user?: undefined; info: Error };

const tokenFromRequest = ExtractJwt.fromAuthHeaderAsBearerToken();

/** What passport-jwt hands jsonwebtoken (its `_verifOpts`): algorithm, issuer and audience pinned. */
function verifyOptions(config: AppConfig): { audience: string; issuer: string; algorithms: Algorithm[]; ignoreExpiration: boolean } {
  return { audience: config.jwt.audience, issuer: config.jwt.issuer, algorithms: [config.jwt.algorithm as Algorithm], ignoreExpiration: false };
}

@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  private readonly verifyOptions: VerifyOptions;
  private readonly verifyKey: AppConfig['jwt']['verifyKey'];

  constructor(
    config: AppConfig,
    private readonly sessions: SessionsRepository,
    private readonly cls: ClsService,
  ) {
    super({ jwtFromRequest: tokenFromRequest, secretOrKey: config.jwt.verifyKey as any, ...verifyOptions(config) });
    this.verifyOptions = verifyOptions(config);
    this.verifyKey = config.jwt.verifyKey;
  }

  /**
   * Exactly what passport-jwt's `authenticate` does for this strategy (the bearer token, then
   * jsonwebtoken with the same key and options, then `validate`), without passport's per-request
   * strategy instance, callbacks and promise wrapping; the global guard calls it directly.
   * `validate`'s errors (AppError) are thrown as passport would pass them on.
   */
  async check(request: unknown): Promise<BearerCheck> {
    const token = tokenFromRequest(request as any);
    if (!token) return { info: new Error('No auth token') };
    let claims: AccessClaims;
    try {
      claims = verify(token, this.verifyKey as any, this.verifyOptions) as unknown as AccessClaims;
    } catch (error) {
      return { info: error as Error };
    }
    return { user: await this.validate(claims) };
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
    this.cls.set(CLS_USER, user);
    return user;
  }
}

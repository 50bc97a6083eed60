import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
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
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor(
    config: AppConfig,
    private readonly sessions: SessionsRepository,
    private readonly cls: ClsService,
  ) {
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      secretOrKey: config.jwt.verifyKey as any,
      algorithms: [config.jwt.algorithm],
      issuer: config.jwt.issuer,
      audience: config.jwt.audience,
      ignoreExpiration: false,
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
    this.cls.set(CLS_USER, user);
    return user;
  }
}

import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { CLS_ID, ClsService } from 'nestjs-cls';
import { AuthUser, Role } from '../../../common/auth/auth-user';
import { IS_PUBLIC, ROLES_KEY, SESSION_ONLY } from '../../../common/auth/decorators';
import { RouteMetadata } from '../../../common/auth/route-metadata';
import { AppError } from '../../../common/errors/app-error';
import { CLS_ORIGIN, originOf } from '../../../common/http/request-origin';
import { AccessTokenStrategy } from '../access-tokens/access-token.strategy';
import { RouteAccess, tokenMayUse } from '../../../common/auth/token-scopes';
import { JwtStrategy } from '../jwt.strategy';

/** A Bearer credential that is an access token, not a JWT (whose header is base64url of '{"…'). */
const ACCESS_TOKEN_BEARER = /^bearer +hearth_pat_/i;

/**
 * Global: every route requires a valid access token unless marked @Public(). The passport 'jwt'
 * strategy does the checking (JwtStrategy#check runs its `authenticate`), rather than
 * AuthGuard('jwt'), whose per-request passport machinery cost more than the verification itself.
 * A person's access token (`Bearer hearth_pat_…`) is checked by the 'access-token' strategy beside
 * it, and its scopes against the route here, in one place (`tokenMayUse`).
 */
@Injectable()
export class JwtAuthGuard implements CanActivate {
  private readonly isPublic: RouteMetadata<boolean>;
  private readonly sessionOnly: RouteMetadata<boolean>;
  private readonly roles: RouteMetadata<Role[]>;

  constructor(
    reflector: Reflector,
    private readonly cls: ClsService,
    private readonly strategy: JwtStrategy,
    private readonly accessTokens: AccessTokenStrategy,
  ) {
    this.isPublic = new RouteMetadata(reflector, IS_PUBLIC);
    this.sessionOnly = new RouteMetadata(reflector, SESSION_ONLY);
    this.roles = new RouteMetadata(reflector, ROLES_KEY);
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    // the request context (request id, acting user) starts here, the first thing every route runs:
    // a fresh store each time, so nothing can carry over from another request
    this.cls.enter({ ifNested: 'override' });
    const request = context
      .switchToHttp()
      .getRequest<{ id: string; protocol: string; host: string; method: string; headers: { authorization?: string }; user?: AuthUser }>();
    this.cls.set(CLS_ID, String(request.id));
    this.cls.set(CLS_ORIGIN, originOf(request));
    if (this.isPublic.of(context)) return true;
    const authorization = request.headers.authorization;
    if (authorization !== undefined && ACCESS_TOKEN_BEARER.test(authorization)) {
      request.user = await this.withAccessToken(context, request);
      return true;
    }
    const { user, info } = await this.strategy.check(request);
    request.user = this.userOrRefusal(user, info);
    return true;
  }

  /** The person of an access token, if the token's scopes open this route (else 403 TOKEN_SCOPE). */
  private async withAccessToken(context: ExecutionContext, request: { method: string }): Promise<AuthUser> {
    const { user } = await this.accessTokens.check(request);
    if (!user?.accessToken) throw AppError.unauthorized('INVALID_TOKEN', 'Access token invalid');
    if (!tokenMayUse(user.accessToken.scopes, request.method, this.accessOf(context))) {
      throw AppError.forbidden('TOKEN_SCOPE', 'This access token’s scopes do not open this route');
    }
    return user;
  }

  private accessOf(context: ExecutionContext): RouteAccess {
    if (this.roles.of(context)?.includes('Admin')) return 'admin';
    return this.sessionOnly.of(context) ? 'session' : 'group';
  }

  /** As AuthGuard#handleRequest: the user, or the 401 that names why there is none. */
  private userOrRefusal(user: AuthUser | undefined, info: unknown): AuthUser {
    if (user) return user;
    const name = (info as { name?: string } | undefined)?.name;
    if (name === 'TokenExpiredError') throw AppError.unauthorized('TOKEN_EXPIRED', 'Access token expired');
    if (name === 'JsonWebTokenError' || name === 'NotBeforeError') {
      throw AppError.unauthorized('INVALID_TOKEN', 'Access token invalid');
    }
    throw AppError.unauthorized('UNAUTHORIZED', 'Authentication required');
  }
}

import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { CLS_ID, ClsService } from 'nestjs-cls';
import { AuthUser } from '../../../common/auth/auth-user';
import { IS_PUBLIC } from '../../../common/auth/decorators';
import { RouteMetadata } from '../../../common/auth/route-metadata';
import { AppError } from '../../../common/errors/app-error';
import { CLS_ORIGIN, originOf } from '../../../common/http/request-origin';
import { JwtStrategy } from '../jwt.strategy';

/**
 * Global: every route requires a valid access token unless marked @Public(). The passport 'jwt'
 * strategy does the checking (JwtStrategy#check runs its `authenticate`), rather than
 * AuthGuard('jwt'), whose per-request passport machinery cost more than the verification itself.
 */
@Injectable()
export class JwtAuthGuard implements CanActivate {
  private readonly isPublic: RouteMetadata<boolean>;

  constructor(
    reflector: Reflector,
    private readonly cls: ClsService,
    private readonly strategy: JwtStrategy,
  ) {
    this.isPublic = new RouteMetadata(reflector, IS_PUBLIC);
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    // the request context (request id, acting user) starts here, the first thing every route runs:
    // a fresh store each time, so nothing can carry over from another request
    this.cls.enter({ ifNested: 'override' });
    const request = context.switchToHttp().getRequest<{ id: string; protocol: string; host: string; user?: AuthUser }>();
    this.cls.set(CLS_ID, String(request.id));
    this.cls.set(CLS_ORIGIN, originOf(request));
    if (this.isPublic.of(context)) return true;
    const { user, info } = await this.strategy.check(request);
    request.user = this.userOrRefusal(user, info);
    return true;
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

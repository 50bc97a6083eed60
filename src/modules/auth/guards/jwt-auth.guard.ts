import { ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import { CLS_ID, ClsService } from 'nestjs-cls';
import { IS_PUBLIC } from '../../../common/auth/decorators';
import { AppError } from '../../../common/errors/app-error';
import { CLS_ORIGIN, originOf } from '../../../common/http/request-origin';

/** Global: every route requires a valid access token unless marked @Public(). */
@Injectable()
export class JwtAuthGuard extends AuthGuard('jwt') {
  constructor(
    private readonly reflector: Reflector,
    private readonly cls: ClsService,
  ) {
    super();
  }

  override canActivate(context: ExecutionContext) {
    // the request context (request id, acting user) starts here, the first thing every route runs:
    // a fresh store each time, so nothing can carry over from another request
    this.cls.enter({ ifNested: 'override' });
    const request = context.switchToHttp().getRequest<{ id: string; protocol: string; host: string }>();
    this.cls.set(CLS_ID, String(request.id));
    this.cls.set(CLS_ORIGIN, originOf(request));
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [context.getHandler(), context.getClass()]);
    if (isPublic) return true;
    return super.canActivate(context);
  }

  override handleRequest<T>(err: unknown, user: T, info: unknown): T {
    if (err) throw err;
    if (user) return user;
    const name = (info as { name?: string } | undefined)?.name;
    if (name === 'TokenExpiredError') throw AppError.unauthorized('TOKEN_EXPIRED', 'Access token expired');
    if (name === 'JsonWebTokenError' || name === 'NotBeforeError') {
      throw AppError.unauthorized('INVALID_TOKEN', 'Access token invalid');
    }
    throw AppError.unauthorized('UNAUTHORIZED', 'Authentication required');
  }
}

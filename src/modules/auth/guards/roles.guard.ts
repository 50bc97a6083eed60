import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthUser, Role } from '../../../common/auth/auth-user';
import { ROLES_KEY } from '../../../common/auth/decorators';
import { AppError } from '../../../common/errors/app-error';

/** Global: routes marked @Roles(...) need one of those roles (403 FORBIDDEN otherwise). */
@Injectable()
export class RolesGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const roles = this.reflector.getAllAndOverride<Role[] | undefined>(ROLES_KEY, [context.getHandler(), context.getClass()]);
    if (!roles?.length) return true;
    const user = context.switchToHttp().getRequest<{ user?: AuthUser }>().user;
    if (user && roles.includes(user.role)) return true;
    throw AppError.forbidden('FORBIDDEN', 'This action requires the Admin role');
  }
}

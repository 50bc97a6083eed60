import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthUser, Role } from '../../../common/auth/auth-user';
import { ROLES_KEY } from '../../../common/auth/decorators';
import { AppError } from '../../../common/errors/app-error';
import { RouteMetadata } from '../../../common/auth/route-metadata';

/** Global: routes marked @Roles(...) need one of those roles (403 FORBIDDEN otherwise). */
@Injectable()
export class RolesGuard implements CanActivate {
  private readonly required: RouteMetadata<Role[]>;

  constructor(reflector: Reflector) {
    this.required = new RouteMetadata(reflector, ROLES_KEY);
  }

  canActivate(context: ExecutionContext): boolean {
    const roles = this.required.of(context);
    if (!roles?.length) return true;
    const user = context.switchToHttp().getRequest<{ user?: AuthUser }>().user;
    if (user && roles.includes(user.role)) return true;
    throw AppError.forbidden('FORBIDDEN', 'This action requires the Admin role');
  }
}

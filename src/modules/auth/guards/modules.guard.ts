import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthUser, ModuleName } from '../../../common/auth/auth-user';
import { MODULE_KEY } from '../../../common/auth/decorators';
import { AppError } from '../../../common/errors/app-error';
import { RouteMetadata } from '../../../common/auth/route-metadata';

/**
 * Global: routes marked @RequireModule(X) need X among the token's Modules. The claim is current:
 * a module change raises PermsVersion, so a stale token is refused before this guard runs.
 */
@Injectable()
export class ModulesGuard implements CanActivate {
  private readonly required: RouteMetadata<ModuleName>;

  constructor(reflector: Reflector) {
    this.required = new RouteMetadata(reflector, MODULE_KEY);
  }

  canActivate(context: ExecutionContext): boolean {
    const module = this.required.of(context);
    if (!module) return true;
    const user = context.switchToHttp().getRequest<{ user?: AuthUser }>().user;
    if (user?.modules.includes(module)) return true;
    throw AppError.forbidden('MODULE_DISABLED', `The ${module} module is not enabled for this group`);
  }
}

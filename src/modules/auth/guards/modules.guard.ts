import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthUser, ModuleName } from '../../../common/auth/auth-user';
import { MODULE_KEY } from '../../../common/auth/decorators';
import { AppError } from '../../../common/errors/app-error';

/**
 * Global: routes marked @RequireModule(X) need X among the token's Modules. The claim is current:
 * a module change raises PermsVersion, so a stale token is refused before this guard runs.
 */
@Injectable()
export class ModulesGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const module = this.reflector.getAllAndOverride<ModuleName | undefined>(MODULE_KEY, [context.getHandler(), context.getClass()]);
    if (!module) return true;
    const user = context.switchToHttp().getRequest<{ user?: AuthUser }>().user;
    if (user?.modules.includes(module)) return true;
    throw AppError.forbidden('MODULE_DISABLED', `The ${module} module is not enabled for this group`);
  }
}

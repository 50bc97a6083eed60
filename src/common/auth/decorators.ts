import { createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';
import { AuthUser, ModuleName, Role } from './auth-user';

export const IS_PUBLIC = 'hearth:public';
export const ROLES_KEY = 'hearth:roles';
export const MODULE_KEY = 'hearth:module';

/** Opts a route (or controller) out of the global JWT guard. */
export const Public = (): MethodDecorator & ClassDecorator => SetMetadata(IS_PUBLIC, true);

/** Restricts a route (or controller) to the given roles. */
export const Roles = (...roles: Role[]): MethodDecorator & ClassDecorator => SetMetadata(ROLES_KEY, roles);

/** Makes a route (or controller) available only to groups with the module enabled. */
export const RequireModule = (module: ModuleName): MethodDecorator & ClassDecorator => SetMetadata(MODULE_KEY, module);

/** The authenticated caller of this request. */
export const CurrentUser = createParamDecorator((_data: unknown, ctx: ExecutionContext): AuthUser => {
  const request = ctx.switchToHttp().getRequest<{ user: AuthUser }>();
  return request.user;
});

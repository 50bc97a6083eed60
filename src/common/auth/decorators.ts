import { createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';
import { AuthUser, ModuleName, Role } from './auth-user';

export const IS_PUBLIC = 'hearth:public';
export const ROLES_KEY = 'hearth:roles';
export const MODULE_KEY = 'hearth:module';
export const SESSION_ONLY = 'hearth:session-only';

/** Opts a route (or controller) out of the global JWT guard. */
export const Public = (): MethodDecorator & ClassDecorator => SetMetadata(IS_PUBLIC, true);

/**
 * Opens a route (or controller) only to a signed-in session, never to an access token of any scope:
 * the account, its sessions and tokens, and what is bound to a session (docs/accounts.md, "Access
 * tokens"). Administration (`@Roles('Admin')`) is closed to tokens without it.
 */
export const SessionOnly = (): MethodDecorator & ClassDecorator => SetMetadata(SESSION_ONLY, true);

/** Restricts a route (or controller) to the given roles. */
export const Roles = (...roles: Role[]): MethodDecorator & ClassDecorator => SetMetadata(ROLES_KEY, roles);

/** Makes a route (or controller) available only to groups with the module enabled. */
export const RequireModule = (module: ModuleName): MethodDecorator & ClassDecorator => SetMetadata(MODULE_KEY, module);

/** The authenticated caller of this request. */
export const CurrentUser = createParamDecorator((_data: unknown, ctx: ExecutionContext): AuthUser => {
  const request = ctx.switchToHttp().getRequest<{ user: AuthUser }>();
  return request.user;
});

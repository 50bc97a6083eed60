import { Global, Module } from '@nestjs/common';
import { ClsService, ClsServiceManager } from 'nestjs-cls';
import type { AuthUser } from '../auth/auth-user';

/**
 * The request context (nestjs-cls): its one ClsService, for injection anywhere. The global JWT
 * guard enters a fresh context on every route (JwtAuthGuard), so nothing needs mounting.
 *
 * Not `ClsModule.forRoot`: with nothing mounted it still registers a global guard and a global
 * interceptor that do nothing, and one global interceptor puts Nest's rxjs interceptor chain
 * (Observables, AsyncResource scopes) on every request of every route: 3–5 % of a small route's
 * time in CPU profiles (rxjs and Nest's interceptor consumer). Its proxy providers and plugins are
 * not used here.
 */
@Global()
@Module({
  providers: [{ provide: ClsService, useValue: ClsServiceManager.getClsService() }],
  exports: [ClsService],
})
export class RequestContextModule {}

/** Request-context key of the user the current request or job acts as. */
const CLS_USER = 'user';

/** Who acts: the authenticated user, or the one a pre-authentication path names (`runAs`). */
export type ActingUser = Pick<AuthUser, 'userId' | 'nickname'>;

/** Records the authenticated caller for the rest of the request (the JWT check, once per request). */
export function setRequestUser(user: AuthUser): void {
  ClsServiceManager.getClsService().set(CLS_USER, user);
}

/** The user the current request or job acts as, if any (none in jobs, the CLI and public routes). */
export function requestUser(): ActingUser | undefined {
  const cls = ClsServiceManager.getClsService();
  return cls.isActive() ? cls.get<ActingUser | undefined>(CLS_USER) : undefined;
}

/** Runs `work` acting as the given user (for code paths that start before authentication, like login or registration). */
export function runAs<T>(actor: ActingUser, work: () => Promise<T>): Promise<T> {
  const cls = ClsServiceManager.getClsService();
  return cls.runWith({ ...(cls.isActive() ? cls.get() : {}), [CLS_USER]: actor } as any, work);
}

import { Global, Module } from '@nestjs/common';
import { ClsService, ClsServiceManager } from 'nestjs-cls';

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

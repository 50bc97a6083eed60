import type { ExecutionContext, Type } from '@nestjs/common';
import type { Reflector } from '@nestjs/core';

/**
 * One metadata key of the route being served (the handler's, else its controller's, as
 * Reflector#getAllAndOverride reads it), looked up once per handler: decorators are fixed at
 * start-up, so the guards need not walk the reflection metadata on every request.
 */
export class RouteMetadata<T> {
  private readonly byClass = new WeakMap<Type, Map<Function, T | undefined>>();

  constructor(
    private readonly reflector: Reflector,
    private readonly key: string,
  ) {}

  of(context: ExecutionContext): T | undefined {
    const controller = context.getClass();
    const handler = context.getHandler();
    let byHandler = this.byClass.get(controller);
    if (!byHandler) this.byClass.set(controller, (byHandler = new Map()));
    if (byHandler.has(handler)) return byHandler.get(handler);
    const value = this.reflector.getAllAndOverride<T | undefined>(this.key, [handler, controller]);
    byHandler.set(handler, value);
    return value;
  }
}

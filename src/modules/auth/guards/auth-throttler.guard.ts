import { applyDecorators, ExecutionContext, Injectable, UseGuards } from '@nestjs/common';
import { ApiResponse } from '@nestjs/swagger';
import { Throttle, ThrottlerGuard } from '@nestjs/throttler';
import { Problem } from '../../../common/errors/problem';
import { AppError } from '../../../common/errors/app-error';

/** Per-IP limiter for the authentication endpoints; 429 RATE_LIMITED with Retry-After. */
@Injectable()
export class AuthThrottlerGuard extends ThrottlerGuard {
  protected override async throwThrottlingException(_context: ExecutionContext, detail: { timeToBlockExpire: number }): Promise<void> {
    throw AppError.tooManyRequests('RATE_LIMITED', 'Too many requests, try again later', detail.timeToBlockExpire);
  }
}

/** Rate-limits a route per client IP (docs/api.md, Limits); `perMinute` overrides the configured default. */
export function AuthRateLimit(perMinute?: number): MethodDecorator & ClassDecorator {
  const decorators: Array<MethodDecorator & ClassDecorator> = [
    UseGuards(AuthThrottlerGuard),
    ApiResponse({ status: 429, description: 'Rate limit exceeded (Retry-After header)', type: Problem }),
  ];
  if (perMinute) decorators.push(Throttle({ default: { limit: perMinute, ttl: 60_000 } }));
  return applyDecorators(...decorators);
}

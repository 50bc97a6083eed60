import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';

export interface RequestClient {
  userAgent: string | null;
  ipAddress: string | null;
}

/** User agent and client IP (X-Forwarded-For is honoured only when TRUST_PROXY is set). */
export const Client = createParamDecorator((_data: unknown, ctx: ExecutionContext): RequestClient => {
  const request = ctx.switchToHttp().getRequest<FastifyRequest>();
  const userAgent = request.headers['user-agent'];
  return { userAgent: userAgent ? userAgent.slice(0, 512) : null, ipAddress: request.ip ?? null };
});

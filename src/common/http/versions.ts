import { applyDecorators, createParamDecorator, ExecutionContext } from '@nestjs/common';
import { ApiHeader } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors/app-error';

/**
 * Versions of a resource as HTTP sees them (the offline client's safe replay): a response for one
 * resource carries `ETag: "<version>"`; a PUT (or a DELETE) may send `If-Match: "<version>"` of the
 * version it edited (or saw) from, and a stale one is refused (412 VERSION_CONFLICT with the current
 * resource).
 */

/** `"7"`, `W/"7"` or `7` → 7; `*` (any version) and no header → undefined; anything else is 400. */
export function parseIfMatch(header: string | string[] | undefined): number | undefined {
  const value = (Array.isArray(header) ? header[0] : header)?.trim();
  if (!value || value === '*') return undefined;
  const match = /^(?:W\/)?"?(\d{1,9})"?$/.exec(value);
  if (!match) {
    const message = 'If-Match must be the ETag of the version edited from, like "3"';
    throw AppError.badRequest('INVALID_IF_MATCH', message, [{ field: 'If-Match', message }]);
  }
  return Number(match[1]);
}

/** The `If-Match` version of the request (undefined without the header: the last write wins). */
export const IfMatch = createParamDecorator((_data: unknown, ctx: ExecutionContext): number | undefined =>
  parseIfMatch(ctx.switchToHttp().getRequest<FastifyRequest>().headers['if-match']),
);

/** Documents the optional If-Match header of a versioned PUT or DELETE. */
export const ApiIfMatch = (): MethodDecorator =>
  applyDecorators(
    ApiHeader({
      name: 'If-Match',
      required: false,
      description: 'the ETag (`"<version>"`) of the version edited from: a stale one is 412 VERSION_CONFLICT; without it the last write wins',
    }),
  );

/** The ETag header of a response for one versioned resource. */
export function setETag(reply: FastifyReply, version: number): void {
  reply.header('etag', `"${version}"`);
}

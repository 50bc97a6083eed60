import { applyDecorators } from '@nestjs/common';
import { ApiResponse } from '@nestjs/swagger';
import { Problem } from '../errors/problem';

const DESCRIPTIONS: Record<number, string> = {
  400: 'Validation failed or malformed input',
  401: 'Missing, invalid or expired credentials',
  403: 'Not allowed (role, module or account state)',
  404: 'Not found (or not in your group)',
  409: 'Conflict with the current state',
  412: 'If-Match names a stale version (VERSION_CONFLICT, the current resource in `current`)',
  413: 'Too large',
  415: 'Unsupported media type: the body is not of a type the route reads (UNSUPPORTED_MEDIA_TYPE)',
  429: 'Rate limit or cooldown (Retry-After header)',
};

/** Documents problem-details error responses for the given statuses. */
export function ApiProblems(...statuses: number[]): MethodDecorator & ClassDecorator {
  return applyDecorators(...statuses.map((status) => ApiResponse({ status, description: DESCRIPTIONS[status] ?? 'Error', type: Problem, content: undefined })));
}

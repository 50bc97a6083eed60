import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ERROR_CODES, type ErrorCode } from './error-codes';
import { IMPORT_REASONS, type ImportReason, REASON_PARAMS, type ReasonParams } from './import-reasons';

export class ProblemFieldError {
  @ApiProperty({ example: 'latitude' }) field: string;
  @ApiProperty({ example: 'latitude must not be greater than 90' }) message: string;
}

export const LIMIT_KINDS = ['images', 'bytes', 'items', 'rows', 'columns', 'elements', 'reminders', 'snoozes'] as const;
export type LimitKind = (typeof LIMIT_KINDS)[number];

/** The limit a request went past, for a client to word in its own language. */
export class ProblemLimit {
  @ApiProperty({ enum: LIMIT_KINDS, enumName: 'LimitKind', description: 'what is counted' }) kind: LimitKind;
  @ApiProperty({ example: 10, description: 'the most allowed' }) max: number;
}

/** Why something fetched from another server could not be read: a stable code and the values its wording names. */
export class ProblemFailure {
  @ApiProperty({ example: 'HTTP_STATUS', description: "CALENDAR_FETCH_FAILED: a SubscriptionError code (as an outside calendar's lastFailure)" })
  code: string;
  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'number' },
    example: { status: 404 },
    description: 'the HTTP status, the size limit in MB, the wait in seconds',
  })
  params: Record<string, number>;
}

/** RFC 9457 problem details, the body of every failure. */
export class Problem {
  @ApiProperty({ example: 'https://hearth.dev/problems/validation-failed' }) type: string;
  @ApiProperty({ example: 'Bad Request' }) title: string;
  @ApiProperty({ example: 400 }) status: number;
  @ApiProperty({ example: 'Request validation failed' }) detail: string;
  @ApiProperty({ enum: ERROR_CODES, enumName: 'ErrorCode', example: 'VALIDATION_FAILED', description: 'stable UPPER_SNAKE identifier' }) code: ErrorCode;
  @ApiPropertyOptional({ example: '/api/v1/markers' }) instance?: string;
  @ApiPropertyOptional({ example: '0199a6d4-7c1e-7a4f-9d0a-3b1f2c4d5e6f' }) requestId?: string;
  @ApiPropertyOptional({ type: [ProblemFieldError] }) errors?: ProblemFieldError[];
  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: true,
    description: '412 VERSION_CONFLICT: the resource as it is now (with its `version`)',
  })
  current?: Record<string, unknown>;
  @ApiPropertyOptional({ description: 'statement import: the line of the file the problem is on' }) line?: number;
  @ApiPropertyOptional({
    type: ProblemLimit,
    description: 'a limit gone past (IMAGE_LIMIT, IMAGE_TOO_LARGE, ITEM_LIMIT, STATEMENT_TOO_LARGE…): what and how many at most',
  })
  limit?: ProblemLimit;
  @ApiPropertyOptional({ example: 'Note', description: 'NOT_FOUND: the kind of thing that was not found' }) entity?: string;
  @ApiPropertyOptional({ type: [String], description: 'statement import (UNMAPPED_COLUMNS): the columns of the file, for a mapping' }) columns?: string[];
  @ApiPropertyOptional({
    enum: IMPORT_REASONS,
    enumName: 'ImportReason',
    description: 'statement import: why the file cannot be read, a stable code a client words in its own language with `params`',
  })
  reason?: ImportReason;
  @ApiPropertyOptional(REASON_PARAMS) params?: ReasonParams;
  @ApiPropertyOptional({
    type: ProblemFailure,
    description: 'CALENDAR_FETCH_FAILED: why the address could not be read, for a client to word in its own language',
  })
  failure?: ProblemFailure;
}

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

export function problemType(code: string): string {
  return `https://hearth.dev/problems/${code.toLowerCase().replace(/_/g, '-')}`;
}

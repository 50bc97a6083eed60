import { HttpStatus } from '@nestjs/common';
import type { ErrorCode } from './error-codes';
import type { LimitKind } from './problem';

export interface FieldError {
  field: string;
  message: string;
}

/** The detail of every 400 VALIDATION_FAILED. */
const VALIDATION_FAILED_DETAIL = 'Request validation failed';

/**
 * A domain failure with a stable UPPER_SNAKE code. The problem-details filter renders it as
 * RFC 9457 `application/problem+json`.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly errors?: FieldError[],
    readonly headers?: Record<string, string>,
    /** extra members of the problem body (RFC 9457 extensions): `current` of a 412, the `line` of a bad statement file */
    readonly extensions?: Record<string, unknown>,
  ) {
    // a client error is answered, never logged with its stack: capturing one is most of its cost
    const stackTraceLimit = Error.stackTraceLimit;
    if (status < 500) Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = stackTraceLimit;
  }

  static badRequest(code: ErrorCode, message: string, errors?: FieldError[]): AppError {
    return new AppError(HttpStatus.BAD_REQUEST, code, message, errors);
  }
  /** 400 VALIDATION_FAILED naming the fields: the answer the validation pipe gives a body that fails its DTO. */
  static invalid(errors: FieldError[]): AppError {
    return AppError.badRequest('VALIDATION_FAILED', VALIDATION_FAILED_DETAIL, errors);
  }
  /** 400 VALIDATION_FAILED naming one field. */
  static invalidField(field: string, message: string): AppError {
    return AppError.invalid([{ field, message }]);
  }
  static unauthorized(code: ErrorCode, message: string): AppError {
    return new AppError(HttpStatus.UNAUTHORIZED, code, message);
  }
  static forbidden(code: ErrorCode, message: string): AppError {
    return new AppError(HttpStatus.FORBIDDEN, code, message);
  }
  static notFound(what = 'Resource'): AppError {
    return new AppError(HttpStatus.NOT_FOUND, 'NOT_FOUND', `${what} not found`, undefined, undefined, { entity: what });
  }
  /** A limit gone past: the answer names it (`limit: {kind, max}`), so a client words it in its own language. */
  static overLimit(status: number, code: ErrorCode, message: string, kind: LimitKind, max: number): AppError {
    return new AppError(status, code, message, undefined, undefined, { limit: { kind, max } });
  }
  static conflict(code: ErrorCode, message: string): AppError {
    return new AppError(HttpStatus.CONFLICT, code, message);
  }
  /** 412: the If-Match version is not the current one; `current` is the resource as it is now. */
  static versionConflict(what: string, current: unknown): AppError {
    return new AppError(
      HttpStatus.PRECONDITION_FAILED,
      'VERSION_CONFLICT',
      `${what} was changed meanwhile: this is its current version`,
      undefined,
      undefined,
      {
        current,
      },
    );
  }
  static tooLarge(code: ErrorCode, message: string): AppError {
    return new AppError(HttpStatus.PAYLOAD_TOO_LARGE, code, message);
  }
  static tooManyRequests(code: ErrorCode, message: string, retryAfterSeconds: number): AppError {
    return new AppError(HttpStatus.TOO_MANY_REQUESTS, code, message, undefined, {
      'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))),
    });
  }
}

import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import { ThrottlerException } from '@nestjs/throttler';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { STATUS_CODES } from 'node:http';
import { statementFailure } from '../../database/sql-errors';
import { isDatabaseUnavailable } from '../../database/unavailable';
import { AppError, FieldError } from './app-error';
import type { ErrorCode } from './error-codes';
import { Problem, PROBLEM_CONTENT_TYPE, problemType } from './problem';

const DEFAULT_CODES: Record<number, ErrorCode> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  406: 'NOT_ACCEPTABLE',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  503: 'SERVICE_UNAVAILABLE',
};

/** Unique constraints whose violation is a user-facing conflict: constraint name → code and message. */
const UNIQUE_CONSTRAINTS: Record<string, [ErrorCode, string]> = {};

/** A feature's unique constraints and the 409 each one answers: constraint name → [code, detail]. */
export type UniqueConstraintMessages = Record<string, [code: ErrorCode, detail: string]>;

/**
 * Called by a feature module when it starts (never at import time), with the messages of the
 * unique constraints of its own tables.
 */
export function registerUniqueConstraints(messages: UniqueConstraintMessages): void {
  Object.assign(UNIQUE_CONSTRAINTS, messages);
}

/** Seconds a client is asked to wait after a 503 (database or storage unavailable). */
export const RETRY_AFTER_SECONDS = 5;

export interface Rendered {
  status: number;
  code: ErrorCode;
  detail: string;
  errors?: FieldError[];
  headers?: Record<string, string>;
  extensions?: Record<string, unknown>;
}

/** Writes RFC 9457 problem details; also used for the errors Fastify answers before Nest sees a request. */
export function sendProblem(request: FastifyRequest, reply: FastifyReply, rendered: Rendered): void {
  const body: Problem = {
    type: problemType(rendered.code),
    title: STATUS_CODES[rendered.status] ?? 'Error',
    status: rendered.status,
    detail: rendered.detail,
    code: rendered.code,
    instance: request.url?.split('?')[0],
    requestId: String(request.id),
    ...(rendered.errors ? { errors: rendered.errors } : {}),
    ...rendered.extensions,
  };
  for (const [name, value] of Object.entries(rendered.headers ?? {})) reply.header(name, value);
  reply.status(rendered.status).header('content-type', PROBLEM_CONTENT_TYPE).send(body);
}

/** Turns every failure into RFC 9457 problem details with a stable code; never leaks a stack trace. */
@Catch()
export class ProblemFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  catch(exception: unknown, host: ArgumentsHost): void {
    const ctx = host.switchToHttp();
    const request = ctx.getRequest<FastifyRequest>();
    const reply = ctx.getResponse<FastifyReply>();
    const rendered = this.render(exception);
    if (rendered.code === 'SERVICE_UNAVAILABLE' || rendered.code === 'STORAGE_UNAVAILABLE') {
      this.logger.warn({ err: exception, requestId: request.id }, 'Dependency unavailable');
    } else if (rendered.status >= 500) {
      this.logger.error({ err: exception, requestId: request.id }, 'Unhandled error');
    }
    sendProblem(request, reply, rendered);
  }

  render(exception: unknown): Rendered {
    if (isDatabaseUnavailable(exception)) {
      return {
        status: 503,
        code: 'SERVICE_UNAVAILABLE',
        detail: 'The database is unavailable; try again shortly',
        headers: { 'Retry-After': String(RETRY_AFTER_SECONDS) },
      };
    }
    if (exception instanceof AppError) {
      return {
        status: exception.status,
        code: exception.code,
        detail: exception.message,
        errors: exception.errors,
        headers: exception.headers,
        extensions: exception.extensions,
      };
    }
    if (exception instanceof ThrottlerException) {
      return { status: 429, code: 'RATE_LIMITED', detail: 'Too many requests, try again later' };
    }
    if (exception instanceof HttpException) {
      return this.renderHttpException(exception);
    }
    const driverError = statementFailure(exception);
    if (driverError) {
      if (driverError.code === '23505') {
        const known = driverError.constraint ? UNIQUE_CONSTRAINTS[driverError.constraint] : undefined;
        return { status: 409, code: known?.[0] ?? 'CONFLICT', detail: known?.[1] ?? 'The resource already exists' };
      }
      if (driverError.code === '23503') {
        return { status: 409, code: 'CONFLICT', detail: 'The resource is referenced by or refers to another one' };
      }
      if (driverError.code === '22P02' || driverError.code === '22003') {
        return { status: 400, code: 'BAD_REQUEST', detail: 'A value is malformed or out of range' };
      }
    }
    const fastifyError = exception as { statusCode?: number; code?: string; message?: string };
    if (typeof fastifyError?.statusCode === 'number' && fastifyError.statusCode < 500) {
      return renderFastifyError(fastifyError.statusCode, fastifyError.code, fastifyError.message);
    }
    return { status: 500, code: 'INTERNAL_ERROR', detail: 'An unexpected error occurred; quote the request id when reporting it' };
  }

  private renderHttpException(exception: HttpException): Rendered {
    const status = exception.getStatus();
    const response = exception.getResponse();
    let detail = exception.message;
    if (typeof response === 'object' && response !== null) {
      const message = (response as { message?: unknown }).message;
      if (typeof message === 'string') detail = message;
      else if (Array.isArray(message)) detail = message.join('; ');
    }
    // the router's own 404: no route for this method and path (also an unsupported method)
    if (status === HttpStatus.NOT_FOUND && detail.startsWith('Cannot ')) return { status, code: 'ROUTE_NOT_FOUND', detail: 'Route not found' };
    // the platform's body parser reports unparseable JSON as a plain 400
    if (status === HttpStatus.BAD_REQUEST && /JSON/i.test(detail)) return { status, code: 'MALFORMED_JSON', detail };
    return { status, code: (DEFAULT_CODES[status] as ErrorCode | undefined) ?? (status >= 500 ? 'INTERNAL_ERROR' : 'BAD_REQUEST'), detail };
  }
}

/** Fastify's own errors (body parser, router) with stable codes. */
export function renderFastifyError(status: number, code: string | undefined, message: string | undefined): Rendered {
  if (code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return { status: 413, code: 'PAYLOAD_TOO_LARGE', detail: 'Request body too large' };
  }
  if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    return { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', detail: 'Unsupported content type' };
  }
  if (code === 'FST_ERR_BAD_URL') return { status: 400, code: 'MALFORMED_URL', detail: 'The URL is malformed' };
  if (status === 414) return { status: 414, code: 'URI_TOO_LONG', detail: 'A path parameter is too long' };
  // the only body parser is JSON's: every other parser failure is malformed JSON
  if (code?.startsWith('FST_ERR_CTP') || status === 400) {
    return { status: 400, code: 'MALFORMED_JSON', detail: message && !message.includes('\n') ? message : 'Malformed JSON body' };
  }
  return { status, code: (DEFAULT_CODES[status] as ErrorCode | undefined) ?? 'BAD_REQUEST', detail: message ?? 'Request failed' };
}

import { ERROR_CODE_VALUES, type Schema } from '@client';
import { translate, type MessageId } from '@/i18n';

/** Every code the service can answer: a union generated from openapi.json. */
export type ErrorCode = Schema<'ErrorCode'>;
/** A limit a request went past, as the service names it. */
export type ProblemLimit = Schema<'ProblemLimit'>;
/** Why a statement file, or a line of it, cannot be read (a code the app words with `params`). */
export type ImportReason = Schema<'ImportReason'>;
/** The values a reason's wording names. */
export type ReasonParams = Record<string, string | number>;
export type ProblemFailure = Schema<'ProblemFailure'>;

/** RFC 9457 problem details as the API sends them, and the error the web client throws for them. */
export interface FieldProblem {
  field: string;
  message: string;
}

export interface ProblemBody {
  type?: string;
  title?: string;
  status?: number;
  detail?: string;
  code?: string;
  errors?: FieldProblem[];
  /** 412 VERSION_CONFLICT: the resource as it is now */
  current?: unknown;
  /** statement import: the line of the file, and (UNMAPPED_COLUMNS) the file's columns */
  line?: number;
  columns?: string[];
  /** the limit gone past (IMAGE_LIMIT, ITEM_LIMIT, STATEMENT_TOO_LARGE…) */
  limit?: ProblemLimit;
  /** NOT_FOUND: the kind of thing not found */
  entity?: string;
  /** statement import: why the file cannot be read, and the values its wording names */
  reason?: ImportReason;
  params?: ReasonParams;
  /** CALENDAR_FETCH_FAILED: why the address could not be read (a code and its values) */
  failure?: ProblemFailure;
}

export class ProblemError extends Error {
  readonly status: number;
  readonly code: string;
  readonly detail: string;
  readonly errors: FieldProblem[];
  readonly line: number | null;
  readonly columns: string[];
  /** seconds to wait, from `Retry-After` (429 and 503) */
  readonly retryAfter: number | null;
  /** 412 VERSION_CONFLICT: the resource as it is now (undefined otherwise) */
  readonly current: unknown;
  /** the limit gone past, or null */
  readonly limit: ProblemLimit | null;
  /** NOT_FOUND: the kind of thing not found ('Note', 'Marker'…), or null */
  readonly entity: string | null;
  /** statement import: why the file cannot be read, or null; `params` names its values */
  readonly reason: ImportReason | null;
  readonly params: ReasonParams;
  /** CALENDAR_FETCH_FAILED: why the address could not be read, or null */
  readonly failure: ProblemFailure | null;

  constructor(status: number, body: ProblemBody, retryAfter: number | null = null) {
    super(body.detail ?? body.title ?? `HTTP ${status}`);
    this.name = 'ProblemError';
    this.status = status;
    this.code = body.code ?? 'UNKNOWN';
    this.detail = body.detail ?? body.title ?? '';
    this.errors = Array.isArray(body.errors) ? body.errors : [];
    this.line = typeof body.line === 'number' ? body.line : null;
    this.columns = Array.isArray(body.columns) ? body.columns.map(String) : [];
    this.retryAfter = retryAfter;
    this.current = body.current;
    this.limit = body.limit && typeof body.limit.max === 'number' ? body.limit : null;
    this.entity = typeof body.entity === 'string' ? body.entity : null;
    this.reason = typeof body.reason === 'string' ? body.reason : null;
    this.params = body.params && typeof body.params === 'object' ? body.params : {};
    this.failure = body.failure && typeof body.failure.code === 'string' ? body.failure : null;
  }
}

/** `Retry-After` in seconds (a delay or an HTTP date), or null. */
export function retryAfterSeconds(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  if (/^\d+$/.test(header.trim())) return Number(header.trim());
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

/** The ProblemError for an error answer whose body the client has already parsed (`error`). */
export function problemOf(response: Response, error: unknown): ProblemError {
  return new ProblemError(
    response.status,
    (error && typeof error === 'object' ? error : {}) as ProblemBody,
    retryAfterSeconds(response.headers.get('retry-after')),
  );
}

/** Reads a response's problem body without consuming the caller's copy. */
export async function readProblem(response: Response): Promise<ProblemError> {
  let body: ProblemBody = {};
  try {
    const parsed: unknown = await response.clone().json();
    if (parsed && typeof parsed === 'object') body = parsed as ProblemBody;
  } catch {
    // not JSON (a proxy's error page): keep the status only
  }
  return new ProblemError(response.status, body, retryAfterSeconds(response.headers.get('retry-after')));
}

/**
 * Codes the app words by their status instead (429: a wait; 5xx: an outage), so they need no
 * message of their own. Every other code the service can answer has `problem.<CODE>` in every
 * language (a test checks it against the generated list).
 */
export const WORDED_BY_STATUS: readonly ErrorCode[] = [
  'RATE_LIMITED',
  'COOLDOWN',
  'STREAMS_FULL',
  'INTERNAL_ERROR',
  'SERVICE_UNAVAILABLE',
  'STORAGE_UNAVAILABLE',
  'NOT_READY',
];
const known = new Set<string>(ERROR_CODE_VALUES.filter((code) => !WORDED_BY_STATUS.includes(code)));

/** Codes whose message names the limit (`{max}`), taken from the problem's `limit`. */
const NAMES_LIMIT = new Set<string>(['IMAGE_LIMIT', 'IMAGE_TOO_LARGE', 'ITEM_LIMIT', 'SNOOZE_LIMIT', 'TOO_MANY_REMINDERS']);

/** A statement's limits, each with its own sentence. */
const STATEMENT_LIMIT_MESSAGES: Partial<Record<ProblemLimit['kind'], MessageId>> = {
  rows: 'problem.STATEMENT_TOO_LARGE',
  columns: 'problem.STATEMENT_TOO_LARGE.columns',
  elements: 'problem.STATEMENT_TOO_LARGE.elements',
};

/**
 * The app's own message for a problem's code, or null for a code it does not know (a newer
 * service): the limit it names comes from the problem's `limit`, never from its English detail.
 */
export function problemMessage(code: string, limit: ProblemLimit | null = null): string | null {
  if (!known.has(code)) return null;
  if (code === 'STATEMENT_TOO_LARGE') {
    const id = limit && STATEMENT_LIMIT_MESSAGES[limit.kind];
    return id ? translate(id, { max: limit.max }) : null;
  }
  if (limit) return translate(`problem.${code}` as MessageId, { max: limit.max });
  // a message that names the limit, from a service that did not send it: its own words instead
  if (NAMES_LIMIT.has(code)) return null;
  return translate(`problem.${code}` as MessageId);
}

/** What a person should read for a failure: the message for its code, or a plain sentence for outages and limits. */
export function describeProblem(error: unknown): string {
  if (error instanceof ProblemError) {
    if (error.status === 429) {
      const wait = error.retryAfter;
      if (error.code === 'COOLDOWN') {
        return wait != null ? translate('problem.cooldown.wait', { wait: formatWait(wait) }) : translate('problem.cooldown');
      }
      return wait != null ? translate('problem.tooMany.wait', { wait: formatWait(wait) }) : translate('problem.tooMany');
    }
    if (error.status >= 500) {
      return error.status === 503 ? translate('problem.unavailable') : translate('problem.serverError');
    }
    return problemMessage(error.code, error.limit) ?? (error.detail || translate('problem.failed'));
  }
  if (error instanceof TypeError) return translate('problem.unreachable');
  return translate('problem.unexpected');
}

/** "30 seconds", "5 minutes" in the app's language. */
export function formatWait(seconds: number): string {
  if (seconds <= 90) return translate('problem.wait.seconds', { count: seconds });
  return translate('problem.wait.minutes', { count: Math.ceil(seconds / 60) });
}

import { translate, type MessageId } from '@/i18n';

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
  return new ProblemError(response.status, (error && typeof error === 'object' ? error : {}) as ProblemBody, retryAfterSeconds(response.headers.get('retry-after')));
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
 * The codes the web client can meet, each with its message in the app's language (`problem.<CODE>`).
 * The service's `detail` is English and sometimes names a field or a limit; the app shows its own
 * words per code, and the detail only for a code it does not know.
 */
export const KNOWN_CODES = [
  'ACCOUNT_DEACTIVATED', 'ACCOUNT_DISABLED', 'ACCOUNT_HAS_RECURRING', 'ACCOUNT_HAS_TRANSACTIONS', 'ACCOUNT_INACTIVE',
  'ACCOUNT_IS_DEFAULT', 'ACCOUNT_NAME_TAKEN', 'AMBIGUOUS_DATE', 'BACKUP_IN_PROGRESS', 'BAD_REQUEST', 'CAPTCHA_INVALID',
  'CAPTCHA_NOT_SELF_HOSTED', 'CATEGORY_IN_USE', 'CATEGORY_NAME_TAKEN', 'CONFLICT', 'DEFAULT_ACCOUNT_CONFLICT',
  'EMAIL_ALREADY_CONFIRMED', 'EMAIL_NOT_CONFIRMED', 'EMAIL_TAKEN', 'EMAIL_UNCHANGED', 'EMPTY_STATEMENT', 'FORBIDDEN',
  'GEOCODER_BUSY', 'GEOCODER_UNAVAILABLE', 'GROUP_NAME_TAKEN', 'GROUP_REQUIRED', 'HEADERS_TOO_LARGE', 'ID_CONFLICT',
  'IMAGE_LIMIT', 'IMAGE_TOO_LARGE', 'INVALID_CREDENTIALS', 'INVALID_ID', 'INVALID_IF_MATCH', 'INVALID_ORDER',
  'INVALID_PASSWORD', 'INVALID_REFRESH', 'INVALID_TOKEN', 'INVALID_TRANSITION', 'ITEM_LIMIT', 'MALFORMED_JSON',
  'MALFORMED_REQUEST', 'MALFORMED_STATEMENT', 'MALFORMED_URL', 'MARKER_NOT_DELETED', 'METHOD_NOT_ALLOWED',
  'MODULE_DISABLED', 'NOT_ACCEPTABLE', 'NOT_FOUND', 'NO_DEFAULT_ACCOUNT', 'NO_GROUP', 'ORIGIN_FORBIDDEN',
  'PAYLOAD_TOO_LARGE', 'REFRESH_RACE', 'REFRESH_REUSED', 'REGISTRATION_DECLINED', 'REGISTRATION_PENDING',
  'REQUEST_TIMEOUT', 'ROUTE_NOT_FOUND', 'SELF_CHANGE', 'SESSION_REVOKED', 'STORAGE_URL_EXPIRED', 'STORAGE_URL_INVALID',
  'TOKEN_EXPIRED', 'TOKEN_STALE', 'UNAUTHORIZED', 'UNMAPPED_COLUMNS', 'UNSUPPORTED_FORMAT', 'UNSUPPORTED_IMAGE_TYPE',
  'UNSUPPORTED_MEDIA_TYPE', 'UPLOAD_INVALID', 'UPLOAD_SIZE_MISMATCH', 'UPLOAD_TOO_LARGE', 'UPLOAD_TYPE_MISMATCH',
  'URI_TOO_LONG', 'USERNAME_TAKEN', 'VALIDATION_FAILED', 'VERSION_CONFLICT',
  // shared costs, reminders, webhooks, the language on the account, the statement's size
  'ID_TAKEN', 'LOCALE_UNSUPPORTED', 'REMINDER_IN_PAST', 'SETTLEMENT_TO_SELF', 'SPLIT_NOT_ALLOWED', 'STATEMENT_TOO_LARGE',
  'WEBHOOK_URL_NOT_ALLOWED',
  // the limits of reminders and snoozing
  'SNOOZE_LIMIT', 'TOO_MANY_REMINDERS',
] as const;
type KnownCode = (typeof KNOWN_CODES)[number];
const known = new Set<string>(KNOWN_CODES);

/** Codes whose message names the limit the service put in its detail ("at most 10 images"). */
const WITH_LIMIT = new Set<string>(['IMAGE_LIMIT', 'IMAGE_TOO_LARGE', 'ITEM_LIMIT', 'SNOOZE_LIMIT', 'STATEMENT_TOO_LARGE', 'TOO_MANY_REMINDERS']);

/** The app's own message for a problem's code, or null for a code it does not know. */
export function problemMessage(code: string, detail = ''): string | null {
  if (!known.has(code)) return null;
  if (WITH_LIMIT.has(code)) {
    const limit = /\d+/.exec(detail)?.[0];
    if (!limit) return null;
    return translate(`problem.${code as KnownCode}` as MessageId, { max: Number(limit) });
  }
  return translate(`problem.${code as KnownCode}` as MessageId);
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
    return problemMessage(error.code, error.detail) ?? (error.detail || translate('problem.failed'));
  }
  if (error instanceof TypeError) return translate('problem.unreachable');
  return translate('problem.unexpected');
}

/** "30 seconds", "5 minutes" in the app's language. */
export function formatWait(seconds: number): string {
  if (seconds <= 90) return translate('problem.wait.seconds', { count: seconds });
  return translate('problem.wait.minutes', { count: Math.ceil(seconds / 60) });
}

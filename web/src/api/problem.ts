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
    super(body.detail ?? body.title ?? `Request failed (${status})`);
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

/** What a person should read for a failure: the API's message, or a plain sentence for outages and limits. */
export function describeProblem(error: unknown): string {
  if (error instanceof ProblemError) {
    if (error.status === 429) {
      const wait = error.retryAfter;
      if (error.code === 'COOLDOWN') {
        return wait != null
          ? `We sent an email a moment ago. You can ask for another in ${formatWait(wait)}.`
          : 'We sent an email a moment ago. You can ask for another in a minute.';
      }
      return wait != null
        ? `Too many attempts. Try again in ${formatWait(wait)}.`
        : 'Too many attempts. Try again in a moment.';
    }
    if (error.status >= 500) {
      return error.status === 503
        ? 'Hearth is temporarily unavailable. Try again in a moment.'
        : 'Something went wrong on our side. Try again in a moment.';
    }
    return error.detail || 'The request could not be completed.';
  }
  if (error instanceof TypeError) return 'Hearth could not be reached. Check your connection and try again.';
  return 'Something went wrong. Try again in a moment.';
}

export function formatWait(seconds: number): string {
  if (seconds <= 90) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

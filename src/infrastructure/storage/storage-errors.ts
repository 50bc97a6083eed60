import { AppError } from '../../common/errors/app-error';
import { RETRY_AFTER_SECONDS } from '../../common/errors/problem.filter';

/** Node's network errors: the store cannot be reached or the connection broke. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EIO', 'ENOSPC']);
/** S3 error codes that mean "the store cannot serve now". */
const UNAVAILABLE_CODES = new Set(['ServiceUnavailable', 'SlowDown', 'InternalError', 'RequestTimeout']);

/**
 * Whether a failure of an object-storage call means the store is unavailable (network error,
 * timeout, a 5xx answer), as opposed to a missing object or a bug. Independent of the driver: it
 * looks only at Node's error codes, HTTP status codes and S3's error names, also in `cause`.
 */
export function isStorageUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 4) return false;
  const e = error as { code?: unknown; name?: unknown; statusCode?: unknown; cause?: unknown; errors?: unknown };
  if (typeof e.code === 'string' && (NETWORK_CODES.has(e.code) || UNAVAILABLE_CODES.has(e.code) || e.code.startsWith('UND_ERR'))) return true;
  if (e.name === 'TimeoutError' || e.name === 'AbortError') return true;
  if (typeof e.statusCode === 'number' && e.statusCode >= 500) return true;
  if (Array.isArray(e.errors) && e.errors.some((inner) => isStorageUnavailable(inner, depth + 1))) return true;
  return isStorageUnavailable(e.cause, depth + 1);
}

/** For `.catch()` around storage calls on the request path: an outage becomes 503 STORAGE_UNAVAILABLE. */
export function storageFailure(error: unknown): never {
  if (isStorageUnavailable(error)) {
    throw new AppError(503, 'STORAGE_UNAVAILABLE', 'Object storage is unavailable; try again shortly', undefined, {
      'Retry-After': String(RETRY_AFTER_SECONDS),
    });
  }
  throw error;
}

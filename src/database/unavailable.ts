/** Default bound on waiting for the database: pool checkout, and each statement. */
export const DEFAULT_DATABASE_TIMEOUT_MS = 5000;

/** Pool and session settings that bound every wait on the database to `timeoutMs`. */
export function boundedPoolOptions(timeoutMs: number): Record<string, number> {
  return {
    // waiting for a pooled connection, or for a new one to be established
    connectionTimeoutMillis: timeoutMs,
    // the server cancels a statement running longer (SQLSTATE 57014)
    statement_timeout: timeoutMs,
    // the client gives up on an answer that never comes (a silent network), a little later
    query_timeout: timeoutMs + 500,
    // a transaction left idle by a broken request does not hold locks
    idle_in_transaction_session_timeout: timeoutMs * 2,
  };
}

/** SQLSTATE classes and codes that mean "the database cannot serve now", not "the request is wrong". */
const UNAVAILABLE_SQLSTATES = /^(08|53|57P0)|^57014$/;
/** Node's network errors when the server is unreachable or the connection breaks. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN']);
/** node-postgres's own messages for a pool timeout, a lost connection or a client-side query timeout. */
const DRIVER_MESSAGES = [
  'timeout exceeded when trying to connect',
  'Connection terminated',
  'Query read timeout',
  'is not queryable',
  'Client was closed',
  'Cannot use a pool after calling end',
  'connect ECONNREFUSED',
];

/**
 * Whether an error (as thrown by TypeORM or node-postgres, possibly wrapped) means the database is
 * unreachable, the pool timed out or a statement timed out: answered 503, never 500.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 4) return false;
  const e = error as { code?: unknown; message?: unknown; driverError?: unknown; cause?: unknown; errors?: unknown };
  if (typeof e.code === 'string' && (NETWORK_CODES.has(e.code) || (/^[0-9A-Z]{5}$/.test(e.code) && UNAVAILABLE_SQLSTATES.test(e.code)))) {
    return true;
  }
  if (typeof e.message === 'string' && DRIVER_MESSAGES.some((text) => (e.message as string).includes(text))) return true;
  if (Array.isArray(e.errors) && e.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable(e.driverError, depth + 1) || isDatabaseUnavailable(e.cause, depth + 1);
}

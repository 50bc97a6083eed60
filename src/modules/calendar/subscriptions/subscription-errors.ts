/**
 * Why the last fetch of an outside calendar failed: a stable code a client words in its own
 * language with `params` (the HTTP status, the size limit in MB, the wait in seconds); the English
 * `lastError` beside it for other clients.
 */
export const SUBSCRIPTION_ERRORS = ['ADDRESS_REFUSED', 'UNREACHABLE', 'TIMED_OUT', 'TOO_LARGE', 'HTTP_STATUS', 'NOT_A_CALENDAR'] as const;
export type SubscriptionError = (typeof SUBSCRIPTION_ERRORS)[number];
/** The values its wording names: `status` (HTTP_STATUS), `maxMb` (TOO_LARGE), `seconds` (TIMED_OUT). */
export type SubscriptionErrorParams = Record<string, number>;

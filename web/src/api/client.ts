/** The one API client of the web app: typed from openapi.json, every call through the session layer. */
import { createHearthClient, type Schema } from '@client';
import { problemOf } from './problem';
import { Session } from './session';

export type { Schema };

export const session = new Session({
  baseUrl: window.location.origin,
  locks: typeof navigator !== 'undefined' && navigator.locks ? navigator.locks : null,
  channel: typeof BroadcastChannel !== 'undefined' ? new BroadcastChannel('hearth-session') : null,
});

export const api = createHearthClient({ baseUrl: window.location.origin, fetch: session.fetch });

interface FetchResult<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/** The body of a successful call, or a ProblemError carrying the problem details. */
export async function call<T>(request: Promise<FetchResult<T>>): Promise<T> {
  const { data, error, response } = await request;
  if (response.ok) return data as T;
  throw problemOf(response, error);
}

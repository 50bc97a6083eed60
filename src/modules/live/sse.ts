/** Server-Sent Events framing (WHATWG HTML, "Server-sent events"): what a stream writes. */

/** Where a stream's frames go: the HTTP response, seen through what the service needs of it. */
export interface EventSink {
  /** false when the frame was buffered (the client reads slower than we write) */
  write(frame: string): boolean;
  end(): void;
  /** bytes written but not yet handed to the network */
  readonly buffered: number;
  onClose(listener: () => void): void;
}

/** One event; `id` is left out when it would not advance the client's cursor. */
export function frame(event: string, data: unknown, id?: string): string {
  return `${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** A comment line: ignored by clients, keeps proxies from closing an idle stream. */
export const KEEP_ALIVE = ': keep-alive\n\n';

/** Why the server ends a stream (`event: end`), so a client knows what to do before reconnecting. */
export type EndReason =
  /** the session was revoked or removed: sign in again */
  | 'revoked'
  /** the access token expired: refresh it, then reconnect with Last-Event-ID */
  | 'expired'
  /** the user's role, status, group or the group's modules changed: refresh, then reconnect */
  | 'permissions'
  /** the user opened more streams than allowed; this, the oldest, was closed */
  | 'limit'
  /** the client did not read what was sent: reconnect with Last-Event-ID */
  | 'slow'
  /** the instance is shutting down or lost its database connection: reconnect (elsewhere) */
  | 'restart';

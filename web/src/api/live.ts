/**
 * Live updates (GET /api/v1/events, docs/live.md): one Server-Sent Events stream per signed-in
 * browser, shared by its tabs. The tab holding the Web Lock `hearth-live` reads the stream (with
 * fetch, since EventSource cannot send a bearer token, parsed by eventsource-parser) and passes each
 * event to the other tabs on a BroadcastChannel; when it closes, another tab takes the lock and
 * resumes from the last cursor. Without Web Locks every tab reads its own stream.
 */
import type { Schema } from '@client';
import { createParser } from 'eventsource-parser';
import type { ChannelLike, LockManagerLike, Session } from './session';

/** One committed change, ids only (the data is refetched through the ordinary endpoints): the service's `LiveChangeDto`. */
export type LiveChange = Schema<'LiveChangeDto'>;
/** The kinds of entity a change is about, a union generated from openapi.json. */
export type EntityType = Schema<'EntityType'>;

/** `live`: events arrive; `connecting`: (re)connecting; `off`: offline or the stream keeps failing. */
export type LiveStatus = 'idle' | 'connecting' | 'live' | 'off';

export interface LiveHandlers {
  change(change: LiveChange): void;
  /** too much was missed: refetch everything shown */
  reset(): void;
}

/** between tabs: a change carries the reading tab's cursor, so a tab that takes over resumes from it */
type Message =
  | { type: 'change'; change: LiveChange; cursor?: string | null }
  | { type: 'reset' }
  | { type: 'status'; status: LiveStatus; cursor: string | null }
  | { type: 'hello' };

export interface LiveOptions {
  baseUrl: string;
  session: Session;
  handlers: LiveHandlers;
  fetch?: typeof fetch;
  locks?: LockManagerLike | null;
  channel?: ChannelLike | null;
  /** Runs before each (re)connect: the offline queue is sent first, then the stream resumes. */
  beforeConnect?: () => Promise<void>;
}

const EVENTS_PATH = '/api/v1/events';
const LOCK_NAME = 'hearth-live';
const MAX_BACKOFF_MS = 15_000;
/** after the server closed this stream for a newer one (`limit`), wait before trying again */
const LIMIT_BACKOFF_MS = 30_000;

export class LiveUpdates {
  private status: LiveStatus = 'idle';
  private readonly listeners = new Set<() => void>();
  private cursor: string | null = null;
  private abort: AbortController | null = null;
  private running = false;
  private wake: (() => void) | null = null;
  private readonly send: typeof fetch;

  constructor(private readonly options: LiveOptions) {
    this.send = options.fetch ?? ((input, init) => fetch(input, init));
    if (options.channel) options.channel.onmessage = (event) => this.receive(event.data as Message);
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getStatus = (): LiveStatus => this.status;

  /** Signed in: this tab takes part (reads the stream when it holds the lock, else listens). */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.setStatus('connecting', false);
    this.broadcast({ type: 'hello' });
    const lead = () => this.lead();
    if (this.options.locks) void this.options.locks.request(LOCK_NAME, lead);
    else void lead();
  }

  /** Signed out: the stream closes and the lock is given up. */
  stop(): void {
    this.running = false;
    this.abort?.abort();
    this.abort = null;
    this.wake?.();
    this.cursor = null;
    this.setStatus('idle', false);
  }

  /** Reconnect now (the browser came back online). */
  retry(): void {
    this.wake?.();
  }

  private async lead(): Promise<void> {
    let failures = 0;
    while (this.running) {
      const outcome = await this.readOnce().catch(() => 'failed' as const);
      if (!this.running) break;
      if (outcome === 'ended') {
        failures = 0;
        continue;
      }
      if (outcome === 'signed-out') break;
      failures++;
      this.setStatus('off');
      const delay = outcome === 'limit' ? LIMIT_BACKOFF_MS : Math.min(MAX_BACKOFF_MS, 500 * 2 ** Math.min(failures, 5));
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, delay);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = null;
    }
  }

  /** One stream from connect to its end: why it ended decides what comes next. */
  private async readOnce(): Promise<'ended' | 'failed' | 'limit' | 'signed-out'> {
    const { session } = this.options;
    if (!session.token && !(await session.refresh().catch(() => false))) return 'signed-out';
    this.setStatus('connecting');
    await this.options.beforeConnect?.();
    if (!this.running) return 'ended';
    const headers: Record<string, string> = { authorization: `Bearer ${session.token}`, accept: 'text/event-stream' };
    if (this.cursor) headers['last-event-id'] = this.cursor;
    this.abort = new AbortController();
    const response = await this.send(this.options.baseUrl + EVENTS_PATH, { headers, signal: this.abort.signal, cache: 'no-store' });
    if (response.status === 401) {
      // expired or stale token: a fresh one, then straight back
      return (await session.refresh().catch(() => false)) ? 'ended' : 'signed-out';
    }
    if (!response.ok || !response.body) return 'failed';
    let endReason: string | null = null;
    const parser = createParser({
      onEvent: (event) => {
        if (event.id) this.cursor = event.id;
        if (event.event === 'change') this.deliver({ type: 'change', change: JSON.parse(event.data) as LiveChange, cursor: this.cursor });
        else if (event.event === 'reset') this.deliver({ type: 'reset' });
        else if (event.event === 'ready') this.setStatus('live');
        else if (event.event === 'end') endReason = (JSON.parse(event.data) as { reason: string }).reason;
      },
    });
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        parser.feed(value);
      }
    } finally {
      reader.releaseLock();
    }
    if (endReason === 'expired' || endReason === 'permissions') return (await session.refresh().catch(() => false)) ? 'ended' : 'signed-out';
    if (endReason === 'revoked') {
      // signed out here and in every tab at once, told why; a moment's wait lets a deliberate sign-out
      // in another tab (its broadcast) arrive first, so that one is not reported as a revocation
      await new Promise((resolve) => setTimeout(resolve, 300));
      session.revoked();
      return 'signed-out';
    }
    if (endReason === 'limit') return 'limit';
    // `restart`, `slow` or a cut: reconnect (the cursor resumes what was missed)
    return endReason ? 'ended' : 'failed';
  }

  private deliver(message: Message): void {
    this.broadcast(message);
    this.handle(message);
  }

  private handle(message: Message): void {
    if (message.type === 'change') this.options.handlers.change(message.change);
    else if (message.type === 'reset') this.options.handlers.reset();
  }

  private receive(message: Message): void {
    if (!this.running) return;
    if (message.type === 'status') {
      if (!this.abort) this.setStatus(message.status, false);
      if (message.cursor) this.cursor = message.cursor;
    } else if (message.type === 'hello') {
      if (this.abort) this.broadcast({ type: 'status', status: this.status, cursor: this.cursor });
    } else {
      if (message.type === 'change' && message.cursor) this.cursor = message.cursor;
      this.handle(message);
    }
  }

  private setStatus(status: LiveStatus, broadcast = true): void {
    if (this.status !== status) {
      this.status = status;
      for (const listener of this.listeners) listener();
    }
    if (broadcast) this.broadcast({ type: 'status', status, cursor: this.cursor });
  }

  private broadcast(message: Message): void {
    this.options.channel?.postMessage(message);
  }
}

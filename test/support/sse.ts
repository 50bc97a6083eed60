import type { EventSourceMessage } from 'eventsource-parser';

export interface LiveEvent {
  id: string | undefined;
  event: string;
  data: any;
}

/** A raw GET /events stream as any client sees it, parsed with the same library as the web client. */
export interface TestStream {
  status: number;
  contentType: string | null;
  /** every event so far, in order (keep-alive comments are counted apart) */
  events: LiveEvent[];
  comments: number;
  /** resolves when the server ends the stream (or it is closed here) */
  ended: Promise<void>;
  isEnded(): boolean;
  /** waits for the first event (from `from` on) matching `match`; throws after `timeoutMs` */
  next(match: (event: LiveEvent) => boolean, timeoutMs?: number, from?: number): Promise<LiveEvent>;
  /** the `change` events so far */
  changes(): any[];
  close(): void;
}

export async function openStream(baseUrl: string, token: string, lastEventId?: string): Promise<TestStream> {
  const { createParser } = await import('eventsource-parser');
  const abort = new AbortController();
  const headers: Record<string, string> = { authorization: `Bearer ${token}`, accept: 'text/event-stream' };
  if (lastEventId !== undefined) headers['last-event-id'] = lastEventId;
  const response = await fetch(`${baseUrl}/api/v1/events`, { headers, signal: abort.signal });
  const events: LiveEvent[] = [];
  const waiters = new Set<() => void>();
  let comments = 0;
  let ended = false;
  const notify = () => waiters.forEach((waiter) => waiter());
  const parser = createParser({
    onEvent: (message: EventSourceMessage) => {
      events.push({ id: message.id, event: message.event ?? 'message', data: message.data ? JSON.parse(message.data) : null });
      notify();
    },
    onComment: () => {
      comments++;
    },
  });
  const done = (async () => {
    if (!response.ok || !response.body) return;
    const decoder = new TextDecoder();
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) parser.feed(decoder.decode(chunk, { stream: true }));
    } catch {
      // aborted here
    }
  })().finally(() => {
    ended = true;
    notify();
  });

  const stream: TestStream = {
    status: response.status,
    contentType: response.headers.get('content-type'),
    events,
    get comments() {
      return comments;
    },
    ended: done,
    isEnded: () => ended,
    next: (match, timeoutMs = 5000, from = 0) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const found = events.slice(from).find(match);
          if (found) {
            finish();
            resolve(found);
          } else if (ended) {
            finish();
            reject(new Error(`stream ended without the event; got ${JSON.stringify(events)}`));
          }
        };
        const timer = setTimeout(() => {
          finish();
          reject(new Error(`no matching event within ${timeoutMs} ms; got ${JSON.stringify(events)}`));
        }, timeoutMs);
        const finish = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      }),
    changes: () => events.filter((event) => event.event === 'change').map((event) => event.data),
    close: () => abort.abort(),
  };
  if (!response.ok) await response.text().catch(() => undefined);
  return stream;
}

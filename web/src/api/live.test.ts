import { afterEach, describe, expect, it, vi } from 'vitest';
import { LiveChange, LiveUpdates } from './live';
import type { ChannelLike, Session } from './session';

/** One response of GET /events whose body the test writes, as the server would. */
class FakeStream {
  private controller!: ReadableStreamDefaultController<Uint8Array>;
  readonly response: Response;
  constructor(status = 200) {
    const body = new ReadableStream<Uint8Array>({ start: (controller) => (this.controller = controller) });
    this.response = status === 200 ? new Response(body, { status, headers: { 'content-type': 'text/event-stream' } }) : new Response('{}', { status });
  }
  send(event: string, data: unknown, id?: string): void {
    this.controller.enqueue(new TextEncoder().encode(`${id ? `id: ${id}\n` : ''}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`));
  }
  /** the connection ends (after an `end` event, or cut) */
  close(): void {
    this.controller.close();
  }
}

const change = (entityId: string): LiveChange => ({
  entityType: 'NoteItem',
  entityId,
  parentId: 'note-1',
  action: 'Updated',
  userId: 'u1',
  at: '2026-11-26T10:00:00.000Z',
});
const tick = () => new Promise((resolve) => setTimeout(resolve, 10));

/** A tab's LiveUpdates with a scripted server: each request takes the next FakeStream. */
function setUp(options: { session?: Partial<Session>; channel?: ChannelLike } = {}) {
  const requests: { headers: Record<string, string> }[] = [];
  const streams: FakeStream[] = [];
  const changes: LiveChange[] = [];
  let resets = 0;
  // (the given session's getters are kept: a refresh changes the token)
  const session = Object.defineProperties(
    { token: 'token-1', refresh: vi.fn(async () => true), revoked: vi.fn() },
    Object.getOwnPropertyDescriptors(options.session ?? {}),
  ) as unknown as Session;
  const live = new LiveUpdates({
    baseUrl: 'http://hearth.test',
    session,
    handlers: { change: (c) => changes.push(c), reset: () => resets++ },
    channel: options.channel ?? null,
    fetch: async (_input, init) => {
      requests.push({ headers: { ...(init?.headers as Record<string, string>) } });
      const stream = new FakeStream();
      streams.push(stream);
      return stream.response;
    },
  });
  return { live, session, requests, streams, changes, resets: () => resets };
}

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await tick();
  expect(check()).toBe(true);
}

describe('LiveUpdates: one GET /events stream (docs/live.md)', () => {
  let stop: (() => void) | undefined;
  afterEach(() => stop?.());

  it('sends the bearer token, goes live on ready, hands each change and reset to the handlers', async () => {
    const t = setUp();
    stop = () => t.live.stop();
    t.live.start();
    await until(() => t.streams.length === 1);
    expect(t.requests[0].headers).toMatchObject({ authorization: 'Bearer token-1', accept: 'text/event-stream' });
    expect(t.requests[0].headers['last-event-id']).toBeUndefined();
    expect(t.live.getStatus()).toBe('connecting');
    t.streams[0].send('ready', { resumed: false }, '7-0');
    await until(() => t.live.getStatus() === 'live');
    t.streams[0].send('change', change('milk'), '7-3');
    t.streams[0].send('change', change('bread'));
    t.streams[0].send('reset', {}, '9-0');
    await until(() => t.resets() === 1);
    expect(t.changes.map((c) => c.entityId)).toEqual(['milk', 'bread']);
  });

  it('reconnects after a cut with Last-Event-ID: the last id received (an event without id keeps it)', async () => {
    const t = setUp();
    stop = () => t.live.stop();
    t.live.start();
    await until(() => t.streams.length === 1);
    t.streams[0].send('ready', { resumed: false }, '7-0');
    t.streams[0].send('change', change('milk'), '7-3');
    t.streams[0].send('change', change('eggs'));
    await until(() => t.changes.length === 2);
    t.streams[0].close();
    await until(() => t.live.getStatus() === 'off');
    // the browser came back online: at once, not after the back-off
    t.live.retry();
    await until(() => t.streams.length === 2);
    expect(t.requests[1].headers['last-event-id']).toBe('7-3');
  });

  it("reconnects at once after the server's end: restart keeps the cursor, expired refreshes the token first", async () => {
    let token = 'token-1';
    const refresh = vi.fn(async () => {
      token = 'token-2';
      return true;
    });
    const t = setUp({
      session: {
        get token() {
          return token;
        },
        refresh,
      } as Partial<Session>,
    });
    stop = () => t.live.stop();
    t.live.start();
    await until(() => t.streams.length === 1);
    t.streams[0].send('ready', { resumed: false }, '7-0');
    t.streams[0].send('end', { reason: 'restart' });
    t.streams[0].close();
    await until(() => t.streams.length === 2);
    expect(refresh).not.toHaveBeenCalled();
    expect(t.requests[1].headers).toMatchObject({ authorization: 'Bearer token-1', 'last-event-id': '7-0' });

    t.streams[1].send('change', change('milk'), '8-1');
    t.streams[1].send('end', { reason: 'expired' });
    t.streams[1].close();
    await until(() => t.streams.length === 3);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(t.requests[2].headers).toMatchObject({ authorization: 'Bearer token-2', 'last-event-id': '8-1' });
  });

  it('a revoked session signs out and does not reconnect', async () => {
    const t = setUp();
    stop = () => t.live.stop();
    t.live.start();
    await until(() => t.streams.length === 1);
    t.streams[0].send('end', { reason: 'revoked' });
    t.streams[0].close();
    await until(() => (t.session.revoked as ReturnType<typeof vi.fn>).mock.calls.length === 1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(t.streams).toHaveLength(1);
  });

  it('passes events to the other tabs on the channel; a tab that takes over resumes from the shared cursor', async () => {
    const sent: unknown[] = [];
    const leaderChannel: ChannelLike = { postMessage: (m) => sent.push(m), onmessage: null, close: () => undefined };
    const leader = setUp({ channel: leaderChannel });
    stop = () => leader.live.stop();
    leader.live.start();
    await until(() => leader.streams.length === 1);
    leader.streams[0].send('ready', { resumed: false }, '7-0');
    leader.streams[0].send('change', change('milk'), '7-3');
    await until(() => leader.changes.length === 1);
    expect(sent).toContainEqual({ type: 'change', change: change('milk'), cursor: '7-3' });
    // a tab that opens says hello; the reading tab answers with its status and cursor
    leaderChannel.onmessage!({ data: { type: 'hello' } } as MessageEvent);
    expect(sent.at(-1)).toEqual({ type: 'status', status: 'live', cursor: '7-3' });
    sent.pop();

    // another tab, waiting for the lock, hears the same messages
    let release!: () => void;
    const locks = { request: (_name: string, callback: () => Promise<unknown>) => new Promise((resolve) => (release = () => resolve(callback()))) };
    const channel: ChannelLike = { postMessage: () => undefined, onmessage: null, close: () => undefined };
    const requests: Record<string, string>[] = [];
    const changes: LiveChange[] = [];
    const follower = new LiveUpdates({
      baseUrl: 'http://hearth.test',
      session: { token: 'token-1', refresh: async () => true } as unknown as Session,
      handlers: { change: (c) => changes.push(c), reset: () => undefined },
      channel,
      locks: locks as never,
      fetch: async (_input, init) => {
        requests.push({ ...(init?.headers as Record<string, string>) });
        return new FakeStream().response;
      },
    });
    follower.start();
    for (const message of sent) channel.onmessage!({ data: message } as MessageEvent);
    expect(changes.map((c) => c.entityId)).toEqual(['milk']);
    expect(follower.getStatus()).toBe('live');
    // the leading tab closes: the follower gets the lock and resumes where the leader was
    release();
    await until(() => requests.length === 1);
    expect(requests[0]['last-event-id']).toBe('7-3');
    follower.stop();
  });
});

/**
 * The session layer against a small in-memory refresh endpoint with the API's rules (single-use
 * rotation, reuse detection, the race grace answer), shared by "tabs" the way a browser shares its
 * cookie jar. Tabs share a lock manager and talk over real BroadcastChannels.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { translate } from '@/i18n';
import { END_MESSAGES, REFRESH_PATH, Session, type LockManagerLike } from './session';
import { ProblemError } from './problem';

const ORIGIN = 'http://hearth.test';

function jwt(claims: Record<string, unknown>): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'HS256' })}.${part(claims)}.signature`;
}

function problem(status: number, code: string, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify({ status, code, detail: code }), { status, headers: { 'content-type': 'application/problem+json', ...headers } });
}

/** The API's refresh and one protected route, with one browser cookie jar. */
class FakeApi {
  cookie: string | null = 'r0';
  private counter = 0;
  private retired = new Map<string, string>(); // token → its successor
  permsVersion = 1;
  refreshCalls = 0;
  refreshesInFlight = 0;
  maxParallelRefreshes = 0;
  refreshAnswer: (() => Response) | null = null;
  /** access tokens issued, by permsVersion */
  private tokens = new Map<string, number>();
  seenAuthorizations: string[] = [];

  issue(): string {
    const token = jwt({
      UserId: 'u1',
      Nickname: 'Anna',
      GroupId: 'g1',
      Role: 'User',
      Currency: 'EUR',
      Modules: ['Map'],
      PermsVersion: this.permsVersion,
      SessionId: 's1',
      exp: Math.floor(Date.now() / 1000) + 900,
      n: ++this.counter,
    });
    this.tokens.set(token, this.permsVersion);
    return token;
  }

  fetch = async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    if (url.pathname === REFRESH_PATH) {
      this.refreshCalls += 1;
      this.refreshesInFlight += 1;
      this.maxParallelRefreshes = Math.max(this.maxParallelRefreshes, this.refreshesInFlight);
      await new Promise((resolve) => setTimeout(resolve, 5));
      this.refreshesInFlight -= 1;
      if (this.refreshAnswer) return this.refreshAnswer();
      const presented = this.cookie;
      if (!presented) return problem(401, 'INVALID_REFRESH');
      if (this.retired.has(presented)) return problem(401, 'REFRESH_REUSED');
      const next = `r${this.counter + 1}`;
      this.retired.set(presented, next);
      this.cookie = next;
      return Response.json({ accessToken: this.issue(), tokenType: 'Bearer', expiresIn: 900 });
    }
    const authorization = request.headers.get('authorization') ?? '';
    this.seenAuthorizations.push(authorization);
    const version = this.tokens.get(authorization.replace('Bearer ', ''));
    if (version === undefined) return problem(401, 'INVALID_TOKEN');
    if (version !== this.permsVersion) return problem(401, 'TOKEN_STALE');
    return Response.json({ ok: true });
  };

  /** a token that has been rotated: presenting it again is reuse */
  replayOldCookie(): void {
    this.cookie = [...this.retired.keys()][0];
  }
}

/** navigator.locks' exclusive mode: one holder at a time, in order. */
class Locks implements LockManagerLike {
  private tail: Promise<unknown> = Promise.resolve();
  async request<T>(_name: string, callback: () => Promise<T>): Promise<T> {
    const run = this.tail.then(callback, callback);
    this.tail = run.catch(() => undefined);
    return run;
  }
}

const channels: BroadcastChannel[] = [];
function tab(api: FakeApi, locks: LockManagerLike | null = new Locks(), channelName = 'hearth-test'): Session {
  const channel = new BroadcastChannel(channelName);
  channels.push(channel);
  return new Session({ baseUrl: ORIGIN, fetch: api.fetch, locks, channel, raceWaitMs: 50 });
}

afterEach(() => {
  for (const channel of channels.splice(0)) channel.close();
});

const get = (session: Session) => session.fetch(new Request(`${ORIGIN}/api/v1/account`));

describe('Session', () => {
  it('restores a session from the refresh cookie at start-up', async () => {
    const api = new FakeApi();
    const session = tab(api);
    expect(await session.restore()).toBe(true);
    expect(session.getSnapshot()).toMatchObject({ status: 'signedIn', message: null, claims: { nickname: 'Anna', modules: ['Map'] } });
  });

  it('without a cookie at start-up is simply signed out, with no message', async () => {
    const api = new FakeApi();
    api.cookie = null;
    const session = tab(api);
    expect(await session.restore()).toBe(false);
    expect(session.getSnapshot()).toMatchObject({ status: 'signedOut', message: null });
  });

  it('runs one refresh for many parallel requests after TOKEN_STALE, and retries each once', async () => {
    const api = new FakeApi();
    const session = tab(api);
    await session.restore();
    api.permsVersion = 2; // an admin changed the group: every token in hand is stale
    const before = api.refreshCalls;

    const responses = await Promise.all(Array.from({ length: 5 }, () => get(session)));

    expect(responses.map((response) => response.status)).toEqual([200, 200, 200, 200, 200]);
    expect(api.refreshCalls - before).toBe(1);
    expect(session.getSnapshot().claims?.permsVersion).toBe(2);
  });

  it('retries a stale request only once (no loop when the refreshed token is refused too)', async () => {
    const api = new FakeApi();
    const session = tab(api);
    await session.restore();
    api.permsVersion = 2;
    api.refreshAnswer = () => Response.json({ accessToken: jwt({ PermsVersion: 1, exp: Math.floor(Date.now() / 1000) + 900 }) });
    const seen = api.seenAuthorizations.length;

    const response = await get(session);

    expect(response.status).toBe(401);
    expect(api.seenAuthorizations.length - seen).toBe(2);
    expect(api.refreshCalls).toBe(2);
  });

  it('two tabs refreshing at once never present the cookie in parallel, so neither is taken for a replay', async () => {
    const api = new FakeApi();
    const locks = new Locks();
    const first = tab(api, locks);
    const second = tab(api, locks);

    const [a, b] = await Promise.all([first.restore(), second.restore()]);

    expect([a, b]).toEqual([true, true]);
    expect(api.maxParallelRefreshes).toBe(1);
    expect(first.getSnapshot().status).toBe('signedIn');
    expect(second.getSnapshot().status).toBe('signedIn');
  });

  it('without the lock, two tabs refreshing at once would collide (what the lock prevents)', async () => {
    const api = new FakeApi();
    const first = tab(api, null);
    const second = tab(api, null);
    await Promise.all([first.restore(), second.restore()]);
    expect(api.maxParallelRefreshes).toBe(2);
  });

  it('a tab adopts the token another tab refreshed, without a refresh of its own', async () => {
    const api = new FakeApi();
    const locks = new Locks();
    const first = tab(api, locks);
    const second = tab(api, locks);
    await first.restore();
    await new Promise((resolve) => setTimeout(resolve, 20));

    expect(api.refreshCalls).toBe(1);
    expect(second.getSnapshot().status).toBe('signedIn');
    expect(second.token).toBe(first.token);
    expect((await get(second)).status).toBe(200);
  });

  it('REFRESH_REUSED ends the session in every tab with a message for the sign-in page', async () => {
    const api = new FakeApi();
    const locks = new Locks();
    const first = tab(api, locks);
    const second = tab(api, locks);
    await first.restore();
    await new Promise((resolve) => setTimeout(resolve, 20)); // the broadcast reaches the second tab
    expect(second.getSnapshot().status).toBe('signedIn');
    api.replayOldCookie();

    expect(await first.refresh()).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 20));

    expect(first.getSnapshot()).toMatchObject({ status: 'signedOut', message: translate(END_MESSAGES.REFRESH_REUSED) });
    expect(second.getSnapshot()).toMatchObject({ status: 'signedOut', message: translate(END_MESSAGES.REFRESH_REUSED) });
  });

  it('a lost race (REFRESH_RACE) waits for the winner instead of ending the session', async () => {
    const api = new FakeApi();
    const session = tab(api, null);
    await session.restore();
    let answered = false;
    api.refreshAnswer = () => {
      if (answered) return Response.json({ accessToken: api.issue() });
      answered = true;
      return problem(401, 'REFRESH_RACE');
    };

    expect(await session.refresh()).toBe(true);
    expect(session.getSnapshot().status).toBe('signedIn');
  });

  it('a rate-limited refresh keeps the session and reports when to retry', async () => {
    const api = new FakeApi();
    const session = tab(api);
    await session.restore();
    api.refreshAnswer = () => problem(429, 'RATE_LIMITED', { 'retry-after': '42' });

    const failure = await session.refresh().catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(ProblemError);
    expect(failure).toMatchObject({ status: 429, retryAfter: 42 });
    expect(session.getSnapshot().status).toBe('signedIn');
  });
});

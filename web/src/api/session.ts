/**
 * The session layer: the access token lives in memory only; the refresh token is the HttpOnly cookie
 * the browser sends to `/api/v1/session/refresh`. One refresh runs at a time in a tab (a shared
 * promise) and across tabs (a Web Lock; the winner broadcasts the new token on a BroadcastChannel,
 * so a tab that waited for the lock uses it instead of rotating the cookie again).
 */
import { translate, type MessageId } from '@/i18n';
import { decodeClaims, type Claims } from './claims';
import { ProblemError, readProblem } from './problem';

export type SessionStatus = 'unknown' | 'signedIn' | 'signedOut';

export interface SessionSnapshot {
  status: SessionStatus;
  token: string | null;
  claims: Claims | null;
  /** why the session ended, for the sign-in page (null when the person signed out or never signed in) */
  message: string | null;
}

export interface LockManagerLike {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

export interface ChannelLike {
  postMessage(message: unknown): void;
  onmessage: ((event: MessageEvent) => void) | null;
  close(): void;
}

export interface SessionOptions {
  /** the service's origin, e.g. `location.origin` */
  baseUrl: string;
  fetch?: (request: Request) => Promise<Response>;
  /** `navigator.locks` in browsers; null runs without a cross-tab lock */
  locks?: LockManagerLike | null;
  /** a BroadcastChannel shared by the tabs; null when there is none */
  channel?: ChannelLike | null;
  now?: () => number;
  /** how long a tab that lost a refresh race waits for the winner's broadcast */
  raceWaitMs?: number;
}

export const REFRESH_PATH = '/api/v1/session/refresh';
const LOGOUT_PATH = '/api/v1/session';
const LOCK_NAME = 'hearth-session-refresh';
/** refresh this long before the access token expires instead of waiting for a 401 */
const EARLY_REFRESH_SECONDS = 20;

/** Codes after which one refresh and one retry of the request are worth it. */
const REFRESHABLE = new Set(['TOKEN_STALE', 'TOKEN_EXPIRED']);

/** What the sign-in page says when a session ends on its own. */
export const END_MESSAGES: Record<string, MessageId> = {
  REFRESH_REUSED: 'problem.REFRESH_REUSED',
  INVALID_REFRESH: 'problem.INVALID_REFRESH',
  SESSION_REVOKED: 'session.ended.revoked',
  ACCOUNT_INACTIVE: 'session.ended.inactive',
};

type Broadcast = { type: 'token'; token: string } | { type: 'ended'; code: string | null };

/**
 * A session that ended, in any way: signed out (`code` null), revoked, the account deactivated, a
 * refresh refused (401/403), here or in another tab. `userId` is whose it was; null when no one was
 * signed in in this tab (a refresh refused at start-up: whoever last used this device has no session).
 */
export interface SessionEnd {
  userId: string | null;
  code: string | null;
}

export class Session {
  private snapshot: SessionSnapshot = { status: 'unknown', token: null, claims: null, message: null };
  private readonly listeners = new Set<() => void>();
  private readonly endListeners = new Set<(ended: SessionEnd) => void>();
  private inflight: Promise<boolean> | null = null;
  /** bumped whenever a token arrives, here or from another tab */
  private generation = 0;
  private readonly send: (request: Request) => Promise<Response>;
  private readonly now: () => number;

  constructor(private readonly options: SessionOptions) {
    this.send = options.fetch ?? ((request) => fetch(request));
    this.now = options.now ?? Date.now;
    if (options.channel) options.channel.onmessage = (event) => this.receive(event.data as Broadcast);
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): SessionSnapshot => this.snapshot;

  /** Told every time a session ends, however it ended (the app then removes what it kept of that person). */
  onEnd(listener: (ended: SessionEnd) => void): () => void {
    this.endListeners.add(listener);
    return () => this.endListeners.delete(listener);
  }

  get token(): string | null {
    return this.snapshot.token;
  }

  /** At start-up: the refresh cookie (if any) decides whether this tab is signed in. */
  restore(): Promise<boolean> {
    return this.refresh();
  }

  /**
   * At start-up with no network: the person last signed in on this device uses what the app kept
   * (docs/offline.md), without a token; the first request once the network is back refreshes the
   * session first, which signs them out if it ended meanwhile.
   */
  resumeOffline(claims: Claims): void {
    if (this.snapshot.status === 'unknown') this.set({ status: 'signedIn', token: null, claims, message: null });
  }

  /** At start-up with no network and no one to resume (nothing kept, or their session was refused): the sign-in page. */
  startSignedOut(): void {
    if (this.snapshot.status === 'unknown') this.set({ status: 'signedOut', token: null, claims: null, message: null });
  }

  /** After `POST /session`: keep the token and tell the other tabs. */
  signIn(accessToken: string): void {
    this.adopt(accessToken);
    this.broadcast({ type: 'token', token: accessToken });
  }

  /** Signs out here and in every tab; the API call revokes the session and clears the cookie. */
  async signOut(): Promise<void> {
    const token = this.snapshot.token;
    let endSessionUrl: string | null = null;
    if (token) {
      try {
        const response = await this.send(this.authorize(new Request(this.options.baseUrl + LOGOUT_PATH, { method: 'DELETE', credentials: 'include' }), token));
        // a session that began at the identity provider: its address to sign out there too
        if (response.status === 200) endSessionUrl = ((await response.json()) as { endSessionUrl?: string }).endSessionUrl ?? null;
      } catch {
        // offline: the token is forgotten anyway and the session expires on its own
      }
    }
    this.end(null);
    if (endSessionUrl && typeof window !== 'undefined') window.location.assign(endSessionUrl);
  }

  /**
   * One refresh for every caller at once: in this tab through a shared promise, across tabs
   * through the lock. Resolves true with a fresh token, false when the session is over.
   * Rate limits and outages reject with a ProblemError and leave the session as it was.
   */
  refresh(): Promise<boolean> {
    if (!this.inflight) {
      const seen = this.generation;
      const run = () => (this.generation !== seen && this.snapshot.token ? Promise.resolve(true) : this.rotate(seen));
      const locked = this.options.locks ? this.options.locks.request(LOCK_NAME, run) : run();
      this.inflight = locked.finally(() => {
        this.inflight = null;
      });
    }
    return this.inflight;
  }

  /**
   * The `fetch` given to the API client: adds the bearer token, refreshes a token about to
   * expire, and after TOKEN_STALE / TOKEN_EXPIRED refreshes and retries the request once.
   */
  fetch = async (request: Request): Promise<Response> => {
    // started offline: the session is taken up again before the first request
    const resuming = this.snapshot.status === 'signedIn' && !this.snapshot.token;
    if ((this.snapshot.token && this.expiresSoon()) || resuming) await this.refresh().catch(() => false);
    const token = this.snapshot.token;
    const spare = token ? request.clone() : null;
    const response = await this.send(this.authorize(request, token));
    if (!token || !spare || (response.status !== 401 && response.status !== 403)) return response;

    const { code } = await readProblem(response);
    if (response.status === 401 && REFRESHABLE.has(code)) {
      // another request may have refreshed meanwhile; otherwise refresh now
      if (this.snapshot.token === token && !(await this.refresh())) return response;
      const fresh = this.snapshot.token;
      return fresh && fresh !== token ? this.send(this.authorize(spare, fresh)) : response;
    }
    if (code === 'SESSION_REVOKED' || code === 'ACCOUNT_INACTIVE') this.end(code);
    return response;
  };

  /** The server ended this session (a live stream's `end` with reason `revoked`): as a 401 SESSION_REVOKED would. */
  revoked(): void {
    if (this.snapshot.status === 'signedIn') this.end('SESSION_REVOKED');
  }

  private async rotate(seen: number, lostRace = false): Promise<boolean> {
    const response = await this.send(new Request(this.options.baseUrl + REFRESH_PATH, { method: 'POST', credentials: 'include' }));
    if (response.ok) {
      const body = (await response.json()) as { accessToken: string };
      this.signIn(body.accessToken);
      return true;
    }
    const problem = await readProblem(response);
    if (problem.code === 'REFRESH_RACE' && !lostRace) {
      // a tab without the lock won: its broadcast brings the token; else the cookie it left works now
      await new Promise((resolve) => setTimeout(resolve, this.options.raceWaitMs ?? 300));
      if (this.generation !== seen && this.snapshot.token) return true;
      return this.rotate(seen, true);
    }
    if (response.status === 401 || response.status === 403) {
      this.end(problem.code);
      return false;
    }
    throw problem;
  }

  private authorize(request: Request, token: string | null): Request {
    if (!token) return request;
    const headers = new Headers(request.headers);
    headers.set('authorization', `Bearer ${token}`);
    return new Request(request, { headers });
  }

  private expiresSoon(): boolean {
    const exp = this.snapshot.claims?.exp;
    return !!exp && exp * 1000 - this.now() < EARLY_REFRESH_SECONDS * 1000;
  }

  private adopt(token: string): void {
    this.generation += 1;
    this.set({ status: 'signedIn', token, claims: decodeClaims(token), message: null });
  }

  /** Ends the session in this tab and the others; `code` says why (null: the person signed out). */
  private end(code: string | null, broadcast = true): void {
    const wasSignedIn = this.snapshot.status === 'signedIn';
    const userId = this.snapshot.claims?.userId ?? null;
    // a missing cookie at start-up is not news; a session that ended while in use is
    const message = code && (wasSignedIn || code === 'REFRESH_REUSED') ? translate(END_MESSAGES[code] ?? END_MESSAGES.INVALID_REFRESH) : null;
    this.set({ status: 'signedOut', token: null, claims: null, message });
    if (broadcast) this.broadcast({ type: 'ended', code });
    for (const listener of this.endListeners) listener({ userId, code });
  }

  private receive(message: Broadcast): void {
    if (message.type === 'token') this.adopt(message.token);
    else if (message.type === 'ended' && this.snapshot.status !== 'signedOut') this.end(message.code, false);
  }

  private broadcast(message: Broadcast): void {
    this.options.channel?.postMessage(message);
  }

  private set(next: SessionSnapshot): void {
    this.snapshot = next;
    for (const listener of this.listeners) listener();
  }
}

export { ProblemError };

/**
 * What the device keeps when a session ends (docs/offline.md): a real session layer against a small
 * API whose answers the test sets, a real query client holding a page and a queued change, and the
 * device's store as a map (IndexedDB's part, persist.ts, is covered by web/e2e/offline.e2e.ts).
 */
import { MutationObserver, onlineManager, QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import type { Claims } from '@/api/claims';
import { REFRESH_PATH, Session } from '@/api/session';
import { keepOnDevice, startOffline, type DeviceStore } from './keeper';

const ORIGIN = 'http://hearth.test';

function token(userId: string): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const claims = {
    UserId: userId,
    Nickname: 'Anna',
    GroupId: 'g1',
    Role: 'User',
    Currency: 'EUR',
    Modules: ['Notes'],
    PermsVersion: 1,
    SessionId: 's1',
    exp: Math.floor(Date.now() / 1000) + 900,
  };
  return `${part({ alg: 'HS256' })}.${part(claims)}.signature`;
}

const problem = (status: number, code: string) =>
  new Response(JSON.stringify({ status, code, detail: code }), { status, headers: { 'content-type': 'application/problem+json' } });

/** The refresh endpoint and every other route answer what the test says. */
class Api {
  refresh: () => Response = () => Response.json({ accessToken: token('u1') });
  route: () => Response = () => Response.json({});
  fetch = async (request: Request): Promise<Response> => (new URL(request.url).pathname === REFRESH_PATH ? this.refresh() : this.route());
}

/** The device's store: what persist.ts keeps in IndexedDB, as entries of a map. */
class Device implements DeviceStore {
  entries = new Map<string, unknown>();
  async startPersistence(client: QueryClient, claims: Claims) {
    this.entries.set('last-user', { claims });
    const write = () =>
      this.entries.set(`cache:${claims.userId}`, { queries: client.getQueryCache().getAll().length, queued: client.getMutationCache().getAll().length });
    write();
    const unsubscribe = client.getQueryCache().subscribe(write);
    return async () => unsubscribe();
  }
  async forget(userId: string | null) {
    if (userId === null) this.entries.clear();
    else {
      this.entries.delete(`cache:${userId}`);
      if ((this.entries.get('last-user') as { claims: Claims } | undefined)?.claims.userId === userId) this.entries.delete('last-user');
    }
  }
  async lastUser() {
    return this.entries.get('last-user') as { claims: Claims } | undefined;
  }
}

const channels: BroadcastChannel[] = [];
function tab(api: Api, channelName = `hearth-keeper-${Math.random()}`): Session {
  const channel = new BroadcastChannel(channelName);
  channels.push(channel);
  return new Session({ baseUrl: ORIGIN, fetch: api.fetch, locks: null, channel });
}

/** Signed in, a note on the page and a change queued offline, all kept on the device. */
async function signedInWithData(api: Api, device: Device, session = tab(api)) {
  const client = new QueryClient();
  const keeper = keepOnDevice(session, client, async () => device);
  expect(await session.restore()).toBe(true);
  await keeper.idle();
  onlineManager.setOnline(false);
  void new MutationObserver(client, { mutationFn: async () => undefined, networkMode: 'online' }).mutate();
  client.setQueryData(['notes', 'detail', 'n1'], { id: 'n1', title: 'Private diary' });
  await keeper.idle();
  expect(device.entries.get('cache:u1')).toEqual({ queries: 1, queued: 1 });
  return { session, client, keeper };
}

afterEach(() => {
  onlineManager.setOnline(true);
  for (const channel of channels.splice(0)) channel.close();
});

const request = (session: Session) => session.fetch(new Request(`${ORIGIN}/api/v1/notes`));

describe('the data kept on the device goes with the session, however it ends', () => {
  const ways: [string, (session: Session, api: Api) => Promise<unknown>][] = [
    ['signed out', (session) => session.signOut()],
    [
      'revoked from another device (a request answered 401 SESSION_REVOKED)',
      (session, api) => ((api.route = () => problem(401, 'SESSION_REVOKED')), request(session)),
    ],
    ['revoked, told by the live stream', async (session) => session.revoked()],
    ['the account deactivated (403 ACCOUNT_INACTIVE)', (session, api) => ((api.route = () => problem(403, 'ACCOUNT_INACTIVE')), request(session))],
    ['a refresh refused with 401', (session, api) => ((api.refresh = () => problem(401, 'INVALID_REFRESH')), session.refresh())],
    ['a refresh refused with 403', (session, api) => ((api.refresh = () => problem(403, 'FORBIDDEN_ORIGIN')), session.refresh())],
  ];
  it.each(ways)('%s: the page, the queued change and the right to open offline are gone', async (_way, end) => {
    const api = new Api();
    const device = new Device();
    const { session, client, keeper } = await signedInWithData(api, device);

    await end(session, api);
    await keeper.idle();

    expect(session.getSnapshot().status).toBe('signedOut');
    expect([...device.entries.keys()]).toEqual([]);
    expect(client.getQueryCache().getAll()).toEqual([]);
    expect(client.getMutationCache().getAll()).toEqual([]);
  });

  it('a session ended in another tab is removed by this one too', async () => {
    const api = new Api();
    const device = new Device();
    const channel = `hearth-keeper-shared-${Math.random()}`;
    const { client, keeper } = await signedInWithData(api, device, tab(api, channel));
    const other = tab(api, channel);

    await other.restore();
    await other.signOut();
    await new Promise((resolve) => setTimeout(resolve, 20));
    await keeper.idle();

    expect([...device.entries.keys()]).toEqual([]);
    expect(client.getQueryCache().getAll()).toEqual([]);
  });

  it('a refresh refused at start-up removes what the device kept, so the app no longer opens offline for anyone', async () => {
    const api = new Api();
    const device = new Device();
    device.entries.set('last-user', { claims: { userId: 'u1' } });
    device.entries.set('cache:u1', { queries: 3, queued: 2 });
    api.refresh = () => problem(401, 'SESSION_REVOKED');
    const session = tab(api);
    const keeper = keepOnDevice(session, new QueryClient(), async () => device);

    expect(await session.restore()).toBe(false);
    await keeper.idle();
    expect([...device.entries.keys()]).toEqual([]);

    // the next start has no network: nobody to resume (the app shows its offline screen)
    const offline = tab(new Api());
    expect(await startOffline(offline, async () => device)).toBe(false);
    expect(offline.getSnapshot()).toMatchObject({ claims: null });
    expect([...device.entries.keys()]).toEqual([]);
  });

  it('no network, an outage or a rate limit end nothing: the data stays and opens offline', async () => {
    for (const answer of [() => problem(503, 'SERVICE_UNAVAILABLE'), () => problem(429, 'RATE_LIMITED')]) {
      const api = new Api();
      const device = new Device();
      const { session, keeper } = await signedInWithData(api, device);
      api.refresh = answer;
      await expect(session.refresh()).rejects.toMatchObject({ status: answer().status });
      await keeper.idle();
      expect(session.getSnapshot().status).toBe('signedIn');
      expect([...device.entries.keys()].sort()).toEqual(['cache:u1', 'last-user']);
    }

    const device = new Device();
    device.entries.set('last-user', { claims: { userId: 'u1', nickname: 'Anna' } });
    const offline = tab(new Api());
    expect(await startOffline(offline, async () => device)).toBe(true);
    expect(offline.getSnapshot()).toMatchObject({ status: 'signedIn', token: null, claims: { userId: 'u1' } });
  });
});

import { createServer, connect, Server, Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { createTestApp, Response, TestApp } from '../support/app';
import { createUser, DEFAULT_PASSWORD, login, refreshCookieOf, signedInUser, TestUser } from '../support/factories';
import { databaseUrl } from '../../src/database/admin';
import { waitFor } from '../support/wait';

/**
 * A TCP proxy in front of PostgreSQL that the test cuts (every connection dropped, new ones refused)
 * or freezes (a silent network: bytes go nowhere, new connections hang), then restores.
 */
class CuttableProxy {
  private server!: Server;
  private readonly pairs = new Set<[Socket, Socket | null]>();
  private mode: 'up' | 'cut' | 'frozen' = 'up';
  port = 0;

  constructor(private readonly targetPort: number) {}

  async start(): Promise<void> {
    this.server = createServer((client) => {
      client.on('error', () => undefined);
      if (this.mode === 'cut') return client.destroy();
      if (this.mode === 'frozen') {
        const held: [Socket, Socket | null] = [client, null];
        this.pairs.add(held);
        client.on('close', () => this.pairs.delete(held));
        return;
      }
      const upstream = connect(this.targetPort, '127.0.0.1');
      upstream.on('error', () => undefined);
      const pair: [Socket, Socket | null] = [client, upstream];
      this.pairs.add(pair);
      for (const socket of pair) {
        socket!.on('close', () => {
          this.pairs.delete(pair);
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream);
      upstream.pipe(client);
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  private dropAll(): void {
    for (const [client, upstream] of this.pairs) {
      client.destroy();
      upstream?.destroy();
    }
  }

  cut(): void {
    this.mode = 'cut';
    this.dropAll();
  }

  freeze(): void {
    this.mode = 'frozen';
    for (const [client, upstream] of this.pairs) {
      client.unpipe();
      upstream?.unpipe();
      client.pause();
      upstream?.pause();
    }
  }

  /** Back up; a frozen partition ends as partitions do, with its connections reset. */
  restore(): void {
    if (this.mode === 'frozen') this.dropAll();
    this.mode = 'up';
  }

  stop(): Promise<void> {
    this.cut();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

const TIMEOUT_MS = 1500;
/** No request may wait longer than the bound; a little slack for the event loop of a shared machine. */
const BOUND_MS = TIMEOUT_MS + 1500;

describe('database outage: 503 with Retry-After in bounded time, nothing half-written, nothing revoked', () => {
  let t: TestApp;
  let proxy: CuttableProxy;

  beforeAll(async () => {
    proxy = new CuttableProxy(Number(new URL(databaseUrl('postgres')).port || 5432));
    await proxy.start();
    t = await createTestApp(
      { DATABASE_TIMEOUT_MS: String(TIMEOUT_MS) },
      {
        viaDatabaseUrl: (url) => {
          const via = new URL(url);
          via.host = `127.0.0.1:${proxy.port}`;
          return via.toString();
        },
      },
    );
  }, 60_000);
  afterAll(async () => {
    proxy.restore();
    await t.close();
    await proxy.stop();
  });

  async function timed(request: Promise<Response>): Promise<{ response: Response; ms: number }> {
    const started = Date.now();
    const response = await request;
    return { response, ms: Date.now() - started };
  }

  function expectUnavailable({ response, ms }: { response: Response; ms: number }): void {
    expect({ status: response.statusCode, code: response.json().code, type: String(response.headers['content-type']).split(';')[0] }).toEqual({
      status: 503,
      code: 'SERVICE_UNAVAILABLE',
      type: 'application/problem+json',
    });
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    expect(ms).toBeLessThan(BOUND_MS);
  }

  /** /health/ready says 503 in bounded time while the database is away, and 200 again once it is back. */
  async function expectNotReadyThenRecovered(): Promise<void> {
    const ready = await timed(t.inject({ url: '/health/ready' }));
    expect(ready.response.statusCode).toBe(503);
    expect(ready.ms).toBeLessThan(BOUND_MS);
    proxy.restore();
    await waitFor(async () => (await t.inject({ url: '/health/ready' })).statusCode === 200, 15_000, 200);
  }

  const revokedSessions = async (): Promise<number> =>
    (await t.db.query('SELECT count(*)::int AS revoked FROM sessions WHERE revoked_date IS NOT NULL'))[0].revoked;

  it('answers logins, refreshes and lists 503 during the cut, then serves them again, losing nothing', async () => {
    const member = await signedInUser(t, { modules: ['Map', 'Notes'] });
    const others: TestUser[] = await Promise.all([1, 2, 3].map(() => createUser(t)));
    const sessions = await Promise.all(others.map((user) => login(t, user)));
    const [{ markers: markersBefore }] = await t.db.query('SELECT count(*)::int AS markers FROM markers');
    const revokedBefore = await revokedSessions();
    expect((await t.inject({ url: '/health/ready' })).statusCode).toBe(200);

    proxy.cut();
    const during = await Promise.all([
      ...others.map((user) => timed(t.api('POST', '/session', { payload: { username: user.username, password: DEFAULT_PASSWORD } }))),
      ...sessions.map((session) => timed(t.api('POST', '/session/refresh', { cookies: { refresh_token: session.refreshToken } }))),
      ...[1, 2, 3].map(() => timed(t.api('GET', '/markers', { token: member.accessToken }))),
      ...[1, 2].map(() => timed(t.api('GET', '/notes', { token: member.accessToken }))),
      timed(t.api('POST', '/markers', { token: member.accessToken, payload: { title: 'Written during the cut', latitude: 1, longitude: 2 } })),
    ]);
    for (const outcome of during) expectUnavailable(outcome);
    await expectNotReadyThenRecovered();

    // every refresh token still works: none was rotated half-way or revoked by accident
    for (const session of sessions) {
      const refreshed = await t.api('POST', '/session/refresh', { cookies: { refresh_token: session.refreshToken } });
      expect(refreshed.statusCode).toBe(200);
      expect(refreshCookieOf(refreshed)).toBeTruthy();
    }
    expect(await revokedSessions()).toBe(revokedBefore);
    const [{ markers }] = await t.db.query('SELECT count(*)::int AS markers FROM markers');
    expect(markers).toBe(markersBefore);
    expect((await t.api('GET', '/markers', { token: member.accessToken })).statusCode).toBe(200);
    expect((await t.api('POST', '/session', { payload: { username: others[0].username, password: DEFAULT_PASSWORD } })).statusCode).toBe(200);
  }, 60_000);

  it('answers within the bound when the network goes silent instead of failing, and recovers', async () => {
    const member = await signedInUser(t, { modules: ['Map'] });
    const other = await createUser(t);
    const session = await login(t, other);
    const revokedBefore = await revokedSessions();

    proxy.freeze();
    const during = await Promise.all([
      timed(t.api('POST', '/session', { payload: { username: other.username, password: DEFAULT_PASSWORD } })),
      timed(t.api('POST', '/session/refresh', { cookies: { refresh_token: session.refreshToken } })),
      timed(t.api('GET', '/markers', { token: member.accessToken })),
      timed(t.api('POST', '/markers', { token: member.accessToken, payload: { title: 'Written into the void', latitude: 1, longitude: 2 } })),
    ]);
    for (const outcome of during) expectUnavailable(outcome);
    await expectNotReadyThenRecovered();
    const refreshed = await t.api('POST', '/session/refresh', { cookies: { refresh_token: session.refreshToken } });
    expect(refreshed.statusCode).toBe(200);
    expect(await revokedSessions()).toBe(revokedBefore);
    const [{ count }] = await t.db.query(`SELECT count(*)::int AS count FROM markers WHERE title = 'Written into the void'`);
    expect(count).toBe(0);
  }, 60_000);
});

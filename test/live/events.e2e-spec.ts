import type { OnApplicationBootstrap } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sign } from 'jsonwebtoken';
import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import { AddressInfo, connect, createServer, Socket } from 'node:net';
import type { DataSource } from 'typeorm';
import { dropDatabase } from '../../src/database/admin';
import { Marker } from '../../src/modules/markers/entities/marker.entity';
import { createStorage } from '../../src/infrastructure/storage/storage.module';
import { StorageService } from '../../src/infrastructure/storage/storage.service';
import { BackupService } from '../../src/modules/backup/backup.service';
import { RestoreService } from '../../src/modules/backup/restore.service';
import { HISTORY_AFTER } from '../../src/modules/history/history.sql';
import { ChangeFeed } from '../../src/modules/live/change-feed';
import { CursorSeal } from '../../src/modules/live/cursor';
import { budgetSetup } from '../budget/budget-support';
import { createTestApp, TestApp, TEST_ENV } from '../support/app';
import { createGroup, decodeClaims, login, LoggedIn, signedInUser, TestUser } from '../support/factories';
import { openStream, TestStream } from '../support/sse';

const REDIS_URL = 'redis://127.0.0.1:6379';

/**
 * GET /events over real HTTP, against three instances of the service on one database
 * (docs/live.md): A makes the changes, streams listen on B and C too. Across instances through
 * PostgreSQL, and again with REDIS_URL through Redis pub/sub (each test database has its own
 * REDIS_KEY_PREFIX, so its channel is its own).
 */
describe.each([
  { transport: 'PostgreSQL LISTEN/NOTIFY', env: {} as Record<string, string>, listeningConnections: 3 },
  { transport: 'Redis pub/sub', env: { REDIS_URL } as Record<string, string>, listeningConnections: 1 },
])('GET /events (live changes) across instances through $transport', ({ env, listeningConnections }) => {
  let a: TestApp;
  let b: TestApp;
  let c: TestApp;
  const url: Record<'a' | 'b' | 'c', string> = { a: '', b: '', c: '' };
  let groupId: string;
  let mia: TestUser & LoggedIn;
  let tom: TestUser & LoggedIn;
  let admin: TestUser & LoggedIn;
  let stranger: TestUser & LoggedIn;
  const open: TestStream[] = [];

  const opened = streamsKeptIn(open);
  const stream = (where: keyof typeof url, token: string, lastEventId?: string) => opened(url[where], token, lastEventId);
  const note = async (token: string, payload: Record<string, unknown> = {}) =>
    (await a.api('POST', '/notes', { token, payload: { title: 'Shopping', ...payload } })).json();
  const addItem = async (token: string, noteId: string, text: string) => (await a.api('POST', `/notes/${noteId}/items`, { token, payload: { text } })).json();
  const marker = async (token: string, title = 'Café') => (await a.api('POST', '/markers', { token, payload: { title, latitude: 1, longitude: 2 } })).json();
  const changeFor = (id: string) => (e: { event: string; data: any }) => e.event === 'change' && e.data.entityId === id;

  beforeAll(async () => {
    a = await createTestApp({ ...env, LIVE_REPLAY_LIMIT: '5' });
    b = await createTestApp({ ...env, LIVE_REPLAY_LIMIT: '5' }, { existingDatabase: a.databaseName });
    c = await createTestApp({ ...env, LIVE_REPLAY_LIMIT: '5' }, { existingDatabase: a.databaseName });
    url.a = await listen(a);
    url.b = await listen(b);
    url.c = await listen(c);
    groupId = (await createGroup(a)).id;
    mia = await signedInUser(a, { groupId });
    tom = await signedInUser(a, { groupId });
    admin = await signedInUser(a, { role: 'Admin' });
    stranger = await signedInUser(a);
  });
  afterEach(() => {
    for (const s of open.splice(0)) s.close();
  });
  afterAll(async () => {
    await c.app.close();
    await b.app.close();
    await a.close();
  }, 60_000);

  it('answers text/event-stream, starting with ready and its cursor; 401 without a token', async () => {
    const s = await stream('a', mia.accessToken);
    expect(s.status).toBe(200);
    expect(s.contentType).toMatch(/^text\/event-stream/);
    expect(s.events[0]).toMatchObject({ event: 'ready', data: { resumed: false } });
    expect(s.events[0].id).toMatch(OPAQUE_CURSOR);
    const anonymous = await fetch(`${url.b}/api/v1/events`);
    expect(anonymous.status).toBe(401);
    expect(((await anonymous.json()) as { code?: string }).code).toBeDefined();
  });

  it("delivers a member's tick, add and reorder to the other member on every instance, in order, ids only", async () => {
    const shopping = await note(mia.accessToken);
    const milk = await addItem(mia.accessToken, shopping.id, 'Milk');
    const onB = await stream('b', tom.accessToken);
    const onC = await stream('c', tom.accessToken);
    const own = await stream('a', mia.accessToken);
    const outsider = await stream('a', stranger.accessToken);

    expect((await a.api('PATCH', `/notes/${shopping.id}/items/${milk.id}/toggle`, { token: mia.accessToken })).statusCode).toBe(200);
    const bread = await addItem(mia.accessToken, shopping.id, 'Bread');
    const current = (await a.api('GET', `/notes/${shopping.id}`, { token: mia.accessToken })).json().items.map((item: { id: string }) => item.id);
    const order = await a.api('PATCH', `/notes/${shopping.id}/items/order`, { token: mia.accessToken, payload: { itemIds: [...current].reverse() } });
    expect(order.statusCode).toBeLessThan(300);

    for (const s of [onB, onC, own]) {
      const tick = await s.next(changeFor(milk.id));
      expect(tick.data).toEqual({
        entityType: 'NoteItem',
        entityId: milk.id,
        parentId: shopping.id,
        action: 'Updated',
        userId: mia.id,
        at: expect.stringMatching(/Z$/),
      });
      await s.next(changeFor(bread.id));
      const kinds = s.changes().map((d) => `${d.action} ${d.entityId === milk.id ? 'milk' : d.entityId === bread.id ? 'bread' : d.entityType}`);
      // the tick, the add, then the reorder (an update of whichever item moved)
      expect(kinds[0]).toBe('Updated milk');
      expect(kinds[1]).toBe('Created bread');
      expect(
        increasing(
          a,
          s.events.filter((e) => e.event === 'change' && e.id).map((e) => e.id!),
        ),
      ).toBe(true);
    }
    await onB.next((e) => e.event === 'change' && e.data.action === 'Updated' && e.data.entityId !== milk.id, 5000);
    expect(outsider.changes()).toEqual([]);
  });

  it(`listens to the database with ${listeningConnections} connection(s) for the three instances`, async () => {
    for (const where of ['a', 'b', 'c'] as const) await stream(where, tom.accessToken);
    expect(await listeningConnectionsOf(a)).toBe(listeningConnections);
  });

  it("never sends a private note's changes to another member, not even on the raw stream", async () => {
    const tomStream = await stream('b', tom.accessToken);
    const miaStream = await stream('c', mia.accessToken);
    const secret = await note(mia.accessToken, { title: 'Presents', isPrivate: true });
    const item = await addItem(mia.accessToken, secret.id, 'Bike');
    await a.api('PATCH', `/notes/${secret.id}/items/${item.id}/toggle`, { token: mia.accessToken });
    const sentinel = await marker(mia.accessToken);

    await miaStream.next(changeFor(item.id));
    await tomStream.next(changeFor(sentinel.id));
    const seen = JSON.stringify(tomStream.events);
    expect(seen).not.toContain(secret.id);
    expect(seen).not.toContain(item.id);
    // and not on a resume either
    const replay = await stream('a', tom.accessToken, miaStream.events[0].id);
    expect(replay.changes().map((d) => d.entityId)).toContain(sentinel.id);
    expect(JSON.stringify(replay.events)).not.toContain(secret.id);
  });

  it('replays what a cut stream missed, in order, then goes live; too old or unknown cursors give reset', async () => {
    const first = await stream('b', tom.accessToken);
    const cursor = first.events[0].id!;
    first.close();
    const made = [await marker(mia.accessToken, 'One'), await marker(mia.accessToken, 'Two'), await marker(mia.accessToken, 'Three')];

    const resumed = await stream('c', tom.accessToken, cursor);
    // (a writing transaction running meanwhile may hold cursors back: what came before can be repeated, never lost)
    const madeIds = made.map((m) => m.id);
    expect(
      resumed
        .changes()
        .map((d) => d.entityId)
        .filter((id) => madeIds.includes(id)),
    ).toEqual(madeIds);
    expect(resumed.events.at(-1)).toMatchObject({ event: 'ready', data: { resumed: true } });
    expect(
      increasing(
        a,
        resumed.events.filter((e) => e.id).map((e) => e.id!),
      ),
    ).toBe(true);
    const live = await marker(mia.accessToken, 'Four');
    await resumed.next(changeFor(live.id));

    // LIVE_REPLAY_LIMIT is 5 here: six missed changes are too many
    const lastId = resumed.events.filter((e) => e.id).at(-1)!.id!;
    resumed.close();
    for (let i = 0; i < 6; i++) await marker(mia.accessToken, `Many ${i}`);
    const tooOld = await stream('a', tom.accessToken, lastId);
    expect(tooOld.events.slice(0, 2).map((e) => e.event)).toEqual(['reset', 'ready']);
    for (const unknown of ['not-a-cursor', '999999999999', '999999999999-1', tampered(lastId)]) {
      const s = await stream('a', tom.accessToken, unknown);
      expect(s.events[0].event).toBe('reset');
    }
  });

  it('answers a cursor it never handed out, such as 0-0, with reset instead of reading the history from its start', async () => {
    // a fresh group with a few rows: a replay from the start would fit in the limit and be sent
    const team = await createGroup(a);
    const ida = await signedInUser(a, { groupId: team.id });
    await marker(ida.accessToken, 'Only one');
    for (const forged of ['0-0', '0', '1-1']) {
      const s = await stream('b', ida.accessToken, forged);
      // (the marker's own event may still arrive live after `ready`: nothing is replayed before it)
      expect(s.events.slice(0, 2).map((e) => e.event)).toEqual(['reset', 'ready']);
      expect(s.events[1].data).toEqual({ resumed: false });
    }
  });

  it("hands out opaque cursors: a member cannot read another group's activity from them", async () => {
    const before = await stream('b', tom.accessToken);
    // another group is busy meanwhile
    for (let i = 0; i < 5; i++) await marker(stranger.accessToken, `Elsewhere ${i}`);
    const after = await stream('c', tom.accessToken);
    const [{ tx, seq }] = await a.db.query(`SELECT tx::text, seq::text FROM action_histories ORDER BY seq DESC LIMIT 1`);
    for (const id of [before.events[0].id!, after.events[0].id!]) {
      expect(id).toMatch(OPAQUE_CURSOR);
      // no database-wide counter inside, not as `<tx>-<seq>` (the form the cursors had) nor in bytes
      expect(id).not.toContain(`${tx}-`);
      const bytes = Buffer.from(id, 'base64url');
      for (const n of [seq, tx]) {
        const big = Buffer.alloc(8);
        big.writeBigUInt64BE(BigInt(n));
        expect(bytes.includes(big)).toBe(false);
      }
    }
    // the same place gives a different cursor each time: nothing to compare or subtract
    const again = await stream('a', tom.accessToken);
    expect(again.events[0].id).not.toBe(after.events[0].id);
    // and each still resumes, on any instance
    for (const where of ['a', 'b', 'c'] as const) {
      const resumed = await stream(where, tom.accessToken, after.events[0].id);
      expect(resumed.events.at(-1)).toMatchObject({ event: 'ready', data: { resumed: true } });
    }
  });

  it('a resume does not miss a long transaction that commits after a later-numbered short one', async () => {
    const s = await stream('b', tom.accessToken);
    // T1 writes its history row first (the lower number) and stays open
    const long = a.db.createQueryRunner();
    await long.connect();
    await long.startTransaction();
    const slow = randomUUID();
    await long.query(
      `INSERT INTO action_histories (id, group_id, entity_type, entity_id, action, user_id, user_nickname) ` +
        `VALUES (gen_random_uuid(), $1, 'Marker', $2, 'Updated', NULL, 'System')`,
      [groupId, slow],
    );
    try {
      // T2 writes later and commits first; the client sees it, then is cut
      const quick = await marker(mia.accessToken, 'Quick');
      await s.next(changeFor(quick.id));
      const cursor = s.events.filter((e) => e.id).at(-1)!.id!;
      s.close();
      await long.commitTransaction();
      const resumed = await stream('c', tom.accessToken, cursor);
      expect(resumed.events.at(-1)).toMatchObject({ event: 'ready', data: { resumed: true } });
      expect(resumed.changes().map((d) => d.entityId)).toContain(slow);
    } finally {
      if (long.isTransactionActive) await long.rollbackTransaction();
      await long.release();
    }
  });

  it('sends a statement import of thousands of transactions as one event per created transaction, in the order written', async () => {
    const { main, food } = await budgetSetup(a, mia);
    const s = await stream('b', tom.accessToken);
    const lines = ['Date,Description,Amount'];
    for (let i = 0; i < 2500; i++) lines.push(`2026-03-${String((i % 28) + 1).padStart(2, '0')},Shop ${i},-${(i % 90) + 1}.00`);
    const preview = await a.api('POST', `/budget-accounts/${main.id}/imports`, {
      token: mia.accessToken,
      payload: lines.join('\n'),
      headers: { 'content-type': 'text/csv' },
    });
    expect(preview.statusCode).toBe(201);
    const rows = preview.json().rows.map((row: { index: number }) => ({ index: row.index, include: true, categoryId: food.id }));
    const committed = await a.api('POST', `/imports/${preview.json().id}/commit`, { token: mia.accessToken, payload: { rows } });
    expect(committed.json()).toEqual({ created: 2500, skipped: 0 });
    const after = await marker(mia.accessToken, 'After the import');
    await s.next(changeFor(after.id), 20_000);

    const imported = s.changes().filter((d) => d.entityType === 'Transaction');
    const created: { entity_id: string }[] = await a.db.query(
      `SELECT entity_id FROM action_histories WHERE entity_type = 'Transaction' AND group_id = $1 ORDER BY tx, seq`,
      [mia.groupId],
    );
    expect(created).toHaveLength(2500);
    expect(imported.map((d) => d.entityId)).toEqual(created.map((row) => row.entity_id));
    expect(imported.every((d) => d.action === 'Created' && d.userId === mia.id && !('count' in d))).toBe(true);
  });

  it('ends the stream when the session is revoked, on any instance', async () => {
    const second = await login(a, tom);
    const s = await stream('b', second.accessToken);
    expect((await a.api('DELETE', `/sessions/${second.claims.SessionId}`, { token: tom.accessToken })).statusCode).toBe(204);
    expect(await s.next((e) => e.event === 'end')).toMatchObject({ data: { reason: 'revoked' } });
    await s.ended;
  });

  it('ends the stream on a role change and on a group change', async () => {
    const member = await signedInUser(a, { groupId });
    const s = await stream('c', member.accessToken);
    await a.api('PATCH', `/users/${member.id}/role`, { token: admin.accessToken, payload: { role: 'Admin' } });
    expect(await s.next((e) => e.event === 'end')).toMatchObject({ data: { reason: 'permissions' } });

    const fresh = await login(a, member);
    const again = await stream('b', fresh.accessToken);
    const elsewhere = await createGroup(a);
    await a.api('PATCH', `/users/${member.id}/group`, { token: admin.accessToken, payload: { groupId: elsewhere.id } });
    expect(await again.next((e) => e.event === 'end')).toMatchObject({ data: { reason: 'permissions' } });
  });

  it('ends the stream when the access token expires', async () => {
    const claims = decodeClaims(mia.accessToken);
    const now = Math.floor(Date.now() / 1000);
    const shortLived = sign({ ...claims, iat: now, exp: now + 2 }, TEST_ENV.JWT_SECRET, { algorithm: 'HS256' });
    const s = await stream('a', shortLived);
    expect(s.status).toBe(200);
    expect(await s.next((e) => e.event === 'end', 6000)).toMatchObject({ data: { reason: 'expired' } });
  });

  it("closes a user's oldest stream when they open an 11th, whichever instance holds it", async () => {
    const streams: TestStream[] = [];
    for (let i = 0; i < 10; i++) streams.push(await stream('a', stranger.accessToken));
    // the 11th and 12th on other instances close the two oldest, on instance a
    const eleventh = await stream('b', stranger.accessToken);
    const twelfth = await stream('c', stranger.accessToken);
    expect(await streams[0].next((e) => e.event === 'end')).toMatchObject({ data: { reason: 'limit' } });
    expect(await streams[1].next((e) => e.event === 'end')).toMatchObject({ data: { reason: 'limit' } });
    await streams[0].ended;
    await streams[1].ended;
    // the other ten stay open
    const sentinel = await marker(stranger.accessToken, 'Still live');
    for (const s of [...streams.slice(2), eleventh, twelfth]) await s.next(changeFor(sentinel.id));
    expect([...streams.slice(2), eleventh, twelfth].filter((s) => s.isEnded())).toEqual([]);
  });

  it('ends a stream whose session is revoked, or whose permissions change, while it is being opened', async () => {
    const feed = b.app.get(ChangeFeed);
    const ready = feed.ready.bind(feed);
    /** opens a stream on b that waits after the guard's check until `hold` lets it go on */
    const paused = async (token: string) => {
      let entered!: () => void;
      let go!: () => void;
      const inside = new Promise<void>((resolve) => (entered = resolve));
      const hold = new Promise<void>((resolve) => (go = resolve));
      const spy = jest.spyOn(feed, 'ready').mockImplementationOnce(async () => {
        entered();
        await hold;
        return ready();
      });
      const opening = stream('b', token);
      await inside;
      spy.mockRestore();
      return { opening, go };
    };

    const device = await login(a, tom);
    // a stream of the same session on b: when it ends, b has heard the revocation
    const witness = await stream('b', device.accessToken);
    const revoked = await paused(device.accessToken);
    expect((await a.api('DELETE', `/sessions/${device.claims.SessionId}`, { token: tom.accessToken })).statusCode).toBe(204);
    expect(await witness.next((e) => e.event === 'end')).toMatchObject({ data: { reason: 'revoked' } });
    revoked.go();
    const late = await revoked.opening;
    expect(late.status).toBe(200);
    expect(await late.next((e) => e.event === 'end')).toMatchObject({ data: { reason: 'revoked' } });
    await late.ended;

    const member = await signedInUser(a, { groupId });
    const watching = await stream('b', member.accessToken);
    const promoted = await paused(member.accessToken);
    await a.api('PATCH', `/users/${member.id}/role`, { token: admin.accessToken, payload: { role: 'Admin' } });
    expect(await watching.next((e) => e.event === 'end')).toMatchObject({ data: { reason: 'permissions' } });
    promoted.go();
    const stale = await promoted.opening;
    expect(await stale.next((e) => e.event === 'end')).toMatchObject({ data: { reason: 'permissions' } });
  });

  it("stops a module's events at once when the module is switched off, and the history hides them", async () => {
    const team = await createGroup(a);
    const lea = await signedInUser(a, { groupId: team.id });
    const max = await signedInUser(a, { groupId: team.id });
    const place = await marker(lea.accessToken, 'Lake');
    const s = await stream('b', max.accessToken);
    await s.next(changeFor(place.id)).catch(() => undefined);
    const cursor = s.events[0].id!;
    const off = await a.api('PUT', `/groups/${team.id}`, {
      token: admin.accessToken,
      payload: { name: team.name, currency: team.currency, modules: ['Notes', 'Budget'] },
    });
    expect(off.statusCode).toBe(200);
    expect(await s.next((e) => e.event === 'end')).toMatchObject({ data: { reason: 'permissions' } });

    // a Map change committed after the switch (a job, another instance's request in flight) reaches no one
    const fresh = await login(a, max);
    const again = await stream('c', fresh.accessToken, cursor);
    expect(again.changes().map((d) => d.entityType)).not.toContain('Marker');
    await insertMarkerRow(a, team.id);
    const shared = await note((await login(a, lea)).accessToken);
    await again.next(changeFor(shared.id));
    expect(again.changes().map((d) => d.entityType)).not.toContain('Marker');
  });

  it('sends nothing for a rolled-back change', async () => {
    const s = await stream('c', tom.accessToken);
    const db = a.app.get<DataSource>(getDataSourceToken());
    let rolledBack = '';
    await expect(
      db.transaction(async (manager) => {
        const saved = await manager.save(
          Marker,
          manager.create(Marker, { groupId, title: 'Never', latitude: 0, longitude: 0, date: '2026-01-01', createdBy: mia.id } as any),
        );
        rolledBack = (saved as any).id;
        throw new Error('rolled back on purpose');
      }),
    ).rejects.toThrow('rolled back on purpose');
    expect(rolledBack).not.toBe('');
    const after = await marker(mia.accessToken, 'Committed');
    await s.next(changeFor(after.id));
    expect(JSON.stringify(s.events)).not.toContain(rolledBack);
    expect((await a.db.query('SELECT count(*)::int AS n FROM action_histories WHERE entity_id = $1', [rolledBack]))[0].n).toBe(0);
  });

  it('ends its streams first when an instance shuts down', async () => {
    const d = await createTestApp(env, { existingDatabase: a.databaseName });
    const s = await openStream(await listen(d), tom.accessToken);
    await s.next((e) => e.event === 'ready');
    await d.app.close();
    expect(await s.next((e) => e.event === 'end')).toMatchObject({ data: { reason: 'restart' } });
    await s.ended;
  });
});

/**
 * What bounds a stream, on two instances of one database without Redis: the replay window, the
 * opens a user may make a minute, each instance's cap, and the index the replay reads through.
 */
describe('GET /events: replay window, open rate, instance cap and the replay index', () => {
  let x: TestApp;
  let y: TestApp;
  const url = { x: '', y: '' };
  const open: TestStream[] = [];
  const env = { RATE_LIMIT_ENABLED: 'true', RATE_LIMIT_AUTH_PER_MINUTE: '1000', LIVE_REPLAY_WINDOW_SECONDS: '3' };
  const stream = streamsKeptIn(open);
  const refused = async (baseUrl: string, token: string) => {
    const response = await fetch(`${baseUrl}/api/v1/events`, { headers: { authorization: `Bearer ${token}` } });
    return {
      status: response.status,
      retryAfter: response.headers.get('retry-after'),
      type: response.headers.get('content-type'),
      body: (await response.json()) as { code: string },
    };
  };

  beforeAll(async () => {
    x = await createTestApp(env);
    y = await createTestApp({ ...env, LIVE_MAX_STREAMS_PER_INSTANCE: '2' }, { existingDatabase: x.databaseName });
    url.x = await listen(x);
    url.y = await listen(y);
  });
  afterEach(() => {
    for (const s of open.splice(0)) s.close();
  });
  afterAll(async () => {
    // the test's HTTP client can leave a connection it opened but never sent a request on: the
    // server would wait for its headers (up to a minute) before closing
    for (const t of [y, x]) (t.app.getHttpServer() as Server).closeAllConnections();
    await y.app.close();
    await x.close();
  }, 60_000);

  it('answers a cursor older than the replay window with reset, a recent one with the missed changes', async () => {
    const kim = await signedInUser(x);
    const first = await stream(url.x, kim.accessToken);
    const cursor = first.events[0].id!;
    first.close();
    const place = (await x.api('POST', '/markers', { token: kim.accessToken, payload: { title: 'Pier', latitude: 1, longitude: 2 } })).json();
    const soon = await stream(url.y, kim.accessToken, cursor);
    expect(soon.events.at(-1)).toMatchObject({ event: 'ready', data: { resumed: true } });
    expect(soon.changes().map((d) => d.entityId)).toContain(place.id);
    // LIVE_REPLAY_WINDOW_SECONDS is 3 here
    await new Promise((resolve) => setTimeout(resolve, 3500));
    const late = await stream(url.x, kim.accessToken, cursor);
    expect(late.events.map((e) => e.event)).toEqual(['reset', 'ready']);
    expect(late.changes()).toEqual([]);
  });

  it('lets a user open 30 streams a minute; the 31st is 429 with Retry-After, others are not affected', async () => {
    const lou = await signedInUser(x);
    for (let i = 0; i < 30; i++) {
      const s = await stream(url.x, lou.accessToken);
      expect({ i, status: s.status }).toEqual({ i, status: 200 });
      s.close();
    }
    const answer = await refused(url.x, lou.accessToken);
    expect(answer.status).toBe(429);
    expect(answer.type).toMatch(/^application\/problem\+json/);
    expect(answer.body.code).toBe('RATE_LIMITED');
    expect(Number(answer.retryAfter)).toBeGreaterThanOrEqual(1);
    expect(Number(answer.retryAfter)).toBeLessThanOrEqual(60);
    const other = await signedInUser(x);
    expect((await stream(url.x, other.accessToken)).status).toBe(200);
  });

  it('refuses a stream with 429 and Retry-After on an instance that serves its most (LIVE_MAX_STREAMS_PER_INSTANCE); another instance takes it', async () => {
    const [one, two, three] = [await signedInUser(x), await signedInUser(x), await signedInUser(x)];
    const held = [await stream(url.y, one.accessToken), await stream(url.y, two.accessToken)];
    expect(held.map((s) => s.status)).toEqual([200, 200]);
    const full = await refused(url.y, three.accessToken);
    expect(full.status).toBe(429);
    expect(full.body.code).toBe('STREAMS_FULL');
    expect(Number(full.retryAfter)).toBeGreaterThan(0);
    expect((await stream(url.x, three.accessToken)).status).toBe(200);
    // a place is free again once a stream ends
    held[0].close();
    let again = await stream(url.y, three.accessToken);
    for (let i = 0; again.status !== 200 && i < 20; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      again = await stream(url.y, three.accessToken);
    }
    expect(again.status).toBe(200);
  });

  it("reads a replay through the group's index, not through every group's history", async () => {
    const viewer = await signedInUser(x);
    const chief = await signedInUser(x, { role: 'Admin' });
    // 40 other groups with 1 000 rows each, and 3 000 of the viewer's group, written as a job would
    // (no notifications for them)
    const runner = x.db.createQueryRunner();
    await runner.connect();
    try {
      await runner.startTransaction();
      await runner.query(`SET LOCAL session_replication_role = replica`);
      await runner.query(
        `INSERT INTO action_histories (id, group_id, entity_type, entity_id, action, user_id, user_nickname)
         SELECT gen_random_uuid(), g.id, 'Marker', gen_random_uuid(), 'Updated', NULL, 'System'
           FROM (SELECT gen_random_uuid() AS id FROM generate_series(1, 40)) g, generate_series(1, 1000)`,
      );
      await runner.query(
        `INSERT INTO action_histories (id, group_id, entity_type, entity_id, action, user_id, user_nickname)
         SELECT gen_random_uuid(), $1, 'Note', gen_random_uuid(), 'Updated', NULL, 'System' FROM generate_series(1, 3000)`,
        [viewer.groupId],
      );
      await runner.commitTransaction();
    } finally {
      await runner.release();
    }
    await x.db.query('ANALYZE action_histories');
    const plan = async (reader: 'member' | 'admin', who: TestUser & LoggedIn) => {
      const rows: { 'QUERY PLAN': unknown }[] = await x.db.query(`EXPLAIN (FORMAT JSON) ${HISTORY_AFTER[reader].text}`, [
        who.id,
        who.groupId,
        [],
        '0',
        '0',
        501,
      ]);
      return JSON.stringify(rows[0]['QUERY PLAN']);
    };
    const member = await plan('member', viewer);
    expect(member).toContain('ix_action_histories_group_cursor');
    expect(member).not.toContain('Seq Scan');
    expect(member).not.toContain('uq_action_histories_cursor');
    const admin = await plan('admin', chief);
    expect(admin).toContain('ix_action_histories_group_cursor');
    expect(admin).toContain('ix_action_histories_admin_cursor');
    expect(admin).not.toContain('Seq Scan');
    // and the stream still replays what the viewer may see
    const s = await stream(url.x, viewer.accessToken);
    expect(s.events[0].event).toBe('ready');
    s.close();
    const place = (await x.api('POST', '/markers', { token: viewer.accessToken, payload: { title: 'Dock', latitude: 1, longitude: 2 } })).json();
    const resumed = await stream(url.y, viewer.accessToken, s.events[0].id);
    expect(resumed.changes().map((d) => d.entityId)).toEqual([place.id]);
  });
});

/** A restore renews the key cursors are sealed with: a cursor handed out before it gives reset. */
describe('GET /events after a restore', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'hearth-live-restore-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('answers a cursor from before the last restore with reset', async () => {
    const t = await createTestApp({ BACKUP_DIR: dir });
    let restored: TestApp | undefined;
    const streams: TestStream[] = [];
    try {
      const before = await listen(t);
      const ada = await signedInUser(t);
      const first = await openStream(before, ada.accessToken);
      streams.push(first);
      await first.next((e) => e.event === 'ready');
      const cursor = first.events[0].id!;
      first.close();
      const archive = await new BackupService(t.config, t.app.get(StorageService)).create();
      // a change after the backup: the restore takes it away again, so a client that saw it must refetch
      await t.api('POST', '/markers', { token: ada.accessToken, payload: { title: 'Gone after the restore', latitude: 1, longitude: 2 } });
      await t.app.close();

      const storage = createStorage(t.config);
      await (storage as Partial<OnApplicationBootstrap>).onApplicationBootstrap?.();
      await new RestoreService(t.config, storage).restore(archive, { force: true });
      restored = await createTestApp({ BACKUP_DIR: dir }, { existingDatabase: t.databaseName });
      const after = await listen(restored);
      const again = await login(restored, ada);
      const resumed = await openStream(after, again.accessToken, cursor);
      streams.push(resumed);
      await resumed.next((e) => e.event === 'ready');
      expect(resumed.events.map((e) => e.event)).toEqual(['reset', 'ready']);
      // cursors handed out after the restore resume as always
      const place = (await restored.api('POST', '/markers', { token: again.accessToken, payload: { title: 'After', latitude: 1, longitude: 2 } })).json();
      const next = await openStream(after, again.accessToken, resumed.events[1].id);
      streams.push(next);
      await next.next((e) => e.event === 'ready');
      expect(next.events.at(-1)).toMatchObject({ event: 'ready', data: { resumed: true } });
      expect(next.changes().map((d) => d.entityId)).toContain(place.id);
    } finally {
      for (const s of streams) s.close();
      if (restored) await restored.close();
      else await dropDatabase(t.databaseName);
    }
  }, 120_000);
});

/** Starts serving `t` over HTTP on a free port of the loopback; its address. */
async function listen(t: TestApp): Promise<string> {
  await t.app.listen(0, '127.0.0.1');
  return (await t.app.getUrl()).replace('[::1]', '127.0.0.1');
}

/**
 * Opens streams that are kept in `open` (for the test's afterEach to close) and read up to their
 * first `ready`, `reset` or `end` when the server accepted them.
 */
function streamsKeptIn(open: TestStream[]) {
  return async (baseUrl: string, token: string, lastEventId?: string): Promise<TestStream> => {
    const s = await openStream(baseUrl, token, lastEventId);
    open.push(s);
    if (s.status === 200) await s.next((e) => e.event === 'ready' || e.event === 'reset' || e.event === 'end');
    return s;
  };
}

/** A Marker history row committed straight to the database, as a job would write it. */
async function insertMarkerRow(t: TestApp, groupId: string): Promise<void> {
  await t.db.query(
    `INSERT INTO action_histories (id, group_id, entity_type, entity_id, action, user_id, user_nickname)
     VALUES (gen_random_uuid(), $1, 'Marker', gen_random_uuid(), 'Updated', NULL, 'System')`,
    [groupId],
  );
}

/** The cursor with one character changed in its middle. */
function tampered(id: string): string {
  return id.slice(0, 30) + (id[30] === 'A' ? 'B' : 'A') + id.slice(31);
}

/** A cursor as clients see it: 52 sealed bytes in base64url. */
const OPAQUE_CURSOR = /^[A-Za-z0-9_-]{70}$/;

/** Whether live cursors increase, in the order the service keeps (read with its own key). */
function increasing(t: TestApp, ids: string[]): boolean {
  const order = ids.map((id) => t.app.get(CursorSeal).open(id)!.cursor);
  return order.every((cursor, i) => i === 0 || cursor > order[i - 1]);
}

async function listeningConnectionsOf(t: TestApp): Promise<number> {
  const [{ n }] = await t.db.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'hearth-live'`);
  return n;
}

/**
 * With REDIS_URL one instance relays the database's notifications to Redis: when it stops another
 * takes over (streams end with `restart` and resume from the history, so nothing is lost), and a
 * Redis outage ends the streams and refuses new ones with 503 without harming the service.
 */
describe('GET /events with REDIS_URL: the relay and Redis outages', () => {
  /** run in reverse after the tests: instances before their database */
  const closers: (() => Promise<unknown>)[] = [];
  const open: TestStream[] = [];
  const stream = streamsKeptIn(open);
  afterEach(() => {
    for (const s of open.splice(0)) s.close();
  });
  afterAll(async () => {
    for (const close of closers.splice(0).reverse()) await close();
  }, 60_000);

  it('hands the relay over when its instance stops; the cut streams resume what was missed', async () => {
    const x = await createTestApp({ REDIS_URL });
    let xOpen = true;
    closers.push(
      () => dropDatabase(x.databaseName),
      async () => xOpen && x.app.close(),
    );
    const y = await createTestApp({ REDIS_URL }, { existingDatabase: x.databaseName });
    closers.push(() => y.app.close());
    const [onX, onY] = [await listen(x), await listen(y)];
    const groupId = (await createGroup(x)).id;
    const ann = await signedInUser(x, { groupId });
    // the first stream's instance becomes the relay
    await stream(onX, ann.accessToken);
    const s = await stream(onY, ann.accessToken);
    const before = (await y.api('POST', '/notes', { token: ann.accessToken, payload: { title: 'Before' } })).json();
    await s.next((e) => e.event === 'change' && e.data.entityId === before.id);

    xOpen = false;
    await x.app.close();
    // y takes over and ends its streams: what committed while no one relayed is in the history
    expect(await s.next((e) => e.event === 'end', 10_000)).toMatchObject({ data: { reason: 'restart' } });
    const cursor = s.events.filter((e) => e.id).at(-1)!.id!;
    const during = (await y.api('POST', '/notes', { token: ann.accessToken, payload: { title: 'During' } })).json();
    const resumed = await stream(onY, ann.accessToken, cursor);
    expect(resumed.changes().map((d) => d.entityId)).toContain(during.id);
    const after = (await y.api('POST', '/notes', { token: ann.accessToken, payload: { title: 'After' } })).json();
    await resumed.next((e) => e.event === 'change' && e.data.entityId === after.id);
    expect(await listeningConnectionsOf(y)).toBe(1);
  }, 30_000);

  it('ends the streams when Redis goes away, answers 503 while it is away, and works again when it is back', async () => {
    const proxy = await tcpProxy(6379);
    const z = await createTestApp({ REDIS_URL: `redis://127.0.0.1:${proxy.port}` });
    closers.push(
      () => proxy.close(),
      () => z.close(),
    );
    const onZ = await listen(z);
    const groupId = (await createGroup(z)).id;
    const bea = await signedInUser(z, { groupId });
    const s = await stream(onZ, bea.accessToken);
    const first = (await z.api('POST', '/notes', { token: bea.accessToken, payload: { title: 'First' } })).json();
    await s.next((e) => e.event === 'change' && e.data.entityId === first.id);

    await proxy.cut();
    expect(await s.next((e) => e.event === 'end', 5000)).toMatchObject({ data: { reason: 'restart' } });
    const refused = await fetch(`${onZ}/api/v1/events`, { headers: { authorization: `Bearer ${bea.accessToken}` } });
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBeTruthy();
    expect(((await refused.json()) as { code: string }).code).toBe('SERVICE_UNAVAILABLE');
    expect((await fetch(`${onZ}/health/live`)).status).toBe(200);

    await proxy.restore();
    const again = await stream(onZ, bea.accessToken, s.events.filter((e) => e.id).at(-1)!.id!);
    expect(again.status).toBe(200);
    const second = (await z.api('POST', '/notes', { token: bea.accessToken, payload: { title: 'Second' } })).json();
    await again.next((e) => e.event === 'change' && e.data.entityId === second.id);
  }, 30_000);
});

/** A TCP proxy to a local port that a test can cut (every connection closed, new ones refused) and restore. */
async function tcpProxy(target: number): Promise<{ port: number; cut(): Promise<void>; restore(): Promise<void>; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(target, '127.0.0.1');
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => sockets.delete(socket));
    }
    client.pipe(upstream).pipe(client);
  });
  const start = (port = 0) => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  await start();
  const port = (server.address() as AddressInfo).port;
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });
  return { port, cut: stop, restore: () => start(port), close: stop };
}

/**
 * Live changes (`npm run bench -- live`, docs/live.md): Hearth in its own process on a small
 * database of its own; this process opens 1 000 `GET /events` streams to it and measures
 * - the resident memory they add (after they settle) and the CPU the idle streams cost;
 * - the time from sending one change (POST /notes, whose commit announces it) to its event on the
 *   first and on the last of the 1 000 streams, over BENCH_LIVE_CHANGES changes (median, worst).
 * Targets (docs/performance.md): ≤ 50 MB for 1 000 idle streams, ≤ 100 ms to the last stream.
 * The time to the last stream includes this process reading 1 000 sockets on the same cores as the
 * server: an upper bound of the server's own fan-out (docs/live.md, Tests and cost).
 * One user holds every stream (LIVE_MAX_STREAMS_PER_USER raised for the run): the fan-out visits
 * each stream the same way whoever owns it.
 */
import * as bcrypt from 'bcrypt';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { get } from 'node:http';
import { performance } from 'node:perf_hooks';
import { createDatabase, databaseUrl, dropDatabase, withClient } from '../src/database/admin';
import { newId } from '../src/database/base.entity';
import { NODE_MEMORY_FLAGS } from '../src/memory';
import { migrate, PASSWORD } from './budget';
import { API, cpuMs, freePort, login, MB, median, memory, serverEnvironment, startServer } from './lib';

const STREAMS = Number(process.env.BENCH_LIVE_STREAMS ?? 1000);
const CHANGES = Number(process.env.BENCH_LIVE_CHANGES ?? 10);
const IDLE_SECONDS = 10;

export interface LiveResult {
  scenario: string;
  value: string;
  target: string;
  pass: boolean;
}

interface Stream {
  /** performance.now() at which each change (by its round) arrived */
  seen: Map<string, number>;
  close(): void;
}

/**
 * A raw stream on node:http, as light as a client can be (the arrival time is what is measured, on
 * the same two cores as the server): each chunk is only searched for a change event, the first
 * after each change is sent being that change's (nothing else changes meanwhile).
 */
function openStream(base: string, token: string, waiters: Set<() => void>, awaited: { id: string | null }): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const seen = new Map<string, number>();
    const request = get(`${base}${API}/events`, { headers: { authorization: `Bearer ${token}` }, agent: false }, (response) => {
      if (response.statusCode !== 200) return reject(new Error(`GET /events answered ${response.statusCode}`));
      response.setEncoding('utf8');
      let started = false;
      response.on('data', (chunk: string) => {
        if (!started && chunk.includes('event: ready')) {
          started = true;
          resolve({ seen, close: () => request.destroy() });
        }
        if (awaited.id && !seen.has(awaited.id) && chunk.includes('event: change')) {
          seen.set(awaited.id, performance.now());
          for (const waiter of waiters) waiter();
        }
      });
      response.on('error', () => undefined);
    });
    request.on('error', reject);
  });
}

export async function benchLive(): Promise<LiveResult[]> {
  const name = `hearth_bench_live_${process.pid}`;
  const url = databaseUrl(name);
  const dataDir = mkdtempSync(join(tmpdir(), 'hearth-bench-live-'));
  await createDatabase(name);
  const streams: Stream[] = [];
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    await migrate(url);
    await withClient(url, async (db) => {
      const groupId = newId();
      await db.query(`INSERT INTO groups (id, name, currency, modules) VALUES ($1, 'Bench', 'EUR', '{Notes}')`, [groupId]);
      await db.query(
        `INSERT INTO users (id, username, password_hash, email, email_status, status, nickname, role, group_id)
         VALUES ($1, 'bench', $2, 'bench@example.test', 'Confirmed', 'Active', 'Bench', 'User', $3)`,
        [newId(), bcrypt.hashSync(PASSWORD, 4), groupId],
      );
    });
    const port = await freePort();
    const env = { ...serverEnvironment(url, dataDir), PORT: String(port), LIVE_MAX_STREAMS_PER_USER: String(STREAMS) };
    server = await startServer('Hearth', [...NODE_MEMORY_FLAGS, join(__dirname, '..', 'src', 'main.js')], env, port, '/health/live');
    const token = await login(server.base);
    // one stream first: the listening connection and the route's first-use costs are not the streams'
    const waiters = new Set<() => void>();
    const awaited: { id: string | null } = { id: null };
    streams.push(await openStream(server.base, token, waiters, awaited));
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const before = memory(server.pid).rss;
    let cpuStart = cpuMs(server.pid);
    await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));
    const baseCpu = cpuMs(server.pid) - cpuStart;
    for (let i = 1; i < STREAMS; i += 50) {
      streams.push(...(await Promise.all(Array.from({ length: Math.min(50, STREAMS - i) }, () => openStream(server!.base, token, waiters, awaited)))));
    }
    await new Promise((resolve) => setTimeout(resolve, 5000));
    const after = memory(server.pid).rss;
    cpuStart = cpuMs(server.pid);
    await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));
    const idleCpu = cpuMs(server.pid) - cpuStart;
    console.log(
      `  ${STREAMS} streams: RSS ${(before / MB).toFixed(0)} → ${(after / MB).toFixed(0)} MB; ` +
        `CPU in ${IDLE_SECONDS} s idle: ${baseCpu.toFixed(0)} ms with 1 stream, ${idleCpu.toFixed(0)} ms with ${STREAMS}`,
    );

    const toFirst: number[] = [];
    const toLast: number[] = [];
    // change -1 warms the fan-out's code up (its first run is compiled on the way) and is not counted
    for (let i = -1; i < CHANGES; i++) {
      const id = `change ${i}`;
      awaited.id = id;
      const sent = performance.now();
      const response = await fetch(`${server.base}${API}/notes`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ title: `Live ${i}` }),
      });
      if (response.status !== 201) throw new Error(`POST /notes answered ${response.status}: ${await response.text()}`);
      await new Promise<void>((resolve) => {
        const check = () => {
          if (streams.every((s) => s.seen.has(id))) {
            waiters.delete(check);
            resolve();
          }
        };
        waiters.add(check);
        check();
      });
      const times = streams.map((s) => s.seen.get(id)! - sent);
      if (i < 0) continue;
      toFirst.push(Math.min(...times));
      toLast.push(Math.max(...times));
      console.log(`  change ${i + 1}: first stream ${Math.min(...times).toFixed(1)} ms, last ${Math.max(...times).toFixed(1)} ms after the request was sent`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const added = (after - before) / MB;
    const last = median(toLast);
    return [
      { scenario: `live: RSS of ${STREAMS} idle streams`, value: `+${added.toFixed(1)} MB`, target: '≤ 50 MB', pass: added <= 50 },
      {
        scenario: `live: CPU of ${STREAMS} idle streams, ${IDLE_SECONDS} s`,
        value: `${idleCpu.toFixed(0)} ms (1 stream: ${baseCpu.toFixed(0)} ms)`,
        target: 'keep-alives only',
        // one keep-alive round (a write per stream) in the window, beside the idle process's own timers
        pass: idleCpu - baseCpu <= 50,
      },
      {
        scenario: `live: one change to ${STREAMS} streams`,
        value: `${last.toFixed(0)} ms p50, ${Math.max(...toLast).toFixed(0)} ms worst (first ${median(toFirst).toFixed(0)} ms)`,
        target: '≤ 100 ms to the last',
        pass: last <= 100,
      },
    ];
  } finally {
    for (const stream of streams) stream.close();
    await server?.stop();
    await dropDatabase(name);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * `npm run bench:ab -- A B PATH [--starts K] [--rounds N] [--seconds S] [--connections C] [--post BODY]
 * [--node-a FLAGS] [--node-b FLAGS]`: two builds side by side, to measure a change
 * (docs/performance.md, "Measuring a change").
 *
 * A and B: `bare` (the benchmark's bare server), `floor` (the least a Nest application does for
 * `GET /markers`: bench/floor/server.ts), `hearth` (this checkout's build), or a directory
 * holding another build of Hearth (its `src/main.js`: a copy of `dist` taken before the change,
 * kept inside the checkout so that its packages resolve). PATH: the request, e.g.
 * `/api/v1/markers?pageSize=1000`. Needs BENCH_DATABASE, a database `npm run bench` has seeded.
 * With `--post`, the notes titled 'Bench note' are removed after each start, as `npm run bench`
 * does after `POST /notes`. `--node-a`/`--node-b` add Node or V8 flags to one server's command line
 * (after the service's own memory flags, so they win), to measure a flag: `hearth hearth PATH
 * --node-b '--max-semi-space-size=4'`.
 *
 * Both servers run at once, pinned to the last core, and the load generator on the first; bursts
 * of S seconds (3) go to A, then B, N times (6), so that the machine's drift falls on both alike.
 * All of that K times (3), each time with both servers started afresh: one process can be luckier
 * than another in what its JIT made of the code, for as long as it lives, and alternating bursts
 * cannot cancel that. Printed: each burst's server CPU per request (utime + stime of every thread,
 * over the requests answered), each start's totals with each server's RSS one second after start
 * and its largest RSS under the load (sampled every 250 ms, as `npm run bench` does: VmHWM would
 * include start-up's transient peak), and the totals over all starts.
 */
import 'reflect-metadata';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { databaseUrl, withAdmin } from '../src/database/admin';
import { NODE_MEMORY_FLAGS } from '../src/memory';
import { canPin, freePort, loads, login, MB, memory, removeBenchNotes, Server, serverEnvironment, startServer } from './lib';

interface Options {
  builds: [string, string];
  path: string;
  starts: number;
  rounds: number;
  seconds: number;
  connections: number;
  body?: string;
  /** extra Node/V8 flags of A's and B's command lines */
  nodeFlags: [string[], string[]];
}

function parseArgs(argv: string[]): Options {
  const positional: string[] = [];
  const named: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    if (argv[i].startsWith('--')) named[argv[i].slice(2)] = argv[++i];
    else positional.push(argv[i]);
  }
  const [a, b, path] = positional;
  if (!a || !b || !path?.startsWith('/')) {
    throw new Error(
      'usage: npm run bench:ab -- A B PATH [--starts K] [--rounds N] [--seconds S] [--connections C] ' +
        '[--post BODY] [--node-a FLAGS] [--node-b FLAGS]   (A, B: bare, hearth or a build directory)',
    );
  }
  return {
    builds: [a, b],
    path,
    starts: Number(named.starts ?? 3),
    rounds: Number(named.rounds ?? 6),
    seconds: Number(named.seconds ?? 3),
    connections: Number(named.connections ?? 20),
    body: named.post,
    nodeFlags: [flagList(named['node-a']), flagList(named['node-b'])],
  };
}

const flagList = (flags: string | undefined) => (flags ?? '').split(/\s+/).filter(Boolean);

/** The reference servers: bench/bare (a hand-written handler) and bench/floor (the least a Nest application does). */
const REFERENCE = new Set(['bare', 'floor']);

/** The script of a build: the bare server, this checkout's Hearth, or another build's. */
function entry(build: string): { script: string; ready: string } {
  if (REFERENCE.has(build)) return { script: join(__dirname, build, 'server.js'), ready: '/health' };
  const root = build === 'hearth' ? join(__dirname, '..') : resolve(build);
  const script = join(root, 'src', 'main.js');
  if (!existsSync(script)) throw new Error(`${build}: no ${script}`);
  return { script, ready: '/health/live' };
}

const fmt = (value: number) => value.toFixed(3);

interface Total {
  requests: number;
  cpu: number;
  failed: number;
}

interface Pinning {
  servers?: string;
  load?: string;
}

/** Reference servers issue no tokens: the access token of a Hearth started for the login alone. */
async function accessToken(options: Options, env: NodeJS.ProcessEnv): Promise<string> {
  const port = await freePort();
  const { script, ready } = entry(options.builds.find((build) => !REFERENCE.has(build)) ?? 'hearth');
  const hearth = await startServer('login', [...NODE_MEMORY_FLAGS, script], { ...env, PORT: String(port) }, port, ready);
  try {
    return await login(hearth.base);
  } finally {
    await hearth.stop();
  }
}

/**
 * One start: both servers started afresh, a warm-up burst each, then `rounds` alternating bursts.
 * Returns each server's totals; prints every round.
 */
async function oneStart(options: Options, database: string, pinning: Pinning): Promise<Total[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'hearth-bench-ab-'));
  const servers: Server[] = [];
  let sampler: NodeJS.Timeout | undefined;
  try {
    const env = serverEnvironment(databaseUrl(database), dataDir);
    const token = await accessToken(options, env);
    for (const [i, build] of options.builds.entries()) {
      const { script, ready } = entry(build);
      const port = await freePort();
      servers.push(
        await startServer(
          `${'AB'[i]} (${build})`,
          [...NODE_MEMORY_FLAGS, ...options.nodeFlags[i], script],
          { ...env, PORT: String(port) },
          port,
          ready,
          pinning.servers,
        ),
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const startRss = servers.map((server) => memory(server.pid).rss);
    const largestRss = [...startRss];
    sampler = setInterval(() => servers.forEach((server, i) => (largestRss[i] = Math.max(largestRss[i], memory(server.pid).rss))), 250);
    const burst = (server: Server, seconds: number) =>
      loads(
        [
          {
            url: `${server.base}${options.path}`,
            method: options.body ? 'POST' : 'GET',
            headers: { authorization: `Bearer ${token}`, ...(options.body ? { 'content-type': 'application/json' } : {}) },
            body: options.body,
            connections: options.connections,
            seconds,
          },
        ],
        [server.pid],
        pinning.load,
      ).then(([sample]) => ({ requests: sample.requests, cpu: sample.cpuPerRequest.get(server.pid)! * sample.requests, failed: sample.errors }));
    for (const server of servers) await burst(server, Math.max(1, Math.round(options.seconds / 2)));
    const totals = servers.map(() => ({ requests: 0, cpu: 0, failed: 0 }));
    for (let round = 1; round <= options.rounds; round++) {
      const perRequest: number[] = [];
      for (const [i, server] of servers.entries()) {
        const result = await burst(server, options.seconds);
        totals[i].requests += result.requests;
        totals[i].cpu += result.cpu;
        totals[i].failed += result.failed;
        perRequest.push(result.cpu / Math.max(1, result.requests));
      }
      console.log(`  round ${String(round).padStart(2)}  A ${fmt(perRequest[0])}  B ${fmt(perRequest[1])} ms CPU a request`);
    }
    clearInterval(sampler);
    const rss = servers.map((_, i) => `${Math.round(startRss[i] / MB)} → ${Math.round(largestRss[i] / MB)} MB (${(largestRss[i] / startRss[i]).toFixed(2)}×)`);
    console.log(
      `  this start: A ${fmt(perRequestOf(totals[0]))}, B ${fmt(perRequestOf(totals[1]))} ms (B ÷ A ${percent(totals)}); ` +
        `RSS after start → largest: A ${rss[0]}, B ${rss[1]}`,
    );
    return totals;
  } finally {
    clearInterval(sampler);
    for (const server of servers.reverse()) await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const perRequestOf = (total: Total) => total.cpu / Math.max(1, total.requests);
const percent = (totals: Total[]) => `${((100 * perRequestOf(totals[1])) / perRequestOf(totals[0])).toFixed(1)} %`;

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  for (const build of options.builds) entry(build);
  const database = process.env.BENCH_DATABASE;
  if (!database) throw new Error('BENCH_DATABASE: name a database `npm run bench` has seeded (BENCH_DATABASE=name npm run bench -- latency seeds one)');
  const seeded = await withAdmin(async (db) => (await db.query('SELECT 1 FROM pg_database WHERE datname = $1', [database])).rowCount === 1);
  if (!seeded) throw new Error(`BENCH_DATABASE=${database} does not exist: seed it with BENCH_DATABASE=${database} npm run bench -- latency`);
  const cores = availableParallelism();
  const pinned = cores >= 2 && canPin();
  const pinning: Pinning = pinned ? { servers: String(cores - 1), load: '0' } : {};
  if (!pinned) console.log('not pinned (needs taskset and 2 cores): expect more noise');
  const described = options.builds.map((build, i) => [build, ...options.nodeFlags[i]].join(' '));
  console.log(
    `A: ${described[0]}, B: ${described[1]}; ${options.body ? 'POST' : 'GET'} ${options.path}; ` +
      `${options.starts} starts × ${options.rounds} rounds of ${options.seconds} s, ` +
      `${options.connections} connections${pinned ? `; servers on core ${pinning.servers}, load on core ${pinning.load}` : ''}`,
  );
  const all: Total[] = [
    { requests: 0, cpu: 0, failed: 0 },
    { requests: 0, cpu: 0, failed: 0 },
  ];
  const ratios: string[] = [];
  for (let start = 1; start <= options.starts; start++) {
    console.log(`start ${start}`);
    const totals = await oneStart(options, database, pinning);
    // what POST /notes added goes, as in npm run bench, so that GET /notes stays the seed's
    if (options.body) await removeBenchNotes(databaseUrl(database));
    ratios.push(percent(totals));
    for (const [i, total] of totals.entries()) {
      all[i].requests += total.requests;
      all[i].cpu += total.cpu;
      all[i].failed += total.failed;
    }
  }
  for (const [i, total] of all.entries()) {
    const failures = total.failed ? `; ${total.failed} errors or timeouts` : '';
    console.log(`${'AB'[i]} (${options.builds[i]}): ${fmt(perRequestOf(total))} ms CPU a request over ${total.requests} requests${failures}`);
  }
  console.log(`B ÷ A: ${percent(all)} of A's CPU a request (by start: ${ratios.join(', ')})`);
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);

/**
 * `npm run bench [-- SCENARIO…|all] [-- --profile SCENARIO] [-- --capture]`: Hearth against a bare
 * Fastify + pg server, each in its own process, with autocannon in a third (docs/performance.md).
 *
 * One scratch database (1 M transactions, 2 000 markers, 200 notes × 10 items) serves every
 * scenario and is dropped at the end. Per scenario: one byte-for-byte comparison of the two
 * servers' answers, one warm-up each, then BENCH_ROUNDS alternating rounds (Hearth, bare, Hearth,
 * bare, …) of BENCH_SECONDS each; medians. Benchmarks print numbers: this exits 0 whatever they are.
 *
 * `GET /markers` and the 400 also run a third server, bench/floor (the least a NestJS application
 * does for that request: a controller, one guard, the stock ValidationPipe, one filter), in the same
 * alternation, and report its ratio for reference: the framework's share of the gap.
 */
import 'reflect-metadata';
import * as bcrypt from 'bcrypt';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createDatabase, databaseUrl, dropDatabase, withAdmin } from '../src/database/admin';
import { loadConfig } from '../src/config';
import { benchBackup } from './backup';
import { benchCaldav } from './caldav';
import { benchImport } from './import';
import { benchParsers } from './parsers';
import { benchLive } from './live';
import { benchNotify } from './notify';
import { benchShopping } from './shopping';
import { benchCalendar } from './calendar';
import { runSearch, seedSearch } from './search';
import { PASSWORD } from './budget';
import { capture } from './capture';
import { NODE_MEMORY_FLAGS } from '../src/memory';
import {
  API,
  cpuMs,
  freePort,
  JWT_SECRET,
  LOGIN_BODY,
  loads,
  login,
  MB,
  median,
  memory,
  percentile,
  removeBenchNotes,
  removeBenchTransactions,
  Sample,
  Server,
  serverEnvironment,
  startServer,
} from './lib';
import type { LoadRequest } from './load';
import { BenchData, FLAT_USERNAME, seedAll, seededData } from './seed';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
/**
 * Load before a scenario's measured rounds, per server: what users hit is a long-running server, and
 * a fresh Hearth spends up to 1.7 × its steady CPU a request for its first 10-15 s of a route's load
 * while V8 optimises its larger code (the bare server: ~9 s); docs/performance.md, "Method".
 */
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
/** sequential requests per single-connection latency */
const LATENCY_RUNS = Number(process.env.BENCH_RUNS ?? 30);

type Check = 'exact' | 'masked' | 'none';

/** A/B scenario: one request shape, run against both servers. */
interface AbScenario {
  kind: 'ab';
  name: string;
  title: string;
  method?: 'GET' | 'POST';
  path: (data: BenchData) => string;
  body?: string | ((data: BenchData) => string);
  /** whose token: the bench user (default), or the first member of the flat (bench/seed.ts) */
  as?: 'flat';
  /** target: Hearth req/s ≥ this share of bare's */
  target: number;
  /** 'masked': ids and timestamps differ by nature (a created row), compared with them masked */
  check?: Check;
  /**
   * Also measured: bench/floor, the least a NestJS application does for the same request (a
   * controller, one guard, the stock ValidationPipe, one filter), so that the report tells the
   * framework's share of the gap from Hearth's. For reference; no target.
   */
  floor?: true;
}

interface OtherScenario {
  kind:
    | 'token'
    | 'login'
    | 'burst'
    | 'latency'
    | 'export'
    | 'backup'
    | 'live'
    | 'import'
    | 'parsers'
    | 'notify'
    | 'sharing'
    | 'search'
    | 'caldav'
    | 'shopping'
    | 'calendar';
  name: string;
  title: string;
}

type Scenario = AbScenario | OtherScenario;

const NOTE_BODY = JSON.stringify({ title: 'Bench note', content: 'Written by npm run bench', color: '#10B981', icon: 'Star' });
/** A flat's expense as a client sends it, without a split (the group's default is off) and with one. */
const expenseBody = (d: BenchData, shared: boolean) =>
  JSON.stringify({
    type: 'Expense',
    amount: '12.34',
    date: '2025-06-01',
    description: 'Bench create',
    categoryId: d.flat.categoryId,
    ...(shared ? { split: { mode: 'equal', members: d.flat.memberIds.map((userId) => ({ userId })) } } : {}),
  });
/** The same expense paid in francs at a given rate: the amount converted by the service (compare with transaction-create: ≥ 90 %). */
const foreignExpenseBody = (d: BenchData) =>
  JSON.stringify({
    type: 'Expense',
    date: '2025-06-01',
    description: 'Bench create',
    categoryId: d.flat.categoryId,
    original: { amount: '11.61', currency: 'CHF', rate: '1.0629' },
  });
const LIGHT = 0.9;
const DB_BOUND = 0.95;

const SCENARIOS: Scenario[] = [
  { kind: 'ab', name: 'markers', title: 'GET /markers (20 of 2 000)', path: () => '/markers?pageSize=20', target: LIGHT, floor: true },
  { kind: 'ab', name: 'marker', title: 'GET /markers/{id}', path: (d) => `/markers/${d.markerId}`, target: LIGHT },
  { kind: 'ab', name: 'notes', title: 'GET /notes (200 × 10 items)', path: () => '/notes', target: LIGHT },
  {
    kind: 'ab',
    name: 'note-create',
    title: 'POST /notes (+ history row)',
    method: 'POST',
    path: () => '/notes',
    body: NOTE_BODY,
    target: LIGHT,
    check: 'masked',
  },
  { kind: 'ab', name: 'monthly', title: 'GET /transactions/report/monthly', path: () => '/transactions/report/monthly?year=2024&month=6', target: LIGHT },
  {
    kind: 'ab',
    name: 'invalid',
    title: 'validation error 400 (pageSize=1000)',
    path: () => '/markers?pageSize=1000',
    target: LIGHT,
    check: 'masked',
    floor: true,
  },
  { kind: 'ab', name: 'transactions', title: 'GET /transactions page 1 (1 M)', path: () => '/transactions?page=1&pageSize=20', target: DB_BOUND },
  { kind: 'ab', name: 'transactions-deep', title: 'GET /transactions page 25 000', path: () => '/transactions?page=25000&pageSize=20', target: DB_BOUND },
  { kind: 'ab', name: 'yearly', title: 'GET /transactions/report/yearly', path: () => '/transactions/report/yearly?year=2024', target: DB_BOUND },
  { kind: 'ab', name: 'balances', title: 'GET /budget/balances (100 000 shared transactions)', path: () => '/budget/balances', target: DB_BOUND, as: 'flat' },
  { kind: 'sharing', name: 'balances-latency', title: 'single-connection balances latencies (100 000 shared transactions)' },
  {
    kind: 'ab',
    name: 'transaction-create',
    title: 'POST /transactions (+ history row)',
    method: 'POST',
    path: () => '/transactions',
    body: (d) => expenseBody(d, false),
    target: LIGHT,
    check: 'masked',
    as: 'flat',
  },
  {
    kind: 'ab',
    name: 'transaction-create-split',
    title: 'POST /transactions with a split (+ shares, day sums)',
    method: 'POST',
    path: () => '/transactions',
    body: (d) => expenseBody(d, true),
    target: LIGHT,
    check: 'masked',
    as: 'flat',
  },
  { kind: 'token', name: 'access-token', title: 'GET /markers with an access token (hearth_pat_…) / with a JWT' },
  {
    kind: 'ab',
    name: 'transaction-create-currency',
    title: 'POST /transactions paid in another currency (amount converted)',
    method: 'POST',
    path: () => '/transactions',
    body: foreignExpenseBody,
    target: LIGHT,
    check: 'masked',
    as: 'flat',
  },
  { kind: 'login', name: 'login', title: 'POST /session (login)' },
  { kind: 'burst', name: 'burst', title: 'login burst: list p99 rise' },
  { kind: 'latency', name: 'latency', title: 'single-connection list latencies (1 M)' },
  { kind: 'export', name: 'export', title: 'GET /account/export (1 M transactions): RSS above idle' },
  { kind: 'backup', name: 'backup', title: 'backup and restore (1 M, in-process)' },
  { kind: 'live', name: 'live', title: 'live changes: 1 000 idle streams, one change fanned out (own server and database)' },
  { kind: 'notify', name: 'notify', title: 'reminders: 10 000 due in one minute, and the idle scheduler (own server and database)' },
  { kind: 'calendar', name: 'calendar', title: 'calendar: one month of occurrences of 2 000 events and the bills (own server and database)' },
  { kind: 'import', name: 'import', title: 'statement import: preview and commit of 10 000 rows (CSV, OFX)' },
  { kind: 'parsers', name: 'parsers', title: 'statement parsers: 5 MiB of hostile input per format through the preview' },
  { kind: 'caldav', name: 'caldav', title: 'calendar feed and CalDAV sync of 2 000 events' },
  { kind: 'shopping', name: 'shopping', title: 'shopping lists: catalogue suggestions and a 300-item list grouped by aisle (in process)' },
  { kind: 'search', name: 'search', title: 'GET /search: 1 M transactions, 10 000 notes with 100 000 items, 10 000 places (single connection, plans)' },
];

/** The single-connection latencies: page 1 per filter and per sort, and a deep page. */
function latencyPaths(d: BenchData): [string, string][] {
  return [
    ['page 1, newest first', '/transactions?page=1&pageSize=20'],
    ['page 1, sort -amount', '/transactions?page=1&pageSize=20&sort=-amount'],
    ['page 1, sort amount', '/transactions?page=1&pageSize=20&sort=amount'],
    ['page 1, sort date', '/transactions?page=1&pageSize=20&sort=date'],
    ['page 1, one account', `/transactions?page=1&pageSize=20&budgetAccountId=${d.accounts[1]}`],
    ['page 1, one category', `/transactions?page=1&pageSize=20&categoryId=${d.categories[3]}`],
    ['page 1, type=Expense', '/transactions?page=1&pageSize=20&type=Expense'],
    ['page 1, one month', '/transactions?page=1&pageSize=20&from=2024-06-01&to=2024-06-30'],
    ['page 1, search "coffee"', '/transactions?page=1&pageSize=20&search=coffee'],
    ['page 25 000, sort -amount', '/transactions?page=25000&pageSize=20&sort=-amount'],
    ['yearly report 2024', '/transactions/report/yearly?year=2024'],
    ['monthly report 2024-06', '/transactions/report/monthly?year=2024&month=6'],
  ];
}

/** The single-connection balances of the flat: all of it, a year, a month. */
function balancesPaths(): [string, string][] {
  return [
    ['balances, 5 years', '/budget/balances'],
    ['balances, 2024', '/budget/balances?from=2024-01-01&to=2024-12-31'],
    ['balances, 2024-06', '/budget/balances?from=2024-06-01&to=2024-06-30'],
  ];
}

/** A create with a split against one without, both Hearth's (the cost of the shares and the members' day sums). */
function splitCreateShare(ctx: Context): void {
  const [plain, shared] = [ctx.rps.get('transaction-create')!, ctx.rps.get('transaction-create-split')!];
  console.log(`  with a split / without: ${pct(shared / plain)} (${fmt(shared)}/${fmt(plain)} req/s; target ≥ 90 %)`);
  results.push({
    scenario: 'POST /transactions: with a split / without',
    value: `${pct(shared / plain)}  (${fmt(shared)}/${fmt(plain)} req/s)`,
    target: '≥ 90 %',
    pass: shared / plain >= 0.9,
  });
}

interface Row {
  scenario: string;
  value: string;
  target: string;
  pass: boolean | null;
}

const results: Row[] = [];
const fmt = (n: number, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : '-');
const pct = (n: number) => `${fmt(n * 100)} %`;
/** A change with its sign: +20 %, −9 %. */
const rise = (n: number) => (n < 0 ? `−${pct(-n)}` : `+${pct(n)}`);

interface Context {
  data: BenchData;
  hearth: Server;
  bare: Server;
  /** bench/floor/server.ts: a minimal NestJS application (scenarios with `floor`) */
  floor: Server;
  token: string;
  /** the flat's first member's token (scenarios `as: 'flat'`) */
  flatToken: string;
  url: string;
  /** Hearth's median req/s per A/B scenario run so far */
  rps: Map<string, number>;
  bcryptCost: number;
  /** Hearth's largest RSS over the run (sampled every 250 ms; VmHWM would include start-up's transient peak) */
  peakRss: number;
}

const bodyOf = (s: AbScenario, data: BenchData) => (typeof s.body === 'function' ? s.body(data) : s.body);

function request(ctx: Context, server: Server, s: AbScenario, extra: Partial<LoadRequest> = {}): LoadRequest {
  return {
    url: `${server.base}${API}${s.path(ctx.data)}`,
    method: s.method ?? 'GET',
    headers: { authorization: `Bearer ${s.as === 'flat' ? ctx.flatToken : ctx.token}`, ...(s.body ? { 'content-type': 'application/json' } : {}) },
    body: bodyOf(s, ctx.data),
    connections: CONNECTIONS,
    seconds: SECONDS,
    ...extra,
  };
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
const ISO = /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/g;

/** Differ by nature between two answers (the request id is a fresh UUID; the length follows a masked body). */
const VARYING_HEADERS = new Set(['date', 'x-request-id', 'content-length', 'connection', 'keep-alive']);

/**
 * The honesty check: both servers' answers to one request, byte for byte (ids and times masked for
 * a created row), and the same response headers (names and values); `subject` (Hearth, or the
 * floor) against the bare server.
 */
async function compare(ctx: Context, s: AbScenario, subject = ctx.hearth): Promise<void> {
  const who = subject.name;
  const fetchOne = async (server: Server) => {
    const r = request(ctx, server, s);
    const response = await fetch(r.url, { method: r.method, headers: r.headers, body: r.body });
    return { status: response.status, headers: [...response.headers].filter(([name]) => !VARYING_HEADERS.has(name)), body: await response.text() };
  };
  const [a, b] = [await fetchOne(subject), await fetchOne(ctx.bare)];
  const headerText = (headers: [string, string][]) => headers.map(([name, value]) => `${name}: ${value}`).sort();
  const [ha, hb] = [headerText(a.headers), headerText(b.headers)];
  const onlySubject = ha.filter((line) => !hb.includes(line));
  const onlyBare = hb.filter((line) => !ha.includes(line));
  if (onlySubject.length || onlyBare.length) {
    console.log(`  !! MISMATCH ${s.name}: ${who}'s response headers differ from bare's; measuring anyway`);
    for (const line of onlySubject) console.log(`     ${who} only: ${line}`);
    for (const line of onlyBare) console.log(`     bare only:   ${line}`);
    results.push({ scenario: `${s.title}: ${who}'s headers`, value: `${onlySubject.length + onlyBare.length} differ`, target: 'identical', pass: false });
  } else {
    console.log(`  ${who}: headers identical to bare's (${ha.length}, besides ${[...VARYING_HEADERS].join(', ')})`);
  }
  const mask = (text: string) => (s.check === 'masked' ? text.replace(UUID, '<uuid>').replace(ISO, '<time>') : text);
  const [x, y] = [mask(a.body), mask(b.body)];
  if (a.status !== b.status) console.log(`  !! MISMATCH ${s.name}: status ${who} ${a.status}, bare ${b.status}`);
  if (x === y) {
    console.log(`  ${who}: body identical to bare's (${a.status}, ${Buffer.byteLength(a.body)} bytes${s.check === 'masked' ? ', ids and times masked' : ''})`);
    return;
  }
  let at = 0;
  while (at < x.length && x[at] === y[at]) at++;
  console.log(`  !! MISMATCH ${s.name}: bodies differ from offset ${at} (${who} ${x.length} chars, bare ${y.length}); measuring anyway`);
  console.log(`     ${who}: …${JSON.stringify(x.slice(Math.max(0, at - 60), at + 100))}`);
  console.log(`     bare:   …${JSON.stringify(y.slice(Math.max(0, at - 60), at + 100))}`);
  results.push({ scenario: `${s.title}: ${who}'s body`, value: `differ at ${at}`, target: 'identical', pass: false });
}

function trackMemory(ctx: Context): void {
  ctx.peakRss = Math.max(ctx.peakRss, memory(ctx.hearth.pid).rss);
}

async function runAb(ctx: Context, s: AbScenario): Promise<void> {
  await compare(ctx, s);
  if (s.floor) await compare(ctx, s, ctx.floor);
  const servers = s.floor ? [ctx.hearth, ctx.bare, ctx.floor] : [ctx.hearth, ctx.bare];
  const pids = servers.map((server) => server.pid);
  for (const server of servers) await loads([request(ctx, server, s, { seconds: WARMUP_SECONDS })], pids);
  const samples = new Map<Server, Sample[]>(servers.map((server) => [server, []]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const server of servers) {
      const [sample] = await loads([request(ctx, server, s)], [server.pid]);
      samples.get(server)!.push(sample);
    }
  }
  trackMemory(ctx);
  const stats = servers.map((server) => {
    const list = samples.get(server)!;
    return {
      rps: median(list.map((x) => x.rps)),
      p50: median(list.map((x) => x.p50)),
      p99: median(list.map((x) => x.p99)),
      cpu: median(list.map((x) => x.cpuPerRequest.get(server.pid)!)),
      rss: memory(server.pid).rss,
      bad: list.reduce((n, x) => n + (s.name === 'invalid' ? 0 : x.non2xx) + x.errors, 0),
    };
  });
  const [h, b, f] = stats;
  const ratio = h.rps / b.rps;
  console.log(
    `  ${''.padEnd(8)}${'req/s'.padStart(9)}${'p50 ms'.padStart(8)}${'p99 ms'.padStart(8)}${'CPU ms/req'.padStart(12)}${'RSS MB'.padStart(8)}\n` +
      servers
        .map((server, i) => {
          const x = stats[i];
          const columns = [fmt(x.rps).padStart(9), fmt(x.p50).padStart(8), fmt(x.p99).padStart(8), fmt(x.cpu, 2).padStart(12), fmt(x.rss / MB).padStart(8)];
          return `  ${server.name.padEnd(8)}${columns.join('')}${x.bad ? `   (${x.bad} non-2xx/errors!)` : ''}`;
        })
        .join('\n'),
  );
  console.log(`  Hearth / bare: ${pct(ratio)} (target ≥ ${pct(s.target)})`);
  ctx.rps.set(s.name, h.rps);
  results.push({
    scenario: s.title,
    value: `${pct(ratio)}  (${fmt(h.rps)}/${fmt(b.rps)} req/s, p99 ${fmt(h.p99)}/${fmt(b.p99)} ms, CPU ${fmt(h.cpu, 2)}/${fmt(b.cpu, 2)} ms)`,
    target: `≥ ${pct(s.target)}`,
    pass: ratio >= s.target,
  });
  if (f) {
    console.log(`  floor / bare: ${pct(f.rps / b.rps)}; Hearth / floor: ${pct(h.rps / f.rps)} (for reference)`);
    results.push({
      scenario: `  the same, a minimal Nest app (floor)`,
      value: `${pct(f.rps / b.rps)}  (${fmt(f.rps)}/${fmt(b.rps)} req/s, CPU ${fmt(f.cpu, 2)}/${fmt(b.cpu, 2)} ms; Hearth ${pct(h.rps / f.rps)} of it)`,
      target: 'reference',
      pass: null,
    });
  }
}

function loginRequest(server: Server, extra: Partial<LoadRequest>): LoadRequest {
  return {
    url: `${server.base}${API}/session`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: LOGIN_BODY,
    connections: availableParallelism() * 2,
    seconds: SECONDS,
    ...extra,
  };
}

let measuredHashMs: number | undefined;

/** ms one bcrypt compare takes at the configured cost, here (median of a few; measured once). */
async function hashMs(cost: number): Promise<number> {
  if (measuredHashMs !== undefined) return measuredHashMs;
  const hash = await bcrypt.hash(PASSWORD, cost);
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const start = performance.now();
    await bcrypt.compare(PASSWORD, hash);
    times.push(performance.now() - start);
  }
  measuredHashMs = median(times);
  return measuredHashMs;
}

/**
 * The same request as `markers`, on Hearth alone: with a person's access token (read scope) and
 * with a session's JWT, alternating rounds; the token's req/s as a share of the JWT's (target ≥ 90 %).
 */
async function runAccessToken(ctx: Context): Promise<void> {
  const list = SCENARIOS.find((s) => s.name === 'markers') as AbScenario;
  const made = await fetch(`${ctx.hearth.base}${API}/account/tokens`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ctx.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'bench', scopes: ['read'] }),
  });
  if (made.status !== 201) throw new Error(`access token: ${made.status} ${await made.text()}`);
  const { token } = (await made.json()) as { token: string };
  const withJwt = () => request(ctx, ctx.hearth, list);
  const withToken = () => request(ctx, ctx.hearth, list, { headers: { authorization: `Bearer ${token}` } });
  const check = await fetch(withToken().url, { headers: withToken().headers });
  const [a, b] = [await check.text(), await (await fetch(withJwt().url, { headers: withJwt().headers })).text()];
  console.log(`  token: ${check.status}, body ${a === b ? 'identical to' : 'DIFFERENT from'} the JWT's (${Buffer.byteLength(a)} bytes)`);
  const pids = [ctx.hearth.pid];
  for (const make of [withJwt, withToken]) await loads([{ ...make(), seconds: WARMUP_SECONDS }], pids);
  const rps: { jwt: number[]; token: number[] } = { jwt: [], token: [] };
  for (let round = 0; round < ROUNDS; round++) {
    rps.jwt.push((await loads([withJwt()], pids))[0].rps);
    rps.token.push((await loads([withToken()], pids))[0].rps);
  }
  trackMemory(ctx);
  const [jwt, pat] = [median(rps.jwt), median(rps.token)];
  console.log(`  access token ${fmt(pat)} req/s, JWT ${fmt(jwt)} req/s: ${pct(pat / jwt)} (target ≥ 90 %)`);
  results.push({
    scenario: 'GET /markers: access token / JWT',
    value: `${pct(pat / jwt)}  (${fmt(pat)}/${fmt(jwt)} req/s)`,
    target: '≥ 90 %',
    pass: pat / jwt >= 0.9,
  });
}

async function runLogin(ctx: Context): Promise<void> {
  const ms = await hashMs(ctx.bcryptCost);
  const ceiling = availableParallelism() / (ms / 1000);
  // long enough for a few dozen hashes per run, however slow they are here
  const seconds = Math.max(SECONDS, Math.ceil((ms * 20) / availableParallelism() / 1000));
  console.log(
    `  bcrypt cost ${ctx.bcryptCost}: ${fmt(ms)} ms a compare → ceiling ${fmt(ceiling, 1)} logins/s on ${availableParallelism()} cores; runs of ${seconds} s`,
  );
  const servers = [ctx.hearth, ctx.bare];
  const pids = servers.map((server) => server.pid);
  for (const server of servers) await loads([loginRequest(server, { seconds: Math.max(WARMUP_SECONDS, Math.ceil(seconds / 2)) })], pids);
  const samples = new Map<Server, Sample[]>(servers.map((server) => [server, []]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const server of servers) samples.get(server)!.push((await loads([loginRequest(server, { seconds })], [server.pid]))[0]);
  }
  trackMemory(ctx);
  const [h, b] = servers.map((server) => {
    const list = samples.get(server)!;
    return { rps: median(list.map((x) => x.rps)), p99: median(list.map((x) => x.p99)), cpu: median(list.map((x) => x.cpuPerRequest.get(server.pid)!)) };
  });
  console.log(
    `  Hearth ${fmt(h.rps, 1)} logins/s (p99 ${fmt(h.p99)} ms, CPU ${fmt(h.cpu, 1)} ms each), ` +
      `bare ${fmt(b.rps, 1)} (p99 ${fmt(b.p99)} ms, CPU ${fmt(b.cpu, 1)} ms)`,
  );
  results.push({
    scenario: 'POST /session vs bcrypt ceiling',
    value: `${pct(h.rps / ceiling)}  (${fmt(h.rps, 1)} of ${fmt(ceiling, 1)}/s; bare ${fmt(b.rps, 1)}/s)`,
    target: '≥ 90 %',
    pass: h.rps / ceiling >= 0.9,
  });
}

async function runBurst(ctx: Context): Promise<void> {
  const list = SCENARIOS.find((s) => s.name === 'markers') as AbScenario;
  const ms = await hashMs(ctx.bcryptCost);
  const rate = Math.max(1, Math.min(7, Math.round(0.85 * (availableParallelism() / (ms / 1000)))));
  console.log(`  list: ${list.title} at ${CONNECTIONS} connections; burst: ${rate} logins/s (bcrypt cost ${ctx.bcryptCost}, ${fmt(ms)} ms a hash)`);
  const servers = [ctx.hearth, ctx.bare];
  const samples = new Map<Server, { quiet: number[]; burst: number[]; logins: number[]; loginP50: number[] }>(
    servers.map((server) => [server, { quiet: [], burst: [], logins: [], loginP50: [] }]),
  );
  for (const server of servers) await loads([request(ctx, server, list, { seconds: WARMUP_SECONDS })], [server.pid]);
  for (let round = 0; round < ROUNDS; round++) {
    for (const server of servers) {
      const [quiet] = await loads([request(ctx, server, list)], [server.pid]);
      const [busy, logins] = await loads([request(ctx, server, list), loginRequest(server, { connections: rate, overallRate: rate })], [server.pid]);
      if (logins.non2xx || logins.errors) console.log(`  ${server.name}: ${logins.non2xx} logins failed, ${logins.errors} errors`);
      samples.get(server)!.quiet.push(quiet.p99);
      samples.get(server)!.burst.push(busy.p99);
      samples.get(server)!.logins.push(logins.rps);
      samples.get(server)!.loginP50.push(logins.p50);
    }
  }
  trackMemory(ctx);
  const [h, b] = servers.map((server) => {
    const x = samples.get(server)!;
    const quiet = median(x.quiet);
    const burst = median(x.burst);
    console.log(
      `  ${server.name.padEnd(8)} list p99 ${fmt(quiet)} ms quiet, ${fmt(burst)} ms during the burst: ${rise(burst / quiet - 1)}; ` +
        `logins ${fmt(median(x.logins), 1)}/s answered, p50 ${fmt(median(x.loginP50))} ms`,
    );
    return burst / quiet - 1;
  });
  results.push({ scenario: `list p99 rise, ${rate} logins/s`, value: `Hearth ${rise(h)}, bare ${rise(b)}`, target: '≤ bare', pass: h <= b });
}

async function runLatency(ctx: Context, paths = latencyPaths(ctx.data), token = ctx.token): Promise<void> {
  const headers = { authorization: `Bearer ${token}` };
  for (const [label, path] of paths) {
    const times: number[] = [];
    for (let i = 0; i < 3 + LATENCY_RUNS; i++) {
      const start = performance.now();
      const response = await fetch(`${ctx.hearth.base}${API}${path}`, { headers });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
      if (i >= 3) times.push(performance.now() - start);
    }
    const p50 = percentile(times, 50);
    console.log(`  ${label.padEnd(28)} p50 ${fmt(p50, 1).padStart(7)} ms   p99 ${fmt(percentile(times, 99), 1).padStart(7)} ms`);
    results.push({ scenario: `1 conn: ${label}`, value: `${fmt(p50, 1)} ms p50`, target: '≤ 50 ms', pass: p50 <= 50 });
  }
  trackMemory(ctx);
}

/** Export memory bound (docs/performance.md): what a download may add to the service's resident memory. */
const EXPORT_RSS_MB = 64;

/**
 * GET /account/export of the 1 M-transaction group, twice: read as fast as the client can, then by
 * a client that stops reading for 10 s after the first MB (backpressure must hold the rows back in
 * the database, not in the service's memory). Hearth's RSS is sampled every 20 ms; the result is
 * its peak above the RSS right before the request.
 */
async function runExport(ctx: Context): Promise<void> {
  for (const [label, pauseAfter] of [
    ['fast client', Infinity],
    ['client pausing 10 s', MB],
  ] as const) {
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const idle = memory(ctx.hearth.pid).rss;
    let peak = idle;
    const sampler = setInterval(() => (peak = Math.max(peak, memory(ctx.hearth.pid).rss)), 20);
    const start = performance.now();
    let bytes = 0;
    let paused = false;
    try {
      const response = await fetch(`${ctx.hearth.base}${API}/account/export`, { headers: { authorization: `Bearer ${ctx.token}` } });
      if (response.status !== 200) throw new Error(`export: ${response.status} ${await response.text()}`);
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        bytes += chunk.length;
        if (!paused && bytes >= pauseAfter) {
          paused = true;
          await new Promise((resolve) => setTimeout(resolve, 10_000));
        }
      }
    } finally {
      clearInterval(sampler);
    }
    peak = Math.max(peak, memory(ctx.hearth.pid).rss);
    const seconds = (performance.now() - start) / 1000;
    const above = (peak - idle) / MB;
    console.log(
      `  ${label.padEnd(20)} zip ${fmt(bytes / MB, 1)} MB in ${fmt(seconds, 1)} s; ` +
        `RSS ${fmt(idle / MB)} MB before, peak ${fmt(peak / MB)} MB (+${fmt(above)} MB)`,
    );
    results.push({
      scenario: `export, ${label}: RSS above idle`,
      value: `+${fmt(above)} MB (${fmt(seconds, 1)} s, zip ${fmt(bytes / MB, 1)} MB)`,
      target: `≤ ${EXPORT_RSS_MB} MB`,
      pass: above <= EXPORT_RSS_MB,
    });
  }
  trackMemory(ctx);
}

function printTable(machine: string): void {
  console.log(
    `\n== Summary (${machine}; ${ROUNDS} rounds × ${SECONDS} s, ${CONNECTIONS} connections, medians; load average now ${loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')})`,
  );
  const width = Math.max(...results.map((r) => r.scenario.length), 8);
  const valueWidth = Math.max(...results.map((r) => r.value.length), 6);
  console.log(`${'scenario'.padEnd(width)}  ${'result'.padEnd(valueWidth)}  ${'target'.padEnd(9)}  verdict`);
  for (const r of results) {
    console.log(`${r.scenario.padEnd(width)}  ${r.value.padEnd(valueWidth)}  ${r.target.padEnd(9)}  ${r.pass === null ? '' : r.pass ? 'PASS' : 'FAIL'}`);
  }
}

function parseArgs(argv: string[]): { names: string[]; profile?: string; capture: boolean } {
  const names: string[] = [];
  let profile: string | undefined;
  let capture = false;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--profile') profile = argv[++i];
    else if (argv[i] === '--capture') capture = true;
    else names.push(argv[i]);
  }
  const known = ['all', ...SCENARIOS.map((s) => s.name)];
  const unknown = [...names, ...(profile ? [profile] : [])].filter((name) => !known.includes(name));
  if (unknown.length) throw new Error(`unknown scenario ${unknown.join(', ')}; known: ${known.join(', ')}`);
  if (profile && SCENARIOS.find((s) => s.name === profile)!.kind === 'backup')
    throw new Error('--profile: backup runs in-process (use node --cpu-prof dist/bench/backup.js)');
  return { names: profile ? [profile] : names, profile, capture };
}

async function main(): Promise<void> {
  const { names, profile, capture: capturing } = parseArgs(process.argv.slice(2));
  // the backup benchmark (a restore of 1 M rows takes minutes) runs when named: `npm run bench -- all backup`
  const everything = names.length === 0 || names.includes('all');
  const chosen = SCENARIOS.filter((s) => (everything && s.kind !== 'backup') || names.includes(s.name));
  const machine = `${availableParallelism()} × ${cpus()[0]?.model.trim() ?? 'CPU'}`;
  console.log(
    `bench: ${machine}, load average ${loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')}; ${chosen.map((s) => s.name).join(', ')}`,
  );
  if (profile) console.log('--profile: Hearth runs under the profiler, which slows it; read the profile, not the ratios');
  const started = performance.now();
  const http = chosen.filter(
    (s) =>
      s.kind !== 'backup' &&
      s.kind !== 'live' &&
      s.kind !== 'import' &&
      s.kind !== 'parsers' &&
      s.kind !== 'notify' &&
      s.kind !== 'caldav' &&
      s.kind !== 'shopping' &&
      s.kind !== 'calendar',
  );
  const backup = !capturing && chosen.some((s) => s.kind === 'backup');
  const runBackup = async (seeded?: string) => {
    console.log('\n== backup and restore (in-process: the services, no HTTP)');
    const { backupSeconds, restoreSeconds } = await benchBackup(seeded);
    if (restoreSeconds !== undefined) {
      results.push({
        scenario: 'restore time / backup time (1 M)',
        value: `${fmt(restoreSeconds / backupSeconds, 1)}× (${fmt(restoreSeconds, 1)} s / ${fmt(backupSeconds, 1)} s)`,
        target: '≤ 4×',
        pass: restoreSeconds <= 4 * backupSeconds,
      });
    }
  };
  // with HTTP scenarios, the backup reads their seeded database (after the servers stopped)
  if (http.length || capturing) await runHttp(http, profile, capturing, backup ? runBackup : undefined);
  else if (backup && process.env.BENCH_DATABASE) {
    const database = await benchDatabase();
    await runBackup(database.name).finally(database.dispose);
  } else if (backup) await runBackup();
  if (chosen.some((s) => s.kind === 'live')) {
    console.log('\n== live changes (GET /events; a server and database of their own)');
    results.push(...(await benchLive()));
  }
  // its own small database and Hearth process: no need of the 1 M seed
  if (!capturing && chosen.some((s) => s.kind === 'import')) {
    console.log('\n== statement import: preview and commit of 10 000 rows (CSV, OFX) [import]');
    results.push(...(await benchImport()).map((r) => ({ ...r, pass: r.pass as boolean | null })));
  }
  if (!capturing && chosen.some((s) => s.kind === 'caldav')) {
    console.log('\n== calendar: a feed and CalDAV sync of 2 000 events, 300 repeating (a server and database of their own) [caldav]');
    results.push(...(await benchCaldav()).map((r) => ({ ...r, pass: r.pass as boolean | null })));
  }
  if (!capturing && chosen.some((s) => s.kind === 'parsers')) {
    console.log('\n== statement parsers: 5 MiB of hostile input per format, a light request meanwhile [parsers]');
    results.push(...(await benchParsers()).map((r) => ({ ...r, pass: r.pass as boolean | null })));
  }
  if (!capturing && chosen.some((s) => s.kind === 'shopping')) {
    console.log('\n== shopping lists: catalogue suggestions, a 300-item list grouped by aisle [shopping]');
    results.push(...benchShopping());
  }
  if (!capturing && chosen.some((s) => s.kind === 'notify')) {
    console.log('\n== reminders: 10 000 due in one minute, then the idle scheduler [notify]');
    results.push(...(await benchNotify()));
  }
  if (!capturing && chosen.some((s) => s.kind === 'calendar')) {
    console.log('\n== calendar: one month of occurrences [calendar]');
    results.push(...(await benchCalendar()));
  }
  if (results.length) printTable(machine);
  console.log(`\nbench: done in ${fmt((performance.now() - started) / 1000)} s`);
}

async function runHttp(chosen: Scenario[], profile: string | undefined, capturing: boolean, afterwards?: (database: string) => Promise<void>): Promise<void> {
  const bcryptCost = bcryptCostOf();
  const database = await benchDatabase();
  const { name, url, data } = database;
  const dataDir = mkdtempSync(join(tmpdir(), 'hearth-bench-'));
  const servers: Server[] = [];
  let sampler: NodeJS.Timeout | undefined;
  try {
    if (capturing) await setStatementLog(name, true);
    const serverEnv = serverEnvironment(url, dataDir);
    const hearthPort = await freePort();
    const hearthArgs = profile ? ['--cpu-prof', `--cpu-prof-dir=${join(dataDir, 'profile')}`] : [];
    const hearth = await startServer(
      'Hearth',
      [...NODE_MEMORY_FLAGS, ...hearthArgs, join(__dirname, '..', 'src', 'main.js')],
      { ...serverEnv, PORT: String(hearthPort) },
      hearthPort,
      '/health/live',
    );
    servers.push(hearth);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const startRss = memory(hearth.pid).rss;
    const barePort = await freePort();
    const bare = await startServer(
      'bare',
      [...NODE_MEMORY_FLAGS, join(__dirname, 'bare', 'server.js')],
      { ...serverEnv, PORT: String(barePort) },
      barePort,
      '/health',
    );
    servers.push(bare);
    const floorPort = await freePort();
    const floor = await startServer(
      'floor',
      [...NODE_MEMORY_FLAGS, join(__dirname, 'floor', 'server.js')],
      { ...serverEnv, PORT: String(floorPort) },
      floorPort,
      '/health',
    );
    servers.push(floor);
    console.log(
      `Hearth pid ${hearth.pid} (RSS ${fmt(startRss / MB)} MB after start), ` +
        `bare pid ${bare.pid} (RSS ${fmt(memory(bare.pid).rss / MB)} MB), floor pid ${floor.pid} (RSS ${fmt(memory(floor.pid).rss / MB)} MB)`,
    );
    const token = await login(hearth.base);
    const ctx: Context = {
      data,
      hearth,
      bare,
      floor,
      token,
      flatToken: await login(hearth.base, FLAT_USERNAME),
      url,
      bcryptCost,
      peakRss: startRss,
      rps: new Map(),
    };
    sampler = setInterval(() => trackMemory(ctx), 250);
    if (capturing) {
      await capture(name, hearth.base, token, [
        ...SCENARIOS.filter((s): s is AbScenario => s.kind === 'ab' && !s.as).map((s) => ({
          name: s.name,
          method: s.method ?? 'GET',
          path: API + s.path(data),
          body: bodyOf(s, data),
        })),
        { name: 'login', method: 'POST', path: `${API}/session`, body: LOGIN_BODY, anonymous: true },
      ]);
      return;
    }
    const cpuStart = cpuMs(hearth.pid);
    for (const s of chosen) {
      console.log(`\n== ${s.title} [${s.name}]`);
      // a fresh access token per scenario: a long run (BENCH_ROUNDS=7) outlives one (15 minutes)
      ctx.token = await login(hearth.base);
      ctx.flatToken = await login(hearth.base, FLAT_USERNAME);
      if (s.kind === 'ab') await runAb(ctx, s);
      else if (s.kind === 'sharing') await runLatency(ctx, balancesPaths(), ctx.flatToken);
      else if (s.kind === 'token') await runAccessToken(ctx);
      else if (s.kind === 'login') await runLogin(ctx);
      else if (s.kind === 'burst') await runBurst(ctx);
      else if (s.kind === 'latency') await runLatency(ctx);
      else if (s.kind === 'export') await runExport(ctx);
      else if (s.kind === 'search') {
        await seedSearch(url, bcryptCost);
        results.push(...(await runSearch(hearth.base, url)));
      }
      if (s.name === 'note-create') await removeBenchNotes(url);
      if (s.name.startsWith('transaction-create')) await removeBenchTransactions(url);
      if (s.name === 'transaction-create-split' && ctx.rps.has('transaction-create')) splitCreateShare(ctx);
    }
    trackMemory(ctx);
    console.log(
      `\nHearth: ${fmt((cpuMs(hearth.pid) - cpuStart) / 1000, 1)} s CPU over the run; ` +
        `RSS ${fmt(startRss / MB)} MB after start, largest ${fmt(ctx.peakRss / MB)} MB, now ${fmt(memory(hearth.pid).rss / MB)} ` +
        `MB (VmHWM, start-up included: ${fmt(memory(hearth.pid).peak / MB)} MB)`,
    );
    results.push({ scenario: 'Hearth RSS after start', value: `${fmt(startRss / MB)} MB`, target: '≤ 150 MB', pass: startRss <= 150 * MB });
    results.push({
      scenario: 'Hearth largest RSS / start',
      value: `${fmt(ctx.peakRss / startRss, 2)}× (${fmt(ctx.peakRss / MB)} MB)`,
      target: '≤ 1.5×',
      pass: ctx.peakRss <= 1.5 * startRss,
    });
    if (profile) {
      await hearth.stop();
      const dir = join(dataDir, 'profile');
      const [file] = readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'));
      const kept = join(tmpdir(), `hearth-${profile}-${process.pid}.cpuprofile`);
      rmSync(kept, { force: true });
      require('node:fs').renameSync(join(dir, file), kept);
      console.log(`\nCPU profile of Hearth during ${profile}: ${kept} (open in Chrome DevTools › Performance, or speedscope)`);
    }
    clearInterval(sampler);
    for (const server of servers.reverse()) await server.stop();
    servers.length = 0;
    await afterwards?.(name);
  } finally {
    clearInterval(sampler);
    for (const server of servers.reverse()) await server.stop();
    if (capturing) await setStatementLog(name, false).catch(() => undefined);
    await database.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const bcryptCostOf = () => loadConfig({ ...process.env, JWT_SECRET, DATABASE_URL: 'postgres://x/y' }).bcryptCost;

/**
 * The seeded scratch database: a fresh one (dropped by `dispose`), or with BENCH_DATABASE=name one
 * kept between runs (seeded on first use, never dropped).
 */
async function benchDatabase(): Promise<{ name: string; url: string; data: BenchData; dispose: () => Promise<void> }> {
  const kept = process.env.BENCH_DATABASE;
  const name = kept ?? `hearth_bench_${process.pid}`;
  const url = databaseUrl(name);
  const exists = kept ? await withAdmin(async (db) => (await db.query('SELECT 1 FROM pg_database WHERE datname = $1', [kept])).rowCount === 1) : false;
  if (!exists) await createDatabase(name);
  const dispose = async () => {
    if (!kept) await dropDatabase(name);
  };
  try {
    if (exists) {
      console.log(`reusing the seeded database ${name}`);
      return { name, url, data: await seededData(url), dispose };
    }
    const seedStart = performance.now();
    console.log(`seeding ${name} (1 M transactions, 2 000 markers, 200 notes × 10 items) …`);
    const data = await seedAll(url, bcryptCostOf(), PASSWORD);
    console.log(`  seeded in ${fmt((performance.now() - seedStart) / 1000)} s`);
    return { name, url, data, dispose };
  } catch (error) {
    if (!kept) await dropDatabase(name);
    throw error;
  }
}

async function setStatementLog(database: string, on: boolean): Promise<void> {
  await withAdmin((db) => db.query(`ALTER DATABASE "${database}" ${on ? "SET log_statement = 'all'" : 'RESET log_statement'}`));
}

/** POST /notes adds rows: take them out again so GET /notes keeps measuring 200 notes. */
main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);

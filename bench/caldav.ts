/**
 * The calendar's feeds and CalDAV (`npm run bench -- caldav`), against a Hearth process of its own
 * on a small database of its own: one group with 2 000 events (300 of them repeating). Targets
 * (medians of BENCH_CALDAV_ROUNDS, 20):
 * - a feed (`GET /ical/{token}.ics`, every event as RFC 5545) ≤ 200 ms;
 * - a CalDAV `sync-collection` with no change ≤ 10 ms;
 * - the first full sync of the calendar ≤ 1 s: `sync-collection` from no token (ETags), then one
 *   `calendar-multiget` of every event's iCalendar, as DAVx⁵ and iOS fetch a new calendar.
 */
import * as bcrypt from 'bcrypt';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { createDatabase, databaseUrl, dropDatabase } from '../src/database/admin';
import { newId } from '../src/database/base.entity';
import { NODE_MEMORY_FLAGS } from '../src/memory';
import { migrate, PASSWORD } from './budget';
import { timed } from './import';
import { API, freePort, login, median, serverEnvironment, startServer } from './lib';

const EVENTS = Number(process.env.BENCH_CALDAV_EVENTS ?? 2_000);
const REPEATING = Number(process.env.BENCH_CALDAV_REPEATING ?? 300);
const ROUNDS = Number(process.env.BENCH_CALDAV_ROUNDS ?? 20);

export interface CaldavResult {
  scenario: string;
  value: string;
  target: string;
  pass: boolean;
}

async function seed(url: string): Promise<void> {
  const db = new Client({ connectionString: url });
  await db.connect();
  try {
    const groupId = newId();
    const userId = newId();
    await db.query(`INSERT INTO groups (id, name, currency, modules) VALUES ($1, 'Bench', 'EUR', '{Calendar}')`, [groupId]);
    await db.query(
      `INSERT INTO users (id, username, password_hash, email, email_status, status, nickname, role, group_id)
       VALUES ($1, 'bench', $2, 'bench@example.test', 'Confirmed', 'Active', 'Bench', 'User', $3)`,
      [userId, bcrypt.hashSync(PASSWORD, 4), groupId],
    );
    // a year of single events at 10:00 Berlin, and weekly or monthly series with a reminder
    await db.query(
      `INSERT INTO calendar_events (id, group_id, uid, title, description, location, all_day, start_value, end_value, time_zone, rrule, color, reminders,
                                    created_by, range_start, range_end)
       SELECT gen_random_uuid(), $1, 'bench-' || i || '@hearth', 'Event ' || i, CASE WHEN i % 3 = 0 THEN 'Bring the things, number ' || i END,
              CASE WHEN i % 4 = 0 THEN 'Sportplatz ' || i END, false,
              to_char(s, 'YYYY-MM-DD"T"HH24:MI:SS"Z"'), to_char(s + interval '90 minutes', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'), 'Europe/Berlin',
              CASE WHEN i <= $3 THEN (CASE WHEN i % 2 = 0 THEN 'FREQ=WEEKLY;BYDAY=SA' ELSE 'FREQ=MONTHLY;BYDAY=-1FR' END) END,
              '#2563EB', CASE WHEN i <= $3 THEN '{30}'::int[] ELSE '{}'::int[] END, $2, s,
              CASE WHEN i <= $3 THEN NULL ELSE s + interval '90 minutes' END
         FROM generate_series(1, $4::int) AS i, LATERAL (SELECT timestamptz '2026-01-03 09:00:00+00' + (i % 365) * interval '1 day' AS s) AS t`,
      [groupId, userId, REPEATING, EVENTS],
    );
    await db.query(`INSERT INTO calendar_changes (event_id, group_id, uid) SELECT id, group_id, uid FROM calendar_events ORDER BY uid`);
    await db.query('VACUUM ANALYZE');
  } finally {
    await db.end();
  }
}

export async function benchCaldav(): Promise<CaldavResult[]> {
  const name = `hearth_bench_caldav_${process.pid}`;
  const url = databaseUrl(name);
  const dataDir = mkdtempSync(join(tmpdir(), 'hearth-bench-caldav-'));
  await createDatabase(name);
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    await migrate(url);
    await seed(url);
    const port = await freePort();
    server = await startServer(
      'Hearth',
      [...NODE_MEMORY_FLAGS, join(__dirname, '..', 'src', 'main.js')],
      { ...serverEnvironment(url, dataDir), PORT: String(port) },
      port,
      '/health/live',
    );
    const base = server.base;
    const session = await login(base);
    const post = async (path: string, body: unknown) => {
      const response = await fetch(`${base}${API}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${session}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (response.status !== 201) throw new Error(`${path}: ${response.status} ${await response.text()}`);
      return response.json() as Promise<Record<string, string>>;
    };
    const feed = await post('/calendar/feeds', { name: 'Bench', layers: ['events'] });
    const token = (await post('/account/tokens', { name: 'Bench phone', scopes: ['dav'] })).token;
    const auth = `Basic ${Buffer.from(`bench:${token}`).toString('base64')}`;
    const calendar = `${base}/dav/calendars/bench/family/`;
    const report = async (body: string) => {
      const response = await fetch(calendar, {
        method: 'REPORT',
        headers: { authorization: auth, 'content-type': 'application/xml; charset=utf-8', depth: '1' },
        body,
      });
      const text = await response.text();
      if (response.status !== 207) throw new Error(`REPORT: ${response.status} ${text.slice(0, 300)}`);
      return text;
    };
    const sync = (syncToken: string) =>
      report(
        `<?xml version="1.0"?><d:sync-collection ` +
          `xmlns:d="DAV:"><d:sync-token>${syncToken}</d:sync-token><d:sync-level>1</d:sync-level><d:prop><d:getetag/></d:prop></d:sync-collection>`,
      );

    const feeds: number[] = [];
    const empties: number[] = [];
    const firsts: number[] = [];
    for (let round = 0; round <= ROUNDS; round++) {
      const [ics, feedMs] = await timed(async () => (await fetch(feed.url)).text());
      if ((ics.match(/BEGIN:VEVENT/g)?.length ?? 0) !== EVENTS) throw new Error('the feed lacks events');
      const [first, firstMs] = await timed(async () => {
        const listed = await sync('');
        const hrefs = [...listed.matchAll(/<d:href>([^<]+\.ics)<\/d:href>/g)].map((m) => m[1]);
        const data = await report(
          `<?xml version="1.0"?><c:calendar-multiget xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop><d:getetag/><c:calendar-data/></d:prop>` +
            `${hrefs.map((h) => `<d:href>${h}</d:href>`).join('')}</c:calendar-multiget>`,
        );
        return { listed, hrefs, data };
      });
      if (first.hrefs.length !== EVENTS || (first.data.match(/BEGIN:VEVENT/g)?.length ?? 0) !== EVENTS)
        throw new Error(`the first sync gave ${first.hrefs.length} events`);
      const syncToken = /<d:sync-token>([^<]+)<\/d:sync-token>/.exec(first.listed)![1];
      const [again, emptyMs] = await timed(() => sync(syncToken));
      if (again.includes('<d:response>')) throw new Error('a sync with no change listed changes');
      if (round > 0) {
        feeds.push(feedMs);
        firsts.push(firstMs);
        empties.push(emptyMs);
      }
    }
    const f = median(feeds);
    const e = median(empties);
    const s = median(firsts);
    console.log(`  feed ${f.toFixed(1)} ms, sync-collection with no change ${e.toFixed(1)} ms, first full sync ${s.toFixed(0)} ms`);
    return [
      { scenario: `calendar feed of ${EVENTS} events (${REPEATING} repeating)`, value: `${f.toFixed(0)} ms`, target: '≤ 200 ms', pass: f <= 200 },
      { scenario: 'CalDAV sync-collection with no change', value: `${e.toFixed(1)} ms`, target: '≤ 10 ms', pass: e <= 10 },
      { scenario: `CalDAV first full sync of ${EVENTS} events`, value: `${s.toFixed(0)} ms`, target: '≤ 1 000 ms', pass: s <= 1000 },
    ];
  } finally {
    await server?.stop();
    await dropDatabase(name);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

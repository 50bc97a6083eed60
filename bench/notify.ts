/**
 * Reminders (`npm run bench -- notify`, docs/notifications.md): Hearth in its own process on a
 * small database of its own, with jobs and its scheduler on.
 * - 10 000 note reminders of 100 members fall due in the same minute (the same second, the hardest
 *   case); each member's webhook points at a receiver in this process. Measured: from that second
 *   to the last notification written, and to the last webhook received. Target ≤ 60 s.
 * - Then the idle scheduler (one reminder left, a week ahead): the statements it sends, read from
 *   PostgreSQL's own counters of its queue table (every look at the queue is one index scan of
 *   `notification_schedule`), and, for context, all transactions of the database meanwhile (pg-boss's
 *   workers and supervisor included). Target: at most one indexed query per 30 s.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createDatabase, databaseUrl, dropDatabase, withClient } from '../src/database/admin';
import { NODE_MEMORY_FLAGS } from '../src/memory';
import { migrate } from './budget';
import { freePort, serverEnvironment, startServer } from './lib';

const MEMBERS = Number(process.env.BENCH_NOTIFY_MEMBERS ?? 100);
const REMINDERS = Number(process.env.BENCH_NOTIFY_REMINDERS ?? 10_000);
const IDLE_SECONDS = Number(process.env.BENCH_NOTIFY_IDLE_SECONDS ?? 120);

export interface NotifyResult {
  scenario: string;
  value: string;
  target: string;
  pass: boolean;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function benchNotify(): Promise<NotifyResult[]> {
  const name = `hearth_bench_notify_${process.pid}`;
  const url = databaseUrl(name);
  const dataDir = mkdtempSync(join(tmpdir(), 'hearth-bench-notify-'));
  let received = 0;
  let lastReceived = 0;
  const receiver = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      received++;
      lastReceived = Date.now();
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const hook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  await createDatabase(name);
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    await migrate(url);
    // due at the start of a minute at least 40 s ahead: time to start the server first
    const due = new Date(Math.ceil((Date.now() + 40_000) / 60_000) * 60_000);
    const local = due.toISOString().slice(0, 19);
    await withClient(url, async (db) => {
      await db.query(`INSERT INTO groups (id, name, currency, modules) VALUES (gen_random_uuid(), 'Bench', 'EUR', '{Notes}')`);
      await db.query(
        `INSERT INTO users (id, username, password_hash, email, email_status, status, nickname, role, group_id)
         SELECT gen_random_uuid(), 'member' || i, 'x', 'member' || i || '@example.test', 'Confirmed', 'Active', 'Member ' || i, 'User', g.id
           FROM generate_series(1, $1::int) i, groups g`,
        [MEMBERS],
      );
      await db.query(`INSERT INTO notification_settings (user_id, time_zone, webhook_url) SELECT id, 'UTC', $1 || '/' || id FROM users`, [hook]);
      await db.query(
        `INSERT INTO notes (id, group_id, title, created_by, created_date, updated_date)
         SELECT gen_random_uuid(), u.group_id, 'List ' || i, u.id, now(), now()
           FROM generate_series(1, $1::int) i JOIN (SELECT id, group_id, row_number() OVER (ORDER BY id) - 1 AS k FROM users) u ON u.k = i % $2`,
        [REMINDERS, MEMBERS],
      );
      await db.query(
        `INSERT INTO note_reminders (id, note_id, group_id, start_local, time_zone, setter_time_zone, recipients, set_by, set_date, next_index)
         SELECT gen_random_uuid(), n.id, n.group_id, $1, 'UTC', 'UTC', 'me', n.created_by, now(), 0 FROM notes n`,
        [local],
      );
      await db.query(`INSERT INTO notification_schedule (source, source_id, due_at) SELECT 'NoteReminder', id, $1 FROM note_reminders`, [due]);
      // what stays for the idle part: one reminder a week ahead
      await db.query(
        `WITH n AS (INSERT INTO notes (id, group_id, title, created_by) SELECT gen_random_uuid(), group_id, 'Later', id FROM users LIMIT 1 RETURNING *),
              r AS (INSERT INTO note_reminders (id, note_id, group_id, start_local, time_zone, setter_time_zone, recipients, set_by, set_date, next_index)
                    SELECT gen_random_uuid(), n.id, n.group_id, to_char(now() + interval '7 days', 'YYYY-MM-DD"T"HH24:MI:SS'), 'UTC', 'UTC', 'me',
                           n.created_by, now(), 0 FROM n RETURNING id)
         INSERT INTO notification_schedule (source, source_id, due_at) SELECT 'NoteReminder', id, now() + interval '7 days' FROM r`,
      );
    });
    const port = await freePort();
    const env = { ...serverEnvironment(url, dataDir), PORT: String(port), JOBS_ENABLED: 'true', NOTIFY_ALLOW_PRIVATE_URLS: 'true' };
    server = await startServer('Hearth', [...NODE_MEMORY_FLAGS, join(__dirname, '..', 'src', 'main.js')], env, port, '/health/live');
    const waitMs = due.getTime() - Date.now();
    console.log(`  ${REMINDERS} reminders of ${MEMBERS} members due at ${due.toISOString()} (in ${(waitMs / 1000).toFixed(0)} s)`);
    let written = 0;
    let lastWritten = 0;
    const started = performance.now();
    while (received < REMINDERS && performance.now() - started < waitMs + 180_000) {
      await sleep(250);
      if (lastWritten === 0) {
        written = await withClient(url, async (db) => (await db.query(`SELECT count(*)::int AS n FROM notifications`)).rows[0].n);
        if (written >= REMINDERS) lastWritten = Date.now();
      }
    }
    const toWritten = (lastWritten - due.getTime()) / 1000;
    const toDelivered = (lastReceived - due.getTime()) / 1000;
    console.log(
      `  written ${written}, delivered ${received}: all written ${toWritten.toFixed(1)} s after they were due, ` +
        `the last webhook ${toDelivered.toFixed(1)} s after`,
    );

    // the idle scheduler: nothing due for a week
    const counters = () =>
      withClient(url, async (db) => {
        const table = (
          await db.query(`SELECT COALESCE(idx_scan, 0) + COALESCE(seq_scan, 0) AS scans FROM pg_stat_user_tables WHERE relname = 'notification_schedule'`)
        ).rows[0];
        const database = (await db.query(`SELECT xact_commit FROM pg_stat_database WHERE datname = current_database()`)).rows[0];
        return { scans: Number(table.scans), transactions: Number(database.xact_commit) };
      });
    await sleep(15_000);
    const before = await counters();
    await sleep(IDLE_SECONDS * 1000);
    const after = await counters();
    const per30 = ((after.scans - before.scans) * 30) / IDLE_SECONDS;
    // this process's own two reads are transactions too
    const transactionsPer30 = ((after.transactions - before.transactions - 4) * 30) / IDLE_SECONDS;
    console.log(
      `  idle ${IDLE_SECONDS} s: ${after.scans - before.scans} looks at the queue (${per30.toFixed(1)} per 30 s); ` +
        `${transactionsPer30.toFixed(0)} transactions per 30 s in the whole database`,
    );
    return [
      {
        scenario: `notify: ${REMINDERS} reminders due in one minute, one instance`,
        value: `${toDelivered.toFixed(1)} s to the last webhook (${toWritten.toFixed(1)} s to the last inbox item)`,
        target: '≤ 60 s',
        pass: received >= REMINDERS && toDelivered <= 60,
      },
      {
        scenario: 'notify: idle scheduler',
        value: `${per30.toFixed(1)} indexed queries per 30 s (database: ${transactionsPer30.toFixed(0)} transactions per 30 s, pg-boss included)`,
        target: '≤ 1 per 30 s',
        pass: per30 <= 1.05,
      },
    ];
  } finally {
    await server?.stop();
    receiver.close();
    await dropDatabase(name);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * The calendar (`npm run bench -- calendar`, docs/calendar.md): Hearth in its own process on a small
 * database of its own. A family group with 2 000 events over five years (300 of them repeating:
 * weekly, every other week, monthly by weekday, yearly, a few daily), exceptions and exclusions on
 * some, and 30 recurring transactions (the bills layer); birthdays of its members.
 * Measured: `GET /calendar/occurrences` of one month, every layer, one connection, after a warm-up:
 * median and 95th percentile of the whole request. Target ≤ 30 ms.
 */
import * as bcrypt from 'bcrypt';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createDatabase, databaseUrl, dropDatabase, withClient } from '../src/database/admin';
import { NODE_MEMORY_FLAGS } from '../src/memory';
import { migrate, PASSWORD } from './budget';
import { API, freePort, login, median, percentile, serverEnvironment, startServer } from './lib';

const EVENTS = Number(process.env.BENCH_CALENDAR_EVENTS ?? 2000);
const REPEATING = Number(process.env.BENCH_CALENDAR_REPEATING ?? 300);
const REQUESTS = Number(process.env.BENCH_CALENDAR_REQUESTS ?? 200);

export interface CalendarResult {
  scenario: string;
  value: string;
  target: string;
  pass: boolean;
}

const RULES = [
  'FREQ=WEEKLY;BYDAY=SA',
  'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH',
  'FREQ=MONTHLY;BYDAY=-1FR',
  'FREQ=YEARLY',
  'FREQ=WEEKLY;BYDAY=TU',
  'FREQ=MONTHLY;BYMONTHDAY=1',
  'FREQ=DAILY;COUNT=30',
];

export async function benchCalendar(): Promise<CalendarResult[]> {
  const name = `hearth_bench_calendar_${process.pid}`;
  const url = databaseUrl(name);
  const dataDir = mkdtempSync(join(tmpdir(), 'hearth-bench-calendar-'));
  await createDatabase(name);
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    await migrate(url);
    await withClient(url, async (db) => {
      const group = (
        await db.query(
          `INSERT INTO groups (id, name, currency, modules) VALUES (gen_random_uuid(), 'Bench family', 'EUR', '{Map,Budget,Notes,Calendar}') RETURNING id`,
        )
      ).rows[0].id;
      await db.query(
        `INSERT INTO users (id, username, password_hash, email, email_status, status, nickname, role, group_id, birthday)
         SELECT gen_random_uuid(), CASE WHEN i = 1 THEN 'bench' ELSE 'member' || i END, $2, 'member' || i || '@example.test',
                'Confirmed', 'Active', 'Member ' || i, 'User', $1,
                '--' || lpad((i % 12 + 1)::text, 2, '0') || '-15'
           FROM generate_series(1, 5) i`,
        [group, bcrypt.hashSync(PASSWORD, 4)],
      );
      await db.query(`INSERT INTO notification_settings (user_id, time_zone) SELECT id, 'Europe/Berlin' FROM users`);
      // one-off events spread over 2024-2028, repeating ones starting in 2024-2026
      await db.query(
        `INSERT INTO calendar_events (id, group_id, uid, title, all_day, start_value, end_value, time_zone, rrule, exdates, attendee_ids, color,
                                      is_private, reminders, created_by, range_start, range_end)
         SELECT id, $1, id || '@hearth', 'Event ' || i, false,
                to_char(s AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'), to_char((s + interval '1 hour') AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
                'Europe/Berlin', NULL, '{}', NULL, '#2563EB', i % 20 = 0, '{}', (SELECT id FROM users WHERE username = 'bench'), s, s + interval '1 hour'
           FROM (SELECT gen_random_uuid() AS id, i, timestamptz '2024-01-01 08:00Z' + (i * interval '1 day' * 1826 / $2) AS s
                   FROM generate_series(1, $2::int) i) x`,
        [group, EVENTS - REPEATING],
      );
      await db.query(
        `INSERT INTO calendar_events (id, group_id, uid, title, all_day, start_value, end_value, time_zone, rrule, exdates, attendee_ids, color,
                                      is_private, reminders, created_by, range_start, range_end)
         SELECT id, $1, id || '@hearth', 'Series ' || i, false,
                to_char(s AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
                to_char((s + interval '90 minutes') AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
                'Europe/Berlin', ($3::text[])[1 + i % cardinality($3::text[])], '{}', NULL, '#DC2626', false, '{}',
                (SELECT id FROM users WHERE username = 'bench'), s,
                CASE WHEN i % cardinality($3::text[]) = cardinality($3::text[]) - 1 THEN s + interval '31 days' END
           FROM (SELECT gen_random_uuid() AS id, i, timestamptz '2024-01-06 09:00Z' + (i * interval '1 day' * 900 / $2) AS s
                   FROM generate_series(1, $2::int) i) x`,
        [group, REPEATING, RULES],
      );
      await db.query(`INSERT INTO calendar_changes (event_id, group_id, uid) SELECT id, group_id, uid FROM calendar_events`);
      const accounts = (
        await db.query(`INSERT INTO budget_accounts (id, group_id, name, is_default) VALUES (gen_random_uuid(), $1, 'Main', true) RETURNING id`, [group])
      ).rows;
      const category = (
        await db.query(
          `INSERT INTO categories (id, group_id, name, color, icon, sort_order) VALUES (gen_random_uuid(), $1, 'Home', '#112233', 'Home', 1) RETURNING id`,
          [group],
        )
      ).rows[0].id;
      await db.query(
        `INSERT INTO recurring_transactions (id, group_id, type, amount, description, budget_account_id, category_id, frequency, interval,
                                            start_date, next_occurrence)
         SELECT gen_random_uuid(), $1, 'Expense', 10 + i, 'Bill ' || i, $2, $3, (ARRAY['Monthly','Weekly','Yearly'])[1 + i % 3], 1,
                date '2025-01-01' + i, date '2027-01-01'
           FROM generate_series(1, 30) i`,
        [group, accounts[0].id, category],
      );
    });
    const port = await freePort();
    const env = { ...serverEnvironment(url, dataDir), PORT: String(port) };
    server = await startServer('Hearth', [...NODE_MEMORY_FLAGS, join(__dirname, '..', 'src', 'main.js')], env, port, '/health/live');
    const base = `http://127.0.0.1:${port}`;
    const token = await login(base);
    const ask = async (month: string) => {
      const started = performance.now();
      const response = await fetch(`${base}${API}/calendar/occurrences?from=${month}-01&to=${month}-30`, { headers: { authorization: `Bearer ${token}` } });
      const body = (await response.json()) as unknown[];
      if (response.status !== 200) throw new Error(`occurrences: ${response.status} ${JSON.stringify(body)}`);
      return { ms: performance.now() - started, count: body.length };
    };
    for (let i = 0; i < 50; i++) await ask('2026-11');
    const samples: number[] = [];
    let count = 0;
    for (let i = 0; i < REQUESTS; i++) {
      const { ms, count: n } = await ask(i % 2 ? '2026-11' : '2026-06');
      samples.push(ms);
      count = n;
    }
    const p50 = median(samples);
    const p95 = percentile(samples, 95);
    console.log(
      `  ${EVENTS} events (${REPEATING} repeating), 30 bills: one month is ${count} occurrences; median ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms`,
    );
    return [
      {
        scenario: `calendar: one month of occurrences, ${EVENTS} events (${REPEATING} repeating) and bills`,
        value: `median ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms (${count} occurrences)`,
        target: '≤ 30 ms',
        pass: p50 <= 30,
      },
    ];
  } finally {
    await server?.stop();
    await dropDatabase(name);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

import 'reflect-metadata';
import * as bcrypt from 'bcrypt';
import Fastify from 'fastify';
import { AddressInfo } from 'node:net';
import { availableParallelism } from 'node:os';
import { Pool } from 'pg';
import { createApp } from '../src/app.factory';
import { loadConfig } from '../src/config';
import { createDatabase, databaseUrl, dropDatabase } from '../src/database/admin';
import { newId } from '../src/database/base.entity';
import { load, LoadOptions, Measured, median, report } from './lib';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

const SESSION_CHECK_SQL = `SELECT (s.revoked_date IS NULL AND s.expires_date > now()) AS live, u.status, u.perms_version
  FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.id = $1 AND s.user_id = $2`;
const LIST_SQL = `SELECT id, device_name, user_agent, ip_address, created_date, last_used_date, expires_date
  FROM sessions WHERE user_id = $1 AND revoked_date IS NULL AND expires_date > now() ORDER BY last_used_date DESC, id DESC`;

/**
 * Sign-in and the authenticated hot path against a bare Fastify + pg handler issuing the same SQL
 * (the scenarios issue 15 measures): a 20-row authenticated list, the validation-error path, and login throughput
 * against the bcrypt ceiling (cores ÷ hash time).
 */
export async function benchAuth(): Promise<void> {
  const name = `hearth_bench_auth_${process.pid}`;
  await createDatabase(name);
  const url = databaseUrl(name);
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: url,
    LOG_LEVEL: 'silent',
    RATE_LIMIT_ENABLED: 'false',
    JOBS_ENABLED: 'false',
    MIGRATIONS_RUN: 'true',
  });
  const app = await createApp(config);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
  const pool = new Pool({ connectionString: url, max: 10 });
  const bare = Fastify();
  try {
    const groupId = newId();
    const userId = newId();
    const password = 'bench-password-123';
    await pool.query(`INSERT INTO groups (id, name, currency, modules) VALUES ($1, 'Bench', 'EUR', '{Map,Budget,Notes}')`, [groupId]);
    await pool.query(
      `INSERT INTO users (id, username, password_hash, email, email_status, status, nickname, role, group_id)
       VALUES ($1, 'bench', $2, 'bench@example.test', 'Confirmed', 'Active', 'Bench', 'User', $3)`,
      [userId, await bcrypt.hash(password, config.bcryptCost), groupId],
    );
    // 20 sessions: the list returns 20 rows
    let token = '';
    for (let i = 0; i < 20; i++) {
      const response = await fetch(`${base}/api/v1/session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'bench', password, deviceName: `device ${i}` }),
      });
      token = ((await response.json()) as { accessToken: string }).accessToken;
    }
    const sessionId = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).SessionId;

    // the same SQL as the route: the guard's session check, then the list
    bare.get('/sessions', async () => {
      await pool.query(SESSION_CHECK_SQL, [sessionId, userId]);
      return (await pool.query(LIST_SQL, [userId])).rows;
    });
    await bare.listen({ port: 0, host: '127.0.0.1' });
    const bareBase = `http://127.0.0.1:${(bare.server.address() as AddressInfo).port}`;

    const auth = { authorization: `Bearer ${token}` };
    const scenarios: [string, LoadOptions][] = [
      ['bare fastify+pg: same 2 queries, 20 rows', { url: `${bareBase}/sessions` }],
      ['hearth GET /sessions (JWT + session check)', { url: `${base}/api/v1/sessions`, headers: auth }],
      ['hearth GET /health/live (no guard, no SQL)', { url: `${base}/health/live` }],
      ['hearth DELETE /sessions?keepCurrent=x (400)', { url: `${base}/api/v1/sessions?keepCurrent=x`, method: 'DELETE', headers: auth }],
    ];
    // on a small shared machine one run is noise: alternate the scenarios ROUNDS times, keep medians
    const samples = new Map<string, Measured[]>();
    for (let round = 0; round < ROUNDS; round++) {
      for (const [name, options] of scenarios) samples.set(name, [...(samples.get(name) ?? []), await load(name, options)]);
    }
    const rows = scenarios.map(([name]) => median(samples.get(name)!));
    report('authenticated list', rows, [
      ['list vs bare', 'hearth GET /sessions (JWT + session check)', 'bare fastify+pg: same 2 queries, 20 rows', 0.75],
      ['validation error vs list success', 'hearth DELETE /sessions?keepCurrent=x (400)', 'hearth GET /sessions (JWT + session check)', 0.5],
    ]);

    if (process.env.BENCH_SKIP_LOGIN) return;
    const started = Date.now();
    for (let i = 0; i < 5; i++) await bcrypt.compare(password, await bcrypt.hash(password, config.bcryptCost));
    const hashMs = (Date.now() - started) / 10;
    const ceiling = availableParallelism() / (hashMs / 1000);
    const loginRow = await load('hearth POST /session (bcrypt cost ' + config.bcryptCost + ')', {
      url: `${base}/api/v1/session`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'bench', password }),
      connections: availableParallelism() * 2,
    });
    report('login', [loginRow]);
    console.log(`bcrypt: ${hashMs.toFixed(0)} ms a hash → ceiling ${ceiling.toFixed(1)} logins/s; login at ${((loginRow.requests / ceiling) * 100).toFixed(0)}% (target ≥ 85%)`);
  } finally {
    await bare.close();
    await pool.end();
    await app.close();
    await dropDatabase(name);
  }
}

if (require.main === module) {
  benchAuth().then(
    () => process.exit(0),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}

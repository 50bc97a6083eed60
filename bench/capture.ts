/**
 * `npm run bench -- --capture`: the SQL Hearth issues for each scenario, read from PostgreSQL's own
 * statement log (log_statement = 'all' set on the scratch database only, reset afterwards), so the
 * bare server's statements (bench/bare/statements.ts) can be checked against what Hearth really sends.
 * BENCH_PG_LOG names the server log (default: the Debian cluster's log under /var/log/postgresql).
 */
import { closeSync, openSync, readdirSync, readSync, statSync } from 'node:fs';
import { join } from 'node:path';

export interface CaptureRequest {
  name: string;
  method: string;
  path: string;
  body?: string;
  anonymous?: boolean;
}

function serverLog(): string {
  if (process.env.BENCH_PG_LOG) return process.env.BENCH_PG_LOG;
  const dir = '/var/log/postgresql';
  const [newest] = readdirSync(dir)
    .filter((f) => f.endsWith('.log'))
    .map((f) => join(dir, f))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  if (!newest) throw new Error(`no server log in ${dir}; set BENCH_PG_LOG`);
  return newest;
}

function readFrom(file: string, offset: number): string {
  const size = statSync(file).size;
  const buffer = Buffer.alloc(size - offset);
  const fd = openSync(file, 'r');
  try {
    readSync(fd, buffer, 0, buffer.length, offset);
  } finally {
    closeSync(fd);
  }
  return buffer.toString('utf8');
}

/** The statements of `database` in a log excerpt: each entry with its continuation lines. */
function statementsOf(text: string, database: string): string[] {
  const entries: string[] = [];
  let current: string[] | null = null;
  for (const line of text.split('\n')) {
    if (/^\d{4}-\d\d-\d\d /.test(line)) {
      current =
        line.includes(`@${database} `) && /(LOG|DETAIL): {2}(statement|execute|parameters)/.test(line) ? [line.replace(/^.*?(LOG|DETAIL): {2}/, '')] : null;
      if (current) entries.push('');
    } else if (current) current.push(line);
    if (current) entries[entries.length - 1] = current.join('\n');
  }
  return entries;
}

export async function capture(database: string, base: string, token: string, requests: CaptureRequest[]): Promise<void> {
  const file = serverLog();
  for (const r of requests) {
    const offset = statSync(file).size;
    const headers: Record<string, string> = r.anonymous ? {} : { authorization: `Bearer ${token}` };
    if (r.body) headers['content-type'] = 'application/json';
    const response = await fetch(`${base}${r.path}`, { method: r.method, headers, body: r.body });
    await response.arrayBuffer();
    await new Promise((resolve) => setTimeout(resolve, 500));
    console.log(`\n==== ${r.name}: ${r.method} ${r.path} → ${response.status}`);
    for (const statement of statementsOf(readFrom(file, offset), database)) console.log(statement);
  }
}

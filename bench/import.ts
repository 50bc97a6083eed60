/**
 * Statement import (`npm run bench -- import`): preview and commit of a 10 000-row statement, as a
 * German bank CSV and as OFX 1.x SGML, against a Hearth process of its own (the same settings as
 * the other scenarios) on a small database of its own: one group with BENCH_IMPORT_HISTORY (20 000)
 * past transactions for the suggestions and the duplicate check to read. Each round imports into a
 * fresh account, so every commit creates all 10 000 rows with their history rows.
 * Targets: preview ≤ 2 s, commit ≤ 5 s, medians of BENCH_IMPORT_ROUNDS (3).
 */
import * as bcrypt from 'bcrypt';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Client } from 'pg';
import { createDatabase, databaseUrl, dropDatabase } from '../src/database/admin';
import { newId } from '../src/database/base.entity';
import { NODE_MEMORY_FLAGS } from '../src/memory';
import { migrate, PASSWORD } from './budget';
import { API, freePort, login, median, serverEnvironment, startServer } from './lib';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 10_000);
const HISTORY = Number(process.env.BENCH_IMPORT_HISTORY ?? 20_000);
const ROUNDS = Number(process.env.BENCH_IMPORT_ROUNDS ?? 3);
const PAYEES = [
  'REWE Markt GmbH',
  'Bäckerei Müller',
  'Stadtwerke Köln',
  'Deutsche Bahn',
  'Apotheke am Markt',
  'Tankstelle Nord',
  'Buchhandlung Weber',
  'Arbeitgeber AG',
];

export interface ImportResult {
  scenario: string;
  value: string;
  target: string;
  pass: boolean;
}

const day = (i: number) => new Date(Date.UTC(2026, 0, 1) + (i % 365) * 86_400_000);
const cents = (i: number) => ((i * 7919) % 50_000) + 1;
const money = (c: number, comma: boolean) => {
  const whole = Math.floor(c / 100).toString();
  const grouped = comma ? whole.replace(/\B(?=(\d{3})+(?!\d))/g, '.') : whole;
  return `${grouped}${comma ? ',' : '.'}${String(c % 100).padStart(2, '0')}`;
};

function germanCsv(): Buffer {
  const lines = ['Buchungstag;Valuta;Auftraggeber/Empfänger;Buchungstext;Verwendungszweck;Soll;Haben;Währung'];
  for (let i = 0; i < ROWS; i++) {
    const d = day(i);
    const date = `${String(d.getUTCDate()).padStart(2, '0')}.${String(d.getUTCMonth() + 1).padStart(2, '0')}.${d.getUTCFullYear()}`;
    const income = i % 5 === 1;
    const amount = money(cents(i), true);
    const [debit, credit] = income ? ['', amount] : [`-${amount}`, ''];
    lines.push(`${date};${date};${PAYEES[i % PAYEES.length]};${income ? 'Gutschrift' : 'Lastschrift'};Vorgang ${i} Referenz ${i * 31};${debit};${credit};EUR`);
  }
  return Buffer.from(new TextEncoder().encode(lines.join('\r\n')));
}

function ofxSgml(): Buffer {
  const parts = [
    'OFXHEADER:100',
    'DATA:OFXSGML',
    'VERSION:102',
    'SECURITY:NONE',
    'ENCODING:USASCII',
    'CHARSET:1252',
    'COMPRESSION:NONE',
    'OLDFILEUID:NONE',
    'NEWFILEUID:NONE',
    '',
    '<OFX>',
    '<BANKMSGSRSV1>',
    '<STMTTRNRS>',
    '<TRNUID>1',
    '<STMTRS>',
    '<CURDEF>EUR',
    '<BANKTRANLIST>',
    '<DTSTART>20260101',
    '<DTEND>20261231',
  ];
  for (let i = 0; i < ROWS; i++) {
    const d = day(i).toISOString().slice(0, 10).replace(/-/g, '');
    const income = i % 5 === 1;
    parts.push(
      '<STMTTRN>',
      `<TRNTYPE>${income ? 'CREDIT' : 'DEBIT'}`,
      `<DTPOSTED>${d}120000`,
      `<TRNAMT>${income ? '' : '-'}${money(cents(i), false)}`,
      `<FITID>BENCH${i}`,
      `<NAME>${PAYEES[i % PAYEES.length].replace('ü', 'ue').replace('ö', 'oe').replace('ä', 'ae')}`,
      `<MEMO>Vorgang ${i}`,
      '</STMTTRN>',
    );
  }
  parts.push('</BANKTRANLIST>', '</STMTRS>', '</STMTTRNRS>', '</BANKMSGSRSV1>', '</OFX>');
  return Buffer.from(parts.join('\r\n'));
}

async function seed(url: string): Promise<{ groupId: string; categories: string[] }> {
  const db = new Client({ connectionString: url });
  await db.connect();
  try {
    const groupId = newId();
    const userId = newId();
    const account = newId();
    const categories = Array.from({ length: 8 }, () => newId());
    await db.query(`INSERT INTO groups (id, name, currency, modules) VALUES ($1, 'Bench', 'EUR', '{Budget}')`, [groupId]);
    await db.query(
      `INSERT INTO users (id, username, password_hash, email, email_status, status, nickname, role, group_id)
       VALUES ($1, 'bench', $2, 'bench@example.test', 'Confirmed', 'Active', 'Bench', 'User', $3)`,
      [userId, bcrypt.hashSync(PASSWORD, 4), groupId],
    );
    await db.query(`INSERT INTO budget_accounts (id, group_id, name, is_default) VALUES ($1, $2, 'Main', true)`, [account, groupId]);
    for (const [i, id] of categories.entries()) {
      await db.query(`INSERT INTO categories (id, group_id, name, color, icon, sort_order) VALUES ($1, $2, $3, '#3B82F6', 'Tag', $4)`, [
        id,
        groupId,
        `Category ${i + 1}`,
        i + 1,
      ]);
    }
    // a year of history typed by hand: what suggestions learn from and the duplicate check reads
    await db.query(
      `INSERT INTO transactions (id, group_id, type, amount, date, description, category_id, budget_account_id, created_by_id)
       SELECT gen_random_uuid(), $1, CASE WHEN i % 5 = 1 THEN 'Income' ELSE 'Expense' END, (i % 9000 + 1) / 100.0,
              DATE '2025-01-01' + (i % 365), ($4::text[])[i % 8 + 1] || ' ' || i, ($3::uuid[])[i % 8 + 1], $2, $5
         FROM generate_series(1, $6::int) AS i`,
      [groupId, account, categories, PAYEES, userId, HISTORY],
    );
    await db.query('VACUUM ANALYZE');
    return { groupId, categories };
  } finally {
    await db.end();
  }
}

export async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const result = await work();
  return [result, performance.now() - start];
}

/** A Hearth process of its own on a small seeded database of its own, signed in; `stop` drops both. */
export interface ImportServer {
  base: string;
  token: string;
  categories: string[];
  stop(): Promise<void>;
}

export async function startImportServer(label: string): Promise<ImportServer> {
  const name = `hearth_bench_${label}_${process.pid}`;
  const url = databaseUrl(name);
  const dataDir = mkdtempSync(join(tmpdir(), `hearth-bench-${label}-`));
  await createDatabase(name);
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  const stop = async () => {
    await server?.stop();
    await dropDatabase(name);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await migrate(url);
    const { categories } = await seed(url);
    const port = await freePort();
    server = await startServer(
      'Hearth',
      [...NODE_MEMORY_FLAGS, join(__dirname, '..', 'src', 'main.js')],
      { ...serverEnvironment(url, dataDir), PORT: String(port) },
      port,
      '/health/live',
    );
    return { base: server.base, token: await login(server.base), categories, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

export async function benchImport(): Promise<ImportResult[]> {
  const results: ImportResult[] = [];
  const server = await startImportServer('import');
  const { categories, token } = server;
  try {
    const call = async (method: string, path: string, body: string | Buffer, contentType: string) => {
      const response = await fetch(`${server.base}${API}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
        body: body as unknown as string,
      });
      const text = await response.text();
      if (response.status !== 201) throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 300)}`);
      return JSON.parse(text);
    };
    for (const [format, file, type] of [
      ['CSV', germanCsv(), 'text/csv'],
      ['OFX', ofxSgml(), 'application/x-ofx'],
    ] as const) {
      const previews: number[] = [];
      const commits: number[] = [];
      for (let round = 0; round <= ROUNDS; round++) {
        const account = await call('POST', '/budget-accounts', JSON.stringify({ name: `${format} ${round}` }), 'application/json');
        const [preview, previewMs] = await timed(() => call('POST', `/budget-accounts/${account.id}/imports`, file, type));
        if (preview.rows.length !== ROWS) throw new Error(`${format}: ${preview.rows.length} rows previewed, ${preview.errors.length} errors`);
        // every row with a category chosen: the largest commit body a client sends
        const rows = preview.rows.map((row: { index: number }) => ({ index: row.index, include: true, categoryId: categories[row.index % categories.length] }));
        const [result, commitMs] = await timed(() => call('POST', `/imports/${preview.id}/commit`, JSON.stringify({ rows }), 'application/json'));
        if (result.created !== ROWS) throw new Error(`${format}: ${result.created} created`);
        const label = round === 0 ? 'warm-up' : `round ${round}`;
        console.log(`  ${format} ${label}: preview ${previewMs.toFixed(0)} ms (${(file.length / 1024).toFixed(0)} KB), commit ${commitMs.toFixed(0)} ms`);
        if (round > 0) {
          previews.push(previewMs);
          commits.push(commitMs);
        }
      }
      const p = median(previews);
      const c = median(commits);
      results.push({ scenario: `import ${ROWS} rows ${format}: preview`, value: `${(p / 1000).toFixed(2)} s`, target: '≤ 2 s', pass: p <= 2000 });
      results.push({ scenario: `import ${ROWS} rows ${format}: commit`, value: `${(c / 1000).toFixed(2)} s`, target: '≤ 5 s', pass: c <= 5000 });
    }
  } finally {
    await server.stop();
  }
  return results;
}

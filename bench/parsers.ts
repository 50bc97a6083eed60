/**
 * Statement parsers under hostile input (`npm run bench -- parsers`): every file of
 * bench/hostile-statements.ts at 5 MiB (deep nesting, endless lines and names, wide headers, tiny
 * rows by the hundred thousand), plus a valid CSV of 20 000 rows (the most a preview holds),
 * through the real HTTP preview of a Hearth process of its own. Meanwhile a light request
 * (GET /budget-accounts) runs again and again on its own connection: its worst wait shows how long
 * the parsing held the process. Targets: each hostile file refused or previewed ≤ 2 s, the 20 000
 * valid rows previewed ≤ 4 s (2 s per 10 000 rows, as the import benchmark's), the light request
 * waits ≤ 1 s.
 */
import { performance } from 'node:perf_hooks';
import { CONTENT_TYPES, hostileFiles, StatementKind } from './hostile-statements';
import { ImportResult, startImportServer, timed } from './import';
import { API } from './lib';

const MIB = 5 * 1024 * 1024;
const ROUNDS = Number(process.env.BENCH_PARSERS_ROUNDS ?? 2);

function capCsv(): string {
  const lines = ['Buchungstag;Verwendungszweck;Betrag'];
  for (let i = 0; i < 20_000; i++)
    lines.push(`${String((i % 28) + 1).padStart(2, '0')}.03.2026;Vorgang ${i};-${(i % 997) + 1},${String(i % 100).padStart(2, '0')}`);
  return lines.join('\n');
}

export async function benchParsers(): Promise<ImportResult[]> {
  const server = await startImportServer('parsers');
  const results: ImportResult[] = [];
  try {
    const headers = { authorization: `Bearer ${server.token}` };
    const accounts = (await (await fetch(`${server.base}${API}/budget-accounts`, { headers })).json()) as { id: string }[];
    const account = accounts[0].id;
    const CAP = '20 000 valid rows (the cap)';
    const files = [...hostileFiles(MIB), { kind: 'csv' as StatementKind, name: CAP, body: capCsv() }];
    const worst = new Map<string, { ms: number; wait: number }>();
    for (const file of files) {
      const body = Buffer.from(file.body);
      for (let round = 0; round <= ROUNDS; round++) {
        // the light request, again and again until the preview has answered
        let running = true;
        let wait = 0;
        const light = (async () => {
          while (running) {
            const start = performance.now();
            const response = await fetch(`${server.base}${API}/budget-accounts`, { headers });
            await response.arrayBuffer();
            wait = Math.max(wait, performance.now() - start);
          }
        })();
        const [outcome, ms] = await timed(async () => {
          const response = await fetch(`${server.base}${API}/budget-accounts/${account}/imports`, {
            method: 'POST',
            headers: { ...headers, 'content-type': CONTENT_TYPES[file.kind] },
            body,
          });
          const answer = (await response.json()) as { code?: string; rows?: unknown[]; errorCount?: number };
          return response.status === 201 ? `201, ${answer.rows?.length} rows, ${answer.errorCount} errors` : `${response.status} ${answer.code}`;
        });
        running = false;
        await light;
        if (outcome.startsWith('5')) throw new Error(`${file.kind} ${file.name}: ${outcome}`);
        if (round === 0) continue; // warm-up
        console.log(
          `  ${file.kind.padEnd(7)} ${file.name.padEnd(34)} ${(body.length / 1024 / 1024).toFixed(2)} MiB: ` +
            `${ms.toFixed(0).padStart(5)} ms, light request ≤ ${wait.toFixed(0)} ms (${outcome})`,
        );
        const key = file.name === CAP ? CAP : file.kind;
        const before = worst.get(key) ?? { ms: 0, wait: 0 };
        worst.set(key, { ms: Math.max(before.ms, ms), wait: Math.max(before.wait, wait) });
      }
    }
    for (const [key, { ms, wait }] of worst) {
      // the largest valid preview: parsing, the duplicate check, the suggestions and storing 20 000 rows (2 s per 10 000 rows)
      const [scenario, limit] = key === CAP ? [`parsers csv: preview of ${CAP}`, 4000] : [`parsers ${key}: slowest 5 MiB preview`, 2000];
      results.push({ scenario, value: `${(ms / 1000).toFixed(2)} s`, target: `≤ ${limit / 1000} s`, pass: ms <= limit });
      results.push({
        scenario: `${scenario.split(':')[0]}${key === CAP ? ' (cap)' : ''}: light request's worst wait`,
        value: `${(wait / 1000).toFixed(2)} s`,
        target: '≤ 1 s',
        pass: wait <= 1000,
      });
    }
  } finally {
    await server.stop();
  }
  return results;
}

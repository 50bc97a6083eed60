import autocannon from 'autocannon';

export interface Measured {
  name: string;
  requests: number;
  p50: number;
  p99: number;
  non2xx: number;
}

export interface LoadOptions {
  url: string;
  method?: 'GET' | 'POST' | 'DELETE';
  headers?: Record<string, string>;
  body?: string;
  connections?: number;
  seconds?: number;
}

/** One warm-up run, then the measured run (out of process from the server's point of view: HTTP over loopback). */
export async function load(name: string, options: LoadOptions): Promise<Measured> {
  const run = (duration: number) =>
    autocannon({
      url: options.url,
      method: options.method ?? 'GET',
      headers: options.headers,
      body: options.body,
      connections: options.connections ?? 10,
      duration,
    });
  await run(Math.max(1, Math.round((options.seconds ?? 5) / 3)));
  const result = await run(options.seconds ?? 5);
  return {
    name,
    requests: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
  };
}

/** The run with the median throughput (its latencies come along). */
export function median(runs: Measured[]): Measured {
  return [...runs].sort((a, b) => a.requests - b.requests)[Math.floor(runs.length / 2)];
}

export function report(title: string, rows: Measured[], ratios: [string, string, string, number][] = []): void {
  console.log(`\n== ${title}`);
  console.log('scenario'.padEnd(44), 'req/s'.padStart(8), 'p50 ms'.padStart(8), 'p99 ms'.padStart(8), 'non-2xx'.padStart(8));
  for (const row of rows) {
    console.log(row.name.padEnd(44), String(row.requests).padStart(8), String(row.p50).padStart(8), String(row.p99).padStart(8), String(row.non2xx).padStart(8));
  }
  const byName = Object.fromEntries(rows.map((row) => [row.name, row]));
  for (const [label, a, b, target] of ratios) {
    const ratio = byName[a].requests / byName[b].requests;
    console.log(`${label.padEnd(44)} ${(ratio * 100).toFixed(0).padStart(7)}%  (target ≥ ${Math.round(target * 100)}%)`);
  }
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

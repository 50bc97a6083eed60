/**
 * The load generator's own process (forked by bench/run.ts): autocannon with the options it is sent.
 * Protocol over IPC: it says `ready`, waits for `go` (the harness reads the servers' CPU counters in
 * between), runs, and sends back the numbers; so nothing of the load generator runs in a server.
 */
import autocannon from 'autocannon';

export interface LoadRequest {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  connections: number;
  seconds: number;
  /** requests per second across all connections (a paced stream); unset: as fast as possible */
  overallRate?: number;
}

export interface LoadResult {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

function run(request: LoadRequest): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: request.url,
        method: request.method ?? 'GET',
        headers: request.headers,
        body: request.body,
        connections: request.connections,
        duration: request.seconds,
        overallRate: request.overallRate,
      },
      (error, result) => {
        if (error) return reject(error);
        resolve({
          requests: result.requests.total,
          rps: result.requests.total / (result.duration || request.seconds),
          p50: result.latency.p50,
          p99: result.latency.p99,
          non2xx: result.non2xx,
          errors: result.errors + result.timeouts,
        });
      },
    );
  });
}

process.once('message', (request: LoadRequest) => {
  process.send!({ ready: true });
  process.once('message', () => {
    run(request).then(
      (result) => process.send!({ result }, () => process.exit(0)),
      (error) => process.send!({ error: String(error) }, () => process.exit(1)),
    );
  });
});

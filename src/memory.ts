import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * How the service's process uses memory: set first thing in main.ts and worker.ts, so every way of
 * starting it (npm start, the Dockerfile, docker compose, the benchmark's own spawn) behaves the
 * same. Numbers: docs/performance.md, "Memory".
 *
 * How far V8 lets the old generation grow past what survived the last full collection before it
 * collects again: 50 % (V8's default picks 10 %–300 % by its own speed estimates, and under
 * request load it chose the top end: a server whose live heap is ~55 MB grew to ~260 MB resident
 * before a full collection). Requests leave medium-lived garbage (response rows, serialised
 * bodies) that the young generation promotes; with this cap the old generation stays close to
 * what is alive, for a few more concurrent marking passes on the spare core. Set at run time;
 * `node --heap-growing-percent=N` on the command line still wins, as it is read first.
 */
export const HEAP_GROWING_PERCENT = 50;

/**
 * The flags V8 reads only as the process starts, so every launcher passes them on the command
 * line: `npm start`/`npm run worker` (package.json), the Dockerfile's CMD and the benchmark's
 * spawn. A test keeps those in step with this list. `--max-semi-space-size` caps the young
 * generation at 2 × 8 MB: V8's default let it grow to ~110 MB resident under load on Node 24.
 */
export const NODE_MEMORY_FLAGS = ['--max-semi-space-size=8'];

if (!process.execArgv.some((arg) => arg.startsWith('--heap-growing-percent') || arg.startsWith('--heap_growing_percent'))) {
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}

/** Resident bytes of V8's young generation (both semi-spaces), as the process holds them now. */
export function youngGenerationBytes(): number {
  return getHeapSpaceStatistics()
    .filter((space) => space.space_name === 'new_space')
    .reduce((sum, space) => sum + space.physical_space_size, 0);
}

/**
 * Gives back what start-up alone needed, once the service is ready: one memory-reducing full
 * collection (V8's "last resort" flavour, what `LowMemoryNotification` runs) after the modules are
 * loaded and the routes compiled. Start-up allocates fast and most of it survives (sources,
 * bytecode, metadata), so V8 grows the young generation to its largest size (~64 MB resident on
 * Node 24) and keeps it: V8's idle memory reducer does not shrink it, even after minutes without a
 * request. The collection takes ~90 ms and leaves the young generation at its initial size; under
 * load V8 grows it again as far as `--max-semi-space-size` allows. Node exposes no such call, so
 * the `gc` function is taken from a fresh context with `--expose-gc` on (V8 installs it in every
 * context created while the flag is set), and the flag is switched off again.
 */
export function releaseStartupMemory(): void {
  setFlagsFromString('--expose-gc');
  try {
    const gc = runInNewContext('gc') as (options: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void;
    gc({ type: 'major', execution: 'sync', flavor: 'last-resort' });
  } finally {
    setFlagsFromString('--no-expose-gc');
  }
}

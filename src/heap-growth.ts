import { setFlagsFromString } from 'node:v8';

/**
 * How far V8 lets the old generation grow past what survived the last full collection before it
 * collects again: 50 % (V8's default picks 10 %–300 % by its own speed estimates, and under
 * request load it chose the top end: a server whose live heap is ~55 MB grew to ~260 MB resident
 * before a full collection). Requests leave medium-lived garbage (response rows, serialised
 * bodies) that the young generation promotes; with this cap the process stays within ~1.5× of
 * its resident size after start across `npm run bench`, for a few more concurrent marking passes
 * on the spare core. Numbers: docs/architecture.md, "Memory".
 *
 * Set at run time, first thing in main.ts and worker.ts, so every way of starting the service
 * (npm start, the Dockerfile, docker compose, the benchmark's own spawn) gets the same heap
 * behaviour; `node --heap-growing-percent=N` on the command line still wins, as it is read first.
 */
export const HEAP_GROWING_PERCENT = 50;

if (!process.execArgv.some((arg) => arg.startsWith('--heap-growing-percent') || arg.startsWith('--heap_growing_percent'))) {
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}

import { availableParallelism } from 'node:os';

/** bcrypt work at once by default: every core but one, so one core always stays free for requests. */
export function defaultHashConcurrency(): number {
  return Math.max(1, availableParallelism() - 1);
}

/**
 * bcrypt work at once while no other request is in flight: every core (a login burst on an idle
 * server reaches the machine's bcrypt ceiling; the core kept free is lent only while nobody needs it).
 */
export function idleHashConcurrency(): number {
  return availableParallelism();
}

/**
 * libuv threads for a process hashing `hashConcurrency` passwords at once: enough that hashing
 * never holds every thread (file reads, DNS and zlib keep at least two), and never fewer than
 * Node's default of 4.
 */
export function threadPoolSize(hashConcurrency: number): number {
  return Math.max(4, hashConcurrency + 2);
}

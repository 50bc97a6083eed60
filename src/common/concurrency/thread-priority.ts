import { readdirSync, readFileSync } from 'node:fs';
import { setPriority } from 'node:os';

/** What libuv (1.50 and later, in Node 24) names the threads of its pool. */
const LIBUV_WORKER = 'libuv-worker';

/**
 * Gives libuv's worker threads the CPU priority `nice` (Linux: nice values are per thread, and
 * raising one needs no privilege), leaving the event loop's thread as it is. While the machine has
 * a core to spare this changes nothing; when every core is wanted, the kernel's fair scheduler
 * weighs the event loop (requests) above the pool's work (bcrypt, which is most of it; file reads
 * and writes, gzip, image thumbnails): at nice 10, ~9 to 1, instead of sharing time equally. Call
 * it once the pool has started (libuv starts every worker together at the first piece of pool
 * work). Returns the threads changed: none on other systems, none when the threads carry no name,
 * none when `nice` is 0.
 */
export function lowerThreadPoolPriority(nice: number, tasks = '/proc/self/task'): number {
  if (nice === 0 || process.platform !== 'linux') return 0;
  let changed = 0;
  let ids: string[];
  try {
    ids = readdirSync(tasks);
  } catch {
    return 0;
  }
  for (const id of ids) {
    try {
      if (readFileSync(`${tasks}/${id}/comm`, 'utf8').trim() !== LIBUV_WORKER) continue;
      setPriority(Number(id), nice);
      changed++;
    } catch {
      // the thread ended between the listing and the call, or the system refused: leave it as it is
    }
  }
  return changed;
}

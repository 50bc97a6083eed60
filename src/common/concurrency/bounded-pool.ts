import { AppError } from '../errors/app-error';

/** Seconds a client is asked to wait when the hashing queue is full (503 Retry-After). */
export const HASH_QUEUE_RETRY_AFTER_SECONDS = 2;

interface Waiter {
  start: () => void;
  timer: NodeJS.Timeout;
}

/**
 * Runs at most `concurrency` tasks at once; the others wait in a FIFO queue. A task that waits
 * longer than `queueTimeoutMs` never starts and rejects with 503 SERVICE_UNAVAILABLE (Retry-After),
 * so a burst of logins is answered quickly instead of piling up behind the pool.
 */
export class BoundedPool {
  private running = 0;
  private readonly queue: Waiter[] = [];

  constructor(
    readonly concurrency: number,
    readonly queueTimeoutMs: number,
  ) {
    if (!Number.isInteger(concurrency) || concurrency < 1) throw new RangeError('concurrency must be a positive integer');
  }

  /** Tasks running now and tasks waiting for a slot. */
  get stats(): { running: number; queued: number } {
    return { running: this.running, queued: this.queue.length };
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    await this.acquire();
    try {
      return await task();
    } finally {
      this.release();
    }
  }

  private acquire(): Promise<void> {
    if (this.running < this.concurrency) {
      this.running++;
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        // the slot is handed over by release(): `running` stays counted
        start: () => {
          clearTimeout(waiter.timer);
          resolve();
        },
        timer: setTimeout(() => {
          this.queue.splice(this.queue.indexOf(waiter), 1);
          reject(
            new AppError(503, 'SERVICE_UNAVAILABLE', 'The server is busy signing other people in; try again shortly', undefined, {
              'Retry-After': String(HASH_QUEUE_RETRY_AFTER_SECONDS),
            }),
          );
        }, this.queueTimeoutMs),
      };
      this.queue.push(waiter);
    });
  }

  private release(): void {
    const next = this.queue.shift();
    if (next) next.start();
    else this.running--;
  }
}

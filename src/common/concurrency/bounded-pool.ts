import { AppError } from '../errors/app-error';

/** Seconds a client is asked to wait when the hashing queue is full (503 Retry-After). */
export const HASH_QUEUE_RETRY_AFTER_SECONDS = 2;

interface Waiter {
  start: () => void;
  timer: NodeJS.Timeout;
}

/**
 * More slots while nothing else is waiting for the machine: up to `limit` tasks at once when
 * `idle(tasks)` says so, `tasks` being the pool's tasks running, waiting and about to start.
 */
export interface IdleSlots {
  limit: number;
  idle: (tasks: number) => boolean;
}

/**
 * Runs at most `concurrency` tasks at once (up to `idleSlots.limit` while idle); the others wait in
 * a FIFO queue. A task that waits longer than `queueTimeoutMs` never starts and rejects with 503
 * SERVICE_UNAVAILABLE (Retry-After), so a burst of logins is answered quickly instead of piling up
 * behind the pool.
 */
export class BoundedPool {
  private running = 0;
  private readonly queue: Waiter[] = [];

  constructor(
    readonly concurrency: number,
    readonly queueTimeoutMs: number,
    private readonly idleSlots?: IdleSlots,
  ) {
    if (!Number.isInteger(concurrency) || concurrency < 1) throw new RangeError('concurrency must be a positive integer');
  }

  /** Whether one more task may start now (`pending`: tasks counted beside running and queued). */
  private canStart(pending: number): boolean {
    if (this.running < this.concurrency) return true;
    const extra = this.idleSlots;
    return extra !== undefined && this.running < extra.limit && extra.idle(this.running + this.queue.length + pending);
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
    if (this.queue.length === 0 && this.canStart(1)) {
      this.running++;
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        // release() counts the slot in `running` before it starts the waiter
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
      this.drain();
    });
  }

  /**
   * Starts waiting tasks while a slot is free. `release` calls it; call it too when `idleSlots`
   * may have turned idle (another request finished).
   */
  drain(): void {
    while (this.queue.length > 0 && this.canStart(0)) {
      this.running++;
      this.queue.shift()!.start();
    }
  }

  private release(): void {
    this.running--;
    this.drain();
  }
}

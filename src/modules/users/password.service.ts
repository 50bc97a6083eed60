import { Injectable, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import * as bcrypt from 'bcrypt';
import { BoundedPool } from '../../common/concurrency/bounded-pool';
import { lowerThreadPoolPriority } from '../../common/concurrency/thread-priority';
import { inFlight, onRequestFinished } from '../../common/http/in-flight';
import { AppConfig } from '../../config/app-config';

/** bcrypt cannot see past 72 bytes: longer passwords are refused, never silently cut. */
export const MAX_PASSWORD_BYTES = 72;

/**
 * Password hashing on libuv's thread pool (native bcrypt), every hash and compare through one
 * bounded pool (BCRYPT_CONCURRENCY at once, FIFO, 503 after BCRYPT_QUEUE_TIMEOUT_MS of waiting) so a
 * login burst never takes every core from the other requests; while every request in flight is a
 * login, the last core is lent to hashing too (unless BCRYPT_CONCURRENCY is set). libuv's threads, where
 * the hashes run, get a lower CPU priority than the event loop (THREAD_POOL_NICE), so a hash that has
 * started yields the CPU to requests rather than sharing it equally. A dummy hash of the configured cost
 * makes an unknown username cost the same time as a wrong password.
 */
@Injectable()
export class PasswordService implements OnModuleInit, OnModuleDestroy {
  private dummyHash = '';
  /** public for tests and diagnostics: what runs and what waits */
  readonly pool: BoundedPool;

  constructor(private readonly config: AppConfig) {
    const { concurrency, idleConcurrency, queueTimeoutMs } = config.hashing;
    // the core kept for other requests is lent to logins while every request in flight is hashing
    const idleSlots = idleConcurrency > concurrency ? { limit: idleConcurrency, idle: (hashing: number) => inFlight.count <= hashing } : undefined;
    this.pool = new BoundedPool(concurrency, queueTimeoutMs, idleSlots);
    // a finished request may leave only logins in flight: waiting ones may take the lent core
    if (idleSlots) this.unsubscribe = onRequestFinished(() => this.pool.drain());
  }

  private readonly unsubscribe: (() => void) | undefined;

  onModuleDestroy(): void {
    this.unsubscribe?.();
  }

  async onModuleInit(): Promise<void> {
    this.dummyHash = await this.pool.run(() => bcrypt.hash('hearth-timing-equaliser', this.config.bcryptCost));
    // libuv has started its workers for that hash: from now on they yield the CPU to requests
    lowerThreadPoolPriority(this.config.hashing.threadNice);
  }

  hash(password: string): Promise<string> {
    return this.pool.run(() => bcrypt.hash(password, this.config.bcryptCost));
  }

  /** True when `hash` was made with a bcrypt cost other than BCRYPT_COST (login then stores a new one). */
  needsRehash(hash: string): boolean {
    return bcrypt.getRounds(hash) !== this.config.bcryptCost;
  }

  /** Compares against `hash`, or against the dummy hash when there is none, always returning false then. */
  async verify(password: string, hash: string | null | undefined): Promise<boolean> {
    if (Buffer.byteLength(password, 'utf8') > MAX_PASSWORD_BYTES) {
      await this.pool.run(() => bcrypt.compare('x', hash ?? this.dummyHash));
      return false;
    }
    const ok = await this.pool.run(() => bcrypt.compare(password, hash ?? this.dummyHash));
    return ok && !!hash;
  }
}

import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import type { ThrottlerStorage } from '@nestjs/throttler';
import type Redis from 'ioredis';
import { AppConfig } from '../../config/app-config';

export interface Hits {
  count: number;
  /** Seconds until the window resets. */
  resetSeconds: number;
}

export const REDIS = Symbol('REDIS');

/** Fixed-window counter: INCR, and set the expiry on the first hit only. */
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
return {count, ttl}`;

/**
 * Counters for rate limits and cooldowns: in process memory by default, shared through Redis when
 * REDIS_URL is set (so several instances count together). Also serves as the throttler's storage.
 */
@Injectable()
export class RateLimitStore implements ThrottlerStorage, OnModuleDestroy {
  private readonly memory = new Map<string, { count: number; expiresAt: number }>();
  private sweepAt = 0;

  constructor(
    @Inject(REDIS) private readonly redis: Redis | null,
    private readonly config: AppConfig,
  ) {}

  async onModuleDestroy(): Promise<void> {
    await this.redis?.quit().catch(() => undefined);
  }

  private key(key: string): string {
    return `${this.config.redisKeyPrefix}rl:${key}`;
  }

  /**
   * Counts one hit and returns the new count, atomically: one EVAL in Redis; in memory the read and
   * the write happen without an await between them. Callers decide on the returned count, never on
   * an earlier read, so parallel requests cannot all pass.
   */
  async hit(key: string, windowMs: number): Promise<Hits> {
    if (this.redis) {
      const [count, ttl] = (await this.redis.eval(HIT_SCRIPT, 1, this.key(key), String(windowMs))) as [number, number];
      return { count, resetSeconds: Math.max(1, Math.ceil(ttl / 1000)) };
    }
    const now = Date.now();
    this.sweep(now);
    const entry = this.memory.get(key);
    if (!entry || entry.expiresAt <= now) {
      this.memory.set(key, { count: 1, expiresAt: now + windowMs });
      return { count: 1, resetSeconds: Math.ceil(windowMs / 1000) };
    }
    entry.count += 1;
    return { count: entry.count, resetSeconds: Math.max(1, Math.ceil((entry.expiresAt - now) / 1000)) };
  }

  async reset(key: string): Promise<void> {
    if (this.redis) await this.redis.del(this.key(key));
    else this.memory.delete(key);
  }

  /** ThrottlerStorage: the guard's per-IP counters. */
  async increment(key: string, ttl: number, limit: number, _blockDuration: number, name: string) {
    const { count, resetSeconds } = await this.hit(`throttle:${name}:${key}`, ttl);
    const isBlocked = count > limit;
    return { totalHits: count, timeToExpire: resetSeconds, isBlocked, timeToBlockExpire: isBlocked ? resetSeconds : 0 };
  }

  private sweep(now: number): void {
    if (now < this.sweepAt) return;
    this.sweepAt = now + 60_000;
    for (const [key, entry] of this.memory) if (entry.expiresAt <= now) this.memory.delete(key);
  }
}

import { Inject, Injectable, Logger } from '@nestjs/common';
import type Redis from 'ioredis';
import { AppConfig } from '../../config/app-config';
import { Sql } from '../../database/sql';
import { REDIS } from '../../infrastructure/rate-limit/rate-limit.store';
import { LIVE_STREAM_OPEN, LIVE_STREAMS_CLOSE } from './live.sql';

/** A stream as every instance counts it. */
export interface RegisteredStream {
  id: string;
  userId: string;
  /** when its access token expires, and the stream with it (ms since the epoch) */
  expiresAt: number;
}

/**
 * The open streams of every instance, so that a user holds at most LIVE_MAX_STREAMS_PER_USER
 * across all of them (docs/live.md, Limits): a new stream past the limit ends the user's oldest,
 * wherever it is, announced to every instance as `hearth_access` `stream:<id>` (the instance that
 * holds it ends it with `limit`). In PostgreSQL (`live_streams`), or in Redis when REDIS_URL is set.
 * An instance that dies leaves its entries behind until their tokens expire; they count until then
 * and are the first to go.
 */
export abstract class StreamRegistry {
  /** Counts the stream in; rejects when the store cannot be reached (the stream then ends). */
  abstract add(stream: RegisteredStream): Promise<void>;
  /** Counts ended streams out (best effort: an entry left behind expires with its token). */
  abstract remove(streams: RegisteredStream[]): Promise<void>;
}

@Injectable()
export class PostgresStreamRegistry extends StreamRegistry {
  constructor(
    private readonly sql: Sql,
    private readonly config: AppConfig,
  ) {
    super();
  }

  async add(stream: RegisteredStream): Promise<void> {
    await this.sql.rows(LIVE_STREAM_OPEN, [stream.id, stream.userId, new Date(stream.expiresAt), this.config.live.maxStreamsPerUser]);
  }

  async remove(streams: RegisteredStream[]): Promise<void> {
    await this.sql.rows(LIVE_STREAMS_CLOSE, [streams.map((stream) => stream.id)]);
  }
}

/**
 * A user's streams are one sorted set (`<REDIS_KEY_PREFIX>live:streams:<user>`, by opening time,
 * members `<expiry>:<stream id>`): one script drops the expired, adds the new one, and removes and
 * announces on the live channel those beyond the limit, oldest first. The set expires with its last token.
 */
const OPEN_SCRIPT = `
local key = KEYS[1]
local now = tonumber(ARGV[3])
local last = tonumber(string.match(ARGV[1], '^(%d+):'))
for _, member in ipairs(redis.call('ZRANGE', key, 0, -1)) do
  local expires = tonumber(string.match(member, '^(%d+):'))
  if expires <= now then redis.call('ZREM', key, member) elseif expires > last then last = expires end
end
redis.call('ZADD', key, ARGV[2], ARGV[1])
redis.call('PEXPIREAT', key, last)
local extra = redis.call('ZCARD', key) - tonumber(ARGV[4])
if extra <= 0 then return {} end
local ended = redis.call('ZRANGE', key, 0, extra - 1)
for _, member in ipairs(ended) do
  redis.call('ZREM', key, member)
  redis.call('PUBLISH', ARGV[5], 'hearth_access\\nstream:' .. string.match(member, ':(.+)$'))
end
return ended`;

export class RedisStreamRegistry extends StreamRegistry {
  private readonly logger = new Logger(RedisStreamRegistry.name);

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    private readonly config: AppConfig,
  ) {
    super();
  }

  private key(userId: string): string {
    return `${this.config.redisKeyPrefix}live:streams:${userId}`;
  }

  async add(stream: RegisteredStream): Promise<void> {
    const now = Date.now();
    await this.redis.eval(
      OPEN_SCRIPT,
      1,
      this.key(stream.userId),
      member(stream),
      String(now),
      String(now),
      String(this.config.live.maxStreamsPerUser),
      liveChannel(this.config),
    );
  }

  async remove(streams: RegisteredStream[]): Promise<void> {
    const pipeline = this.redis.pipeline();
    for (const stream of streams) pipeline.zrem(this.key(stream.userId), member(stream));
    const results = (await pipeline.exec()) ?? [];
    const failed = results.find(([error]) => error);
    if (failed) this.logger.warn(`live streams not counted out: ${(failed[0] as Error).message}`);
  }
}

function member(stream: RegisteredStream): string {
  return `${stream.expiresAt}:${stream.id}`;
}

/** The Redis channel of live changes (RedisChangeFeed): what every instance hears. */
export function liveChannel(config: Pick<AppConfig, 'redisKeyPrefix'>): string {
  return `${config.redisKeyPrefix}live`;
}

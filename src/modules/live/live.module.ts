import { Module } from '@nestjs/common';
import { AppConfig } from '../../config/app-config';
import { HistoryModule } from '../history/history.module';
import { ChangeFeed, PostgresChangeFeed } from './change-feed';
import { LiveController } from './live.controller';
import { LiveService } from './live.service';
import { LiveStreams } from './live-streams';
import { RedisChangeFeed } from './redis-change-feed';
import { PostgresStreamRegistry, RedisStreamRegistry, StreamRegistry } from './stream-registry';
import { CursorSeal } from './cursor';
import { Sql } from '../../database/sql';
import { REDIS } from '../../infrastructure/rate-limit/rate-limit.store';
import { SessionsRepository } from '../auth/sessions.repository';
import type Redis from 'ioredis';

/** Live changes over Server-Sent Events (GET /events, docs/live.md). */
@Module({
  imports: [HistoryModule],
  controllers: [LiveController],
  providers: [
    // across instances through PostgreSQL, or Redis pub/sub when REDIS_URL is set (docs/live.md, Across instances)
    {
      provide: ChangeFeed,
      inject: [AppConfig],
      useFactory: (config: AppConfig): ChangeFeed => (config.redisUrl ? new RedisChangeFeed(config) : new PostgresChangeFeed(config)),
    },
    // the streams-per-user limit across instances: in Redis when REDIS_URL is set, else in PostgreSQL
    {
      provide: StreamRegistry,
      inject: [AppConfig, Sql, REDIS],
      useFactory: (config: AppConfig, sql: Sql, redis: Redis | null): StreamRegistry =>
        redis ? new RedisStreamRegistry(redis, config) : new PostgresStreamRegistry(sql, config),
    },
    { provide: CursorSeal, inject: [AppConfig], useFactory: (config: AppConfig) => new CursorSeal(config.live.cursorKey) },
    // the session check of the guard, read again once a stream is registered
    SessionsRepository,
    LiveStreams,
    LiveService,
  ],
})
export class LiveModule {}

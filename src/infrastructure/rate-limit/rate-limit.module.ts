import { Global, Module } from '@nestjs/common';
import type Redis from 'ioredis';
import { AppConfig } from '../../config/app-config';
import { FailureBudget } from './failure-budget';
import { RateLimitStore, REDIS } from './rate-limit.store';

@Global()
@Module({
  providers: [
    {
      provide: REDIS,
      inject: [AppConfig],
      // ioredis is required only when REDIS_URL is set: a process without Redis does not carry it
      useFactory: (config: AppConfig): Redis | null => {
        if (!config.redisUrl) return null;
        const { default: RedisClient } = require('ioredis') as typeof import('ioredis');
        return new RedisClient(config.redisUrl, { maxRetriesPerRequest: 2, enableOfflineQueue: true });
      },
    },
    RateLimitStore,
    FailureBudget,
  ],
  exports: [RateLimitStore, FailureBudget, REDIS],
})
export class RateLimitModule {}

import { Global, Module } from '@nestjs/common';
import Redis from 'ioredis';
import { AppConfig } from '../../config/app-config';
import { RateLimitStore, REDIS } from './rate-limit.store';

@Global()
@Module({
  providers: [
    {
      provide: REDIS,
      inject: [AppConfig],
      useFactory: (config: AppConfig) =>
        config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2, enableOfflineQueue: true }) : null,
    },
    RateLimitStore,
  ],
  exports: [RateLimitStore, REDIS],
})
export class RateLimitModule {}

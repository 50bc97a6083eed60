import { Module } from '@nestjs/common';
import { AppConfig } from '../../config/app-config';
import { HistoryModule } from '../history/history.module';
import { ChangeFeed, PostgresChangeFeed } from './change-feed';
import { LiveController } from './live.controller';
import { LiveService } from './live.service';
import { LiveStreams } from './live-streams';
import { RedisChangeFeed } from './redis-change-feed';

/** Live changes over Server-Sent Events (GET /events, docs/live.md). */
@Module({
  imports: [HistoryModule],
  controllers: [LiveController],
  providers: [
    // across instances through PostgreSQL, or Redis pub/sub when REDIS_URL is set (docs/live.md, Across instances)
    { provide: ChangeFeed, inject: [AppConfig], useFactory: (config: AppConfig): ChangeFeed => (config.redisUrl ? new RedisChangeFeed(config) : new PostgresChangeFeed(config)) },
    LiveStreams,
    LiveService,
  ],
})
export class LiveModule {}

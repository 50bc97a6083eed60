import { Module } from '@nestjs/common';
import { HistoryModule } from '../history/history.module';
import { ChangeFeed } from './change-feed';
import { LiveController } from './live.controller';
import { LiveService } from './live.service';
import { LiveStreams } from './live-streams';

/** Live changes over Server-Sent Events (GET /events, docs/live.md). */
@Module({ imports: [HistoryModule], controllers: [LiveController], providers: [ChangeFeed, LiveStreams, LiveService] })
export class LiveModule {}

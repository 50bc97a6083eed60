import { Module } from '@nestjs/common';
import { HistorySubscriber } from './history.subscriber';

@Module({ providers: [HistorySubscriber] })
export class HistoryModule {}

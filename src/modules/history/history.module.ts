import { Module } from '@nestjs/common';
import { HistoryController } from './history.controller';
import { HistoryService } from './history.service';
import { HistorySubscriber } from './history.subscriber';

@Module({ controllers: [HistoryController], providers: [HistorySubscriber, HistoryService] })
export class HistoryModule {}

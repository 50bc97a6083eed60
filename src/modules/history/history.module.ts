import { Module } from '@nestjs/common';
import { HistoryController } from './history.controller';
import { HistoryRepository } from './history.repository';
import { HistoryService } from './history.service';
import { HistorySubscriber } from './history.subscriber';

@Module({ controllers: [HistoryController], providers: [HistorySubscriber, HistoryService, HistoryRepository], exports: [HistoryService] })
export class HistoryModule {}

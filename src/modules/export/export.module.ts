import { Module } from '@nestjs/common';
import { CalendarExchangeModule } from '../calendar/calendar-exchange.module';
import { ExportController } from './export.controller';
import { ExportRepository } from './export.repository';
import { ExportService } from './export.service';

@Module({ imports: [CalendarExchangeModule], controllers: [ExportController], providers: [ExportRepository, ExportService] })
export class ExportModule {}

import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { NotificationsModule } from '../notifications/notifications.module';
import { UsersModule } from '../users/users.module';
import { CalendarLayers } from './calendar-layers';
import { CalendarSearch } from './calendar-search';
import { CalendarOccurrencesService } from './calendar-occurrences.service';
import { CalendarController } from './calendar.controller';
import { CalendarRepository } from './calendar.repository';
import { CalendarService } from './calendar.service';
import { CalendarChange } from './entities/calendar-change.entity';
import { CalendarEventException } from './entities/calendar-event-exception.entity';
import { CalendarEvent } from './entities/calendar-event.entity';
import { EventReminderSource } from './event-reminder.source';

/**
 * The group's calendar (docs/calendar.md), behind the Calendar module gate: events and series, their
 * occurrences merged with the layers other features offer (CALENDAR_LAYERS, listed in the registrations module). Exports the
 * service and the repository's sync reads for the feeds and the CalDAV adapter.
 */
@Module({
  imports: [TypeOrmModule.forFeature([CalendarEvent, CalendarEventException, CalendarChange]), NotificationsModule, UsersModule],
  controllers: [CalendarController],
  providers: [CalendarService, CalendarOccurrencesService, CalendarRepository, CalendarLayers, EventReminderSource, CalendarSearch],
  exports: [CalendarService, CalendarOccurrencesService, CalendarRepository, CalendarLayers, EventReminderSource, CalendarSearch],
})
export class CalendarModule {}

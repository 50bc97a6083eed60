import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { NotificationsModule } from '../notifications/notifications.module';
import { CalendarModule } from './calendar.module';
import { CalendarFeed } from './feeds/calendar-feed.entity';
import { CalendarFeedsController } from './feeds/feeds.controller';
import { CalendarFeedsService } from './feeds/feeds.service';
import { CalendarIcsRepository } from './ical/calendar-ics.repository';
import { IcsApplyService } from './ical/ics-apply.service';
import { CalendarImport } from './imports/calendar-import.entity';
import { CalendarImportsController } from './imports/calendar-imports.controller';
import { CalendarImportsService } from './imports/calendar-imports.service';
import { CalendarSubscription } from './subscriptions/calendar-subscription.entity';
import { CalendarSubscriptionsController } from './subscriptions/subscriptions.controller';
import { CalendarSubscriptionsService } from './subscriptions/subscriptions.service';

/**
 * The calendar's exchange with other calendars (docs/calendar.md): secret ICS feeds, outside
 * calendars (the layer `subscriptions`) and ICS imports, all through the calendar's service and
 * the iCalendar layer in ./ical. Exports what the CalDAV adapter and the export need.
 */
@Module({
  imports: [TypeOrmModule.forFeature([CalendarFeed, CalendarSubscription, CalendarImport]), CalendarModule, NotificationsModule],
  controllers: [CalendarFeedsController, CalendarSubscriptionsController, CalendarImportsController],
  providers: [CalendarFeedsService, CalendarSubscriptionsService, CalendarImportsService, CalendarIcsRepository, IcsApplyService],
  exports: [CalendarFeedsService, CalendarSubscriptionsService, CalendarIcsRepository, IcsApplyService],
})
export class CalendarExchangeModule {}

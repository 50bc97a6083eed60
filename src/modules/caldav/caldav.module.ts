import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { CalendarExchangeModule } from '../calendar/calendar-exchange.module';
import { CalendarModule } from '../calendar/calendar.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { CaldavService } from './caldav.service';

/**
 * CalDAV (docs/calendar.md): an adapter over the calendar's service with routes of its own outside
 * `/api/v1` (registered by caldav.routes.ts while the app is built), signed in with HTTP Basic and an
 * access token of the `dav` scope.
 */
@Module({
  imports: [CalendarModule, CalendarExchangeModule, AuthModule, NotificationsModule],
  providers: [CaldavService],
  exports: [CaldavService],
})
export class CaldavModule {}

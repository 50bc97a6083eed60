import { Global, Module } from '@nestjs/common';
import { SEARCH_SOURCES } from '../../common/search/search-source';
import { AccountModule } from '../account/account.module';
import { BirthdaysLayer } from '../account/birthdays.layer';
import { BillsCalendarLayer } from '../budget/bills-calendar.layer';
import { BillReminderSource } from '../budget/bill-reminder.source';
import { BudgetModule } from '../budget/budget.module';
import { CALENDAR_LAYERS } from '../calendar/calendar-layers';
import { CalendarExchangeModule } from '../calendar/calendar-exchange.module';
import { CalendarModule } from '../calendar/calendar.module';
import { CalendarSearch } from '../calendar/calendar-search';
import { EventReminderSource } from '../calendar/event-reminder.source';
import { CalendarSubscriptionsService } from '../calendar/subscriptions/subscriptions.service';
import { TransactionsSearch } from '../budget/transactions-search';
import { MarkersModule } from '../markers/markers.module';
import { PlacesSearch } from '../markers/places-search';
import { NoteReminderSource } from '../notes/note-reminder.source';
import { NoteRemindersCalendarLayer } from '../notes/note-reminders-calendar.layer';
import { NotesModule } from '../notes/notes.module';
import { NotesSearch } from '../notes/notes-search';
import { REMINDER_SOURCES } from '../notifications/reminder-source';

/**
 * Where features register with the search, the reminders and the calendar's layers (docs/architecture.md, "Registering
 * with another feature"): one list per contract, as a DI token the consumer injects (the
 * notification channels are listed the same way, NOTIFICATION_CHANNELS_TOKEN in the notifications
 * module). A feature exports its source from its own module and adds it here; the search and the
 * scheduler never import a feature. Global, so the notifications module (which the features import)
 * can inject the reminder sources without importing them back.
 */
@Global()
@Module({
  imports: [NotesModule, MarkersModule, BudgetModule, CalendarModule, CalendarExchangeModule, AccountModule],
  providers: [
    {
      provide: SEARCH_SOURCES,
      useFactory: (notes: NotesSearch, places: PlacesSearch, transactions: TransactionsSearch, events: CalendarSearch) => [notes, places, transactions, events],
      inject: [NotesSearch, PlacesSearch, TransactionsSearch, CalendarSearch],
    },
    {
      provide: REMINDER_SOURCES,
      useFactory: (notes: NoteReminderSource, bills: BillReminderSource, events: EventReminderSource) => [notes, bills, events],
      inject: [NoteReminderSource, BillReminderSource, EventReminderSource],
    },
    {
      provide: CALENDAR_LAYERS,
      useFactory: (bills: BillsCalendarLayer, reminders: NoteRemindersCalendarLayer, birthdays: BirthdaysLayer, outside: CalendarSubscriptionsService) => [
        bills,
        reminders,
        birthdays,
        outside,
      ],
      inject: [BillsCalendarLayer, NoteRemindersCalendarLayer, BirthdaysLayer, CalendarSubscriptionsService],
    },
  ],
  exports: [SEARCH_SOURCES, REMINDER_SOURCES, CALENDAR_LAYERS],
})
export class RegistrationsModule {}

import { Global, Module } from '@nestjs/common';
import { SEARCH_SOURCES } from '../../common/search/search-source';
import { BillReminderSource } from '../budget/bill-reminder.source';
import { BudgetModule } from '../budget/budget.module';
import { CalendarModule } from '../calendar/calendar.module';
import { CalendarSearch } from '../calendar/calendar-search';
import { EventReminderSource } from '../calendar/event-reminder.source';
import { TransactionsSearch } from '../budget/transactions-search';
import { MarkersModule } from '../markers/markers.module';
import { PlacesSearch } from '../markers/places-search';
import { NoteReminderSource } from '../notes/note-reminder.source';
import { NotesModule } from '../notes/notes.module';
import { NotesSearch } from '../notes/notes-search';
import { REMINDER_SOURCES } from '../notifications/reminder-source';

/**
 * Where features register with the search and the reminders (docs/architecture.md, "Registering
 * with another feature"): one list per contract, as a DI token the consumer injects (the
 * notification channels are listed the same way, NOTIFICATION_CHANNELS_TOKEN in the notifications
 * module). A feature exports its source from its own module and adds it here; the search and the
 * scheduler never import a feature. Global, so the notifications module (which the features import)
 * can inject the reminder sources without importing them back.
 */
@Global()
@Module({
  imports: [NotesModule, MarkersModule, BudgetModule, CalendarModule],
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
  ],
  exports: [SEARCH_SOURCES, REMINDER_SOURCES],
})
export class RegistrationsModule {}

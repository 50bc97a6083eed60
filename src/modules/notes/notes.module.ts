import { Module, OnModuleInit } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { registerUniqueConstraints } from '../../common/errors/problem.filter';
import { NotificationsModule } from '../notifications/notifications.module';
import { NoteRemindersCalendarLayer } from './note-reminders-calendar.layer';
import { UsersModule } from '../users/users.module';
import { NoteItem } from './entities/note-item.entity';
import { NoteReminder } from './entities/note-reminder.entity';
import { NoteReminderSource } from './note-reminder.source';
import { NoteRemindersController } from './note-reminders.controller';
import { NoteRemindersRepository } from './note-reminders.repository';
import { NoteRemindersService } from './note-reminders.service';
import { Note } from './entities/note.entity';
import { NoteItemsController } from './note-items.controller';
import { NoteItemsService } from './note-items.service';
import { NotesController } from './notes.controller';
import { NotesRepository } from './notes.repository';
import { NotesService } from './notes.service';
import { NotesSearch } from './notes-search';
import { NOTE_ID_CONSTRAINTS } from './replay';
import { ShoppingLearnedItem } from './shopping/entities/shopping-learned-item.entity';
import { ShoppingMergedAdd } from './shopping/entities/shopping-merged-add.entity';
import { ShoppingPurchase } from './shopping/entities/shopping-purchase.entity';
import { ShoppingStore } from './shopping/entities/shopping-store.entity';
import { ShoppingTrip } from './shopping/entities/shopping-trip.entity';
import { CatalogController, StoresController, TripsController } from './shopping/shopping.controller';
import { ShoppingRepository } from './shopping/shopping.repository';
import { ShoppingService } from './shopping/shopping.service';

/** Notes with ordered checklist items, and shopping lists with their catalogue, stores and trips (docs/notes.md), behind the Notes module gate. */
@Module({
  imports: [
    TypeOrmModule.forFeature([Note, NoteItem, NoteReminder, ShoppingStore, ShoppingTrip, ShoppingLearnedItem, ShoppingPurchase, ShoppingMergedAdd]),
    NotificationsModule,
    UsersModule,
  ],
  controllers: [NotesController, NoteItemsController, NoteRemindersController, CatalogController, StoresController, TripsController],
  providers: [
    NoteRemindersCalendarLayer,
    NotesService,
    NoteItemsService,
    NotesRepository,
    NoteRemindersRepository,
    NoteRemindersService,
    NoteReminderSource,
    NotesSearch,
    ShoppingRepository,
    ShoppingService,
  ],
  exports: [NotesSearch, NoteReminderSource, NoteRemindersCalendarLayer],
})
export class NotesModule implements OnModuleInit {
  onModuleInit(): void {
    registerUniqueConstraints(NOTE_ID_CONSTRAINTS);
  }
}

import { Module, OnModuleInit } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { registerUniqueConstraints } from '../../common/errors/problem.filter';
import { CalendarModule } from '../calendar/calendar.module';
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

/** Notes with ordered checklist items (docs/notes.md), behind the Notes module gate. */
@Module({
  imports: [TypeOrmModule.forFeature([Note, NoteItem, NoteReminder]), NotificationsModule, UsersModule, CalendarModule],
  controllers: [NotesController, NoteItemsController, NoteRemindersController],
  providers: [NoteRemindersCalendarLayer, NotesService, NoteItemsService, NotesRepository, NoteRemindersRepository, NoteRemindersService, NoteReminderSource, NotesSearch],
  exports: [NotesSearch, NoteReminderSource],
})
export class NotesModule implements OnModuleInit {
  onModuleInit(): void {
    registerUniqueConstraints(NOTE_ID_CONSTRAINTS);
  }
}

import { Module, OnModuleInit } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { registerUniqueConstraints } from '../../common/errors/problem.filter';
import { NoteItem } from './entities/note-item.entity';
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
  imports: [TypeOrmModule.forFeature([Note, NoteItem])],
  controllers: [NotesController, NoteItemsController],
  providers: [NotesService, NoteItemsService, NotesRepository, NotesSearch],
  exports: [NotesSearch],
})
export class NotesModule implements OnModuleInit {
  onModuleInit(): void {
    registerUniqueConstraints(NOTE_ID_CONSTRAINTS);
  }
}

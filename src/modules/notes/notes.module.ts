import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { NoteItem } from './entities/note-item.entity';
import { Note } from './entities/note.entity';
import { NoteItemsController } from './note-items.controller';
import { NoteItemsService } from './note-items.service';
import { NotesController } from './notes.controller';
import { NotesRepository } from './notes.repository';
import { NotesService } from './notes.service';

/** Notes with ordered checklist items (docs/notes.md), behind the Notes module gate. */
@Module({
  imports: [TypeOrmModule.forFeature([Note, NoteItem])],
  controllers: [NotesController, NoteItemsController],
  providers: [NotesService, NoteItemsService, NotesRepository],
})
export class NotesModule {}

import { Module } from '@nestjs/common';
import { BudgetModule } from '../budget/budget.module';
import { MarkersModule } from '../markers/markers.module';
import { CalendarModule } from '../calendar/calendar.module';
import { NotesModule } from '../notes/notes.module';
import { SearchController } from './search.controller';
import { SearchRepository } from './search.repository';
import { SearchService } from './search.service';

/** GET /search: merges and ranks what each feature's own search finds (docs/search.md). */
@Module({
  imports: [NotesModule, MarkersModule, BudgetModule, CalendarModule],
  controllers: [SearchController],
  providers: [SearchService, SearchRepository],
})
export class SearchModule {}

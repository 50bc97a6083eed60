import { Injectable } from '@nestjs/common';
import type { SearchHits, SearchRequest, SearchSource } from '../../common/search/search-source';
import { searchValues } from '../../common/search/search-sql';
import { NotesRepository } from './notes.repository';

/** GET /search over notes and their list items, under the private-note rule of the lists (docs/search.md). */
@Injectable()
export class NotesSearch implements SearchSource {
  readonly module = 'Notes' as const;

  constructor(private readonly notes: NotesRepository) {}

  async search({ user, terms, types, limit, candidates }: SearchRequest): Promise<SearchHits[]> {
    const values = searchValues(terms, candidates);
    const [notes, items] = await Promise.all([
      types.has('Note') ? this.notes.search(user, false, limit, values) : [],
      types.has('NoteItem') ? this.notes.search(user, true, limit, values) : [],
    ]);
    return [
      { type: 'Note', rows: notes },
      { type: 'NoteItem', rows: items },
    ];
  }
}

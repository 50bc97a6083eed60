import { Injectable } from '@nestjs/common';
import type { SearchHits, SearchRequest, SearchSource } from '../../common/search/search-source';
import { searchValues } from '../../common/search/search-sql';
import { MarkersRepository } from './markers.repository';

/** GET /search over the group's places: the live ones, or the trash when asked for (docs/search.md). */
@Injectable()
export class PlacesSearch implements SearchSource {
  readonly module = 'Map' as const;

  constructor(private readonly markers: MarkersRepository) {}

  async search({ user, terms, types, limit, deleted, candidates }: SearchRequest): Promise<SearchHits[]> {
    if (!types.has('Place')) return [];
    return [{ type: 'Place', rows: await this.markers.search(user, deleted, limit, searchValues(terms, candidates)) }];
  }
}

import { Injectable } from '@nestjs/common';
import type { SearchHits, SearchRequest, SearchSource } from '../../common/search/search-source';
import { SearchHitRow, searchValues } from '../../common/search/search-sql';
import { Sql } from '../../database/sql';
import { CALENDAR_EVENTS_SEARCH_SQL } from './calendar.sql';

/**
 * GET /search over the calendar's events (titles, descriptions, places) the member may see: the
 * group's and their own private ones. `context` of a hit is the event's first start.
 */
@Injectable()
export class CalendarSearch implements SearchSource {
  readonly module = 'Calendar' as const;

  constructor(private readonly sql: Sql) {}

  async search({ user, terms, types, limit, candidates }: SearchRequest): Promise<SearchHits[]> {
    if (!types.has('Event')) return [{ type: 'Event', rows: [] }];
    const search = searchValues(terms, candidates);
    const rows = await this.sql.rows<SearchHitRow>(CALENDAR_EVENTS_SEARCH_SQL[search.slots], [user.groupId, user.userId, limit, ...search.values]);
    return [{ type: 'Event', rows }];
  }
}

import { Injectable } from '@nestjs/common';
import type { AuthUser } from '../../common/auth/auth-user';
import { AppError } from '../../common/errors/app-error';
import { CountedPage } from '../../common/pagination/pagination';
import { SEARCH_TYPES, SearchHits, SearchSource, SearchType } from '../../common/search/search-source';
import { SEARCH_CANDIDATES, SearchHitRow } from '../../database/search-sql';
import { TransactionsSearch } from '../budget/transactions-search';
import { PlacesSearch } from '../markers/places-search';
import { NotesSearch } from '../notes/notes-search';
import type { SearchHitDto, SearchQuery } from './dto/search.dto';
import { SearchRepository } from './search.repository';
import { escapeHtml, fold, snippetOf } from './snippet';
import { queryWords, searchTerms } from './terms';

interface Hit {
  type: SearchType;
  row: SearchHitRow;
  score: number;
}

/** Best first; at equal score the newer; then by kind and id, so pages never overlap. */
function byRank(a: Hit, b: Hit): number {
  return (
    b.score - a.score ||
    (b.row.date ?? '').localeCompare(a.row.date ?? '') ||
    SEARCH_TYPES.indexOf(a.type) - SEARCH_TYPES.indexOf(b.type) ||
    a.row.id.localeCompare(b.row.id)
  );
}

/**
 * GET /search (docs/search.md): asks each feature whose module the group has on for its best rows
 * (its own statements under its own visibility rule), merges them by score and date, and pages the
 * result. Each kind ranks its newest SEARCH_CANDIDATES matches; with more, the count is a lower
 * bound (`totalItemsExact` false).
 */
@Injectable()
export class SearchService {
  private readonly sources: SearchSource[];

  constructor(
    private readonly repository: SearchRepository,
    notes: NotesSearch,
    places: PlacesSearch,
    transactions: TransactionsSearch,
  ) {
    this.sources = [notes, places, transactions];
  }

  async search(user: AuthUser, query: SearchQuery): Promise<CountedPage<SearchHitDto>> {
    const types = new Set<SearchType>((query.types?.split(',') as SearchType[] | undefined) ?? SEARCH_TYPES);
    if (query.deleted && (types.size !== 1 || !types.has('Place'))) {
      throw AppError.badRequest('VALIDATION_FAILED', 'Request validation failed', [
        { field: 'deleted', message: 'deleted=true searches the places in the trash: it needs types=Place' },
      ]);
    }
    const words = queryWords(query.q);
    const empty = { items: [], page: query.page, pageSize: query.pageSize, totalItems: 0, totalPages: 0, totalItemsExact: true };
    if (words.length === 0) return empty;
    const terms = searchTerms(await this.repository.words(words));
    const limit = Math.min(query.page * query.pageSize, SEARCH_CANDIDATES);
    const request = { user, terms, types, limit, deleted: query.deleted ?? false };
    const answers: SearchHits[] = (
      await Promise.all(this.sources.filter((source) => user.modules.includes(source.module)).map((source) => source.search(request)))
    ).flat();
    const hits = answers.flatMap(({ type, rows }) => rows.map((row) => ({ type, row, score: Number(row.score) }))).sort(byRank);
    const counts = answers.map(({ rows }) => rows[0]?.total ?? 0);
    const totalItems = counts.reduce((sum, count) => sum + Math.min(count, SEARCH_CANDIDATES), 0);
    const marked = terms.stopWordsOnly ? words.map(fold) : terms.words.map((word) => word.folded);
    const from = (query.page - 1) * query.pageSize;
    return {
      items: hits.slice(from, from + query.pageSize).map((hit) => toHitDto(hit, marked)),
      page: query.page,
      pageSize: query.pageSize,
      totalItems,
      totalPages: Math.ceil(totalItems / query.pageSize),
      totalItemsExact: counts.every((count) => count <= SEARCH_CANDIDATES),
    };
  }
}

function toHitDto({ type, row, score }: Hit, words: string[]): SearchHitDto {
  const snippet = snippetOf(row.title, row.body, words);
  return {
    type,
    id: row.id,
    ...(row.parent_id ? { parentId: row.parent_id } : {}),
    title: row.title,
    snippet: row.context ? `${snippet} · ${escapeHtml(row.context)}` : snippet,
    ...(row.date ? { date: row.date } : {}),
    score,
  };
}

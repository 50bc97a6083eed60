import { Injectable } from '@nestjs/common';
import type { AuthUser } from '../../common/auth/auth-user';
import { AppError } from '../../common/errors/app-error';
import { CountedPage } from '../../common/pagination/pagination';
import { SEARCH_TYPES, SearchHits, SearchRequest, SearchSource, SearchType } from '../../common/search/search-source';
import { SEARCH_CANDIDATES, SEARCH_CANDIDATES_MIN, SearchHitRow, SearchTerms, withoutTypos } from '../../common/search/search-sql';
import { TransactionsSearch } from '../budget/transactions-search';
import { PlacesSearch } from '../markers/places-search';
import { NotesSearch } from '../notes/notes-search';
import { CalendarSearch } from '../calendar/calendar-search';
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
 * result. Each kind ranks its newest max(SEARCH_CANDIDATES_MIN, page × pageSize) matches (at most
 * SEARCH_CANDIDATES); with more, the count is a lower bound (`totalItemsExact` false). Typos are
 * looked for in a second try, when the words as typed find less than the page asks for.
 */
@Injectable()
export class SearchService {
  private readonly sources: SearchSource[];

  constructor(
    private readonly repository: SearchRepository,
    notes: NotesSearch,
    places: PlacesSearch,
    transactions: TransactionsSearch,
    events: CalendarSearch,
  ) {
    this.sources = [notes, places, transactions, events];
  }

  async search(user: AuthUser, query: SearchQuery): Promise<CountedPage<SearchHitDto>> {
    const types = new Set<SearchType>((query.types?.split(',') as SearchType[] | undefined) ?? SEARCH_TYPES);
    if (query.deleted && (types.size !== 1 || !types.has('Place'))) {
      throw AppError.invalidField('deleted', 'deleted=true searches the places in the trash: it needs types=Place');
    }
    const words = queryWords(query.q);
    const empty = { items: [], page: query.page, pageSize: query.pageSize, totalItems: 0, totalPages: 0, totalItemsExact: true };
    if (words.length === 0) return empty;
    const terms = searchTerms(await this.repository.words(words));
    const limit = Math.min(query.page * query.pageSize, SEARCH_CANDIDATES);
    const candidates = Math.max(limit, SEARCH_CANDIDATES_MIN);
    const ask = (asked: SearchTerms) => this.ask({ user, terms: asked, types, limit, candidates, deleted: query.deleted ?? false });
    // typos are looked for only when the words as typed find less than the page asks for
    let answers = await ask(withoutTypos(terms));
    const found = (hits: SearchHits[]) => hits.reduce((sum, { rows }) => sum + Math.min(rows[0]?.total ?? 0, candidates), 0);
    if (terms.words.some((word) => word.typos) && found(answers) < limit) {
      // the second try: each word that may have a typo also finds the group's words one typo away
      const fixed = await this.repository.withFixes(user.groupId, terms);
      if (fixed.words.some((word) => word.typos)) answers = withFirstTry(answers, await ask(fixed));
    }
    const hits = answers.flatMap(({ type, rows }) => rows.map((row) => ({ type, row, score: Number(row.score) }))).sort(byRank);
    const counts = answers.map(({ rows }) => rows[0]?.total ?? 0);
    const totalItems = counts.reduce((sum, count) => sum + Math.min(count, candidates), 0);
    const marked = terms.stopWordsOnly ? words.map(fold) : terms.words.map((word) => word.folded);
    const from = (query.page - 1) * query.pageSize;
    return {
      items: hits.slice(from, from + query.pageSize).map((hit) => toHitDto(hit, marked)),
      page: query.page,
      pageSize: query.pageSize,
      totalItems,
      totalPages: Math.ceil(totalItems / query.pageSize),
      totalItemsExact: counts.every((count) => count <= candidates),
    };
  }

  /** Every source of the group's modules, side by side. */
  private async ask(request: SearchRequest): Promise<SearchHits[]> {
    const sources = this.sources.filter((source) => request.user.modules.includes(source.module));
    return (await Promise.all(sources.map((source) => source.search(request)))).flat();
  }
}

/**
 * The second try's answers (typos too) with the first try's matches kept: a feature may read less in
 * the second try (transactions: the newest only), and the first try, having found fewer than a page,
 * answered every match it had. A row in both keeps the better score (a typo only adds to it); each
 * kind counts the rows of both once (a lower bound when the second try had more than it answered).
 */
function withFirstTry(first: SearchHits[], second: SearchHits[]): SearchHits[] {
  return second.map(({ type, rows }) => {
    const earlier = first.find((hits) => hits.type === type)?.rows ?? [];
    const ids = new Set(rows.map((row) => row.id));
    const kept = earlier.filter((row) => !ids.has(row.id));
    const better = new Map(earlier.map((row) => [row.id, row]));
    const merged = [...rows.map((row) => (Number(better.get(row.id)?.score ?? -1) > Number(row.score) ? better.get(row.id)! : row)), ...kept];
    const total = Math.max(rows[0]?.total ?? 0, rows.length) + kept.length;
    return { type, rows: merged.map((row) => ({ ...row, total })) };
  });
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
    ...(row.amount ? { amount: row.amount } : {}),
    score,
  };
}

import type { AuthUser, ModuleName } from '../auth/auth-user';
import type { SearchHitRow, SearchTerms } from './search-sql';

/** The kinds of things GET /search finds. */
export const SEARCH_TYPES = ['Note', 'NoteItem', 'Place', 'Transaction', 'Event'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

/** What a feature is asked for. */
export interface SearchRequest {
  user: AuthUser;
  terms: SearchTerms;
  /** the kinds asked for (a source answers only these) */
  types: ReadonlySet<SearchType>;
  /** the best rows of each kind, at most this many */
  limit: number;
  /** the newest matches of each kind that are ranked (more are only counted as more) */
  candidates: number;
  /** places: the trash instead of the live ones */
  deleted: boolean;
}

/** One kind's answer: its best rows, best first, each carrying the kind's number of candidates. */
export interface SearchHits {
  type: SearchType;
  rows: SearchHitRow[];
}

/**
 * A feature's search (docs/search.md): its own statements over its own tables under its own
 * visibility rule. The search module asks every source whose module the group has on.
 */
export interface SearchSource {
  readonly module: ModuleName;
  search(request: SearchRequest): Promise<SearchHits[]>;
}

/**
 * The features' search sources, one list (docs/architecture.md, "Registering with another
 * feature"): provided by the registrations module, injected by the search.
 */
export const SEARCH_SOURCES = Symbol('SearchSources');

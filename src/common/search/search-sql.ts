/*
 * The SQL every feature's search statement shares (docs/search.md): how a row matches the words of a
 * query, and how well. A feature's statement (notes, items, places, transactions) names its own
 * table, visibility and columns and takes these fragments; the search module merges the answers.
 *
 * The searched tables carry `search_vector` (German and English stems without accents, title weight
 * A, the rest B) and `search_text` (the text lower-cased without accents), both kept by the
 * migration `Search`'s triggers, each with a GIN index.
 *
 * The statements are sent unnamed (planned per call, `*_SQL`), in one text per number of words
 * (`bySlots`): each word fills a slot, and a slot too short for parts of words (< 3 letters) or for
 * typos (< 5) is switched off by a boolean parameter that the planner folds away, so what is left
 * are conditions the indexes serve.
 *
 * Matching and scoring are the search feature's rules, so they live here beside the search-source
 * contract; `src/database` keeps only the plumbing every statement shares (the pool's connection
 * settings search needs: SEARCH_CONNECTION_OPTIONS in sql.ts; the search columns' TypeORM types).
 */

/** Words of a query that count (further ones are ignored). */
export const SEARCH_SLOTS = 5;
/** Parameters a slot takes: word, tsquery, parts-of-words on, typos on, word-start pattern, the words one typo away (tsquery). */
const SLOT_PARAMS = 6;
/**
 * The matches of one kind that are ranked, at most: the newest ones; more are counted as "more
 * than". A search ranks the newest max(100, page × pageSize) matches of each kind, up to this.
 */
export const SEARCH_CANDIDATES = 1000;
/** The least number of matches of one kind that are ranked. */
export const SEARCH_CANDIDATES_MIN = 100;

/** One word of a query as the statements take it (built by the search module). */
export interface SearchWord {
  /** lower-case, without accents (`search_fold`) */
  folded: string;
  /** its German and English stems as tsquery text */
  query: string;
  /** at least 3 letters: also found inside longer words */
  parts: boolean;
  /** at least 5 letters: also found with one typo */
  typos: boolean;
  /** a regular expression for the word at the start of a word */
  wordStart: string;
  /**
   * the least word similarity (pg_trgm) of a word with one typo: one letter changed, added, left
   * out or two swapped costs a short word a larger share of its trigrams than a long one
   */
  similarity: number;
  /**
   * the group's words one typo away from it (`similarity`), as tsquery text of their German and
   * English stems: looked up in the second try (SearchRepository), null before or when none is
   */
  fixes: string | null;
  /**
   * what every text the word is found in contains, once the text's stems are beside it: the
   * longest start the word shares with its stems ("einkaufe", stem "einkauf": "einkauf"), when of
   * three letters or more (else null). One trigram index can then narrow a search of several words
   * at once (transactions, `ix_transactions_search_words`).
   */
  prefix: string | null;
}

/** The same terms with typos left out: the first try of every search (typos only when it finds too little). */
export function withoutTypos(terms: SearchTerms): SearchTerms {
  return { ...terms, words: terms.words.map((word) => ({ ...word, typos: false })) };
}

/** The words of a query, ready for the statements. */
export interface SearchTerms {
  /** the words that count (stop words left out unless the query has nothing else), at most SEARCH_SLOTS */
  words: SearchWord[];
  /** the query is made of stop words only: titles that contain them as whole words are found */
  stopWordsOnly: boolean;
  /** stop-words-only queries: one whole-word pattern per word */
  wholeWords: string[];
}

/** How many slots a search fills: its words that count, or none for a query of stop words only. */
export function searchSlots(terms: SearchTerms): number {
  return terms.stopWordsOnly ? 0 : Math.min(terms.words.length, SEARCH_SLOTS);
}

/** A search's parameter values, and which text of each statement (`bySlots`) takes them. */
export interface SearchValues {
  slots: number;
  values: unknown[];
}

/**
 * The values of the shared parameters, in the order `SearchParams(first, slots)` numbers them, for
 * the statements built for `searchSlots(terms)` words; each statement takes its newest `candidates`
 * matches (one more tells that there are more).
 */
export function searchValues(terms: SearchTerms, candidates: number): SearchValues {
  const values: unknown[] = [];
  const slots = searchSlots(terms);
  for (const word of terms.words.slice(0, slots)) {
    values.push(word.folded, word.query, word.parts, word.typos && word.fixes !== null, word.wordStart, word.fixes);
  }
  values.push(slots, terms.stopWordsOnly, terms.wholeWords, candidates + 1);
  return { slots, values };
}

/** How many parameters `searchValues` gives for a statement built for `slots` words. */
export function searchParamCount(slots: number): number {
  return slots * SLOT_PARAMS + 4;
}

/**
 * A statement in one text per number of words, 0 to SEARCH_SLOTS (index = words): a query of one word
 * is planned without the conditions of four unused ones, which took most of a short search's time
 * (parsing and planning ~9 KB of SQL per statement and request).
 */
export function bySlots(build: (slots: number) => string): readonly string[] {
  return Array.from({ length: SEARCH_SLOTS + 1 }, (_, slots) => build(slots));
}

interface Slot {
  word: string;
  query: string;
  parts: string;
  typos: string;
  wordStart: string;
  /** the words one typo away (tsquery, null when none) */
  fixes: string;
}

/** The parameters of the shared fragments. */
export class SearchParams {
  readonly slots: Slot[];
  /** how many slots are used */
  readonly used: string;
  readonly stopWordsOnly: string;
  readonly wholeWords: string;
  /** how many matches a statement takes, newest first (LIMIT) */
  readonly candidates: string;

  /** the parameters of a statement built for `slots` words (0: a query of stop words only), numbered from `first` */
  constructor(first: number, slots: number) {
    this.slots = Array.from({ length: slots }, (_, i) => {
      const at = first + i * SLOT_PARAMS;
      return {
        word: `$${at}::text`,
        query: `$${at + 1}::tsquery`,
        parts: `$${at + 2}::boolean`,
        typos: `$${at + 3}::boolean`,
        wordStart: `$${at + 4}::text`,
        fixes: `$${at + 5}::tsquery`,
      };
    });
    const rest = first + slots * SLOT_PARAMS;
    this.used = `$${rest}::int`;
    this.stopWordsOnly = `$${rest + 1}::boolean`;
    this.wholeWords = `$${rest + 2}::text[]`;
    this.candidates = `$${rest + 3}::int`;
  }
}

/** The searched columns of a row (`alias.search_vector`, `alias.search_text`) and its title. */
export interface SearchRow {
  alias: string;
  /** the title's text (lower-cased without accents for the ranks: wrapped in search_fold here) */
  title: string;
  /**
   * The folded title, served by a trigram index of its own (`search_fold(title)`, or
   * `alias.search_text` where that is the title alone): where a query of stop words only is found.
   */
  typoText: string;
}

export interface MatchOptions {
  /** a feature's own way to find a word (e.g. an amount) */
  extra?: (slot: number) => string;
  /** whether a query of stop words only finds titles here (transactions: no titles) */
  titleWords?: boolean;
  /** the typo test: everywhere (true), nowhere (false), or only where this condition holds */
  typos?: boolean | string;
}

/**
 * A row matches when every word is found in it (any order, any field): as a word or its stem, as
 * part of a word (3 letters on), with one typo (5 letters on: a word of the group one typo away, in
 * any field, found by its stems as a word is), or as `extra(slot)`
 * says. Queries of stop words only: the title contains them as whole words.
 */
export function searchMatches(row: SearchRow, p: SearchParams, options: MatchOptions = {}): string {
  const { alias } = row;
  const { extra, titleWords = true, typos = true } = options;
  const words = p.slots.map((s, i) => {
    const typo = `${s.typos} AND ${alias}.search_vector @@ ${s.fixes}`;
    const ways = [
      `${alias}.search_vector @@ ${s.query}`,
      `(${s.parts} AND ${alias}.search_text LIKE '%' || ${s.word} || '%')`,
      // a condition on where typos count comes first
      ...(typos === false ? [] : [`(${typeof typos === 'string' ? `${typos} AND ` : ''}${typo})`]),
      ...(extra ? [extra(i)] : []),
    ];
    return `(${ways.join(' OR ')})`;
  });
  // a statement that does not look for typos still names their parameters (their types are needed)
  const unused =
    typos === false && p.slots.length ? ` AND (${p.slots.map((s) => `${s.typos} IS NOT NULL AND (${s.fixes} IS NULL OR true)`).join(' AND ')})` : '';
  // the first word alone is a constant pattern the title's trigram index can serve
  const stopWords = titleWords ? `${row.typoText} ~ (${p.wholeWords})[1] AND ${row.typoText} ~ ALL(${p.wholeWords})` : `(${p.wholeWords} IS NULL AND false)`;
  return `((NOT ${p.stopWordsOnly} AND ${words.join('\n   AND ') || 'false'}${unused})
   OR (${p.stopWordsOnly} AND ${stopWords}))`;
}

/** How well one word is found in a text: 1 a word (or its stem), 0.6 a word's start, 0.4 inside a word, 0.25 with a typo (a word one typo away). */
function level(vector: string, text: string, s: Slot): string {
  return `CASE WHEN ${vector} @@ ${s.query} THEN 1
            WHEN ${text} ~ ${s.wordStart} THEN 0.6
            WHEN ${s.parts} AND strpos(${text}, ${s.word}) > 0 THEN 0.4
            WHEN ${s.typos} AND ${vector} @@ ${s.fixes} THEN 0.25 ELSE 0 END`;
}

/**
 * The score of a matching row, 0–1: per word the best of its level in the title and half its level
 * in the rest (`extra(slot)`: a feature's own level, e.g. 1 for the amount), averaged over the words.
 * Stop-words-only queries match titles only: 1.
 */
export function searchScore(row: Pick<SearchRow, 'alias' | 'title'>, p: SearchParams, extra?: (slot: number) => string): string {
  const { alias } = row;
  const title = `search_fold(${row.title})`;
  const words = p.slots.map((s, i) => {
    const inTitle = level(`ts_filter(${alias}.search_vector, '{a}')`, title, s);
    const inRest = level(`ts_filter(${alias}.search_vector, '{b}')`, `${alias}.search_text`, s);
    const levels = [inTitle, `0.5 * (${inRest})`, ...(extra ? [extra(i)] : [])];
    return `greatest(${levels.join(',\n        ')})`;
  });
  return `CASE WHEN ${p.stopWordsOnly} THEN 1
       ELSE round(((${words.join('\n     + ') || '0'}) / greatest(${p.used}, 1))::numeric, 3) END`;
}

/**
 * A row of a feature's search statement: the hit, its parent (an item's note), the title, the text
 * around it (content, description and address, an amount), a line of context (an item's note
 * title), its date (YYYY-MM-DD or ISO instant), its score (numeric text) and the number of
 * candidates of its kind (SEARCH_CANDIDATES + 1: more than SEARCH_CANDIDATES).
 */
export interface SearchHitRow {
  id: string;
  parent_id: string | null;
  title: string;
  body: string | null;
  context: string | null;
  date: string | null;
  score: string;
  total: number;
  /** a transaction's amount, decimal text ("49.90"); the other kinds have none */
  amount?: string | null;
}

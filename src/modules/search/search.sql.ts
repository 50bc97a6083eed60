import { statement } from '../../database/sql';

/**
 * GET /search: the words of a query ($1, text[] in order) as the search statements take them:
 * lower-cased without accents (`search_fold`), their German and English stems as tsquery text, and
 * whether the word is a stop word in either language. Reads no table.
 */
export const SEARCH_WORDS = statement(
  'search_words',
  `SELECT search_fold(w) AS folded,
       (plainto_tsquery('public.hearth_german', w) || plainto_tsquery('public.hearth_english', w))::text AS query,
       (numnode(plainto_tsquery('public.hearth_german', w)) = 0 OR numnode(plainto_tsquery('public.hearth_english', w)) = 0) AS stop
  FROM unnest($1::text[]) WITH ORDINALITY AS u(w, n)
 ORDER BY n`,
);

export interface SearchWordRow {
  folded: string;
  query: string;
  stop: boolean;
}

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

/** How many of the group's words one typo away from a typed word are searched for, the closest first. */
export const SEARCH_FIXES_PER_WORD = 20;

/**
 * GET /search, the second try: for each typed word ($2, folded, in order) the group's ($1) words one
 * typo away (`search_words`: at least the word's least similarity $3, pg_trgm's strict word
 * similarity, the closest first, at most $4), as tsquery text of their German and English stems
 * (null: none). The trigram index of the group's words serves `%` (similarity 0.3, below every
 * word's least).
 */
export const SEARCH_FIXES = statement(
  'search_fixes',
  `SELECT (SELECT string_agg(q, ' | ')
          FROM (SELECT (plainto_tsquery('public.hearth_german', d.word) || plainto_tsquery('public.hearth_english', d.word))::text AS q
                  FROM (SELECT DISTINCT s.word, strict_word_similarity(u.w, s.word) AS similarity
                          FROM search_words s
                         WHERE s.group_id = $1 AND s.word % u.w AND strict_word_similarity(u.w, s.word) >= u.least
                         ORDER BY similarity DESC, s.word
                         LIMIT $4) d) f
         WHERE q <> '') AS fixes
  FROM unnest($2::text[], $3::real[]) WITH ORDINALITY AS u(w, least, n)
 ORDER BY n`,
);

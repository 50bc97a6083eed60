import { SEARCH_SLOTS, SearchTerms } from '../../common/search/search-sql';
import type { SearchWordRow } from './search.sql';

/** Words of a query: runs of letters and digits; digits joined by "." or "," stay one word (an amount). */
const WORD = /\p{N}+(?:[.,]\p{N}+)*(?![\p{L}])|[\p{L}\p{N}]+/gu;

/** The words of a query as typed, in order, each once (case and accents aside). */
export function queryWords(q: string): string[] {
  const seen = new Set<string>();
  const words: string[] = [];
  for (const [word] of q.matchAll(WORD)) {
    const key = word.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    words.push(word);
  }
  return words;
}

function escapeRegex(text: string): string {
  return text.replace(/[.^$*+?()[\]{}|\\-]/g, (c) => `\\${c}`);
}

/**
 * The least similarity (pg_trgm's `strict_word_similarity`: shared trigrams with a whole word of
 * the text) that still counts as one typo in a word of `n` letters: two letters swapped in the
 * middle leave n - 2 of its n + 2 trigrams and bring 4 of their own, so (n - 2) / (n + 6); never
 * below 0.4. Compared with the group's words (`search_words`): "kirshe" finds "Kirsche",
 * "geschenkideen" not "Geschenke".
 */
export function typoSimilarity(n: number): number {
  return Math.max(0.4, Math.floor(((n - 2) / (n + 6)) * 100) / 100);
}

/** The lexemes of a word's tsquery text ("'einkauf' | 'einkauf'"), or null when it is of another shape. */
function lexemes(query: string): string[] | null {
  const parts = query.split(' | ').map((part) => /^'([^']+)'$/.exec(part)?.[1]);
  return parts.every((part) => part !== undefined) ? (parts as string[]) : null;
}

/** The longest start a word shares with all its stems, when of three letters or more. */
export function stemPrefix(folded: string, query: string): string | null {
  const stems = lexemes(query);
  if (!stems) return null;
  let prefix = [...folded];
  for (const stem of stems) {
    const letters = [...stem];
    let n = 0;
    while (n < prefix.length && n < letters.length && prefix[n] === letters[n]) n++;
    prefix = prefix.slice(0, n);
  }
  return prefix.length >= 3 ? prefix.join('') : null;
}

/**
 * The terms of the statements from the words as the database folded them: stop words left out
 * unless nothing else is left (then titles containing them as whole words are found); at most
 * SEARCH_SLOTS words count.
 */
export function searchTerms(rows: SearchWordRow[]): SearchTerms {
  const meaningful = rows.filter((row) => !row.stop && row.query !== '');
  const stopWordsOnly = meaningful.length === 0 && rows.length > 0;
  const letters = (text: string) => [...text].length;
  return {
    words: meaningful.slice(0, SEARCH_SLOTS).map((row) => ({
      folded: row.folded,
      query: row.query,
      parts: letters(row.folded) >= 3,
      typos: letters(row.folded) >= 5 && /\p{L}/u.test(row.folded),
      wordStart: `\\m${escapeRegex(row.folded)}`,
      similarity: typoSimilarity(letters(row.folded)),
      fixes: null,
      prefix: stemPrefix(row.folded, row.query),
    })),
    stopWordsOnly,
    wholeWords: stopWordsOnly ? rows.map((row) => `\\m${escapeRegex(row.folded)}\\M`) : [],
  };
}

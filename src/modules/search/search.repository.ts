import { Injectable } from '@nestjs/common';
import { Sql } from '../../database/sql';
import { SearchTerms } from '../../common/search/search-sql';
import { SEARCH_FIXES, SEARCH_FIXES_PER_WORD, SEARCH_WORDS, SearchWordRow } from './search.sql';

/** The search module's statements: the words of a query as the database folds and stems them (no table), and the group's words one typo away. */
@Injectable()
export class SearchRepository {
  constructor(private readonly sql: Sql) {}

  words(words: string[]): Promise<SearchWordRow[]> {
    return this.sql.rows<SearchWordRow>(SEARCH_WORDS, [words]);
  }

  /** The terms with each word that may have a typo given the group's words one typo away (`fixes`), and typos off for a word without any. */
  async withFixes(groupId: string, terms: SearchTerms): Promise<SearchTerms> {
    const rows = await this.sql.rows<{ fixes: string | null }>(SEARCH_FIXES, [
      groupId,
      terms.words.map((word) => word.folded),
      terms.words.map((word) => word.similarity),
      SEARCH_FIXES_PER_WORD,
    ]);
    return {
      ...terms,
      words: terms.words.map((word, i) => ({ ...word, fixes: word.typos ? rows[i].fixes : null, typos: word.typos && rows[i].fixes !== null })),
    };
  }
}

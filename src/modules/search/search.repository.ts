import { Injectable } from '@nestjs/common';
import { Sql } from '../../database/sql';
import { SEARCH_WORDS, SearchWordRow } from './search.sql';

/** The search module's one statement: the words of a query as the database folds and stems them (no table). */
@Injectable()
export class SearchRepository {
  constructor(private readonly sql: Sql) {}

  words(words: string[]): Promise<SearchWordRow[]> {
    return this.sql.rows<SearchWordRow>(SEARCH_WORDS, [words]);
  }
}

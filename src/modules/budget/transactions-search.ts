import { Injectable } from '@nestjs/common';
import type { SearchHits, SearchRequest, SearchSource } from '../../common/search/search-source';
import { searchValues } from '../../database/search-sql';
import { TransactionsRepository } from './transactions.repository';

/** An amount as people type it: "42.50", "42,50", "42", "1.250,00", "1,250.00" (at most 2 decimals). */
const AMOUNT = /^(?:(\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d{1,2}))?|(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?)$/;

/** The amount a word of a query names, as decimal text ("42.50"), or null. */
export function amountOf(word: string): string | null {
  const match = AMOUNT.exec(word);
  if (!match) return null;
  const whole = (match[1] ?? match[3]).replace(/[.,]/g, '');
  const cents = match[2] ?? match[4] ?? '';
  if (whole.length > 10) return null;
  return cents ? `${whole}.${cents}` : whole;
}

/** GET /search over the group's transactions: descriptions (payees included) and amounts (docs/search.md). */
@Injectable()
export class TransactionsSearch implements SearchSource {
  readonly module = 'Budget' as const;

  constructor(private readonly transactions: TransactionsRepository) {}

  async search({ user, terms, types, limit, candidates }: SearchRequest): Promise<SearchHits[]> {
    if (!types.has('Transaction')) return [];
    const values = searchValues(terms, candidates);
    const words = terms.words.slice(0, values.slots);
    const amounts = words.map((word) => amountOf(word.folded));
    const prefixes = words.map((word) => word.prefix);
    return [{ type: 'Transaction', rows: await this.transactions.search(user, limit, values, amounts, prefixes) }];
  }
}

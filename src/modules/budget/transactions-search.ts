import { Injectable } from '@nestjs/common';
import type { SearchHits, SearchRequest, SearchSource } from '../../common/search/search-source';
import { searchValues } from '../../common/search/search-sql';
import { TransactionsRepository } from './transactions.repository';
import { fromCents, typedAmount } from '../../../domain/amount';

/** The amount a word of a query names, as decimal text ("1.250,00" → "1250.00"), or null. */
export function amountOf(word: string): string | null {
  const cents = typedAmount(word);
  return cents === null ? null : fromCents(cents);
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

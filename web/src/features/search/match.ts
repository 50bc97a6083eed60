/**
 * Search with no network (docs/search.md): the same idea as the server's matching, over the data this
 * device keeps for offline use (the notes with their items, the places list, the budget pages last
 * seen). Every word of the query must be found: as a whole word, a word's start, a part of a word
 * (three letters on), with one typo (five letters on), or as the amount of a transaction. No word
 * stems: those need the server.
 */

import { decimalCents, typedAmount } from '@domain/amount';
import { fold, oneEditApart } from '@domain/text';

export type HitKind = 'Note' | 'NoteItem' | 'Place' | 'Transaction' | 'Event';

/** A thing to search, as the offline matcher sees it. */
export interface Searchable {
  type: HitKind;
  id: string;
  parentId?: string;
  title: string;
  /** the text beside the title: a note's content, a place's description and address */
  body?: string | null;
  /** a transaction's amount, decimal text */
  amount?: string;
  date?: string;
}

export interface OfflineHit {
  type: HitKind;
  id: string;
  parentId?: string;
  title: string;
  /** plain text around the first match in the text beside the title (no markup); empty when the title matched */
  excerpt: string;
  date?: string;
  /** a transaction's amount, decimal text */
  amount?: string;
  score: number;
}

const WORD = /\p{N}+(?:[.,]\p{N}+)*(?!\p{L})|[\p{L}\p{N}]+/gu;

export function words(text: string): string[] {
  return [...fold(text).matchAll(WORD)].map((m) => m[0]);
}

/** How well `word` is found among `tokens`: 1 whole, 0.6 a start, 0.4 a part, 0.25 a typo, 0 not. */
function level(tokens: string[], word: string): number {
  let best = 0;
  for (const token of tokens) {
    if (token === word) return 1;
    if (token.startsWith(word)) best = Math.max(best, 0.6);
    else if (word.length >= 3 && token.includes(word)) best = Math.max(best, 0.4);
    else if (word.length >= 5 && /\p{L}/u.test(word) && (oneEditApart(token, word) || oneEditApart(token.slice(0, word.length), word)))
      best = Math.max(best, 0.25);
  }
  return best;
}

function excerpt(text: string, query: string[]): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  const folded = fold(clean);
  const at = Math.min(...query.map((word) => folded.indexOf(word)).filter((i) => i >= 0), clean.length);
  const from = at > 40 && at < clean.length ? clean.lastIndexOf(' ', at - 30) + 1 : 0;
  const cut = clean.slice(from, from + 160);
  return `${from > 0 ? '…' : ''}${cut}${from + 160 < clean.length ? '…' : ''}`;
}

/** The things that match `q`, best first (a title above the text, newer first at equal score). */
export function matchOffline(things: Searchable[], q: string, limit = 50): OfflineHit[] {
  const query = [...new Set(words(q))].slice(0, 5);
  if (query.length === 0) return [];
  const hits: OfflineHit[] = [];
  for (const thing of things) {
    const title = words(thing.title);
    const body = thing.body ? words(thing.body) : [];
    const amount = thing.amount ? decimalCents(thing.amount) : null;
    let total = 0;
    for (const word of query) {
      const found = Math.max(level(title, word), 0.5 * level(body, word), amount !== null && typedAmount(word) === amount ? 1 : 0);
      if (found === 0) {
        total = -1;
        break;
      }
      total += found;
    }
    if (total < 0) continue;
    const inBody = thing.body && query.some((word) => level(body, word) > 0 && level(title, word) === 0);
    hits.push({
      type: thing.type,
      id: thing.id,
      ...(thing.parentId ? { parentId: thing.parentId } : {}),
      title: thing.title,
      excerpt: inBody ? excerpt(thing.body!, query) : '',
      ...(thing.date ? { date: thing.date } : {}),
      ...(thing.amount ? { amount: thing.amount } : {}),
      score: Math.round((total / query.length) * 1000) / 1000,
    });
  }
  return hits.sort((a, b) => b.score - a.score || (b.date ?? '').localeCompare(a.date ?? '') || a.id.localeCompare(b.id)).slice(0, limit);
}

import { fold, oneEditApart } from '../../../domain/text';

export { fold };

/*
 * The `snippet` of a search hit: the matched words in their context, marked with <mark>, the only
 * markup; every other character of the text is escaped. The database decided that a row matches;
 * here the words that made it match are found again, the way docs/search.md describes (a word, a
 * word's stem or start, a part of a word from three letters, one typo from five).
 */

/** Characters of context kept before the first marked word, and the snippet's length at most. */
const BEFORE = 40;
const LENGTH = 160;

const TOKEN = /[\p{L}\p{N}]+(?:[.,]\p{N}+)*/gu;

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c]);
}

/** Whether a word of the text (folded) is one that a word of the query (folded) found. */
export function wordMatches(token: string, word: string): boolean {
  if (token === word) return true;
  if (word.length >= 3 && token.includes(word)) return true;
  // a stem: "Einkauf" for "Einkäufe", "house" for "houses"
  if (token.length >= 3 && word.startsWith(token) && word.length - token.length <= 2) return true;
  if (word.length >= 3 && token.startsWith(word.slice(0, -1)) && token.length >= word.length) return true;
  if (word.length >= 5) {
    return [token, token.slice(0, word.length - 1), token.slice(0, word.length), token.slice(0, word.length + 1)].some((part) => oneEditApart(part, word));
  }
  return false;
}

interface Token {
  start: number;
  end: number;
  marked: boolean;
}

function tokens(text: string, words: string[]): Token[] {
  return [...text.matchAll(TOKEN)].map((m) => {
    const folded = fold(m[0]);
    return { start: m.index, end: m.index + m[0].length, marked: words.some((word) => wordMatches(folded, word)) };
  });
}

/** The text with its matched words marked, cut around the first one; null when no word of it matches. */
export function markedSnippet(text: string, words: string[]): string | null {
  const clean = text.replace(/\s+/g, ' ').trim();
  const found = tokens(clean, words);
  const first = found.find((t) => t.marked);
  if (!first) return null;
  let from = 0;
  if (first.start > BEFORE) {
    // start at a word BEFORE characters back
    const start = found.find((t) => t.start >= first.start - BEFORE);
    from = start ? start.start : first.start;
  }
  let to = Math.min(clean.length, from + LENGTH);
  if (to < clean.length) {
    const cut = found.filter((t) => t.end <= to).pop();
    if (cut && cut.end > first.end) to = cut.end;
  }
  let out = from > 0 ? '…' : '';
  let at = from;
  for (const t of found) {
    if (!t.marked || t.start < from || t.end > to) continue;
    out += `${escapeHtml(clean.slice(at, t.start))}<mark>${escapeHtml(clean.slice(t.start, t.end))}</mark>`;
    at = t.end;
  }
  out += escapeHtml(clean.slice(at, to));
  return to < clean.length ? `${out}…` : out;
}

/** The snippet of a hit: from its text when a word matches there, else from its title (escaped as it is when none does). */
export function snippetOf(title: string, body: string | null, words: string[]): string {
  return (body ? markedSnippet(body, words) : null) ?? markedSnippet(title, words) ?? escapeHtml(title.replace(/\s+/g, ' ').trim().slice(0, LENGTH));
}

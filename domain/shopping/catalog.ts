import { fold } from '../text';
import type { Aisle } from './aisles';

/*
 * The catalogue of everyday items (domain/catalog/<lang>.json, the same ids in every language) and
 * its search: matching from the first letters of a name, its plural or another common name,
 * accents and case ignored ("tom" → Tomaten first). The index is built once, in memory, on the
 * service and on the device alike.
 */

/** One item of the catalogue in one language. */
export interface CatalogEntry {
  /** the same in every language ("tomato") */
  id: string;
  name: string;
  plural?: string;
  /** other common names: regional ("Paradeiser", "Semmel"), brands people say for the thing */
  aliases: string[];
  aisle: Aisle;
  /** an icon of domain/catalog/icons.json */
  icon: string;
}

/** How a term names its item: the name, the plural, another name, or a later word of one of them. */
const enum Kind {
  Name = 0,
  Plural = 1,
  Alias = 2,
  Word = 3,
}

interface Term {
  term: string;
  entry: number;
  kind: Kind;
}

/** Lower case without accents, runs of spaces and punctuation as one space. */
export function catalogKey(text: string): string {
  return fold(text)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** A catalogue's items of one language, searchable by the first letters of any of their names. */
export class CatalogIndex {
  /** every term, sorted: a prefix's matches are one run found by binary search */
  private readonly terms: Term[] = [];
  /** whole names (name, plural, other names) → the item */
  private readonly exactTerms = new Map<string, CatalogEntry>();
  private readonly byId = new Map<string, CatalogEntry>();

  constructor(readonly entries: readonly CatalogEntry[]) {
    entries.forEach((entry, index) => {
      this.byId.set(entry.id, entry);
      const names: [string, Kind][] = [
        [entry.name, Kind.Name],
        ...(entry.plural ? [[entry.plural, Kind.Plural] as [string, Kind]] : []),
        ...entry.aliases.map((alias) => [alias, Kind.Alias] as [string, Kind]),
      ];
      for (const [name, kind] of names) {
        const key = catalogKey(name);
        if (!key) continue;
        if (!this.exactTerms.has(key)) this.exactTerms.set(key, entry);
        this.terms.push({ term: key, entry: index, kind });
        // "Cherry tomatoes" is found by "tom" too, after the names that start so
        const words = key.split(' ');
        for (let w = 1; w < words.length; w++) this.terms.push({ term: words.slice(w).join(' '), entry: index, kind: Kind.Word });
      }
    });
    this.terms.sort((a, b) => (a.term < b.term ? -1 : a.term > b.term ? 1 : a.kind - b.kind));
  }

  get(id: string): CatalogEntry | undefined {
    return this.byId.get(id);
  }

  /**
   * The items one of whose names starts with `query` (accents, case and punctuation ignored), best
   * first: a whole name typed before a beginning, a name before a plural before another name
   * before a later word, a shorter name first, then the catalogue's own order (commoner first).
   */
  search(query: string, limit = 10): CatalogEntry[] {
    const q = catalogKey(query);
    if (!q || limit <= 0) return [];
    let low = 0;
    let high = this.terms.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.terms[mid].term < q) low = mid + 1;
      else high = mid;
    }
    const best = new Map<number, number>();
    for (let i = low; i < this.terms.length && this.terms[i].term.startsWith(q); i++) {
      const { term, entry, kind } = this.terms[i];
      // exact first, then the kind, then the length (a term under 1000 characters), then the order
      const score = (term === q ? 0 : 1) * 1e9 + kind * 1e8 + term.length * 1e5 + entry;
      const known = best.get(entry);
      if (known === undefined || score < known) best.set(entry, score);
    }
    return [...best.entries()]
      .sort((a, b) => a[1] - b[1])
      .slice(0, limit)
      .map(([entry]) => this.entries[entry]);
  }

  /** The item one of whose names is exactly `text` (accents, case and punctuation ignored). */
  exact(text: string): CatalogEntry | undefined {
    return this.exactTerms.get(catalogKey(text));
  }

  /**
   * The item `text` most likely is by its words: a name exactly, else its last word (or last words)
   * that are a name ("Bio Vollmilch" → Vollmilch, "organic bananas" → bananas).
   */
  guessByWords(text: string): CatalogEntry | undefined {
    const key = catalogKey(text);
    if (!key) return undefined;
    const exact = this.exactTerms.get(key);
    if (exact) return exact;
    const words = key.split(' ');
    for (let w = words.length - 1; w >= 0; w--) {
      const found = this.exactTerms.get(words.slice(w).join(' ')) ?? this.exactTerms.get(words[w]);
      if (found) return found;
    }
    return undefined;
  }

  /**
   * The item a compound names last: the longest name of at least 4 letters the last word ends
   * with (German compounds name the thing last: "Vollkornbrot" → Brot).
   */
  guessByEnding(text: string): CatalogEntry | undefined {
    const words = catalogKey(text).split(' ');
    const last = words[words.length - 1];
    for (let i = 1; i <= last.length - 4; i++) {
      const found = this.exactTerms.get(last.slice(i));
      if (found) return found;
    }
    return undefined;
  }

  /** The item `text` most likely is, for its aisle: by its words, else by a compound's ending. */
  guess(text: string): CatalogEntry | undefined {
    return this.guessByWords(text) ?? this.guessByEnding(text);
  }
}

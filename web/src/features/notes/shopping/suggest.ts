/**
 * Suggestions while a shopping item is typed: the group's recent items, its own learned ones and
 * the catalogue, ranked so that a common item is one tap away ("tom" → Tomaten). Pure and fast
 * (a few hundred known items and the catalogue's binary search): tested in suggest.test.ts.
 */
import { catalogKey, type CatalogEntry, type CatalogIndex } from '@domain/shopping/catalog';
import { itemKey } from '@domain/shopping/merge';
import { readQuantity } from '@domain/shopping/quantity';

/** An item the group has had: bought lately (`recent`, with how often) or typed and learned. */
export interface KnownItem {
  text: string;
  aisle: string | null;
  quantity: string | null;
  catalogItemId: string | null;
  /** how often it was bought in the last weeks (recent ones) */
  count: number;
  source: 'recent' | 'learned';
}

export interface Suggestion {
  /** what makes two suggestions the same thing (the merge rule's key) */
  key: string;
  text: string;
  aisle: string | null;
  icon: string | null;
  catalogItemId: string | null;
  /** the quantity typed with the name, else the one the group had last time */
  quantity: string | null;
  source: 'catalog' | 'recent' | 'learned';
}

const startsAnyWord = (key: string, q: string) => key.startsWith(q) || key.includes(` ${q}`);

/** Known items' folded texts, folded once (the same few items are matched at every keystroke). */
const folded = new WeakMap<KnownItem, string>();
function keyOf(item: KnownItem): string {
  let key = folded.get(item);
  if (key === undefined) folded.set(item, (key = catalogKey(item.text)));
  return key;
}

/**
 * What to offer for `typed` (a quantity typed with the name is kept apart and goes with whatever is
 * chosen): with nothing typed, the recent items not already open on the list, most often bought
 * first; else, best first, a whole name typed, the recent items that match (most often first), the
 * learned ones, then the catalogue's matches in its own order. One suggestion per thing.
 */
export function suggest(typed: string, catalog: CatalogIndex, known: readonly KnownItem[], openKeys: ReadonlySet<string>, limit = 6): Suggestion[] {
  const { text, quantity } = readQuantity(typed);
  const q = catalogKey(text);
  const out: Suggestion[] = [];
  const seen = new Set<string>();
  const push = (suggestion: Suggestion) => {
    if (out.length >= limit || seen.has(suggestion.key)) return;
    seen.add(suggestion.key);
    out.push(suggestion);
  };
  const fromKnown = (item: KnownItem): Suggestion => {
    const entry = item.catalogItemId ? catalog.get(item.catalogItemId) : catalog.exact(item.text);
    return {
      key: itemKey(item.text, entry?.id ?? item.catalogItemId),
      text: item.text,
      aisle: item.aisle ?? entry?.aisle ?? null,
      icon: entry?.icon ?? null,
      catalogItemId: entry?.id ?? item.catalogItemId,
      quantity: quantity ?? item.quantity,
      source: item.source,
    };
  };
  const fromCatalog = (entry: CatalogEntry, name = entry.name): Suggestion => ({
    key: itemKey(name, entry.id),
    text: name,
    aisle: entry.aisle,
    icon: entry.icon,
    catalogItemId: entry.id,
    quantity,
    source: 'catalog',
  });
  const recent = known.filter((item) => item.source === 'recent').sort((a, b) => b.count - a.count);
  if (!q) {
    for (const item of recent) {
      const suggestion = fromKnown(item);
      if (!openKeys.has(suggestion.key)) push(suggestion);
    }
    return out;
  }
  const learned = known.filter((item) => item.source === 'learned');
  const matching = (items: readonly KnownItem[]) => items.filter((item) => startsAnyWord(keyOf(item), q));
  const matches = catalog.search(text, limit * 2);
  // a whole name typed comes first, whoever knows it
  const exactKnown = [...recent, ...learned].find((item) => keyOf(item) === q);
  if (exactKnown) push(fromKnown(exactKnown));
  const exactEntry = catalog.exact(text);
  if (exactEntry) push(fromCatalog(exactEntry, nameAsTyped(exactEntry, q, quantity)));
  for (const item of matching(recent)) push(fromKnown(item));
  for (const item of matching(learned)) push(fromKnown(item));
  for (const entry of matches) push(fromCatalog(entry, nameAsTyped(entry, q, quantity)));
  return out;
}

/**
 * The name a catalogue item is added under: the word a shopping list uses, its plural ("tom" →
 * Tomaten), unless the singular was typed whole ("Tomate") or one is asked for ("1 Zitrone"); an
 * other name being typed ("Paradeiser") is kept as the person says it.
 */
export function nameAsTyped(entry: CatalogEntry, q: string, quantity: string | null = null): string {
  const starts = (name: string | undefined) => Boolean(name && catalogKey(name).startsWith(q));
  if (!starts(entry.name) && !starts(entry.plural)) {
    const alias = entry.aliases.find((name) => starts(name));
    if (alias) return alias;
  }
  if (!entry.plural || catalogKey(entry.name) === q || quantity === '1') return entry.name;
  return entry.plural;
}

/**
 * The catalogue's own spelling of a name typed whole ("apples" → Apples, "paradeiser" →
 * Paradeiser), so the list reads alike whoever typed it; the text as typed when it is no name.
 */
export function spelledAsCatalog(entry: CatalogEntry | undefined, text: string): string {
  if (!entry) return text;
  const key = catalogKey(text);
  return [entry.name, entry.plural, ...entry.aliases].find((name) => name !== undefined && catalogKey(name) === key) ?? text;
}

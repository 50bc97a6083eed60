import { describe, expect, it } from 'vitest';
import { CatalogIndex, type CatalogEntry } from '@domain/shopping/catalog';
import { itemKey } from '@domain/shopping/merge';
import de from '@domain/catalog/de.json';
import en from '@domain/catalog/en.json';
import { nameAsTyped, spelledAsCatalog, suggest, type KnownItem } from './suggest';

const german = new CatalogIndex(de as CatalogEntry[]);
const english = new CatalogIndex(en as CatalogEntry[]);
const none = new Set<string>();
const texts = (list: { text: string }[]) => list.map((item) => item.text);

describe('suggestions while a shopping item is typed', () => {
  it('"tom" offers Tomaten first, in German, and Tomatoes in English: one tap away', () => {
    expect(suggest('tom', german, [], none)[0]).toMatchObject({ text: 'Tomaten', catalogItemId: 'tomato', aisle: 'produce', icon: 'tomato' });
    expect(suggest('tom', english, [], none)[0]).toMatchObject({ text: 'Tomatoes', catalogItemId: 'tomato' });
  });

  it('keeps a quantity typed with the name for whatever is chosen', () => {
    expect(suggest('2 l mil', german, [], none)[0]).toMatchObject({ text: 'Milch', quantity: '2 l', aisle: 'dairy' });
    expect(suggest('Milch 2 l', german, [], none)[0]).toMatchObject({ text: 'Milch', quantity: '2 l' });
  });

  it('ignores accents and case, and finds other names as they are said', () => {
    expect(texts(suggest('ÄPF', german, [], none))).toContain('Äpfel');
    expect(suggest('parad', german, [], none)[0]).toMatchObject({ text: 'Paradeiser', catalogItemId: 'tomato' });
  });

  it("puts the group's own items first: the recent ones most often bought first, then the learned ones, then the catalogue", () => {
    const known: KnownItem[] = [
      { text: 'Tomatensugo Oma', aisle: 'pantry', quantity: '2', catalogItemId: null, count: 0, source: 'learned' },
      { text: 'Tomatenmark', aisle: 'pantry', quantity: null, catalogItemId: 'tomato-paste', count: 2, source: 'recent' },
      { text: 'Tomaten', aisle: 'produce', quantity: '500 g', catalogItemId: 'tomato', count: 7, source: 'recent' },
    ];
    const list = suggest('tom', german, known, none);
    expect(texts(list).slice(0, 3)).toEqual(['Tomaten', 'Tomatenmark', 'Tomatensugo Oma']);
    // the learned one comes back with its aisle and last quantity
    expect(list[2]).toMatchObject({ aisle: 'pantry', quantity: '2', source: 'learned' });
    // one suggestion per thing: the catalogue's Tomaten is the recent one already
    expect(list.filter((item) => item.catalogItemId === 'tomato')).toHaveLength(1);
  });

  it('with nothing typed offers what was bought lately, leaving out what is on the list already', () => {
    const known: KnownItem[] = [
      { text: 'Brot', aisle: 'bakery', quantity: null, catalogItemId: 'bread', count: 3, source: 'recent' },
      { text: 'Milch', aisle: 'dairy', quantity: '1 l', catalogItemId: 'milk', count: 9, source: 'recent' },
    ];
    expect(texts(suggest('', german, known, none))).toEqual(['Milch', 'Brot']);
    expect(texts(suggest('', german, known, new Set([itemKey('Milch', 'milk')])))).toEqual(['Brot']);
  });

  it('a whole name typed comes first', () => {
    expect(suggest('Eier', german, [], none)[0].text).toBe('Eier');
  });

  it('stays well within a few milliseconds a keystroke', () => {
    const known: KnownItem[] = Array.from({ length: 200 }, (_, i) => ({
      text: `Ding ${i}`,
      aisle: 'other',
      quantity: null,
      catalogItemId: null,
      count: i,
      source: 'recent',
    }));
    const queries = ['t', 'to', 'tom', 'm', 'mi', 'mil', 'b', 'br', 'd', 'di'];
    for (const q of queries) suggest(q, german, known, none);
    const started = performance.now();
    for (let round = 0; round < 5; round++) for (const q of queries) suggest(q, german, known, none);
    expect((performance.now() - started) / 50).toBeLessThan(5);
  });
});

describe('the name an item is added under', () => {
  const tomato = german.get('tomato')!;
  it('is the plural a list says, the singular when typed whole or one is asked for', () => {
    expect(nameAsTyped(tomato, 'tom')).toBe('Tomaten');
    expect(nameAsTyped(tomato, 'tomate')).toBe('Tomate');
    expect(nameAsTyped(tomato, 'tom', '1')).toBe('Tomate');
    expect(nameAsTyped(tomato, 'paradei')).toBe('Paradeiser');
  });
});

describe('a name typed whole', () => {
  it('is written as the catalogue writes it, whichever of its names it is; other text stays as typed', () => {
    expect(spelledAsCatalog(english.exact('apples'), 'apples')).toBe('Apples');
    expect(spelledAsCatalog(german.exact('paradeiser'), 'paradeiser')).toBe('Paradeiser');
    expect(spelledAsCatalog(undefined, 'omas sugo')).toBe('omas sugo');
  });
});

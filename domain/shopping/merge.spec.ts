import fc from 'fast-check';
import { fold } from '../text';
import { catalogFor, exactInAny } from './catalogs';
import { itemKey, joinQuantities, mergeInto, mergeTarget } from './merge';

const keyOf = (text: string) => itemKey(text, exactInAny(text)?.id);
const item = (text: string, isCompleted = false) => ({ text, isCompleted, catalogItemId: exactInAny(text)?.id ?? null });

describe('the merge rule', () => {
  it('finds the same thing on the list: singular or plural, other names, accents and case', () => {
    const list = [item('Tomaten'), item('Brötchen'), item('Café Crème'), item('Milch', true)];
    expect(mergeTarget(list, keyOf('Tomate'))?.item.text).toBe('Tomaten');
    expect(mergeTarget(list, keyOf('paradeiser'))?.item.text).toBe('Tomaten');
    expect(mergeTarget(list, keyOf('Semmeln'))?.item.text).toBe('Brötchen');
    expect(mergeTarget(list, keyOf('CAFE creme'))?.item.text).toBe('Café Crème');
    expect(mergeTarget(list, keyOf('Tomato'))?.item.text).toBe('Tomaten');
    expect(mergeTarget(list, keyOf('Gurke'))).toBeNull();
  });

  it('prefers an unticked item; a ticked one is unticked with the new quantity alone', () => {
    const list = [item('Milch', true), item('Milch')];
    expect(mergeTarget(list, keyOf('milch'))).toEqual({ item: list[1], wasTicked: false });
    expect(mergeTarget([list[0]], keyOf('milch'))).toEqual({ item: list[0], wasTicked: true });
    expect(mergeInto({ quantity: '1 l', isCompleted: true }, { quantity: '2 l' })).toEqual({ quantity: '2 l', isCompleted: false });
    expect(mergeInto({ quantity: '1 l', isCompleted: false }, { quantity: '2 l' })).toEqual({ quantity: '1 l + 2 l', isCompleted: false });
  });

  it('joins quantities, never summing: what each asked for stays readable', () => {
    expect(joinQuantities('1 l', '2 l')).toBe('1 l + 2 l');
    expect(joinQuantities(null, '2 l')).toBe('2 l');
    expect(joinQuantities('500 g', null)).toBe('500 g');
    expect(joinQuantities(null, null)).toBeNull();
    fc.assert(
      fc.property(
        fc.array(
          fc.string({ minLength: 1, maxLength: 12 }).filter((q) => q.trim() === q && q.length > 0),
          { maxLength: 10 },
        ),
        (quantities) => {
          const joined = quantities.reduce<string | null>((all, next) => joinQuantities(all, next), null);
          if (quantities.length === 0) expect(joined).toBeNull();
          else expect(joined!.length).toBeLessThanOrEqual(50);
          if (quantities.join(' + ').length <= 50 && quantities.length) expect(joined).toBe(quantities.join(' + '));
        },
      ),
    );
  });

  it('keys every name of a catalogue item alike, and any text by its folded form', () => {
    for (const locale of ['de', 'en']) {
      for (const entry of catalogFor(locale).entries) {
        for (const name of [entry.name, entry.plural, ...entry.aliases].filter((n): n is string => !!n)) {
          const found = exactInAny(name, locale)!;
          // a name two items share belongs to the first; every other name is its own item's
          if (found.id === entry.id) expect(itemKey(name, exactInAny(name.toUpperCase(), locale)?.id)).toBe(`c:${entry.id}`);
        }
      }
    }
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), (text) => {
        expect(itemKey(text)).toBe(itemKey(fold(text).toUpperCase()));
      }),
    );
  });
});

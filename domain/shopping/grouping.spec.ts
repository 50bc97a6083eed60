import fc from 'fast-check';
import { guessAisle } from './aisle-guess';
import { AISLES } from './aisles';
import { catalogFor, guessInAny } from './catalogs';
import { completeOrder, groupByAisle, learnOrder } from './grouping';

describe('the aisle guess', () => {
  it('takes the asked aisle, then the learned one, then the catalogue, else other', () => {
    expect(guessAisle({ asked: 'frozen', learned: 'dairy', catalog: { aisle: 'bakery' } })).toBe('frozen');
    expect(guessAisle({ learned: 'dairy', catalog: { aisle: 'bakery' } })).toBe('dairy');
    expect(guessAisle({ catalog: { aisle: 'bakery' } })).toBe('bakery');
    expect(guessAisle({ asked: 'garden', learned: 'nowhere' })).toBe('other');
  });

  it('knows compounds and words around a catalogue name', () => {
    expect(guessInAny('Vollkornbrot')?.aisle).toBe('bakery');
    expect(guessInAny('Bio Vollmilch')?.aisle).toBe('dairy');
    expect(guessInAny('Hafermilch Barista')).toBeDefined();
    expect(guessInAny('organic bananas')?.id).toBe('banana');
    expect(guessInAny('Zauberwürfel')).toBeUndefined();
  });
});

describe('grouping by aisle', () => {
  const item = (aisle: string | null, order: number, isCompleted = false) => ({ aisle, order, isCompleted });

  it('groups unticked items in the store order, each group in list order, ticked apart', () => {
    const items = [item('dairy', 3), item('produce', 1), item('dairy', 0), item(null, 2), item('bakery', 4, true)];
    const { groups, ticked } = groupByAisle(items, ['dairy', 'bakery']);
    expect(groups.map((g) => [g.aisle, g.items.map((i) => i.order)])).toEqual([
      ['dairy', [0, 3]],
      ['produce', [1]],
      ['other', [2]],
    ]);
    expect(ticked).toEqual([items[4]]);
  });

  it('keeps every unticked item exactly once, whatever the order given', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ aisle: fc.option(fc.constantFrom(...AISLES, 'garden'), { nil: null }), isCompleted: fc.boolean() }), { maxLength: 60 }),
        fc.array(fc.constantFrom(...AISLES, 'garden')),
        (raw, order) => {
          const items = raw.map((entry, index) => ({ ...entry, order: index }));
          const { groups, ticked } = groupByAisle(items, order);
          const placed = groups.flatMap((g) => g.items);
          expect(placed.length + ticked.length).toBe(items.length);
          expect(new Set(placed).size).toBe(placed.length);
          const aisles = groups.map((g) => g.aisle);
          const full = completeOrder(order);
          expect([...aisles].sort((a, b) => full.indexOf(a) - full.indexOf(b))).toEqual(aisles);
        },
      ),
    );
  });
});

describe("a store's learned order", () => {
  it('moves only the aisles met, into the places those aisles had', () => {
    const before = completeOrder(null);
    const after = learnOrder(before, ['dairy', 'dairy', 'produce', 'drinks']);
    expect(after.slice(0, 3)).toEqual(['dairy', 'bakery', 'produce']);
    expect(after.indexOf('drinks')).toBe(before.indexOf('drinks'));
    expect(learnOrder(after, [])).toEqual(after);
  });

  it('is always every aisle once, and a trip that met them in the order already known changes nothing', () => {
    fc.assert(
      fc.property(fc.shuffledSubarray([...AISLES]), fc.array(fc.constantFrom(...AISLES)), (previous, ticked) => {
        const next = learnOrder(previous, ticked);
        expect([...next].sort()).toEqual([...AISLES].sort());
        const full = completeOrder(previous);
        const inOrder = [...new Set(ticked)].sort((a, b) => full.indexOf(a) - full.indexOf(b));
        expect(learnOrder(previous, inOrder)).toEqual(full);
      }),
    );
  });
});

describe('the catalogue search', () => {
  it('finds from the first letters, best first', () => {
    const de = catalogFor('de');
    expect(de.search('tom')[0].name).toBe('Tomate');
    expect(de.search('Tomaten')[0].id).toBe('tomato');
    expect(de.search('topf')[0].id).toBe('quark');
    expect(catalogFor('en').search('tom')[0].name).toBe('Tomato');
    expect(catalogFor('en').search('toms')).toEqual([]);
  });
});

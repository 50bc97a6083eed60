import fc from 'fast-check';
import { QUANTITY_UNITS, readLines, readQuantity } from './quantity';

describe('readQuantity', () => {
  it('reads the quantity before or after the name, as people type it', () => {
    const cases: [string, string, string | null][] = [
      ['2 l Milch', 'Milch', '2 l'],
      ['500g Hackfleisch', 'Hackfleisch', '500 g'],
      ['3 Zitronen', 'Zitronen', '3'],
      ['Milch 2 l', 'Milch', '2 l'],
      ['1,5 kg Kartoffeln', 'Kartoffeln', '1,5 kg'],
      ['2 Pck. Butter', 'Butter', '2 Pck.'],
      ['2x Joghurt', 'Joghurt', '2'],
      ['3 x Bananen', 'Bananen', '3'],
      ['Joghurt x2', 'Joghurt', '2'],
      ['6er Eier', 'Eier', '6er'],
      ['Eier 10', 'Eier', '10'],
      ['1 Bund Petersilie', 'Petersilie', '1 Bund'],
      ['½ l Sahne', 'Sahne', '½ l'],
      ['2 - 3 Äpfel', 'Äpfel', '2-3'],
      ['Cola Zero 1,5 l', 'Cola Zero', '1,5 l'],
      ['2 cans chickpeas', 'chickpeas', '2 cans'],
      ['1 dozen eggs', 'eggs', '1 dozen'],
      ['  2   l   Milch  ', 'Milch', '2 l'],
    ];
    for (const [typed, text, quantity] of cases) expect([typed, readQuantity(typed)]).toEqual([typed, { text, quantity }]);
  });

  it('leaves text alone that has no quantity, or would leave no name', () => {
    for (const typed of ['Milch', '7up', 'Nivea 24h', '2 l', '1 kg', '3', 'Bio Milch', 'Vitamin B12']) {
      expect(readQuantity(typed)).toEqual({ text: typed, quantity: null });
    }
  });

  const name = fc
    .array(fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzäöüß'), { minLength: 2, maxLength: 12 })
    .map((letters) => letters.join(''))
    .filter((word) => !(QUANTITY_UNITS as readonly string[]).includes(word) && !/^(x|er)/.test(word))
    .map((word) => word[0].toUpperCase() + word.slice(1));
  const number = fc.oneof(
    fc.integer({ min: 1, max: 5000 }).map(String),
    fc.tuple(fc.integer({ min: 0, max: 99 }), fc.integer({ min: 1, max: 99 }), fc.constantFrom(',', '.')).map(([a, b, sep]) => `${a}${sep}${b}`),
  );
  const unit = fc.constantFrom('g', 'kg', 'l', 'ml', 'Pck.', 'Stk', 'Dosen', 'Flaschen', 'Bund', 'cans', 'bottles');

  it('takes any number and unit off either end of a name, and reads nothing more from the name left', () => {
    fc.assert(
      fc.property(name, number, fc.option(unit, { nil: undefined }), fc.boolean(), (text, n, u, before) => {
        const quantity = u ? `${n} ${u}` : n;
        const typed = before ? `${quantity} ${text}` : `${text} ${quantity}`;
        expect(readQuantity(typed)).toEqual({ text, quantity });
        expect(readQuantity(text)).toEqual({ text, quantity: null });
      }),
    );
  });

  it('never makes the name empty nor loses a letter of it', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (typed) => {
        const read = readQuantity(typed);
        if (read.quantity === null) expect(read.text).toBe(typed.trim().replace(/\s+/g, ' '));
        else {
          expect(read.text.length).toBeGreaterThan(0);
          expect(read.quantity.length).toBeLessThanOrEqual(50);
          const letters = (value: string) => [...value.matchAll(/\p{L}/gu)].length;
          expect(letters(read.text) + letters(read.quantity)).toBe(letters(typed));
        }
      }),
    );
  });
});

describe('readLines', () => {
  it('makes one item of each pasted line, list marks and blank lines dropped', () => {
    expect(readLines('- 2 l Milch\n\n* Brot\r\n3. 500g Hackfleisch\n[ ] Eier 10\n   \n• Tomaten')).toEqual([
      { text: 'Milch', quantity: '2 l' },
      { text: 'Brot', quantity: null },
      { text: 'Hackfleisch', quantity: '500 g' },
      { text: 'Eier', quantity: '10' },
      { text: 'Tomaten', quantity: null },
    ]);
  });
});

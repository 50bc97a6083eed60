import fc from 'fast-check';
import { centsDecimal, decimalCents, normaliseMoney } from './amount';

describe('normaliseMoney', () => {
  it('writes an amount with two decimals, as numeric(14,2) reads it back', () => {
    expect(['12.3', '12', '0.05', '-80.5', '-0', '-0.00', '1250.00'].map(normaliseMoney)).toEqual(['12.30', '12.00', '0.05', '-80.50', '0.00', '0.00', '1250.00']);
  });

  it('is the cents it names, written back', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }), fc.integer({ min: 0, max: 2 }), (cents, decimals) => {
        const text = centsDecimal(cents);
        const typed = decimals === 2 ? text : decimals === 1 && text.endsWith('0') ? text.slice(0, -1) : text.endsWith('.00') ? text.slice(0, -3) : text;
        expect(normaliseMoney(typed)).toBe(text);
        expect(decimalCents(normaliseMoney(typed))).toBe(cents);
      }),
    );
  });
});

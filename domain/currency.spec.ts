import fc from 'fast-check';
import { fromCents } from './amount';
import { convertFromCents, convertToCents, crossRate, impliedRate, isCurrencyCode, normaliseOriginalAmount, rateUnits, roundRate, unitsRate } from './currency';

const rate = fc.bigInt({ min: 1n, max: 10n ** 12n }).map(unitsRate);
const cents = fc.bigInt({ min: 0n, max: 10n ** 11n });

describe('convertToCents', () => {
  it('rounds half-up to the cent', () => {
    expect(convertToCents('84.00', '1.0611')).toBe(8913n); // 89.1324
    expect(convertToCents('1', '0.005')).toBe(1n); // 0.005 → 0.01
    expect(convertToCents('1', '0.00499999')).toBe(0n);
    expect(convertToCents('10.005', '1')).toBe(1001n);
    expect(convertToCents('1500', '0.00612')).toBe(918n); // yen
  });

  it('is exact: the product of the two decimals, rounded once, never through a float', () => {
    fc.assert(
      fc.property(cents, rate, (amount, r) => {
        const text = fromCents(amount);
        const exact = amount * rateUnits(r)!; // in 10^-10 of the group's unit
        const got = convertToCents(text, r);
        // |got × 10^8 − exact| ≤ half a cent, ties up
        const diff = got * 10n ** 8n - exact;
        expect(diff <= 5n * 10n ** 7n && diff > -5n * 10n ** 7n).toBe(true);
      }),
    );
  });

  it('is monotone in the amount and in the rate', () => {
    fc.assert(
      fc.property(cents, cents, rate, (a, b, r) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        expect(convertToCents(fromCents(lo), r) <= convertToCents(fromCents(hi), r)).toBe(true);
      }),
    );
  });

  it('at rate 1 is the amount itself', () => {
    fc.assert(fc.property(cents, (a) => expect(convertToCents(fromCents(a), '1')).toBe(a)));
  });
});

describe('convertFromCents', () => {
  it('converted back lands within a cent of where it started when the rate is at most 2', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 11n), max: 10n ** 11n }), fc.bigInt({ min: 1000n, max: 2n * 10n ** 8n }).map(unitsRate), (c, r) => {
        const other = convertFromCents(c, r);
        const back = convertToCents(other.replace('-', ''), r) * (other.startsWith('-') ? -1n : 1n);
        expect(back - c <= 1n && c - back <= 1n).toBe(true);
      }),
    );
  });

  it('writes the currency minor unit', () => {
    expect(convertFromCents(8913n, '1.0611')).toBe('84.00');
    expect(convertFromCents(-918n, '0.00612', 0)).toBe('-1500');
    expect(convertFromCents(0n, '3')).toBe('0.00');
  });
});

describe('crossRate', () => {
  it('goes through the euro', () => {
    expect(crossRate('1', '0.9402')).toBe('1.06360349'); // EUR per CHF when 1 EUR = 0.9402 CHF
    expect(crossRate('0.8541', '0.9402')).toBe('0.90842374'); // GBP per CHF
    expect(crossRate('1', '1')).toBe('1');
  });

  it('is never zero and has at most 8 decimals (per-euro rates between 0.0001 and 10 000)', () => {
    const perEuro = fc.bigInt({ min: 10n ** 4n, max: 10n ** 12n }).map(unitsRate);
    fc.assert(
      fc.property(perEuro, perEuro, (a, b) => {
        const r = crossRate(a, b);
        expect(rateUnits(r)).not.toBeNull();
      }),
    );
  });
});

describe('codes and amounts', () => {
  it('knows ISO 4217 codes', () => {
    expect(['CHF', 'GBP', 'JPY', 'EUR'].every(isCurrencyCode)).toBe(true);
    expect(['chf', 'XYZ1', 'ABC', ''].some(isCurrencyCode)).toBe(false);
  });

  it('normalises an amount to the currency minor unit', () => {
    expect(normaliseOriginalAmount('84', 'CHF')).toBe('84.00');
    expect(normaliseOriginalAmount('1500', 'JPY')).toBe('1500');
    expect(normaliseOriginalAmount('1500.5', 'JPY')).toBeNull();
    expect(normaliseOriginalAmount('1.234', 'KWD')).toBe('1.234');
    expect(normaliseOriginalAmount('0', 'CHF')).toBeNull();
    expect(normaliseOriginalAmount('-1', 'CHF')).toBeNull();
  });
});

describe('impliedRate and roundRate', () => {
  it('is amount ÷ original, half-up to 8 decimals, never 0', () => {
    expect(impliedRate('89.13', '84.00')).toBe('1.06107143'); // 1.061071428…
    expect(impliedRate('52.96', '49.9')).toBe('1.06132265'); // 1.0613226452…
    expect(impliedRate('1', '0.9424')).toBe('1.06112054');
    expect(impliedRate('9.18', '1500')).toBe('0.00612');
    expect(impliedRate('0.01', '999999999')).toBe('0.00000001');
    expect(() => impliedRate('1', '0')).toThrow();
  });

  it('turns the original back into the amount within a cent', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 8n }), fc.bigInt({ min: 1n, max: 10n ** 6n }), (booked, paid) => {
        const rate = impliedRate(fromCents(booked), fromCents(paid));
        const back = convertToCents(fromCents(paid), rate);
        expect(back - booked <= 1n && booked - back <= 1n).toBe(true);
      }),
    );
  });

  it('crossRate is the same division between two rates', () => {
    fc.assert(fc.property(rate, rate, (a, b) => expect(crossRate(a, b)).toBe(impliedRate(a, b))));
  });

  it('rounds a bank rate of any length to 8 decimals; refuses what is no rate', () => {
    expect(roundRate('1.0611235412')).toBe('1.06112354');
    expect(roundRate('0.94240000')).toBe('0.9424');
    expect(roundRate('1.165')).toBe('1.165');
    expect(roundRate('0')).toBeNull();
    expect(roundRate('-1.2')).toBeNull();
    expect(roundRate('1,2')).toBeNull();
    expect(roundRate('')).toBeNull();
    expect(roundRate('1'.repeat(41))).toBeNull();
  });
});

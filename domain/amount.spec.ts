import fc from 'fast-check';
import {
  amountReadings,
  decimalCents,
  formatAmountInput,
  formatMoney,
  formatRateInput,
  fromCents,
  normaliseMoney,
  parseAmount,
  parseRateInput,
  toCents,
} from './amount';
import { isRate, rateUnits, unitsRate } from './currency';

describe('money as cents', () => {
  it('reads and writes decimal strings exactly', () => {
    expect(toCents('12.3')).toBe(1230n);
    expect(toCents('0.05')).toBe(5n);
    expect(toCents('-80.5')).toBe(-8050n);
    expect(toCents('999999999.99')).toBe(99_999_999_999n);
    expect(fromCents(-5n)).toBe('-0.05');
    expect(fromCents(123456789012345n)).toBe('1234567890123.45');
    fc.assert(fc.property(fc.bigInt({ min: -(10n ** 18n) + 1n, max: 10n ** 18n - 1n }), (c) => toCents(fromCents(c)) === c));
  });
});

describe('normaliseMoney', () => {
  it('writes an amount with two decimals, as numeric(14,2) reads it back', () => {
    expect(['12.3', '12', '0.05', '-80.5', '-0', '-0.00', '1250.00'].map(normaliseMoney)).toEqual([
      '12.30',
      '12.00',
      '0.05',
      '-80.50',
      '0.00',
      '0.00',
      '1250.00',
    ]);
  });

  it('is the cents it names, written back', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }), fc.integer({ min: 0, max: 2 }), (cents, decimals) => {
        const text = fromCents(cents);
        const typed = decimals === 2 ? text : decimals === 1 && text.endsWith('0') ? text.slice(0, -1) : text.endsWith('.00') ? text.slice(0, -3) : text;
        expect(normaliseMoney(typed)).toBe(text);
        expect(decimalCents(normaliseMoney(typed))).toBe(cents);
      }),
    );
  });
});

const decimal = fromCents;
const cents = fc.bigInt({ min: -99_999_999_999n, max: 99_999_999_999n });

describe.each(['de', 'en', 'de-AT', 'en-GB'])('amounts typed in %s', (locale) => {
  it('reads back every amount Intl writes in that language, grouped or not, with or without the currency', () => {
    fc.assert(
      fc.property(cents, fc.boolean(), fc.constantFrom('decimal', 'currency'), (value, grouped, style) => {
        const written = new Intl.NumberFormat(locale, {
          style: style as 'decimal' | 'currency',
          currency: 'EUR',
          minimumFractionDigits: 2,
          maximumFractionDigits: 2,
          useGrouping: grouped,
        }).format(decimal(value) as unknown as number);
        expect(parseAmount(written, locale)).toBe(decimal(value));
      }),
    );
  });

  it('reads the plain form the API writes ("1250.00") too', () => {
    fc.assert(
      fc.property(cents, (value) => {
        expect(parseAmount(decimal(value), locale)).toBe(decimal(value));
      }),
    );
  });

  it('never reads text that is not an amount', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const read = parseAmount(text, locale);
        if (read !== null) expect(read).toMatch(/^-?\d+(\.\d+)?$/);
      }),
    );
  });
});

describe('the ways people write amounts', () => {
  it('in German', () => {
    for (const typed of ['1.250,00', '1250,00', '1 250,00', '1250.00', '1\u00a0250,00', '1.250,00 €', '€ 1250,00']) {
      expect(parseAmount(typed, 'de')).toBe('1250.00');
    }
    expect(parseAmount('1.250', 'de')).toBe('1250');
    expect(parseAmount('12,5', 'de')).toBe('12.5');
    expect(parseAmount('-80,50', 'de')).toBe('-80.50');
    expect(parseAmount('−80,50', 'de')).toBe('-80.50');
    expect(parseAmount('1.250.000,99', 'de')).toBe('1250000.99');
  });

  it('in English', () => {
    for (const typed of ['1,250.00', '1250.00', '1 250.00', '€1,250.00']) expect(parseAmount(typed, 'en')).toBe('1250.00');
    expect(parseAmount('1,250', 'en')).toBe('1250');
    expect(parseAmount('12,50', 'en')).toBe('12.50');
  });

  it('refuses what cannot be read as one amount', () => {
    for (const typed of ['', '  ', 'abc', '1e3', '12.', '.5', '1,25,0', '1.2.3', '1,250,00', '1.250.00', '12 50', '1,250.00,00', '--5', '5-']) {
      expect([typed, parseAmount(typed, 'de')]).toEqual([typed, null]);
    }
    for (const typed of ['1.250.00', '1,25,0', '1.2,3.4']) expect([typed, parseAmount(typed, 'en')]).toEqual([typed, null]);
  });
});

describe('a text that may mean two amounts', () => {
  it('is one separator exactly three digits from the end, either way, signed or not', () => {
    expect(amountReadings('1.500')).toEqual({ thousands: '1500', decimal: '1.500' });
    expect(amountReadings('1,500')).toEqual({ thousands: '1500', decimal: '1.500' });
    expect(amountReadings('12.000')).toEqual({ thousands: '12000', decimal: '12.000' });
    expect(amountReadings('999,999')).toEqual({ thousands: '999999', decimal: '999.999' });
    expect(amountReadings('-1,500')).toEqual({ thousands: '-1500', decimal: '-1.500' });
    expect(amountReadings('−1.500')).toEqual({ thousands: '-1500', decimal: '-1.500' });
    expect(amountReadings(' 1.500 € ')).toEqual({ thousands: '1500', decimal: '1.500' });
  });

  it('is not a text that reads one way only', () => {
    // two separators, a separator not three digits from the end, no separator, a space or an apostrophe, no amount
    for (const typed of ['1.250,00', '1,250.00', '1.500.000', '1,5', '12,50', '1.5000', '1500', '1 500', "1'500", '0.500', '1234.500', '', 'abc', '1.50a']) {
      expect([typed, amountReadings(typed)]).toEqual([typed, null]);
    }
  });

  it('is read by parseAmount as one of its two readings in every language', () => {
    for (const locale of ['de', 'en', 'de-AT', 'en-GB']) {
      fc.assert(
        fc.property(fc.integer({ min: 1, max: 999 }), fc.integer({ min: 0, max: 999 }), fc.constantFrom('.', ','), (whole, part, separator) => {
          const typed = `${whole}${separator}${String(part).padStart(3, '0')}`;
          const readings = amountReadings(typed);
          expect(readings).not.toBeNull();
          expect([readings?.thousands, readings?.decimal]).toContain(parseAmount(typed, locale));
        }),
      );
    }
  });
});

describe('amounts written in a language', () => {
  it('with the currency, and for typing', () => {
    expect(formatMoney('1250.00', 'EUR', 'de').replace(/\s/g, ' ')).toBe('1.250,00 €');
    expect(formatMoney('1250.00', 'EUR', 'en')).toBe('€1,250.00');
    expect(formatMoney('12.50', 'XX', 'en')).toBe('12.50 XX');
    expect(formatAmountInput('1250', 'de')).toBe('1.250,00');
    expect(formatAmountInput('1250', 'en')).toBe('1,250.00');
  });

  it('are read back as they were written, in every language', () => {
    fc.assert(
      fc.property(cents, fc.constantFrom('de', 'en', 'de-AT', 'en-GB'), (value, locale) => {
        expect(parseAmount(formatAmountInput(decimal(value), locale), locale)).toBe(decimal(value));
      }),
    );
  });
});

describe.each(['de', 'en', 'de-CH', 'fr', 'ar-EG'])('exchange rates typed in %s', (locale) => {
  // every rate the API takes: up to 10 whole digits and 8 decimals, trailing zeros too ("1.10")
  const rate = fc
    .tuple(fc.bigInt({ min: 0n, max: 10n ** 10n - 1n }), fc.integer({ min: 0, max: 8 }), fc.bigInt({ min: 0n, max: 10n ** 8n - 1n }))
    .map(([whole, decimals, fraction]) => (decimals ? `${whole}.${String(fraction).padStart(8, '0').slice(0, decimals)}` : String(whole)));

  it('reads back every rate it writes, exactly (never through a float)', () => {
    fc.assert(fc.property(rate, (text) => expect(parseRateInput(formatRateInput(text, locale), locale)).toBe(text)));
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 18n - 1n }).map(unitsRate), (text) => {
        const read = parseRateInput(formatRateInput(text, locale), locale)!;
        expect(isRate(read) && rateUnits(read) === rateUnits(text)).toBe(true);
      }),
    );
  });

  it('reads a dot and a comma both as the decimal point', () => {
    expect(['1.0611', '1,0611', ' 1,0611 ', '0,00612345', '158,2', '1.500,25', '1,500.25'].map((t) => parseRateInput(t, locale))).toEqual([
      '1.0611',
      '1.0611',
      '1.0611',
      '0.00612345',
      '158.2',
      '1500.25',
      '1500.25',
    ]);
  });

  it('reads no sign, currency, word or ninth decimal', () => {
    const unreadable = ['', '-1,06', 'CHF 1,06', '1,06 €', 'abc', '1,123456789', '1,2,3', '1.500.000', ',5'];
    expect(unreadable.map((t) => parseRateInput(t, locale))).toEqual(unreadable.map(() => null));
  });
});

describe('exchange rates written in a language', () => {
  it("writes the rate with the language's decimal sign, every decimal kept", () => {
    expect(formatRateInput('1.0611', 'de')).toBe('1,0611');
    expect(formatRateInput('1.0611', 'en')).toBe('1.0611');
    expect(formatRateInput('1.10', 'de')).toBe('1,10');
    expect(formatRateInput('1234.56789012', 'de')).toBe('1234,56789012');
    expect(formatRateInput('2', 'de')).toBe('2');
  });
});

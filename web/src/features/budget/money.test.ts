import { describe, expect, it } from 'vitest';
import { amountChoices, negate, normaliseAmount, sumCents, validateAmount, validateBalance } from './money';

describe('amounts typed by a person', () => {
  it('keeps decimal strings as the API wants them', () => {
    expect(normaliseAmount('12.34')).toBe('12.34');
    expect(normaliseAmount(' 12,5 ')).toBe('12.5');
    expect(normaliseAmount('1 234.50')).toBe('1234.50');
    expect(normaliseAmount('0.10')).toBe('0.10');
  });

  it('refuses what the API would refuse', () => {
    for (const input of ['12.345', '-1', 'abc', '1e3', '12.', '.5', '01.50', '1000000000.00', '1,234,5']) {
      expect(normaliseAmount(input)).toBeNull();
    }
  });

  it('explains an empty, malformed or zero amount', () => {
    expect(validateAmount('')).toBe('Enter an amount');
    expect(validateAmount('12.345')).toMatch(/at most 2 decimals/);
    expect(validateAmount('0,00')).toBe('Enter an amount greater than zero');
    expect(validateAmount('7,99')).toBe(true);
  });

  it('negates without arithmetic', () => {
    expect(negate('12.30')).toBe('-12.30');
    expect(negate('-5')).toBe('5');
  });

  it('sums balances exactly, in cents', () => {
    expect(sumCents(['0.10', '0.20', '-0.30'])).toBe('0.00');
    expect(sumCents(['1234.5', '-2000.05'])).toBe('-765.55');
  });

  it('asks about a text that may mean two amounts the API both takes, thousands first', () => {
    expect(amountChoices('1.500')).toEqual({ thousands: '1500', decimal: '1.50' });
    expect(amountChoices('1,500')).toEqual({ thousands: '1500', decimal: '1.50' });
    expect(amountChoices('12.000')).toEqual({ thousands: '12000', decimal: '12.00' });
    expect(amountChoices('1,230')).toEqual({ thousands: '1230', decimal: '1.23' });
    expect(amountChoices('-1,500', true)).toEqual({ thousands: '-1500', decimal: '-1.50' });
  });

  it('reads a text as before when it means one amount only', () => {
    // a third decimal that is not 0 has no cent; an expense is never negative; "1.250,00", "12,50" read one way
    for (const typed of ['1,234', '-1,500', '1.250,00', '12,50', '1,5', '1500']) expect([typed, amountChoices(typed)]).toEqual([typed, null]);
  });

  it('lets such a text through validation, to be asked about when saved', () => {
    // in English "1.500" alone would be 1.500, three decimals: refused before the question existed
    expect(validateAmount('1.500')).toBe(true);
    expect(validateAmount('1,500')).toBe(true);
    expect(validateBalance('-1.500')).toBe(true);
    expect(validateAmount('1.234')).toMatch(/at most 2 decimals/);
  });
});

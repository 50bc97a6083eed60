import { describe, expect, it } from 'vitest';
import { negate, normaliseAmount, sumCents, validateAmount } from './money';

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
});

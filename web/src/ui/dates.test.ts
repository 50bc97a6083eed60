import { describe, expect, it } from 'vitest';
import { localiseDates } from './dates';

describe('dates inside texts the service wrote', () => {
  it('are written as the chosen language writes dates', () => {
    expect(localiseDates('Line 4: the date 2026-11-05 is after 2026-11-01', 'de')).toBe('Line 4: the date 05.11.2026 is after 01.11.2026');
    expect(localiseDates('2026-11-05', 'en-GB')).toBe('05/11/2026');
    expect(localiseDates('2026-11-05', 'en')).toBe('11/05/2026');
  });

  it('leaves what is not a date alone', () => {
    expect(localiseDates('IBAN DE89-3704-0044 and 2026-13-45 and 12026-11-05', 'de')).toBe('IBAN DE89-3704-0044 and 2026-13-45 and 12026-11-05');
  });
});

import { dueOccurrences, nextOnOrAfter, occurrence, Recurrence } from './recurrence';

const rule = (overrides: Partial<Recurrence>): Recurrence => ({ frequency: 'Monthly', interval: 1, startDate: '2027-01-31', endDate: null, ...overrides });
const first = (r: Recurrence, count: number) => Array.from({ length: count }, (_, n) => occurrence(r, n));

describe('recurrence', () => {
  it('clamps month ends without drifting', () => {
    expect(first(rule({}), 5)).toEqual(['2027-01-31', '2027-02-28', '2027-03-31', '2027-04-30', '2027-05-31']);
    expect(first(rule({ startDate: '2028-01-31' }), 2)).toEqual(['2028-01-31', '2028-02-29']);
    expect(first(rule({ startDate: '2027-01-30', interval: 3 }), 4)).toEqual(['2027-01-30', '2027-04-30', '2027-07-30', '2027-10-30']);
    expect(first(rule({ frequency: 'Yearly', startDate: '2028-02-29' }), 5)).toEqual(['2028-02-29', '2029-02-28', '2030-02-28', '2031-02-28', '2032-02-29']);
  });

  it('steps days and weeks by the interval across month and year ends', () => {
    expect(first(rule({ frequency: 'Daily', interval: 3, startDate: '2027-12-30' }), 3)).toEqual(['2027-12-30', '2028-01-02', '2028-01-05']);
    expect(first(rule({ frequency: 'Weekly', interval: 2, startDate: '2027-12-20' }), 3)).toEqual(['2027-12-20', '2028-01-03', '2028-01-17']);
  });

  it('finds the next occurrence on or after a date, and none after the end date', () => {
    const monthly = rule({ endDate: '2027-04-29' });
    expect(nextOnOrAfter(monthly, '2027-01-01')).toBe('2027-01-31');
    expect(nextOnOrAfter(monthly, '2027-02-01')).toBe('2027-02-28');
    expect(nextOnOrAfter(monthly, '2027-03-01')).toBe('2027-03-31');
    expect(nextOnOrAfter(monthly, '2027-04-01')).toBeNull();
    expect(nextOnOrAfter(rule({ frequency: 'Weekly', interval: 2, startDate: '2027-01-04' }), '2027-01-05')).toBe('2027-01-18');
    expect(nextOnOrAfter(rule({ frequency: 'Yearly', interval: 2, startDate: '2027-06-15' }), '2027-06-16')).toBe('2029-06-15');
  });

  it('lists the due occurrences up to today in batches, with the following one', () => {
    const daily = rule({ frequency: 'Daily', startDate: '2027-01-01' });
    expect(dueOccurrences(daily, '2027-01-01', '2027-01-03', 10)).toEqual({ dates: ['2027-01-01', '2027-01-02', '2027-01-03'], next: '2027-01-04' });
    expect(dueOccurrences(daily, '2027-01-01', '2027-01-03', 2)).toEqual({ dates: ['2027-01-01', '2027-01-02'], next: '2027-01-03' });
    expect(dueOccurrences({ ...daily, endDate: '2027-01-02' }, '2027-01-01', '2027-01-09', 10)).toEqual({ dates: ['2027-01-01', '2027-01-02'], next: null });
  });

  it('ends instead of passing year 9999', () => {
    expect(occurrence(rule({ frequency: 'Yearly', interval: 1000, startDate: '9500-01-01' }), 1)).toBeNull();
    expect(nextOnOrAfter(rule({ frequency: 'Daily', startDate: '9999-12-31' }), '9999-12-31')).toBe('9999-12-31');
    expect(dueOccurrences(rule({ frequency: 'Daily', startDate: '9999-12-31' }), '9999-12-31', '9999-12-31', 5)).toEqual({ dates: ['9999-12-31'], next: null });
  });
});

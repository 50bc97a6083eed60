import { birthdayParts, isBirthday, readBirthday } from './birthday';

const today = '2027-01-16';
const read = (day: string, month: string, year = '') => readBirthday({ day, month, year }, today);

describe('isBirthday', () => {
  it.each([
    ['1990-05-12', true],
    ['--05-12', true],
    ['--02-29', true],
    ['2000-02-29', true],
    ['2027-01-16', true],
    ['2027-01-17', false],
    ['1899-12-31', false],
    ['1999-02-29', false],
    ['--04-31', false],
  ])('%s: %s', (value, expected) => expect(isBirthday(value, today)).toBe(expected));
});

describe('readBirthday', () => {
  it('all three empty is no birthday', () => expect(read(' ', '', '')).toEqual({ value: null }));

  it('a day and a month without the year is --MM-DD, with one YYYY-MM-DD', () => {
    expect(read('20', '3')).toEqual({ value: '--03-20' });
    expect(read('7', '11', '1984')).toEqual({ value: '1984-11-07' });
    expect(read('29', '2')).toEqual({ value: '--02-29' });
  });

  it('names the field that is wrong', () => {
    expect(read('', '3')).toEqual({ field: 'day', problem: 'dayMissing' });
    expect(read('', '', '1990')).toEqual({ field: 'day', problem: 'dayMissing' });
    expect(read('32', '3')).toEqual({ field: 'day', problem: 'dayInvalid' });
    expect(read('1.5', '3')).toEqual({ field: 'day', problem: 'dayInvalid' });
    expect(read('20', '')).toEqual({ field: 'month', problem: 'monthMissing' });
    expect(read('20', '3', '85')).toEqual({ field: 'year', problem: 'yearInvalid' });
    expect(read('20', '3', '1850')).toEqual({ field: 'year', problem: 'yearInvalid' });
    expect(read('31', '4')).toEqual({ field: 'day', problem: 'notReal' });
    expect(read('29', '2', '2023')).toEqual({ field: 'day', problem: 'notReal' });
    expect(read('17', '1', '2027')).toEqual({ field: 'year', problem: 'future' });
  });

  it('reads back what it made', () => {
    for (const value of ['--03-20', '1984-11-07', '--12-01']) {
      const made = readBirthday(birthdayParts(value), today);
      expect(made).toEqual({ value });
    }
    expect(birthdayParts(null)).toEqual({ day: '', month: '', year: '' });
    expect(birthdayParts('--03-20')).toEqual({ day: '20', month: '3', year: '' });
  });
});

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { translatorFor } from '@/i18n/testing';
import { WEEKDAYS, choicesFor, describeRRule, describeRepeat, fromRRule, matchingChoice, toRRule, weekdayOf, type Repeat, type Weekday } from './repeat';

const en = translatorFor('en');
const de = translatorFor('de');
const words = (rrule: string, lang: 'en' | 'de' = 'en') => describeRRule(rrule, lang === 'en' ? en : de, lang === 'en' ? 'en-GB' : 'de');

describe('choices for a start date', () => {
  // Saturday 28 November 2026 is the fourth and last Saturday of the month
  const choices = choicesFor('2026-11-28');
  const rule = (id: string) => {
    const choice = choices.find((c) => c.id === id);
    return choice?.repeat ? toRRule(choice.repeat, false) : null;
  };

  it('offers the shapes people say, each as its RRULE', () => {
    expect(weekdayOf('2026-11-28')).toBe('SA');
    expect(rule('none')).toBeNull();
    expect(rule('daily')).toBe('FREQ=DAILY');
    expect(rule('weekly')).toBe('FREQ=WEEKLY;BYDAY=SA');
    expect(rule('fortnightly')).toBe('FREQ=WEEKLY;INTERVAL=2;BYDAY=SA');
    expect(rule('monthlyNth')).toBe('FREQ=MONTHLY;BYDAY=4SA');
    expect(rule('monthlyLast')).toBe('FREQ=MONTHLY;BYDAY=-1SA');
    expect(rule('monthlyDay')).toBe('FREQ=MONTHLY;BYMONTHDAY=28');
    expect(rule('yearly')).toBe('FREQ=YEARLY;BYMONTH=11;BYMONTHDAY=28');
  });

  it('offers "the last" only for the last of its weekday, and no fifth', () => {
    expect(choicesFor('2026-11-14').map((c) => c.id)).not.toContain('monthlyLast');
    // Sunday 29 November 2026 is the fifth Sunday: only "the last Sunday"
    const fifth = choicesFor('2026-11-29').map((c) => c.id);
    expect(fifth).toContain('monthlyLast');
    expect(fifth).not.toContain('monthlyNth');
  });

  it('finds the choice an existing rule is, and none for a rule with an end', () => {
    expect(matchingChoice(choices, fromRRule('FREQ=WEEKLY;INTERVAL=2;BYDAY=SA'))).toBe('fortnightly');
    expect(matchingChoice(choices, fromRRule('FREQ=MONTHLY;BYDAY=-1SA'))).toBe('monthlyLast');
    expect(matchingChoice(choices, null)).toBe('none');
    expect(matchingChoice(choices, fromRRule('FREQ=WEEKLY;BYDAY=SA;COUNT=4'))).toBeNull();
  });
});

describe('words of a rule', () => {
  it('says the contract examples in English', () => {
    expect(words('FREQ=WEEKLY;INTERVAL=2;BYDAY=SA')).toBe('Every second Saturday');
    expect(words('FREQ=MONTHLY;BYDAY=-1FR')).toBe('The last Friday of each month');
    expect(words('FREQ=YEARLY;BYMONTH=5;BYMONTHDAY=12')).toBe('Every year on 12 May');
    expect(words('FREQ=WEEKLY;BYDAY=MO,WE')).toBe('Every Monday and Wednesday');
    expect(words('FREQ=MONTHLY;BYMONTHDAY=2')).toBe('Every month on the 2nd');
    expect(words('FREQ=DAILY;INTERVAL=3')).toBe('Every 3 days');
    expect(words('FREQ=WEEKLY;INTERVAL=4;BYDAY=TU')).toBe('Every 4 weeks on Tuesday');
    expect(words('FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU')).toBe('The last Sunday of March every year');
  });

  it('says them in German', () => {
    expect(words('FREQ=WEEKLY;INTERVAL=2;BYDAY=SA', 'de')).toBe('Jeden zweiten Samstag');
    expect(words('FREQ=MONTHLY;BYDAY=-1FR', 'de')).toBe('Am letzten Freitag jedes Monats');
    expect(words('FREQ=YEARLY;BYMONTH=5;BYMONTHDAY=12', 'de')).toBe('Jedes Jahr am 12. Mai');
    expect(words('FREQ=MONTHLY;BYMONTHDAY=12', 'de')).toBe('Jeden Monat am 12.');
  });

  it('names the end', () => {
    expect(words('FREQ=WEEKLY;BYDAY=SA;COUNT=10')).toBe('Every Saturday, 10 times');
    expect(words('FREQ=WEEKLY;BYDAY=SA;UNTIL=20270630T235959Z')).toBe('Every Saturday, until 30 June 2027');
    expect(words('FREQ=WEEKLY;BYDAY=SA;UNTIL=20270630', 'de')).toBe('Jeden Samstag, bis 30. Juni 2027');
  });

  it('reads what phones write for the same: BYSETPOS with one weekday, WKST, a prefix', () => {
    expect(words('RRULE:FREQ=MONTHLY;BYDAY=FR;BYSETPOS=-1;WKST=MO')).toBe('The last Friday of each month');
  });

  it('keeps a rule the words cannot say as its own', () => {
    for (const rule of [
      'FREQ=HOURLY',
      'FREQ=MONTHLY;BYDAY=MO,TU;BYSETPOS=2',
      'FREQ=YEARLY;BYMONTH=1,7',
      'FREQ=MONTHLY;BYMONTH=3',
      'FREQ=WEEKLY;BYHOUR=9',
      'FREQ=MONTHLY;BYDAY=5SU',
    ]) {
      expect(fromRRule(rule)).toBeNull();
      expect(words(rule)).toBe('Repeats by its own rule');
      expect(words(rule, 'de')).toBe('Wiederholt sich nach eigener Regel');
    }
  });
});

describe('words ↔ RRULE', () => {
  const repeatArb: fc.Arbitrary<Repeat> = fc.oneof(
    fc.record({
      frequency: fc.constant('Weekly' as const),
      interval: fc.integer({ min: 1, max: 12 }),
      weekdays: fc.subarray([...WEEKDAYS], { minLength: 1 }),
      on: fc.constant(null),
      month: fc.constant(null),
      end: fc.constant({ kind: 'never' as const }),
    }),
    fc
      .record({
        frequency: fc.constantFrom('Monthly' as const, 'Yearly' as const),
        interval: fc.integer({ min: 1, max: 12 }),
        weekdays: fc.constant([] as Weekday[]),
        on: fc.oneof(
          fc.record({ kind: fc.constant('day' as const), day: fc.integer({ min: 1, max: 31 }) }),
          fc.record({ kind: fc.constant('weekday' as const), ordinal: fc.constantFrom(1, 2, 3, 4, -1 as const), weekday: fc.constantFrom(...WEEKDAYS) }),
        ),
        month: fc.integer({ min: 1, max: 12 }),
        end: fc.oneof(
          fc.constant({ kind: 'never' as const }),
          fc.record({ kind: fc.constant('count' as const), count: fc.integer({ min: 1, max: 500 }) }),
          fc.record({
            kind: fc.constant('until' as const),
            date: fc.date({ min: new Date('2026-01-01'), max: new Date('2040-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
          }),
        ),
      })
      .map((repeat): Repeat => (repeat.frequency === 'Monthly' ? { ...repeat, month: null } : repeat)),
  );

  it('reads back every rule it writes, timed or all-day, and words it in both languages', () => {
    fc.assert(
      fc.property(repeatArb, fc.boolean(), (repeat, allDay) => {
        expect(fromRRule(toRRule(repeat, allDay))).toEqual(repeat);
        expect(describeRepeat(repeat, en, 'en-GB')).not.toMatch(/[{}]/);
        expect(describeRepeat(repeat, de, 'de')).not.toMatch(/[{}]/);
      }),
    );
  });
});

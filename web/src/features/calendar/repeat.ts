/*
 * Repeats in words ↔ RFC 5545 RRULE. The event form offers what people say ("every second
 * Saturday", "the last Friday of each month", "every year on 12 May") and sends the rule the API
 * stores; an event made elsewhere (a phone, an imported file) is read back into the same words when
 * its rule is one of these shapes, else it is kept as it came and named "its own rule".
 * The plain "every N days/weeks/months/years" is worded by the budget's schedule message, with the
 * frequencies of `@domain/recurrence` (what bills and reminders repeat by).
 */
import { FREQUENCIES, type Frequency } from '@domain/recurrence';
import type { Translate } from '@/i18n';

export const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
/** 1–4: the first to fourth of the month; -1: the last. */
export type Ordinal = 1 | 2 | 3 | 4 | -1;

export type RepeatEnd = { kind: 'never' } | { kind: 'until'; date: string } | { kind: 'count'; count: number };

export interface Repeat {
  frequency: Frequency;
  interval: number;
  /** Weekly: the days of the week (at least one). */
  weekdays: Weekday[];
  /** Monthly and yearly: on a day of the month, or on the n-th weekday. */
  on: { kind: 'day'; day: number } | { kind: 'weekday'; ordinal: Ordinal; weekday: Weekday } | null;
  /** Yearly: the month (1–12). */
  month: number | null;
  end: RepeatEnd;
}

const RULE_FREQ: Record<Frequency, string> = { Daily: 'DAILY', Weekly: 'WEEKLY', Monthly: 'MONTHLY', Yearly: 'YEARLY' };

/** The RRULE for `repeat` (without the `RRULE:` prefix). `allDay` decides the form of UNTIL. */
export function toRRule(repeat: Repeat, allDay: boolean): string {
  const parts = [`FREQ=${RULE_FREQ[repeat.frequency]}`];
  const interval = Math.max(1, Math.trunc(repeat.interval));
  if (interval > 1) parts.push(`INTERVAL=${interval}`);
  if (repeat.frequency === 'Weekly' && repeat.weekdays.length > 0) {
    parts.push(`BYDAY=${WEEKDAYS.filter((day) => repeat.weekdays.includes(day)).join(',')}`);
  }
  if (repeat.frequency === 'Yearly' && repeat.month) parts.push(`BYMONTH=${repeat.month}`);
  if ((repeat.frequency === 'Monthly' || repeat.frequency === 'Yearly') && repeat.on) {
    parts.push(repeat.on.kind === 'day' ? `BYMONTHDAY=${repeat.on.day}` : `BYDAY=${repeat.on.ordinal}${repeat.on.weekday}`);
  }
  if (repeat.end.kind === 'count') parts.push(`COUNT=${Math.max(1, Math.trunc(repeat.end.count))}`);
  if (repeat.end.kind === 'until') {
    const day = repeat.end.date.replace(/-/g, '');
    // RFC 5545: a timed series' UNTIL is UTC; the whole last day is included
    parts.push(`UNTIL=${allDay ? day : `${day}T235959Z`}`);
  }
  return parts.join(';');
}

const dayOfRule = (value: string): string | null => {
  const match = /^(\d{4})(\d{2})(\d{2})/.exec(value);
  return match ? `${match[1]}-${match[2]}-${match[3]}` : null;
};

/**
 * The words-shaped reading of an RRULE, or null when it says more than the words can (several
 * months, BYSETPOS other than a single weekday's, hourly…): such a rule is kept as it is.
 */
export function fromRRule(rrule: string): Repeat | null {
  const fields = new Map<string, string>();
  for (const part of rrule.replace(/^RRULE:/i, '').split(';')) {
    if (!part) continue;
    const [key, value] = part.split('=');
    if (!key || value === undefined) return null;
    fields.set(key.toUpperCase(), value.toUpperCase());
  }
  const frequency = FREQUENCIES.find((f) => RULE_FREQ[f] === fields.get('FREQ'));
  if (!frequency) return null;
  fields.delete('FREQ');
  fields.delete('WKST');
  const interval = fields.has('INTERVAL') ? Number(fields.get('INTERVAL')) : 1;
  fields.delete('INTERVAL');
  if (!Number.isInteger(interval) || interval < 1) return null;

  let end: RepeatEnd = { kind: 'never' };
  if (fields.has('COUNT')) {
    const count = Number(fields.get('COUNT'));
    if (!Number.isInteger(count) || count < 1) return null;
    end = { kind: 'count', count };
    fields.delete('COUNT');
  } else if (fields.has('UNTIL')) {
    const date = dayOfRule(fields.get('UNTIL')!);
    if (!date) return null;
    end = { kind: 'until', date };
    fields.delete('UNTIL');
  }

  const repeat: Repeat = { frequency, interval, weekdays: [], on: null, month: null, end };
  const byDay = fields.get('BYDAY');
  const setPos = fields.get('BYSETPOS');
  fields.delete('BYDAY');
  fields.delete('BYSETPOS');

  if (frequency === 'Weekly') {
    if (setPos !== undefined) return null;
    if (byDay) {
      const days = byDay.split(',');
      if (!days.every((day): day is Weekday => (WEEKDAYS as readonly string[]).includes(day))) return null;
      repeat.weekdays = WEEKDAYS.filter((day) => days.includes(day));
    }
  } else if (frequency === 'Monthly' || frequency === 'Yearly') {
    if (frequency === 'Yearly' && fields.has('BYMONTH')) {
      const month = Number(fields.get('BYMONTH'));
      if (!Number.isInteger(month) || month < 1 || month > 12) return null;
      repeat.month = month;
      fields.delete('BYMONTH');
    }
    const monthDay = fields.get('BYMONTHDAY');
    fields.delete('BYMONTHDAY');
    if (monthDay !== undefined && byDay !== undefined) return null;
    if (monthDay !== undefined) {
      const day = Number(monthDay);
      if (!Number.isInteger(day) || day < 1 || day > 31 || setPos !== undefined) return null;
      repeat.on = { kind: 'day', day };
    } else if (byDay !== undefined) {
      // "2SA", "-1FR"; or one weekday with BYSETPOS (what some phones write for the same)
      const match = /^([+-]?\d)?(MO|TU|WE|TH|FR|SA|SU)$/.exec(byDay);
      if (!match) return null;
      const ordinal = Number(match[1] ?? setPos);
      if (match[1] !== undefined && setPos !== undefined) return null;
      if (![1, 2, 3, 4, -1].includes(ordinal)) return null;
      repeat.on = { kind: 'weekday', ordinal: ordinal as Ordinal, weekday: match[2] as Weekday };
    } else if (setPos !== undefined) {
      return null;
    }
    if (frequency === 'Yearly' && repeat.on?.kind === 'weekday' && !repeat.month) return null;
  } else if (byDay !== undefined || setPos !== undefined) {
    return null;
  }
  // anything left (BYMONTH on a monthly rule, BYHOUR, BYYEARDAY…) is more than words say
  return fields.size === 0 ? repeat : null;
}

const DAY_MS = 86_400_000;
const dateParts = (date: string) => ({ y: Number(date.slice(0, 4)), m: Number(date.slice(5, 7)), d: Number(date.slice(8, 10)) });

/** The weekday of a `YYYY-MM-DD` date. */
export function weekdayOf(date: string): Weekday {
  const { y, m, d } = dateParts(date);
  // 1970-01-01 was a Thursday
  const days = Math.floor(Date.UTC(y, m - 1, d) / DAY_MS);
  return WEEKDAYS[(((days + 3) % 7) + 7) % 7];
}

/** Which of its weekday in the month the date is (1–5), and whether it is the month's last. */
export function weekdayPosition(date: string): { nth: number; last: boolean } {
  const { y, m, d } = dateParts(date);
  const daysInMonth = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { nth: Math.ceil(d / 7), last: d + 7 > daysInMonth };
}

export interface RepeatChoice {
  /** a stable name of the choice, for the form's select */
  id: string;
  repeat: Repeat | null;
}

const never: RepeatEnd = { kind: 'never' };
const base = (frequency: Frequency, interval = 1): Repeat => ({ frequency, interval, weekdays: [], on: null, month: null, end: never });

/**
 * What the form offers for an event starting on `date`: does not repeat, every day, every
 * Saturday, every second Saturday, the second (or last) Saturday of each month, every month on the
 * 12th, every year on 12 May. "Custom" is the form's own.
 */
export function choicesFor(date: string): RepeatChoice[] {
  const weekday = weekdayOf(date);
  const { m, d } = dateParts(date);
  const { nth, last } = weekdayPosition(date);
  const choices: RepeatChoice[] = [
    { id: 'none', repeat: null },
    { id: 'daily', repeat: base('Daily') },
    { id: 'weekly', repeat: { ...base('Weekly'), weekdays: [weekday] } },
    { id: 'fortnightly', repeat: { ...base('Weekly', 2), weekdays: [weekday] } },
  ];
  if (nth <= 4) choices.push({ id: 'monthlyNth', repeat: { ...base('Monthly'), on: { kind: 'weekday', ordinal: nth as Ordinal, weekday } } });
  if (last) choices.push({ id: 'monthlyLast', repeat: { ...base('Monthly'), on: { kind: 'weekday', ordinal: -1, weekday } } });
  choices.push({ id: 'monthlyDay', repeat: { ...base('Monthly'), on: { kind: 'day', day: d } } });
  choices.push({ id: 'yearly', repeat: { ...base('Yearly'), month: m, on: { kind: 'day', day: d } } });
  return choices;
}

/** The choice whose rule equals `repeat` (ends aside), else null (then it is "custom"). */
export function matchingChoice(choices: RepeatChoice[], repeat: Repeat | null): string | null {
  if (!repeat) return 'none';
  if (repeat.end.kind !== 'never') return null;
  const rule = toRRule(repeat, true);
  return choices.find((choice) => choice.repeat && toRRule(choice.repeat, true) === rule)?.id ?? null;
}

/** A weekday's name in `locale` ("Saturday", "Samstag"). */
export function weekdayName(weekday: Weekday, locale: string): string {
  // 2024-01-01 was a Monday
  const date = new Date(Date.UTC(2024, 0, 1 + WEEKDAYS.indexOf(weekday)));
  return new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(date);
}

function monthDayName(month: number, day: number, locale: string): string {
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(2024, month - 1, day)));
}

function monthName(month: number, locale: string): string {
  return new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(2024, month - 1, 1)));
}

const ordinalWord = (ordinal: Ordinal) => (ordinal === -1 ? 'last' : String(ordinal));

/** `repeat` in words ("Every second Saturday", "Am letzten Freitag jedes Monats"). */
export function describeRepeat(repeat: Repeat, t: Translate, locale: string): string {
  const list = new Intl.ListFormat(locale, { type: 'conjunction' });
  let rule: string;
  const { interval } = repeat;
  if (repeat.frequency === 'Weekly' && repeat.weekdays.length > 0) {
    rule = t('calendar.repeat.weekly', { interval, days: list.format(repeat.weekdays.map((day) => weekdayName(day, locale))) });
  } else if (repeat.frequency === 'Monthly' && repeat.on?.kind === 'day') {
    rule = t('calendar.repeat.monthlyDay', { interval, day: repeat.on.day });
  } else if (repeat.frequency === 'Monthly' && repeat.on?.kind === 'weekday') {
    rule = t('calendar.repeat.monthlyWeekday', { interval, ordinal: ordinalWord(repeat.on.ordinal), weekday: weekdayName(repeat.on.weekday, locale) });
  } else if (repeat.frequency === 'Yearly' && repeat.month && repeat.on?.kind === 'day') {
    rule = t('calendar.repeat.yearlyDay', { interval, date: monthDayName(repeat.month, repeat.on.day, locale) });
  } else if (repeat.frequency === 'Yearly' && repeat.month && repeat.on?.kind === 'weekday') {
    rule = t('calendar.repeat.yearlyWeekday', {
      interval,
      ordinal: ordinalWord(repeat.on.ordinal),
      weekday: weekdayName(repeat.on.weekday, locale),
      month: monthName(repeat.month, locale),
    });
  } else {
    rule = t('budget.schedule', { frequency: repeat.frequency, interval });
  }
  if (repeat.end.kind === 'count') return t('calendar.repeat.endCount', { rule, count: repeat.end.count });
  if (repeat.end.kind === 'until') {
    const { y, m, d } = dateParts(repeat.end.date);
    const date = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(y, m - 1, d)));
    return t('calendar.repeat.endUntil', { rule, date });
  }
  return rule;
}

/** An RRULE in words; one the words cannot say is "Repeats by its own rule". */
export function describeRRule(rrule: string, t: Translate, locale: string): string {
  const repeat = fromRRule(rrule);
  return repeat ? describeRepeat(repeat, t, locale) : t('calendar.repeat.ownRule');
}

/*
 * A member's birthday as the account keeps it (docs/calendar.md, the birthdays layer): `YYYY-MM-DD`,
 * or `--MM-DD` when the person gives no year. The service checks what `PUT /account` brings with
 * `isBirthday`; the account page reads the day, month and optional year typed with `readBirthday`,
 * by the same rule, so it says what is wrong before sending.
 */

/** A real date (`YYYY-MM-DD` from 1900 up to `today`) or a month and day (`--MM-DD`, 29 February included). */
export function isBirthday(value: string, today: string): boolean {
  const year = value.startsWith('--') ? '2000' : value.slice(0, 4);
  const iso = `${year}-${value.slice(-5)}`;
  const date = new Date(`${iso}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== iso) return false;
  return value.startsWith('--') || (year >= '1900' && iso <= today);
}

/** The form's three fields as typed: the day, the month (`1`–`12`) and the year, each `''` when empty. */
export interface BirthdayParts {
  day: string;
  month: string;
  year: string;
}

/** Which field is wrong and why. */
export type BirthdayProblem =
  | { field: 'day'; problem: 'dayMissing' | 'dayInvalid' | 'notReal' }
  | { field: 'month'; problem: 'monthMissing' }
  | { field: 'year'; problem: 'yearInvalid' | 'future' };

/** The fields a stored birthday fills (`--03-20`: day 20, month 3, no year); all empty for none. */
export function birthdayParts(value: string | null | undefined): BirthdayParts {
  const match = /^(\d{4}|-)-(\d{2})-(\d{2})$/.exec(value ?? '');
  if (!match) return { day: '', month: '', year: '' };
  return { day: String(Number(match[3])), month: String(Number(match[2])), year: match[1] === '-' ? '' : match[1] };
}

/**
 * What the three fields make: `null` when all are empty (no birthday), `--MM-DD` without a year,
 * `YYYY-MM-DD` with one; or the first thing wrong, for the field it is in.
 */
export function readBirthday(parts: BirthdayParts, today: string): { value: string | null } | BirthdayProblem {
  const day = parts.day.trim();
  const month = parts.month.trim();
  const year = parts.year.trim();
  if (!day && !month && !year) return { value: null };
  if (!day) return { field: 'day', problem: 'dayMissing' };
  if (!/^\d{1,2}$/.test(day) || Number(day) < 1 || Number(day) > 31) return { field: 'day', problem: 'dayInvalid' };
  if (!/^\d{1,2}$/.test(month) || Number(month) < 1 || Number(month) > 12) return { field: 'month', problem: 'monthMissing' };
  if (year && (!/^\d{4}$/.test(year) || year < '1900')) return { field: 'year', problem: 'yearInvalid' };
  const monthDay = `${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  const value = `${year || '-'}-${monthDay}`;
  if (isBirthday(value, today)) return { value };
  // not a day of that month (31 April; 29 February of a year that has none), else after today
  if (!isBirthday(value, '9999-12-31')) return { field: 'day', problem: 'notReal' };
  return { field: 'year', problem: 'future' };
}

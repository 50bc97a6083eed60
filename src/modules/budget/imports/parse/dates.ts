import { STATEMENT_LIMITS } from './limits';
import { StatementError } from './statement';

/**
 * The date formats statements are written in. `DD.MM.YYYY` and ISO dates are never ambiguous;
 * slash and dash day-month orders are, until a value has a day above 12.
 */
export const DATE_FORMATS = [
  'YYYY-MM-DD',
  'YYYYMMDD',
  'DD.MM.YYYY',
  'DD.MM.YY',
  'DD/MM/YYYY',
  'MM/DD/YYYY',
  'DD/MM/YY',
  'MM/DD/YY',
  'DD-MM-YYYY',
  'MM-DD-YYYY',
  'YYYY/MM/DD',
] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];

const PATTERNS: Record<DateFormat, { re: RegExp; order: ['y' | 'm' | 'd', 'y' | 'm' | 'd', 'y' | 'm' | 'd'] }> = {
  'YYYY-MM-DD': { re: /^(\d{4})-(\d{1,2})-(\d{1,2})$/, order: ['y', 'm', 'd'] },
  YYYYMMDD: { re: /^(\d{4})(\d{2})(\d{2})$/, order: ['y', 'm', 'd'] },
  'DD.MM.YYYY': { re: /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/, order: ['d', 'm', 'y'] },
  'DD.MM.YY': { re: /^(\d{1,2})\.(\d{1,2})\.(\d{2})$/, order: ['d', 'm', 'y'] },
  'DD/MM/YYYY': { re: /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/, order: ['d', 'm', 'y'] },
  'MM/DD/YYYY': { re: /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/, order: ['m', 'd', 'y'] },
  'DD/MM/YY': { re: /^(\d{1,2})\/(\d{1,2})\/(\d{2})$/, order: ['d', 'm', 'y'] },
  'MM/DD/YY': { re: /^(\d{1,2})\/(\d{1,2})\/(\d{2})$/, order: ['m', 'd', 'y'] },
  'DD-MM-YYYY': { re: /^(\d{1,2})-(\d{1,2})-(\d{4})$/, order: ['d', 'm', 'y'] },
  'MM-DD-YYYY': { re: /^(\d{1,2})-(\d{1,2})-(\d{4})$/, order: ['m', 'd', 'y'] },
  'YYYY/MM/DD': { re: /^(\d{4})\/(\d{1,2})\/(\d{1,2})$/, order: ['y', 'm', 'd'] },
};

export function isDateFormat(value: string): value is DateFormat {
  return (DATE_FORMATS as readonly string[]).includes(value);
}

/** A date text in `format` to `YYYY-MM-DD`, or undefined when it is not a real calendar date. */
export function parseDate(raw: string, format: DateFormat): string | undefined {
  if (raw.length > STATEMENT_LIMITS.cell) return undefined;
  const { re, order } = PATTERNS[format];
  // a time after the date ("03.04.2026 14:22") is ignored
  const match = re.exec(raw.trim().split(/[ T]/)[0]);
  if (!match) return undefined;
  const parts: Record<string, number> = {};
  order.forEach((part, i) => (parts[part] = Number(match[i + 1])));
  let year = parts.y;
  // two-digit years: 00–69 are 2000–2069, 70–99 are 1970–1999
  if (year < 100) year += year < 70 ? 2000 : 1900;
  const { m, d } = parts;
  if (m < 1 || m > 12 || d < 1 || d > 31 || year < 1900 || year > 2999) return undefined;
  const date = new Date(Date.UTC(year, m - 1, d));
  if (date.getUTCMonth() !== m - 1) return undefined;
  return `${year}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** The other day/month order of a format, if it has one. */
const SWAPPED: Partial<Record<DateFormat, DateFormat>> = {
  'DD/MM/YYYY': 'MM/DD/YYYY',
  'MM/DD/YYYY': 'DD/MM/YYYY',
  'DD/MM/YY': 'MM/DD/YY',
  'MM/DD/YY': 'DD/MM/YY',
  'DD-MM-YYYY': 'MM-DD-YYYY',
  'MM-DD-YYYY': 'DD-MM-YYYY',
};

/**
 * The format a date column is read with. The file's dates are the values that some format reads
 * (others are bad rows or closing lines). A format given for this file (`given`) is taken when it
 * reads every one of them; otherwise the one format that reads them all. Two formats reading them
 * all (`03/04/2026` and no day above 12) is 400 AMBIGUOUS_DATE naming the column, also when the
 * account's last file used one of them (`remembered`): that one may come from another bank, and a
 * day read as a month is not seen in the preview. A given or remembered format that does not read
 * every date is not used (an ISO file into an account that once took `MM/DD/YYYY`). When no format
 * reads them all (the file mixes orders), the one that reads the most wins and the rest are bad
 * rows; a tie is AMBIGUOUS_DATE unless the given format is among the tied.
 */
export function detectDateFormat(values: string[], column: string, given?: string, remembered?: string): DateFormat | undefined {
  const distinct = [...new Set(values.map((value) => value.trim()).filter((value) => value && value.length <= STATEMENT_LIMITS.cell))];
  const counts = new Map<DateFormat, number>(DATE_FORMATS.map((format) => [format, 0]));
  let dates = 0;
  for (const value of distinct) {
    let read = false;
    for (const format of DATE_FORMATS) {
      if (parseDate(value, format)) {
        counts.set(format, counts.get(format)! + 1);
        read = true;
      }
    }
    if (read) dates++;
  }
  if (dates === 0) return undefined;
  const chosen = given && isDateFormat(given) ? given : undefined;
  const all = DATE_FORMATS.filter((format) => counts.get(format) === dates);
  if (chosen && all.includes(chosen)) return chosen;
  if (all.length === 1) return all[0];
  if (all.length > 1) throw ambiguous(column, all, remembered && isDateFormat(remembered) && all.includes(remembered) ? remembered : undefined);
  const most = Math.max(...counts.values());
  const best = DATE_FORMATS.filter((format) => counts.get(format) === most);
  if (best.length === 1) return best[0];
  if (chosen && best.includes(chosen)) return chosen;
  throw ambiguous(column, best, undefined);
}

function ambiguous(column: string, formats: DateFormat[], remembered: DateFormat | undefined): StatementError {
  const last = remembered ? ` (this account's last file used ${remembered}; ${SWAPPED[remembered] ?? 'another order'} reads this one as well)` : '';
  return new StatementError(
    'AMBIGUOUS_DATE',
    'DATES_AMBIGUOUS',
    `The dates of column "${column}" can be read as ${formats.join(' or ')}${last}: give ?dateFormat= with one of them`,
    undefined,
    [column],
  ).naming({ column, formats: formats.join(' | '), ...(remembered ? { remembered } : {}) });
}

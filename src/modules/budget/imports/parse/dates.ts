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

/**
 * The format every value of a column is written in. Several formats fitting every value
 * (`03/04/2026`) is ambiguous: `given` decides, else 400 AMBIGUOUS_DATE naming the column. No
 * format fitting most values: undefined (the caller reports the rows).
 */
export function detectDateFormat(values: string[], column: string, given?: string): DateFormat | undefined {
  const sample = values.map((value) => value.trim()).filter(Boolean);
  if (sample.length === 0) return undefined;
  if (given && isDateFormat(given)) return given;
  // the formats that read the most values; rows that none reads are reported as bad rows
  let best: DateFormat[] = [];
  let bestCount = 0;
  for (const format of DATE_FORMATS) {
    const count = sample.reduce((n, value) => n + (parseDate(value, format) ? 1 : 0), 0);
    if (count > bestCount) {
      best = [format];
      bestCount = count;
    } else if (count === bestCount && count > 0) best.push(format);
  }
  if (bestCount === 0) return undefined;
  if (best.length > 1) {
    throw new StatementError(
      'AMBIGUOUS_DATE',
      `The dates of column "${column}" can be read as ${best.join(' or ')}: give ?dateFormat= with one of them`,
      undefined,
      [column],
    );
  }
  return best[0];
}

import { absCents, type Cents, fromCents } from '../../../../../domain/amount';
import { DateFormat, detectDateFormat, parseDate } from './dates';
import { STATEMENT_LIMITS, tooManyRows } from './limits';
import { DecimalSeparator, detectDecimalSeparator, parseAmount } from './money';
import { cleanText, ColumnMapping, ParsedStatement, ParseOptions, RowError, rowError, StatementError, StatementOriginal, StatementRow } from './statement';

const NEWLINE = 10;
const QUOTE_CHAR = 34;

type Field = keyof ColumnMapping;
type DetectedField = Exclude<Field, 'indicator'>;

/** What banks write in the date column of a line under the table: a balance or a total. */
const CLOSING_LINE = /^(kontostand|saldo|endsaldo|anfangssaldo|summe|gesamt|total|balance|opening|closing|ending)/i;

/**
 * Header names of each column role in English and German bank exports, normalised (lower case,
 * umlauts spelled out, punctuation and a currency in brackets removed), best first: a file with
 * both "Buchungstag" and "Valuta" takes the booking day.
 */
const HEADERS: Record<DetectedField, string[]> = {
  date: [
    'date',
    'booking date',
    'posting date',
    'posted date',
    'transaction date',
    'trans date',
    'buchungstag',
    'buchungsdatum',
    'datum',
    'buchung',
    'value date',
    'valuta',
    'valutadatum',
    'wertstellung',
  ],
  amount: ['amount', 'transaction amount', 'betrag', 'umsatz', 'value', 'summe', 'betrag in eur', 'amount in eur'],
  debit: ['debit', 'debit amount', 'withdrawal', 'withdrawals', 'money out', 'paid out', 'soll', 'ausgang', 'ausgaben', 'belastung'],
  credit: ['credit', 'credit amount', 'deposit', 'deposits', 'money in', 'paid in', 'haben', 'eingang', 'einnahmen', 'gutschrift'],
  description: [
    'description',
    'verwendungszweck',
    'memo',
    'details',
    'transaction details',
    'narrative',
    'purpose',
    'beschreibung',
    'text',
    'buchungstext',
    'vorgang',
    'transaction description',
    'particulars',
  ],
  payee: [
    'payee',
    'name',
    'counterparty',
    'merchant',
    'beguenstigter zahlungspflichtiger',
    'auftraggeber beguenstigter',
    'beguenstigter',
    'zahlungsempfaenger',
    'empfaenger',
    'auftraggeber',
    'auftraggeber empfaenger',
    'name zahlungsbeteiligter',
    'zahlungspflichtiger',
    'gegenkonto name',
  ],
  reference: ['reference', 'ref', 'referenz', 'kundenreferenz', 'transaction id', 'id', 'mandatsreferenz', 'check number', 'cheque number'],
  // a card statement's amount as paid abroad, and its currency (read only with an original amount column)
  originalAmount: [
    'original amount',
    'originalbetrag',
    'original betrag',
    'urspruenglicher betrag',
    'betrag in originalwaehrung',
    'betrag in fremdwaehrung',
    'fremdwaehrungsbetrag',
    'foreign amount',
    'amount in original currency',
    'foreign currency amount',
  ],
  originalCurrency: ['original currency', 'originalwaehrung', 'fremdwaehrung', 'foreign currency', 'waehrung', 'currency', 'ccy'],
};

export function normaliseHeader(header: string): string {
  return header
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .replace(/\((?:eur|usd|gbp|chf|€|\$|£)\)/g, ' ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .replace(/ (eur|usd|gbp|chf)$/, '');
}

/** The mapping read from one header row, or undefined when it lacks a date or an amount. */
function mappingFromHeader(header: string[]): ColumnMapping | undefined {
  const normalised = header.map(normaliseHeader);
  const used = new Set<number>();
  const find = (field: DetectedField): string | undefined => {
    for (const name of HEADERS[field]) {
      const index = normalised.findIndex((h, i) => h === name && !used.has(i));
      if (index >= 0) {
        used.add(index);
        return header[index];
      }
    }
    return undefined;
  };
  const date = find('date');
  const amount = find('amount');
  const debit = amount ? undefined : find('debit');
  const credit = amount ? undefined : find('credit');
  if (!date || !(amount || (debit && credit))) return undefined;
  const mapping: ColumnMapping = { date };
  if (amount) mapping.amount = amount;
  else Object.assign(mapping, { debit, credit });
  for (const field of ['description', 'payee', 'reference'] as const) {
    const column = find(field);
    if (column) mapping[field] = column;
  }
  const originalAmount = find('originalAmount');
  if (originalAmount) {
    mapping.originalAmount = originalAmount;
    const originalCurrency = find('originalCurrency');
    if (originalCurrency) mapping.originalCurrency = originalCurrency;
  }
  return mapping;
}

/** The delimiter that splits the first lines into the same number (> 1) of fields most often. */
function detectDelimiter(source: string): string {
  // the first 30 lines, as far as they lie in the first 64 KiB (no header is longer)
  const text = source.slice(0, 65_536);
  const lines: string[] = [];
  for (let start = 0; start < text.length && lines.length < 30;) {
    const newline = text.indexOf('\n', start);
    const end = newline < 0 ? text.length : newline;
    const line = text.slice(start, end);
    if (line.trim()) lines.push(line);
    start = end + 1;
  }
  let best = ',';
  let bestScore = -1;
  for (const delimiter of [';', ',', '\t', '|']) {
    const counts = lines.map((line) => countOutsideQuotes(line, delimiter));
    // lines (from the end of the sample: the table, not a preamble) with the commonest count
    const frequency = new Map<number, number>();
    for (const count of counts) if (count > 0) frequency.set(count, (frequency.get(count) ?? 0) + 1);
    const [score] = [...frequency.values()].sort((a, b) => b - a);
    if ((score ?? 0) > bestScore) {
      best = delimiter;
      bestScore = score ?? 0;
    }
  }
  return best;
}

function countOutsideQuotes(line: string, delimiter: string): number {
  const d = delimiter.charCodeAt(0);
  let count = 0;
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (c === QUOTE_CHAR) quoted = !quoted;
    else if (c === d && !quoted) count++;
  }
  return count;
}

/** A mapping given by the caller (header names or 0-based column numbers), checked against the header. */
function resolveGiven(given: Partial<ColumnMapping>, header: string[]): ColumnMapping {
  const resolved: Partial<ColumnMapping> = {};
  for (const [field, value] of Object.entries(given) as [Field, string | number | undefined][]) {
    if (value === undefined || value === null || value === '') continue;
    const index = typeof value === 'number' || /^\d+$/.test(String(value)) ? Number(value) : header.indexOf(String(value));
    if (index < 0 || index >= header.length) {
      throw new StatementError(
        'UNMAPPED_COLUMNS',
        'MAPPING_COLUMN_MISSING',
        `The mapping names column "${value}" for ${field}, which the file does not have`,
        undefined,
        header,
      ).naming({
        column: String(value),
        field,
      });
    }
    resolved[field] = header[index];
  }
  if (!resolved.date || !(resolved.amount || (resolved.debit && resolved.credit))) {
    throw new StatementError('UNMAPPED_COLUMNS', 'MAPPING_INCOMPLETE', 'The mapping needs date and amount (or debit and credit) columns', undefined, header);
  }
  return resolved as ColumnMapping;
}

const fits = (mapping: ColumnMapping, header: string[]) => Object.values(mapping).every((column) => !column || header.includes(column));

interface Record_ {
  fields: string[];
  line: number;
}

/**
 * The CSV's records, read in one forward pass: fields split at the delimiter outside quotes, `""`
 * inside quotes is a quote, a quoted field may span lines, a quote inside an unquoted field is a
 * character, fields are trimmed, empty lines skipped. Reading stops with 400 STATEMENT_TOO_LARGE at
 * the first line of more than STATEMENT_LIMITS.columns fields or when the records exceed
 * `maxRecords`; a quote never closed is MALFORMED_STATEMENT at the line it opens.
 */
export function readCsvRecords(source: string, delimiter: string, maxRecords: number): Record_[] {
  // a file with only carriage returns (old Mac exports) has its lines split there
  const text = source.includes('\n') ? source : source.replace(/\r/g, '\n');
  const records: Record_[] = [];
  const d = delimiter.charCodeAt(0);
  let line = 1;
  let i = 0;
  // the next newline at or after i, found once per line (not once per field)
  let newlineAt = -1;
  const nextNewline = (from: number) => {
    if (newlineAt < from) {
      newlineAt = text.indexOf('\n', from);
      if (newlineAt < 0) newlineAt = text.length;
    }
    return newlineAt;
  };
  while (i < text.length) {
    const start = line;
    const fields: string[] = [];
    for (;;) {
      let value: string;
      // leading blanks (not the delimiter itself) are trimmed
      while (i < text.length && text.charCodeAt(i) !== d && (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9)) i++;
      if (text.charCodeAt(i) === QUOTE_CHAR) {
        let parts = '';
        let from = i + 1;
        for (;;) {
          const close = text.indexOf('"', from);
          if (close < 0) throw new StatementError('MALFORMED_STATEMENT', 'QUOTE_NOT_CLOSED', 'A quoted field is never closed', start);
          parts += text.slice(from, close);
          if (text.charCodeAt(close + 1) === QUOTE_CHAR) {
            parts += '"';
            from = close + 2;
          } else {
            i = close + 1;
            break;
          }
        }
        for (let at = parts.indexOf('\n'); at >= 0; at = parts.indexOf('\n', at + 1)) line++;
        // anything after the closing quote, up to the delimiter, is kept as text
        const stop = fieldEnd(text, i, d, nextNewline(i));
        value = (parts + text.slice(i, stop)).trim();
        i = stop;
      } else {
        const stop = fieldEnd(text, i, d, nextNewline(i));
        value = text.slice(i, stop).trim();
        i = stop;
      }
      if (fields.push(value) > STATEMENT_LIMITS.columns) {
        throw new StatementError(
          'STATEMENT_TOO_LARGE',
          'TOO_MANY_COLUMNS',
          `Line ${start} has more than ${STATEMENT_LIMITS.columns} columns`,
          start,
          undefined,
          {
            kind: 'columns',
            max: STATEMENT_LIMITS.columns,
          },
        ).naming({ max: STATEMENT_LIMITS.columns });
      }
      if (i < text.length && text.charCodeAt(i) === d) {
        i++;
        continue;
      }
      // end of the line (or of the file)
      if (i < text.length && text.charCodeAt(i) === NEWLINE) {
        i++;
        line++;
      }
      break;
    }
    if (fields.length === 1 && fields[0] === '') continue;
    if (records.push({ fields, line: start }) > maxRecords) throw tooManyRows(start);
  }
  return records;
}

/** Where an unquoted field (or the rest of a quoted one) ends: the delimiter or the line's end. */
function fieldEnd(text: string, from: number, delimiter: number, newline: number): number {
  let at = from;
  while (at < newline && text.charCodeAt(at) !== delimiter) at++;
  return at;
}

/** Words of a debit/credit indicator column: German S/H and Soll/Haben, DR/CR, Debit/Credit. */
const INDICATOR: Record<string, 'debit' | 'credit'> = {
  s: 'debit',
  h: 'credit',
  soll: 'debit',
  haben: 'credit',
  dr: 'debit',
  cr: 'credit',
  debit: 'debit',
  credit: 'credit',
};
const indicatorOf = (value: string) => INDICATOR[value.trim().toLowerCase().replace(/\.$/, '')];

/** Header names an indicator column goes by: the first column that both names and values fit wins. */
const INDICATOR_HEADERS = [
  's h',
  'soll haben',
  'sh',
  'soll haben kennzeichen',
  'kennzeichen',
  'dr cr',
  'cr dr',
  'debit credit',
  'credit debit',
  'indicator',
  'debit credit indicator',
  'cdtdbtind',
];

/**
 * The column that says whether an unsigned amount left or entered the account, among those the
 * mapping does not use: the first with an indicator's name holding at least one indicator word
 * (its rows without one are bad rows), else the first whose every non-empty value is an indicator
 * word. Only for a single amount column (debit and credit columns say it themselves).
 */
function findIndicator(header: string[], body: Record_[], mapping: ColumnMapping): string | undefined {
  if (!mapping.amount) return undefined;
  const used = new Set(Object.values(mapping));
  let byValues: string | undefined;
  for (const [index, name] of header.entries()) {
    if (used.has(name) || header.indexOf(name) !== index) continue;
    let words = 0;
    let others = 0;
    for (const record of body) {
      const value = record.fields[index] ?? '';
      if (!value) continue;
      if (indicatorOf(value)) words++;
      else others++;
    }
    if (words && INDICATOR_HEADERS.includes(normaliseHeader(name))) return name;
    if (words && !others) byValues ??= name;
  }
  return byValues;
}

/** A code written beside an amount ("84,00 CHF", "CHF 84.00"). */
const CODE_BESIDE = /(?:^|[^A-Za-z])([A-Za-z]{3})(?![A-Za-z])/;

/**
 * A card statement's amount as paid in another currency: the original amount column's value (its
 * sign dropped: the row's own amount says the direction) and the currency column's code, else a
 * code written in the amount's cell. Nothing when either is missing or the amount is none.
 */
function originalOf(amountText: string, currencyText: string, separator: DecimalSeparator): StatementOriginal | undefined {
  const cents = amountText ? parseAmount(amountText, separator) : undefined;
  const currency = cleanText(currencyText, 10) || (CODE_BESIDE.exec(amountText)?.[1] ?? '');
  if (!cents || !currency) return undefined;
  return { currency: currency.toUpperCase(), amount: fromCents(absCents(cents)) };
}

/**
 * A CSV statement: read in one bounded pass (readCsvRecords); this finds the header row (banks put
 * account details above it), maps its columns, and detects the date format, the decimal separator
 * and a debit/credit indicator column from the values.
 */
export function parseCsv(text: string, options: ParseOptions = {}): ParsedStatement {
  const delimiter = detectDelimiter(text);
  // the header may sit under up to 30 lines of preamble; a balance line or two may close the table
  let records = readCsvRecords(text, delimiter, STATEMENT_LIMITS.rows + 40);
  records = records.filter((record) => record.fields.some((field) => field !== ''));
  if (records.length === 0) throw new StatementError('EMPTY_STATEMENT', 'NO_ROWS', 'The file holds no rows');

  // the header row: the first of the first 30 rows that the mapping (given, remembered or detected) fits
  let headerAt = -1;
  let mapping: ColumnMapping | undefined;
  const searched = records.slice(0, 30);
  if (options.mapping && Object.keys(options.mapping).length) {
    headerAt = searched.findIndex((record) =>
      Object.values(options.mapping!).every((c) => typeof c === 'number' || /^\d+$/.test(String(c)) || record.fields.includes(String(c))),
    );
    if (headerAt < 0) headerAt = 0;
    mapping = resolveGiven(options.mapping, records[headerAt].fields);
  } else {
    if (options.remembered) {
      headerAt = searched.findIndex((record) => fits(options.remembered!, record.fields));
      if (headerAt >= 0) mapping = options.remembered;
    }
    if (!mapping) {
      headerAt = searched.findIndex((record) => mappingFromHeader(record.fields));
      if (headerAt >= 0) mapping = mappingFromHeader(records[headerAt].fields);
    }
  }
  if (!mapping) {
    const header = records.reduce((widest, record) => (record.fields.length > widest.fields.length ? record : widest), records[0]);
    throw new StatementError(
      'UNMAPPED_COLUMNS',
      'COLUMNS_NOT_RECOGNISED',
      'The columns for the date and the amount were not recognised: give ?mapping= (see docs/import.md)',
      header.line,
      header.fields,
    );
  }
  const header = records[headerAt].fields;
  const body = records.slice(headerAt + 1);
  if (body.length === 0) throw new StatementError('EMPTY_STATEMENT', 'HEADER_ONLY', 'The file has a header but no rows', records[headerAt].line);
  if (body.length > STATEMENT_LIMITS.rows) throw tooManyRows(body[STATEMENT_LIMITS.rows].line);
  if (mapping.amount && !mapping.indicator) {
    const indicator = findIndicator(header, body, mapping);
    if (indicator) mapping = { ...mapping, indicator };
  }
  const column = (name: string | undefined) => (name === undefined ? -1 : header.indexOf(name));
  const at = {
    date: column(mapping.date),
    amount: column(mapping.amount),
    debit: column(mapping.debit),
    credit: column(mapping.credit),
    indicator: column(mapping.indicator),
    description: column(mapping.description),
    payee: column(mapping.payee),
    reference: column(mapping.reference),
    originalAmount: column(mapping.originalAmount),
    originalCurrency: column(mapping.originalCurrency),
  };

  const cell = (record: Record_, index: number) => (index >= 0 ? (record.fields[index] ?? '') : '');
  const dateFormat: DateFormat | undefined = detectDateFormat(
    body.map((record) => cell(record, at.date)),
    mapping.date,
    options.dateFormat,
    options.rememberedDateFormat,
  );
  const amounts = body.flatMap((record) => [cell(record, at.amount), cell(record, at.debit), cell(record, at.credit)]).filter(Boolean);
  const separator: DecimalSeparator = detectDecimalSeparator(amounts, delimiter === ';' ? ',' : '.');

  const rows: StatementRow[] = [];
  const errors: RowError[] = [];
  for (const record of body) {
    const rawDate = cell(record, at.date);
    const date = dateFormat ? parseDate(rawDate, dateFormat) : undefined;
    if (!date) {
      // a closing line (a balance, a total) is not a row
      if (!rawDate || CLOSING_LINE.test(rawDate)) continue;
      const value = cleanText(rawDate, 40);
      errors.push(
        dateFormat
          ? rowError(record.line, 'NOT_A_DATE_IN_FORMAT', { value, format: dateFormat }, `"${value}" is not a date in the format ${dateFormat}`)
          : rowError(record.line, 'NOT_A_DATE', { value }, `"${value}" is not a date`),
      );
      continue;
    }
    let cents: Cents | undefined;
    if (at.amount >= 0) cents = parseAmount(cell(record, at.amount), separator);
    else {
      const debitText = cell(record, at.debit);
      const creditText = cell(record, at.credit);
      const debit = debitText ? parseAmount(debitText, separator) : 0n;
      const credit = creditText ? parseAmount(creditText, separator) : 0n;
      if (debit !== undefined && credit !== undefined) cents = absCents(credit) - absCents(debit);
    }
    if (cents === undefined || cents === 0n) {
      const shown = at.amount >= 0 ? cell(record, at.amount) : `${cell(record, at.debit)}/${cell(record, at.credit)}`;
      errors.push(
        cents === 0n
          ? rowError(record.line, 'ZERO_AMOUNT', {}, 'The amount is zero')
          : rowError(record.line, 'NOT_AN_AMOUNT', { value: cleanText(shown, 40) }, `"${cleanText(shown, 40)}" is not an amount`),
      );
      continue;
    }
    if (at.indicator >= 0) {
      // the indicator gives the direction: an amount signed against it is not guessed at
      const direction = indicatorOf(cell(record, at.indicator));
      if (!direction || (cents < 0n && direction === 'credit')) {
        const shown = cell(record, at.indicator);
        const amount = cleanText(cell(record, at.amount), 40);
        const indicator = cleanText(shown, 10);
        errors.push(
          direction
            ? rowError(record.line, 'NEGATIVE_CREDIT', { amount, indicator }, `The amount ${amount} is negative but marked ${indicator} (credit)`)
            : rowError(
                record.line,
                'NOT_AN_INDICATOR',
                { value: indicator, column: mapping.indicator ?? '' },
                `"${indicator}" is not a debit/credit indicator (${mapping.indicator})`,
              ),
        );
        continue;
      }
      cents = direction === 'debit' ? -absCents(cents) : cents;
    }
    const payee = cleanText(cell(record, at.payee), 200) || undefined;
    const reference = cleanText(cell(record, at.reference), 200) || undefined;
    const original = at.originalAmount >= 0 ? originalOf(cell(record, at.originalAmount), cell(record, at.originalCurrency), separator) : undefined;
    rows.push({
      line: record.line,
      date,
      cents,
      description: cleanText(cell(record, at.description)) || payee || '',
      payee,
      reference,
      ...(original ? { original } : {}),
    });
  }
  return { format: 'csv', rows, errors, mapping, dateFormat };
}

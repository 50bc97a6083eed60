import { parse } from 'csv-parse/sync';
import { DateFormat, detectDateFormat, parseDate } from './dates';
import { DecimalSeparator, detectDecimalSeparator, parseAmount } from './money';
import { cleanText, ColumnMapping, ParsedStatement, ParseOptions, RowError, StatementError, StatementRow } from './statement';

type Field = keyof ColumnMapping;

/** What banks write in the date column of a line under the table: a balance or a total. */
const CLOSING_LINE = /^(kontostand|saldo|endsaldo|anfangssaldo|summe|gesamt|total|balance|opening|closing|ending)/i;

/**
 * Header names of each column role in English and German bank exports, normalised (lower case,
 * umlauts spelled out, punctuation and a currency in brackets removed), best first: a file with
 * both "Buchungstag" and "Valuta" takes the booking day.
 */
const HEADERS: Record<Field, string[]> = {
  date: [
    'date', 'booking date', 'posting date', 'posted date', 'transaction date', 'trans date', 'buchungstag', 'buchungsdatum',
    'datum', 'buchung', 'value date', 'valuta', 'valutadatum', 'wertstellung',
  ],
  amount: ['amount', 'transaction amount', 'betrag', 'umsatz', 'value', 'summe', 'betrag in eur', 'amount in eur'],
  debit: ['debit', 'debit amount', 'withdrawal', 'withdrawals', 'money out', 'paid out', 'soll', 'ausgang', 'ausgaben', 'belastung'],
  credit: ['credit', 'credit amount', 'deposit', 'deposits', 'money in', 'paid in', 'haben', 'eingang', 'einnahmen', 'gutschrift'],
  description: [
    'description', 'verwendungszweck', 'memo', 'details', 'transaction details', 'narrative', 'purpose', 'beschreibung', 'text',
    'buchungstext', 'vorgang', 'transaction description', 'particulars',
  ],
  payee: [
    'payee', 'name', 'counterparty', 'merchant', 'beguenstigter zahlungspflichtiger', 'auftraggeber beguenstigter', 'beguenstigter',
    'zahlungsempfaenger', 'empfaenger', 'auftraggeber', 'auftraggeber empfaenger', 'name zahlungsbeteiligter', 'zahlungspflichtiger', 'gegenkonto name',
  ],
  reference: ['reference', 'ref', 'referenz', 'kundenreferenz', 'transaction id', 'id', 'mandatsreferenz', 'check number', 'cheque number'],
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
  const find = (field: Field): string | undefined => {
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
  return mapping;
}

/** The delimiter that splits the first lines into the same number (> 1) of fields most often. */
function detectDelimiter(text: string): string {
  const lines = text.split(/\r?\n/).filter((line) => line.trim()).slice(0, 30);
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
  let count = 0;
  let quoted = false;
  for (const c of line) {
    if (c === '"') quoted = !quoted;
    else if (c === delimiter && !quoted) count++;
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
      throw new StatementError('UNMAPPED_COLUMNS', `The mapping names column "${value}" for ${field}, which the file does not have`, undefined, header);
    }
    resolved[field] = header[index];
  }
  if (!resolved.date || !(resolved.amount || (resolved.debit && resolved.credit))) {
    throw new StatementError('UNMAPPED_COLUMNS', 'The mapping needs date and amount (or debit and credit) columns', undefined, header);
  }
  return resolved as ColumnMapping;
}

const fits = (mapping: ColumnMapping, header: string[]) => Object.values(mapping).every((column) => !column || header.includes(column));

interface Record_ {
  fields: string[];
  line: number;
}

/**
 * A CSV statement: csv-parse reads the fields (quotes, embedded newlines); this finds the header
 * row (banks put account details above it), maps its columns, and detects the date format and the
 * decimal separator from the values.
 */
export function parseCsv(text: string, options: ParseOptions = {}): ParsedStatement {
  const delimiter = detectDelimiter(text);
  let records: Record_[];
  try {
    const parsed = parse(text, { delimiter, relax_column_count: true, relax_quotes: true, skip_empty_lines: true, info: true, trim: true }) as unknown as {
      record: string[];
      info: { lines: number };
    }[];
    records = parsed.map(({ record, info }) => ({ fields: record, line: info.lines }));
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    throw new StatementError('MALFORMED_STATEMENT', `The CSV cannot be read: ${(error as Error).message.split('\n')[0]}`, line);
  }
  records = records.filter((record) => record.fields.some((field) => field !== ''));
  if (records.length === 0) throw new StatementError('EMPTY_STATEMENT', 'The file holds no rows');

  // the header row: the first of the first 30 rows that the mapping (given, remembered or detected) fits
  let headerAt = -1;
  let mapping: ColumnMapping | undefined;
  const searched = records.slice(0, 30);
  if (options.mapping && Object.keys(options.mapping).length) {
    headerAt = searched.findIndex((record) => Object.values(options.mapping!).every((c) => typeof c === 'number' || /^\d+$/.test(String(c)) || record.fields.includes(String(c))));
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
      'The columns for the date and the amount were not recognised: give ?mapping= (see docs/import.md)',
      header.line,
      header.fields,
    );
  }
  const header = records[headerAt].fields;
  const column = (name: string | undefined) => (name === undefined ? -1 : header.indexOf(name));
  const at = {
    date: column(mapping.date),
    amount: column(mapping.amount),
    debit: column(mapping.debit),
    credit: column(mapping.credit),
    description: column(mapping.description),
    payee: column(mapping.payee),
    reference: column(mapping.reference),
  };
  const body = records.slice(headerAt + 1);
  if (body.length === 0) throw new StatementError('EMPTY_STATEMENT', 'The file has a header but no rows', records[headerAt].line);

  const cell = (record: Record_, index: number) => (index >= 0 ? (record.fields[index] ?? '') : '');
  const dateFormat: DateFormat | undefined = detectDateFormat(
    body.map((record) => cell(record, at.date)),
    mapping.date,
    options.dateFormat,
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
      errors.push({ line: record.line, message: `"${cleanText(rawDate, 40)}" is not a date${dateFormat ? ` in the format ${dateFormat}` : ''}` });
      continue;
    }
    let cents: number | undefined;
    if (at.amount >= 0) cents = parseAmount(cell(record, at.amount), separator);
    else {
      const debitText = cell(record, at.debit);
      const creditText = cell(record, at.credit);
      const debit = debitText ? parseAmount(debitText, separator) : 0;
      const credit = creditText ? parseAmount(creditText, separator) : 0;
      if (debit !== undefined && credit !== undefined) cents = Math.abs(credit) - Math.abs(debit);
    }
    if (cents === undefined || cents === 0) {
      const shown = at.amount >= 0 ? cell(record, at.amount) : `${cell(record, at.debit)}/${cell(record, at.credit)}`;
      errors.push({ line: record.line, message: cents === 0 ? 'The amount is zero' : `"${cleanText(shown, 40)}" is not an amount` });
      continue;
    }
    const payee = cleanText(cell(record, at.payee), 200) || undefined;
    const reference = cleanText(cell(record, at.reference), 200) || undefined;
    rows.push({ line: record.line, date, cents, description: cleanText(cell(record, at.description)) || payee || '', payee, reference });
  }
  return { format: 'csv', rows, errors, mapping, dateFormat };
}

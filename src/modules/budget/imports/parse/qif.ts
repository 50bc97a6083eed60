import { DateFormat, detectDateFormat, parseDate } from './dates';
import { STATEMENT_LIMITS, tooManyRows } from './limits';
import { detectDecimalSeparator, parseAmount } from './money';
import { cleanText, ParsedStatement, ParseOptions, RowError, rowError, StatementError, StatementRow } from './statement';

interface QifRecord {
  line: number;
  fields: Map<string, string>;
}

/** The account types whose records are money movements (investment records are not). */
const CASH_TYPES = /^!Type:(Bank|Cash|CCard|Oth A|Oth L)\s*$/i;

/**
 * Quicken Interchange Format: `!Type:Bank` then records of one-letter fields (`D` date, `T`/`U`
 * amount, `P` payee, `M` memo, `N` number), each record ended by `^`. Split lines (`S`, `E`, `$`)
 * are ignored: the record's total is the transaction. `!Account` blocks (multi-account exports)
 * and `!Option` lines are skipped; sections of investment or list types are not read.
 */
export function parseQif(source: string, options: Pick<ParseOptions, 'dateFormat' | 'rememberedDateFormat'> = {}): ParsedStatement {
  const records: QifRecord[] = [];
  let reading = false;
  let sawType = false;
  let inAccount = false;
  let current: QifRecord | undefined;
  const push = (record: QifRecord) => {
    if (records.push(record) > STATEMENT_LIMITS.rows) throw tooManyRows(record.line);
  };
  // line by line, without splitting the whole file first: reading stops at the first record too many
  for (let start = 0, i = 0; start <= source.length; i++) {
    const newline = source.indexOf('\n', start);
    const end = newline < 0 ? source.length : newline;
    const line = source.slice(start, end).trimEnd();
    start = end + 1;
    if (!line.trim()) continue;
    if (line.startsWith('!')) {
      if (/^!Option/i.test(line) || /^!Clear/i.test(line)) continue;
      inAccount = /^!Account/i.test(line);
      reading = CASH_TYPES.test(line);
      sawType ||= /^!Type:/i.test(line);
      current = undefined;
      continue;
    }
    if (inAccount) {
      if (line.startsWith('^')) inAccount = false;
      continue;
    }
    if (!reading) continue;
    if (line.startsWith('^')) {
      if (current) push(current);
      current = undefined;
      continue;
    }
    current ??= { line: i + 1, fields: new Map() };
    const code = line[0];
    // the first of a repeated field wins (address lines A repeat; split lines are ignored)
    if (!current.fields.has(code)) current.fields.set(code, line.slice(1).trim());
  }
  if (current) push(current);
  if (!sawType) throw new StatementError('UNSUPPORTED_FORMAT', 'QIF_NO_TYPE', 'A QIF file starts with a !Type: line', 1);
  if (records.length === 0) throw new StatementError('EMPTY_STATEMENT', 'NO_ENTRIES', 'The file holds no transactions');

  // Quicken writes "4/ 3'26" for 2026 (the apostrophe marks years from 2000): read as "4/3/2026"
  const dateText = (record: QifRecord) =>
    (record.fields.get('D') ?? '')
      .replace(/\s+/g, '')
      .replace(/'(\d{2})$/, '/20$1')
      .replace(/'(\d{4})$/, '/$1');
  const format: DateFormat | undefined = detectDateFormat(records.map(dateText), 'D', options.dateFormat, options.rememberedDateFormat);
  const amountText = (record: QifRecord) => record.fields.get('T') ?? record.fields.get('U') ?? '';
  const separator = detectDecimalSeparator(records.map(amountText), '.');
  const rows: StatementRow[] = [];
  const errors: RowError[] = [];
  for (const record of records) {
    const date = format ? parseDate(dateText(record), format) : undefined;
    if (!date) {
      errors.push(
        rowError(record.line, 'NOT_A_DATE', { value: cleanText(record.fields.get('D'), 40) }, `"${cleanText(record.fields.get('D'), 40)}" is not a date`),
      );
      continue;
    }
    const cents = parseAmount(amountText(record), separator);
    if (cents === undefined || cents === 0n) {
      errors.push(
        cents === 0n
          ? rowError(record.line, 'ZERO_AMOUNT', {}, 'The amount is zero')
          : rowError(record.line, 'NOT_AN_AMOUNT', { value: cleanText(amountText(record), 40) }, `"${cleanText(amountText(record), 40)}" is not an amount`),
      );
      continue;
    }
    const payee = cleanText(record.fields.get('P'), 200) || undefined;
    const memo = cleanText(record.fields.get('M'));
    const reference = cleanText(record.fields.get('N'), 200) || undefined;
    rows.push({ line: record.line, date, cents, description: memo || payee || '', payee, reference });
  }
  return { format: 'qif', rows, errors };
}

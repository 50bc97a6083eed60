import { parseCamt } from './camt';
import { parseCsv } from './csv';
import { decodeStatement } from './decode';
import { STATEMENT_LIMITS, tooManyRows } from './limits';
import { parseOfx } from './ofx';
import { parseQif } from './qif';
import { ParsedStatement, ParseOptions, StatementError, StatementFormat } from './statement';

export * from './statement';
export { DATE_FORMATS, isDateFormat } from './dates';
export { STATEMENT_LIMITS } from './limits';

/** What the bytes are, from their content; the content type only breaks a tie (CSV vs. anything textual). */
function sniff(text: string, contentType: string): StatementFormat | undefined {
  const head = text.slice(0, 4096).trimStart();
  if (/^OFXHEADER\s*:/i.test(head) || /<\?OFX\b/i.test(head) || (/^<OFX>/i.test(head) && !head.startsWith('<?xml'))) return 'ofx';
  if (/^<\?xml/i.test(head) || head.startsWith('<')) {
    if (/<OFX[\s>]/i.test(head)) return 'ofx';
    if (/<(\w+:)?Document[\s>]/.test(head) || /camt\.05[234]/.test(head)) return 'camt';
    return undefined;
  }
  if (/^!(Type|Account|Option)/i.test(head)) return 'qif';
  if (/ofx|qfx/.test(contentType) || /camt|xml/.test(contentType) || /qif/.test(contentType)) return undefined;
  // CSV: text whose first lines hold a delimiter
  if (/[,;\t|]/.test(head.split(/\r?\n/).slice(0, 5).join('\n'))) return 'csv';
  return undefined;
}

/**
 * A statement file to rows: decoded (BOM, UTF-8 or Windows-1252), its format recognised from
 * its content (OFX 1.x SGML and 2.x XML, QFX, CAMT.052/053/054, QIF, CSV), then parsed. A file that
 * cannot be read at all throws a StatementError; bad rows come back in `errors`.
 */
export function parseStatement(bytes: Uint8Array, contentType: string, options: ParseOptions = {}): ParsedStatement {
  if (bytes.length === 0) throw new StatementError('EMPTY_STATEMENT', 'EMPTY_FILE', 'The file is empty');
  const { text } = decodeStatement(bytes);
  if (!text.trim()) throw new StatementError('EMPTY_STATEMENT', 'EMPTY_FILE', 'The file is empty');
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0008\u000e-\u001a]/.test(text.slice(0, 4096)))
    throw new StatementError(
      'UNSUPPORTED_FORMAT',
      'NOT_TEXT',
      'The file is not text (a spreadsheet or a PDF?): export the statement as CSV, OFX, CAMT or QIF',
      1,
    );
  const parsed = read(text, sniff(text, contentType.toLowerCase()), options);
  // every row and bad row of the file is one of the preview (a CAMT batch entry may hold several)
  if (parsed.rows.length + parsed.errors.length > STATEMENT_LIMITS.rows) {
    throw tooManyRows([...parsed.rows, ...parsed.errors].sort((a, b) => a.line - b.line)[STATEMENT_LIMITS.rows].line);
  }
  return parsed;
}

function read(text: string, format: StatementFormat | undefined, options: ParseOptions): ParsedStatement {
  switch (format) {
    case 'ofx':
      return parseOfx(text);
    case 'camt':
      return parseCamt(text);
    case 'qif':
      return parseQif(text, options);
    case 'csv':
      return parseCsv(text, options);
    default:
      throw new StatementError('UNSUPPORTED_FORMAT', 'UNKNOWN_FORMAT', 'The file is not a CSV, OFX/QFX, CAMT.052/053/054 or QIF statement', 1);
  }
}

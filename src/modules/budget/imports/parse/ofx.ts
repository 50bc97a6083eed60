import { absCents, type Cents, fromCents } from '../../../../../domain/amount';
import { convertToCents, roundRate } from '../../../../../domain/currency';
import { STATEMENT_LIMITS, tooManyRows } from './limits';
import { MAX_CENTS, parseAmount } from './money';
import { cleanText, ParsedStatement, RowError, rowError, StatementError, StatementOriginal, StatementRow } from './statement';
import { child, decodeEntities, descendants, elementLines, lineOf, parseXml, text, XmlNode } from './xml';

/**
 * OFX 1.x is SGML: leaf elements are usually not closed (`<TRNAMT>-12.50`), aggregates are. This
 * reads it into the same node shape as the XML parser gives for OFX 2.x: a tag followed by text is
 * a leaf holding that text (its end tag optional), a tag followed by another tag opens an
 * aggregate, `</NAME>` closes the nearest open NAME (and any unclosed leaves inside it).
 * One pass, bounded as it goes: aggregates nest at most STATEMENT_LIMITS.depth deep (deeper →
 * MALFORMED_STATEMENT), the file holds at most STATEMENT_LIMITS.elements elements and
 * STATEMENT_LIMITS.rows transactions (more → STATEMENT_TOO_LARGE); nothing read is copied again.
 */
export function parseOfxSgml(source: string): { root: XmlNode; lines: number[] } {
  const start = source.search(/<OFX>/i);
  if (start < 0) throw new StatementError('MALFORMED_STATEMENT', 'NO_OFX_ELEMENT', 'The OFX file has no <OFX> element', 1);
  // the elements counted before any is built: one indexOf per tag
  let elements = 0;
  for (let at = source.indexOf('<', start); at >= 0; at = source.indexOf('<', at + 1)) {
    if (source.charCodeAt(at + 1) !== 47 && ++elements > STATEMENT_LIMITS.elements) {
      throw new StatementError(
        'STATEMENT_TOO_LARGE',
        'TOO_MANY_ELEMENTS',
        `The file holds more than ${STATEMENT_LIMITS.elements} elements: split the statement into shorter periods`,
        lineOf(source, at),
        undefined,
        { kind: 'elements', max: STATEMENT_LIMITS.elements },
      ).naming({ max: STATEMENT_LIMITS.elements });
    }
  }
  let line = lineOf(source, start);
  const root: XmlNode = {};
  const stack: { name: string; node: XmlNode }[] = [{ name: '', node: root }];
  const lines: number[] = [];
  const tag = /<(\/?)([A-Za-z0-9_.]+)>([^<]*)/g;
  tag.lastIndex = start;
  let expected = start;
  let lastLeaf = '';
  for (let match = tag.exec(source); match; match = tag.exec(source)) {
    if (match.index !== expected && source.slice(expected, match.index).trim()) {
      throw new StatementError('MALFORMED_STATEMENT', 'OFX_TEXT_OUTSIDE', 'The OFX file holds text outside any element', line);
    }
    const [whole, closing, rawName, after] = match;
    const name = rawName.toUpperCase();
    if (closing) {
      // the nearest open element of that name (the stack is at most STATEMENT_LIMITS.depth deep)
      let at = stack.length - 1;
      while (at > 0 && stack[at].name !== name) at--;
      // an OFX 2-style closed leaf (`<NAME>Shop</NAME>`) in an SGML file
      if (at <= 0 && name === lastLeaf) {
        lastLeaf = '';
        line += countNewlines(whole);
        expected = match.index + whole.length;
        continue;
      }
      if (at <= 0)
        throw new StatementError('MALFORMED_STATEMENT', 'OFX_CLOSES_UNOPENED', `</${name}> closes an element that is not open`, line).naming({ name });
      stack.length = at;
    } else {
      const value = after.trim();
      const parent = stack[stack.length - 1].node;
      lastLeaf = '';
      if (value || LEAVES.has(name)) {
        add(parent, name, decodeEntities(value));
        lastLeaf = name;
      } else {
        const node: XmlNode = {};
        add(parent, name, node);
        if (stack.length > STATEMENT_LIMITS.depth)
          throw new StatementError('MALFORMED_STATEMENT', 'NESTED_TOO_DEEP', `Elements nest deeper than ${STATEMENT_LIMITS.depth} levels`, line).naming({
            max: STATEMENT_LIMITS.depth,
          });
        stack.push({ name, node });
        if (name === 'STMTTRN' && lines.push(line) > STATEMENT_LIMITS.rows) throw tooManyRows(line);
      }
    }
    line += countNewlines(whole);
    expected = match.index + whole.length;
  }
  if (source.slice(expected).trim()) throw new StatementError('MALFORMED_STATEMENT', 'OFX_ENDS_INSIDE', 'The OFX file ends inside an element', line);
  if (stack.length > 1)
    throw new StatementError('MALFORMED_STATEMENT', 'OFX_NOT_CLOSED', `<${stack[stack.length - 1].name}> is never closed`, line).naming({
      name: stack[stack.length - 1].name,
    });
  return { root, lines };
}

/** Statement fields that are leaves even when empty (`<MEMO>` then the next tag). */
const LEAVES = new Set(['TRNTYPE', 'DTPOSTED', 'DTUSER', 'DTAVAIL', 'TRNAMT', 'FITID', 'CHECKNUM', 'REFNUM', 'NAME', 'MEMO', 'SIC', 'PAYEEID', 'CURDEF']);

function countNewlines(value: string): number {
  let n = 0;
  for (let i = 0; i < value.length; i++) if (value.charCodeAt(i) === 10) n++;
  return n;
}

function add(parent: XmlNode, name: string, value: XmlNode | string): void {
  const existing = parent[name];
  if (existing === undefined) parent[name] = value;
  else if (Array.isArray(existing)) (existing as unknown[]).push(value);
  else parent[name] = [existing, value] as XmlNode[];
}

/** `20260403`, `20260403120000.000[-5:EST]` → `2026-04-03`. */
function ofxDate(value: string): string | undefined {
  const match = /^(\d{4})(\d{2})(\d{2})/.exec(value);
  if (!match) return undefined;
  const [, y, m, d] = match;
  const date = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  if (date.getUTCMonth() !== Number(m) - 1 || Number(y) < 1900) return undefined;
  return `${y}-${m}-${d}`;
}

/**
 * A transaction in another currency. `<CURRENCY>`: TRNAMT is in CURSYM, and the account's amount is
 * TRNAMT × CURRATE (CURRATE: the ratio of the statement's CURDEF to CURSYM, i.e. CURDEF per 1
 * CURSYM). `<ORIGCURRENCY>`: TRNAMT is already in the account's currency, converted from CURSYM at
 * CURRATE; the file does not carry the amount as paid (the service works it out). A CURRATE that is
 * no rate leaves the row as the file's TRNAMT alone.
 */
function foreignOf(trn: XmlNode, cents: Cents): { cents: Cents; original: StatementOriginal } | undefined {
  const given = child(trn, 'CURRENCY') ?? child(trn, 'ORIGCURRENCY');
  const currency = cleanText(text(given, 'CURSYM'), 10).toUpperCase();
  const rate = roundRate(text(given, 'CURRATE'));
  if (!given || !currency || !rate) return undefined;
  const paid = absCents(cents);
  if (!child(trn, 'CURRENCY')) return { cents, original: { currency, rates: [rate] } };
  const converted = convertToCents(fromCents(paid), rate);
  if (converted === 0n || converted > MAX_CENTS) return undefined;
  return { cents: cents < 0n ? -converted : converted, original: { currency, amount: fromCents(paid), rates: [rate] } };
}

/** OFX 1.x (SGML) or 2.x (XML), also Quicken's QFX: every `STMTTRN` of every statement in the file. */
export function parseOfx(source: string): ParsedStatement {
  const isXml = /^\s*<\?xml/i.test(source);
  let root: XmlNode;
  let lines: number[];
  if (isXml) {
    root = parseXml(source);
    lines = elementLines(source, 'STMTTRN');
  } else ({ root, lines } = parseOfxSgml(source));
  if (!descendants(root, 'OFX').length) throw new StatementError('MALFORMED_STATEMENT', 'NO_OFX_ELEMENT', 'The file has no <OFX> element', 1);
  const transactions = descendants(root, 'STMTTRN');
  if (transactions.length > STATEMENT_LIMITS.rows) throw tooManyRows(lines[STATEMENT_LIMITS.rows]);
  if (transactions.length === 0) throw new StatementError('EMPTY_STATEMENT', 'NO_ENTRIES', 'The statement holds no transactions');
  const rows: StatementRow[] = [];
  const errors: RowError[] = [];
  transactions.forEach((trn, i) => {
    const line = lines[i] ?? 1;
    const date = ofxDate(text(trn, 'DTPOSTED'));
    if (!date)
      return errors.push(
        rowError(line, 'NOT_AN_OFX_DATE', { value: cleanText(text(trn, 'DTPOSTED'), 40) }, `"${cleanText(text(trn, 'DTPOSTED'), 40)}" is not an OFX date`),
      );
    const rawAmount = text(trn, 'TRNAMT');
    // OFX amounts use a dot; some banks write a comma
    const cents = parseAmount(rawAmount, rawAmount.includes(',') && !rawAmount.includes('.') ? ',' : '.');
    if (cents === undefined || cents === 0n)
      return errors.push(
        cents === 0n
          ? rowError(line, 'ZERO_AMOUNT', {}, 'The amount is zero')
          : rowError(line, 'NOT_AN_AMOUNT', { value: cleanText(rawAmount, 40) }, `"${cleanText(rawAmount, 40)}" is not an amount`),
      );
    const payee = cleanText(text(trn, 'NAME') || text(trn, 'PAYEE', 'NAME'), 200) || undefined;
    const memo = cleanText(text(trn, 'MEMO'));
    const reference = cleanText(text(trn, 'CHECKNUM') || text(trn, 'REFNUM'), 200) || undefined;
    const fitId = cleanText(text(trn, 'FITID'), 180) || undefined;
    const foreign = foreignOf(trn, cents);
    rows.push({
      line,
      date,
      cents: foreign?.cents ?? cents,
      description: memo || payee || '',
      payee,
      reference,
      bankRef: fitId && `fitid:${fitId}`,
      ...(foreign ? { original: foreign.original } : {}),
    });
  });
  return { format: 'ofx', rows, errors };
}

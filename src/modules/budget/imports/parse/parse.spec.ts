import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseStatement, StatementError } from './index';
import { parseAmount, detectDecimalSeparator } from './money';
import { parseOfxSgml } from './ofx';
import { parseQif } from './qif';

const fixture = (name: string) => readFileSync(join(__dirname, '../../../../../test/budget/fixtures', name));
const sum = (cents: number[]) => cents.reduce((a, b) => a + b, 0);
const totals = (rows: { cents: number }[]) => ({
  expense: -sum(rows.filter((r) => r.cents < 0).map((r) => r.cents)),
  income: sum(rows.filter((r) => r.cents > 0).map((r) => r.cents)),
});
const failure = (run: () => unknown): StatementError => {
  try {
    run();
  } catch (error) {
    if (error instanceof StatementError) return error;
    throw error;
  }
  throw new Error('expected a StatementError');
};

describe('statement parsers', () => {
  it('reads a German bank CSV: Windows-1252, preamble, ";", 1.234,56, DD.MM.YYYY, debit and credit columns', () => {
    const parsed = parseStatement(fixture('german-bank.csv'), 'text/csv');
    expect(parsed.format).toBe('csv');
    expect(parsed.errors).toEqual([]);
    expect(parsed.dateFormat).toBe('DD.MM.YYYY');
    expect(parsed.mapping).toEqual({
      date: 'Buchungstag',
      debit: 'Soll',
      credit: 'Haben',
      description: 'Verwendungszweck',
      payee: 'Auftraggeber/Empfänger',
    });
    expect(parsed.rows).toHaveLength(7);
    expect(parsed.rows[0]).toMatchObject({ line: 5, date: '2026-03-02', cents: -1280, payee: 'Bäckerei Müller', description: 'Brötchen und Kuchen' });
    expect(parsed.rows[3]).toMatchObject({ date: '2026-03-10', cents: -123456, payee: 'Hausverwaltung Schäfer' });
    expect(parsed.rows[4].description).toBe('Strom; Abschlag 03/2026');
    expect(totals(parsed.rows)).toEqual({ expense: 148981, income: 329510 });
  });

  it('reads a US CSV: MM/DD/YYYY, negative amounts, 2,500.00 in quotes', () => {
    const parsed = parseStatement(fixture('us-bank.csv'), 'text/csv');
    expect(parsed.dateFormat).toBe('MM/DD/YYYY');
    expect(parsed.mapping).toEqual({ date: 'Date', amount: 'Amount', description: 'Description' });
    expect(parsed.rows.map((r) => [r.date, r.cents])).toEqual([
      ['2026-03-02', -575],
      ['2026-03-05', 250000],
      ['2026-03-14', -4599],
      ['2026-03-21', -12340],
      ['2026-03-28', -6000],
    ]);
    expect(parsed.rows[0].description).toBe('STARBUCKS #1234, SEATTLE WA');
  });

  it('refuses ambiguous dates unless a format is given', () => {
    const csv = Buffer.from('Date,Description,Amount\n03/04/2026,Shop,-1.00\n05/06/2026,Shop,-2.00\n');
    const error = failure(() => parseStatement(csv, 'text/csv'));
    expect(error.code).toBe('AMBIGUOUS_DATE');
    expect(error.message).toContain('"Date"');
    expect(parseStatement(csv, 'text/csv', { dateFormat: 'DD/MM/YYYY' }).rows.map((r) => r.date)).toEqual(['2026-04-03', '2026-06-05']);
  });

  it('lists bad rows without hiding good ones, and names unmapped columns', () => {
    const csv = Buffer.from('Date,Description,Amount\n2026-03-01,Good,-1.00\nyesterday,Bad date,-2.00\n2026-03-02,Bad amount,lots\n2026-03-03,Good,4.00\n');
    const parsed = parseStatement(csv, 'text/csv');
    expect(parsed.rows.map((r) => r.cents)).toEqual([-100, 400]);
    expect(parsed.errors.map((e) => e.line)).toEqual([3, 4]);
    const unmapped = failure(() => parseStatement(Buffer.from('When,What,How much\n2026-03-01,x,1\n'), 'text/csv'));
    expect(unmapped.code).toBe('UNMAPPED_COLUMNS');
    expect(unmapped.columns).toEqual(['When', 'What', 'How much']);
    const mapped = parseStatement(Buffer.from('When,What,How much\n2026-03-01,x,1\n'), 'text/csv', { mapping: { date: 'When', amount: '2', description: 'What' } });
    expect(mapped.rows).toEqual([{ line: 2, date: '2026-03-01', cents: 100, description: 'x' }]);
  });

  it('reads amounts in both conventions', () => {
    expect(parseAmount('1.234,56', ',')).toBe(123456);
    expect(parseAmount('-1.234,56 €', ',')).toBe(-123456);
    expect(parseAmount('12,50-', ',')).toBe(-1250);
    expect(parseAmount('(1,234.50)', '.')).toBe(-123450);
    expect(parseAmount('$2,500', '.')).toBe(250000);
    expect(parseAmount('abc', '.')).toBeUndefined();
    expect(parseAmount('1.2.3', '.')).toBeUndefined();
    expect(detectDecimalSeparator(['1.234', '12,50'], '.')).toBe(',');
    expect(detectDecimalSeparator(['1,234', '100'], ',')).toBe(',');
  });

  it('reads OFX 1.0.2 SGML with unclosed leaves, entities and an empty MEMO', () => {
    const parsed = parseStatement(fixture('ofx-102.ofx'), 'application/x-ofx');
    expect(parsed.format).toBe('ofx');
    expect(parsed.errors).toEqual([]);
    expect(parsed.rows.map((r) => r.bankRef)).toEqual(['fitid:2026030301', 'fitid:2026030601', 'fitid:2026030901', 'fitid:2026031201', 'fitid:2026032001']);
    expect(parsed.rows[2]).toMatchObject({ payee: 'NETFLIX.COM', description: 'NETFLIX.COM', cents: -1599 });
    expect(parsed.rows[3].payee).toBe('TRADER JOE&S #552');
    expect(parsed.rows[4].reference).toBe('1045');
    expect(totals(parsed.rows)).toEqual({ expense: 22236, income: 180000 });
    expect(parsed.rows[0].line).toBe(39);
  });

  it('the SGML reader refuses what is not OFX', () => {
    expect(failure(() => parseOfxSgml('OFXHEADER:100\n\n<OFX><A>1</B></OFX>')).code).toBe('MALFORMED_STATEMENT');
    expect(failure(() => parseOfxSgml('OFXHEADER:100\n\n<OFX><STMTTRN><TRNAMT>1')).message).toMatch(/never closed/);
    expect(parseOfxSgml('<OFX><X><NAME>Shop</NAME><MEMO>a</X></OFX>').root).toEqual({ OFX: { X: { NAME: 'Shop', MEMO: 'a' } } });
  });

  it('reads OFX 2.x XML (a credit card statement)', () => {
    const parsed = parseStatement(fixture('ofx-2.ofx'), 'application/x-ofx');
    expect(parsed.rows.map((r) => [r.date, r.cents, r.bankRef])).toEqual([
      ['2026-03-04', -2350, 'fitid:CC-2026-0001'],
      ['2026-03-08', -31000, 'fitid:CC-2026-0002'],
      ['2026-03-15', 5000, 'fitid:CC-2026-0003'],
      ['2026-03-22', -999, 'fitid:CC-2026-0004'],
    ]);
    expect(parsed.rows[0].payee).toBe('Café & Bar Zürich');
  });

  it('reads CAMT.053: entries, a batch split into its transactions, a pending entry left out', () => {
    const parsed = parseStatement(fixture('camt053.xml'), 'application/vnd.camt+xml');
    expect(parsed.format).toBe('camt');
    expect(parsed.rows.map((r) => [r.date, r.cents, r.payee, r.bankRef])).toEqual([
      ['2026-03-01', 210000, 'Muster GmbH', 'camt:2026030100001'],
      ['2026-03-02', -5430, 'Edeka Zentrale', 'camt:2026030200002'],
      ['2026-03-05', -10000, 'Sportverein Blau-Weiss', 'camt:2026030500003/1'],
      ['2026-03-05', -5000, 'Musikschule am Park', 'camt:2026030500003/2'],
      ['2026-03-05', -3000, 'Zeitungsverlag Nord', 'camt:2026030500003/3'],
      ['2026-03-25', -3999, 'Telekom Deutschland GmbH', 'camt:NREF-5@2026-03-25/-3999'],
    ]);
    expect(parsed.errors).toEqual([{ line: expect.any(Number), message: expect.stringContaining('PDNG') }]);
    expect(totals(parsed.rows)).toEqual({ expense: 27429, income: 210000 });
  });

  it('reads QIF, Quicken dates with an apostrophe, splits ignored', () => {
    const parsed = parseQif(fixture('statement.qif').toString());
    expect(parsed.rows.map((r) => [r.line, r.date, r.cents, r.payee])).toEqual([
      [2, '2026-03-01', -105000, 'Landlord LLC'],
      [7, '2026-03-07', -3248, 'Costco Wholesale'],
      [11, '2026-03-15', 120000, 'Freelance Client'],
      [17, '2026-03-28', -1800, 'Pizza Place'],
    ]);
    expect(parsed.rows[2].reference).toBe('1001');
    expect(failure(() => parseQif('D03/01/2026\nT-1\n^\n')).code).toBe('UNSUPPORTED_FORMAT');
    expect(failure(() => parseQif('!Type:Bank\n')).code).toBe('EMPTY_STATEMENT');
  });

  it('refuses XML with a DTD or entities, malformed XML, and files of no known format', () => {
    const bomb = '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;">]><Document><x>&lol2;</x></Document>';
    expect(failure(() => parseStatement(Buffer.from(bomb), 'application/xml')).code).toBe('MALFORMED_STATEMENT');
    const external = '<?xml version="1.0"?>\n<!DOCTYPE d [<!ENTITY x SYSTEM "file:///etc/passwd">]>\n<Document>&x;</Document>';
    const error = failure(() => parseStatement(Buffer.from(external), 'application/xml'));
    expect([error.code, error.line]).toEqual(['MALFORMED_STATEMENT', 2]);
    expect(failure(() => parseStatement(Buffer.from('<?xml version="1.0"?>\n<Document>\n<BkToCstmrStmt>\n</Document>'), 'application/xml')).code).toBe('MALFORMED_STATEMENT');
    expect(failure(() => parseStatement(Buffer.from('%PDF-1.7\n\u0000\u0001'), 'application/octet-stream')).code).toBe('UNSUPPORTED_FORMAT');
    expect(failure(() => parseStatement(Buffer.from('hello world'), 'text/plain')).code).toBe('UNSUPPORTED_FORMAT');
    expect(failure(() => parseStatement(Buffer.from(''), 'text/csv')).code).toBe('EMPTY_STATEMENT');
    expect(failure(() => parseStatement(Buffer.from('Date,Description,Amount\n'), 'text/csv')).code).toBe('EMPTY_STATEMENT');
  });
});

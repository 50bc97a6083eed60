import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Cents, sumCents } from '../../../../../domain/amount';
import { CONTENT_TYPES, FRAGMENTS, OPENINGS, StatementKind } from '../../../../../bench/hostile-statements';
import { readCsvRecords } from './csv';
import { detectDateFormat } from './dates';
import { parseStatement, StatementError } from './index';
import { STATEMENT_LIMITS } from './limits';
import { parseAmount, detectDecimalSeparator } from './money';
import { parseOfxSgml } from './ofx';
import { parseQif } from './qif';
import { boundMarkup } from './xml';

const fixture = (name: string) => readFileSync(join(__dirname, '../../../../../test/budget/fixtures', name));
const totals = (rows: { cents: Cents }[]) => ({
  expense: -sumCents(rows.filter((r) => r.cents < 0n).map((r) => r.cents)),
  income: sumCents(rows.filter((r) => r.cents > 0n).map((r) => r.cents)),
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
    expect(parsed.rows[0]).toMatchObject({ line: 5, date: '2026-03-02', cents: -1280n, payee: 'Bäckerei Müller', description: 'Brötchen und Kuchen' });
    expect(parsed.rows[3]).toMatchObject({ date: '2026-03-10', cents: -123456n, payee: 'Hausverwaltung Schäfer' });
    expect(parsed.rows[4].description).toBe('Strom; Abschlag 03/2026');
    expect(totals(parsed.rows)).toEqual({ expense: 148981n, income: 329510n });
  });

  it('reads a US CSV: MM/DD/YYYY, negative amounts, 2,500.00 in quotes', () => {
    const parsed = parseStatement(fixture('us-bank.csv'), 'text/csv');
    expect(parsed.dateFormat).toBe('MM/DD/YYYY');
    expect(parsed.mapping).toEqual({ date: 'Date', amount: 'Amount', description: 'Description' });
    expect(parsed.rows.map((r) => [r.date, r.cents])).toEqual([
      ['2026-03-02', -575n],
      ['2026-03-05', 250000n],
      ['2026-03-14', -4599n],
      ['2026-03-21', -12340n],
      ['2026-03-28', -6000n],
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
    expect(parsed.rows.map((r) => r.cents)).toEqual([-100n, 400n]);
    expect(parsed.errors.map((e) => e.line)).toEqual([3, 4]);
    const unmapped = failure(() => parseStatement(Buffer.from('When,What,How much\n2026-03-01,x,1\n'), 'text/csv'));
    expect(unmapped.code).toBe('UNMAPPED_COLUMNS');
    expect(unmapped.columns).toEqual(['When', 'What', 'How much']);
    const mapped = parseStatement(Buffer.from('When,What,How much\n2026-03-01,x,1\n'), 'text/csv', {
      mapping: { date: 'When', amount: '2', description: 'What' },
    });
    expect(mapped.rows).toEqual([{ line: 2, date: '2026-03-01', cents: 100n, description: 'x' }]);
  });

  it('reads amounts in both conventions', () => {
    expect(parseAmount('1.234,56', ',')).toBe(123456n);
    expect(parseAmount('-1.234,56 €', ',')).toBe(-123456n);
    expect(parseAmount('12,50-', ',')).toBe(-1250n);
    expect(parseAmount('(1,234.50)', '.')).toBe(-123450n);
    expect(parseAmount('$2,500', '.')).toBe(250000n);
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
    expect(parsed.rows[2]).toMatchObject({ payee: 'NETFLIX.COM', description: 'NETFLIX.COM', cents: -1599n });
    expect(parsed.rows[3].payee).toBe('TRADER JOE&S #552');
    expect(parsed.rows[4].reference).toBe('1045');
    expect(totals(parsed.rows)).toEqual({ expense: 22236n, income: 180000n });
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
      ['2026-03-04', -2350n, 'fitid:CC-2026-0001'],
      ['2026-03-08', -31000n, 'fitid:CC-2026-0002'],
      ['2026-03-15', 5000n, 'fitid:CC-2026-0003'],
      ['2026-03-22', -999n, 'fitid:CC-2026-0004'],
    ]);
    expect(parsed.rows[0].payee).toBe('Café & Bar Zürich');
  });

  it('reads CAMT.053: entries, a batch split into its transactions, a pending entry left out', () => {
    const parsed = parseStatement(fixture('camt053.xml'), 'application/vnd.camt+xml');
    expect(parsed.format).toBe('camt');
    expect(parsed.rows.map((r) => [r.date, r.cents, r.payee, r.bankRef])).toEqual([
      ['2026-03-01', 210000n, 'Muster GmbH', 'camt:2026030100001'],
      ['2026-03-02', -5430n, 'Edeka Zentrale', 'camt:2026030200002'],
      ['2026-03-05', -10000n, 'Sportverein Blau-Weiss', 'camt:2026030500003/1'],
      ['2026-03-05', -5000n, 'Musikschule am Park', 'camt:2026030500003/2'],
      ['2026-03-05', -3000n, 'Zeitungsverlag Nord', 'camt:2026030500003/3'],
      ['2026-03-25', -3999n, 'Telekom Deutschland GmbH', 'camt:NREF-5@2026-03-25/-3999'],
    ]);
    expect(parsed.errors).toEqual([{ line: expect.any(Number), reason: 'NOT_BOOKED', params: { status: 'PDNG' }, message: expect.stringContaining('PDNG') }]);
    expect(totals(parsed.rows)).toEqual({ expense: 27429n, income: 210000n });
  });

  it('reads what a row paid in another currency says: CAMT InstdAmt and CcyXchg, OFX CURRENCY and ORIGCURRENCY, CSV original columns', () => {
    const camt = parseStatement(fixture('camt053-chf.xml'), 'application/vnd.camt+xml');
    // 1 EUR = 0.9424 CHF (UnitCcy EUR): the euros per franc first
    expect(camt.rows.map((r) => r.original)).toEqual([undefined, { currency: 'CHF', amount: '84.00', rates: ['1.06112054', '0.9424'] }, undefined]);
    const ofx = parseStatement(fixture('ofx-chf.ofx'), 'application/x-ofx');
    expect(ofx.rows.map((r) => [r.cents, r.original])).toEqual([
      [-2350n, undefined],
      // TRNAMT in francs: the account's amount is 84.00 × 1.0611
      [-8913n, { currency: 'CHF', amount: '84.00', rates: ['1.0611'] }],
      // TRNAMT already in euros
      [-5825n, { currency: 'GBP', rates: ['1.165'] }],
    ]);
    const csv = parseStatement(fixture('card-statement-chf.csv'), 'text/csv');
    expect(csv.rows.map((r) => [r.cents, r.original])).toEqual([
      [-2345n, { currency: 'EUR', amount: '23.45' }],
      [-8913n, { currency: 'CHF', amount: '84.00' }],
      [-5296n, { currency: 'CHF', amount: '49.90' }],
      [-1000n, { currency: 'XYZ', amount: '12.34' }],
    ]);
    // a code beside the amount, without a currency column; an empty cell is none
    const beside = parseStatement(Buffer.from('Date,Amount,Original amount\n2026-07-14,-89.13,CHF 84.00\n2026-07-15,-5.00,\n'), 'text/csv');
    expect(beside.rows.map((r) => r.original)).toEqual([{ currency: 'CHF', amount: '84.00' }, undefined]);
  });

  it('reads QIF, Quicken dates with an apostrophe, splits ignored', () => {
    const parsed = parseQif(fixture('statement.qif').toString());
    expect(parsed.rows.map((r) => [r.line, r.date, r.cents, r.payee])).toEqual([
      [2, '2026-03-01', -105000n, 'Landlord LLC'],
      [7, '2026-03-07', -3248n, 'Costco Wholesale'],
      [11, '2026-03-15', 120000n, 'Freelance Client'],
      [17, '2026-03-28', -1800n, 'Pizza Place'],
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
    expect(failure(() => parseStatement(Buffer.from('<?xml version="1.0"?>\n<Document>\n<BkToCstmrStmt>\n</Document>'), 'application/xml')).code).toBe(
      'MALFORMED_STATEMENT',
    );
    expect(failure(() => parseStatement(Buffer.from('%PDF-1.7\n\u0000\u0001'), 'application/octet-stream')).code).toBe('UNSUPPORTED_FORMAT');
    expect(failure(() => parseStatement(Buffer.from('hello world'), 'text/plain')).code).toBe('UNSUPPORTED_FORMAT');
    expect(failure(() => parseStatement(Buffer.from(''), 'text/csv')).code).toBe('EMPTY_STATEMENT');
    expect(failure(() => parseStatement(Buffer.from('Date,Description,Amount\n'), 'text/csv')).code).toBe('EMPTY_STATEMENT');
  });
  it('reads CSV records: quotes, doubled quotes, a line break in quotes, a stray quote, carriage returns only', () => {
    const records = readCsvRecords('a;"b;c";"say ""hi"""\r\n\r\n"two\nlines";x"y ; z \r\nlast', ';', 100);
    expect(records).toEqual([
      { fields: ['a', 'b;c', 'say "hi"'], line: 1 },
      { fields: ['two\nlines', 'x"y', 'z'], line: 3 },
      { fields: ['last'], line: 5 },
    ]);
    expect(readCsvRecords('a,b\rc,d\r', ',', 100).map((r) => r.fields)).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
    expect(failure(() => readCsvRecords('a,b\n1,"open\n2,3\n', ',', 100))).toMatchObject({ code: 'MALFORMED_STATEMENT', line: 2 });
  });

  it('stops reading at the first line over 200 columns and the record over the limit', () => {
    const line = (n: number) => Array.from({ length: n }, (_, i) => `c${i}`).join(',');
    expect(readCsvRecords(line(200), ',', 10)[0].fields).toHaveLength(200);
    expect(failure(() => readCsvRecords(`a,b\n${line(201)}\n`, ',', 10))).toMatchObject({ code: 'STATEMENT_TOO_LARGE', line: 2 });
    expect(failure(() => readCsvRecords('x\n'.repeat(11), ',', 10))).toMatchObject({ code: 'STATEMENT_TOO_LARGE', line: 11 });
  });

  it('signs unsigned amounts by an indicator column (S/H, Soll/Haben, DR/CR, Debit/Credit); a row without one is a bad row', () => {
    const read = (csv: string) => parseStatement(Buffer.from(csv), 'text/csv');
    const sh = read(
      'Buchungstag;Betrag;Soll/Haben;Text\n01.03.2026;12,50;Soll;Brot\n02.03.2026;100,00;Haben;Gehalt\n' +
        '03.03.2026;5,00;;Kaffee\n04.03.2026;-7,00;H;Widerspruch\n',
    );
    expect(sh.mapping).toMatchObject({ amount: 'Betrag', indicator: 'Soll/Haben' });
    expect(sh.rows.map((r) => r.cents)).toEqual([-1250n, 10000n]);
    expect(sh.errors.map((e) => e.line)).toEqual([4, 5]);
    // found by its values under any name, in any case
    const values = read('Date,Amount,Kind,Description\n2026-03-01,9.99,debit,Shop\n2026-03-02,20.00,Credit,Refund\n');
    expect([values.mapping?.indicator, values.rows.map((r) => r.cents)]).toEqual(['Kind', [-999n, 2000n]]);
    // signed amounts with an indicator that agrees
    expect(read('Date,Amount,DR/CR\n2026-03-01,-9.99,DR\n2026-03-02,20.00,CR\n').rows.map((r) => r.cents)).toEqual([-999n, 2000n]);
    // a given mapping names it
    const given = parseStatement(Buffer.from('When,How much,Dir\n2026-03-01,9.99,S\n'), 'text/csv', {
      mapping: { date: 'When', amount: 'How much', indicator: 'Dir' },
    });
    expect(given.rows.map((r) => r.cents)).toEqual([-999n]);
    // no indicator column: the amounts' own signs, as before
    expect(read('Date,Amount,Note\n2026-03-01,9.99,S-Bahn\n').rows.map((r) => r.cents)).toEqual([999n]);
  });

  it('takes a given or remembered date format only when it reads every date; both orders reading all is ambiguous', () => {
    const iso = ['2026-11-02', '2026-11-05', '2026-11-20'];
    expect(detectDateFormat(iso, 'Date', 'MM/DD/YYYY')).toBe('YYYY-MM-DD');
    expect(detectDateFormat(iso, 'Date', undefined, 'MM/DD/YYYY')).toBe('YYYY-MM-DD');
    const both = ['03/04/2026', '05/06/2026'];
    expect(detectDateFormat(both, 'Date', 'MM/DD/YYYY')).toBe('MM/DD/YYYY');
    const remembered = failure(() => detectDateFormat(both, 'Date', undefined, 'MM/DD/YYYY'));
    expect([remembered.code, remembered.columns]).toEqual(['AMBIGUOUS_DATE', ['Date']]);
    expect(remembered.message).toContain('MM/DD/YYYY');
    // a day above 12 decides, whatever was given or remembered
    expect(detectDateFormat(['03/04/2026', '25/04/2026'], 'Date', 'MM/DD/YYYY', 'MM/DD/YYYY')).toBe('DD/MM/YYYY');
    // values no format reads (a balance line, garbage) are bad rows, not votes
    expect(detectDateFormat(['2026-03-01', 'Saldo', 'yesterday'], 'Date')).toBe('YYYY-MM-DD');
    // a file mixing orders: the one that reads the most, the others are bad rows
    expect(detectDateFormat(['13/01/2026', '14/01/2026', '01/13/2026'], 'Date')).toBe('DD/MM/YYYY');
    expect(failure(() => detectDateFormat(['13/01/2026', '01/13/2026'], 'Date')).code).toBe('AMBIGUOUS_DATE');
    expect(detectDateFormat(['13/01/2026', '01/13/2026'], 'Date', 'MM/DD/YYYY')).toBe('MM/DD/YYYY');
  });

  it('refuses XML and OFX nested deeper than 64 elements, and XML tags beyond their bounds, before parsing', () => {
    const nest = (depth: number) => '<A>'.repeat(depth) + '</A>'.repeat(depth);
    expect(() => boundMarkup(`<?xml version="1.0"?><!-- x --><![CDATA[<<]]>${nest(64)}`)).not.toThrow();
    expect(failure(() => boundMarkup(`<?xml version="1.0"?>\n\n${nest(65)}`))).toMatchObject({ code: 'MALFORMED_STATEMENT', line: 3 });
    expect(failure(() => boundMarkup(`${'</A>'.repeat(100)}${nest(65)}`)).code).toBe('MALFORMED_STATEMENT');
    // self-closed elements and quoted '>' do not nest
    expect(() => boundMarkup(`${'<A>'.repeat(64)}<B a=">"/><C/>${'</A>'.repeat(64)}`)).not.toThrow();
    expect(failure(() => boundMarkup(`<${'N'.repeat(201)}/>`)).code).toBe('MALFORMED_STATEMENT');
    expect(failure(() => boundMarkup(`<A ${Array.from({ length: 65 }, (_, i) => `a${i}="1"`).join(' ')}/>`)).code).toBe('MALFORMED_STATEMENT');
    expect(failure(() => boundMarkup('<B/>'.repeat(STATEMENT_LIMITS.elements + 1))).code).toBe('STATEMENT_TOO_LARGE');
    // the SGML reader: 64 open aggregates are read, the 65th is refused where it opens
    const sgml = (depth: number) => `<OFX>\n${'<A>\n'.repeat(depth - 1)}${'</A>'.repeat(depth - 1)}</OFX>`;
    expect(() => parseOfxSgml(sgml(64))).not.toThrow();
    expect(failure(() => parseOfxSgml(sgml(65)))).toMatchObject({ code: 'MALFORMED_STATEMENT', line: 65 });
    // and counts its elements before building any: end tags do not count
    const leaves = (n: number) => `<OFX>${'<A>x'.repeat(n - 1)}</OFX>`;
    expect(() => parseOfxSgml(leaves(STATEMENT_LIMITS.elements))).not.toThrow();
    expect(failure(() => parseOfxSgml(leaves(STATEMENT_LIMITS.elements + 1))).code).toBe('STATEMENT_TOO_LARGE');
  });

  it('holds at most 20 000 rows in every format', () => {
    const n = STATEMENT_LIMITS.rows;
    const csv = (rows: number) => 'Date,Description,Amount\n' + '2026-03-01,Shop,-1.00\n'.repeat(rows);
    const ofx = (rows: number) => '<OFX>' + '<STMTTRN><DTPOSTED>20260301<TRNAMT>-1.00<FITID>x</STMTTRN>'.repeat(rows) + '</OFX>';
    const entry = '<Ntry><Amt>1.00</Amt><CdtDbtInd>DBIT</CdtDbtInd><BookgDt><Dt>2026-03-01</Dt></BookgDt></Ntry>';
    const camt = (rows: number) => `${OPENINGS.camt}${entry.repeat(rows)}</Stmt></BkToCstmrStmt></Document>`;
    const qif = (rows: number) => '!Type:Bank\n' + 'D2026-03-01\nT-1.00\n^\n'.repeat(rows);
    for (const [make, type] of [
      [csv, 'text/csv'],
      [ofx, 'application/x-ofx'],
      [camt, 'application/xml'],
      [qif, 'application/qif'],
    ] as const) {
      const parsed = parseStatement(Buffer.from(make(n)), type);
      expect(parsed.rows.length + parsed.errors.length).toBe(n);
      expect(failure(() => parseStatement(Buffer.from(make(n + 1)), type)).code).toBe('STATEMENT_TOO_LARGE');
    }
  });

  // generated hostile files: whatever they hold, the answer is a preview within the caps or a StatementError
  const CODES = ['UNSUPPORTED_FORMAT', 'EMPTY_STATEMENT', 'MALFORMED_STATEMENT', 'UNMAPPED_COLUMNS', 'AMBIGUOUS_DATE', 'STATEMENT_TOO_LARGE'];
  const GARBAGE = ['\u0000', '\u00e4', '\ufffd', '<', '>', '"', '&', ';', ',', '\n', ' ', 'x'.repeat(100)];
  it.each(Object.keys(OPENINGS) as StatementKind[])('fuzz: %s files of generated pieces are previewed within the caps or refused with a code', (kind) => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...FRAGMENTS[kind], ...GARBAGE), { minLength: 1, maxLength: 12 }),
        fc.integer({ min: 1, max: 4000 }),
        fc.boolean(),
        (pieces, repeat, opened) => {
          const body = (opened ? OPENINGS[kind] : '') + pieces.join('').repeat(repeat);
          try {
            const parsed = parseStatement(Buffer.from(body), CONTENT_TYPES[kind]);
            expect(parsed.rows.length + parsed.errors.length).toBeLessThanOrEqual(STATEMENT_LIMITS.rows);
          } catch (error) {
            if (!(error instanceof StatementError)) throw error;
            expect(CODES).toContain(error.code);
          }
        },
      ),
      { numRuns: 150, seed: 35 },
    );
  });
});

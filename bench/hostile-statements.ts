/**
 * Hostile statement files, for the parser benchmark (`npm run bench -- parsers`) and the import
 * tests' fuzzing (test/budget/statement-import-fuzz.e2e-spec.ts): deep nesting, one endless line,
 * wide headers, many tiny rows and mixed garbage, each behind the opening its format is recognised by.
 */
export type StatementKind = 'csv' | 'ofx' | 'ofx-xml' | 'camt' | 'qif';

export const CONTENT_TYPES: Record<StatementKind, string> = {
  csv: 'text/csv',
  ofx: 'application/x-ofx',
  'ofx-xml': 'application/x-ofx',
  camt: 'application/vnd.camt+xml',
  qif: 'application/qif',
};

/** What a file of each kind starts with, so that the content is read as that format. */
export const OPENINGS: Record<StatementKind, string> = {
  csv: 'Date;Description;Amount\n',
  ofx: 'OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\n\n<OFX>\n',
  'ofx-xml': '<?xml version="1.0" encoding="UTF-8"?>\n<?OFX OFXHEADER="200" VERSION="211"?>\n<OFX>\n',
  camt: '<?xml version="1.0" encoding="UTF-8"?>\n<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt><Stmt>\n',
  qif: '!Type:Bank\n',
};

/** Pieces a fuzzer strings together: each format's own tags and lines, plus what breaks parsers in general. */
export const FRAGMENTS: Record<StatementKind, string[]> = {
  csv: ['03/04/2026;Shop;-1,00\n', 'x;1\n', ';', ',', '"', '""', '\t', '\r\n', '2026-13-45;a;b\n', '\n', 'Soll;Haben;S;H\n', '1.234,56;'],
  ofx: ['<STMTTRN>', '</STMTTRN>', '<A>', '</A>', '<TRNAMT>-1.00', '<DTPOSTED>20260301', '<FITID>1', '<NAME>x', '</OFX>', '<', '>', '&amp;', '\n'],
  'ofx-xml': ['<STMTTRN>', '</STMTTRN>', '<A>', '</A>', '<B/>', '<TRNAMT>-1.00</TRNAMT>', '<!-- c -->', '<![CDATA[x]]>', '<a b="1" c="2">', '<', '&#1;', '\n'],
  camt: [
    '<Ntry>',
    '</Ntry>',
    '<Amt Ccy="EUR">1.00</Amt>',
    '<CdtDbtInd>DBIT</CdtDbtInd>',
    '<NtryRef>1</NtryRef>',
    '<BookgDt><Dt>2026-03-01</Dt></BookgDt>',
    '<x>',
    '</x>',
    '<y/>',
    '<z a="1">',
    '"',
    '\n',
  ],
  qif: ['D03/04/2026\n', 'T-1.00\n', 'PShop\n', '^\n', '!Type:Bank\n', '!Account\n', 'x', '\n', "D1/2'26\n", 'T1.234,5\n'],
};

/** `unit` repeated to `bytes` characters (a partial unit at the end), between `head` and `tail`. */
export function fill(unit: string, bytes: number, head = '', tail = ''): string {
  const room = Math.max(0, bytes - head.length - tail.length);
  const whole = Math.floor(room / unit.length);
  return head + unit.repeat(whole) + unit.slice(0, room - whole * unit.length) + tail;
}

export interface HostileFile {
  kind: StatementKind;
  name: string;
  body: string;
}

/**
 * The named hostile files of `bytes` characters each: what the review found (nested OFX tags, a
 * CSV of `x;1` lines) and its relatives for every format.
 */
export function hostileFiles(bytes: number): HostileFile[] {
  const nested = (open: string, close: string, head: string) => {
    const pairs = Math.floor((bytes - head.length) / (open.length + close.length));
    return head + open.repeat(pairs) + close.repeat(pairs);
  };
  const csvRow = (i: number) => `2026-03-${String((i % 28) + 1).padStart(2, '0')};Shop ${i};-${(i % 97) + 1},00\n`;
  let validCsv = 'Date;Description;Amount\n';
  for (let i = 0; validCsv.length < bytes - 40; i++) validCsv += csvRow(i);
  return [
    { kind: 'ofx', name: 'nested <A> tags', body: nested('<A>', '</A>', OPENINGS.ofx) },
    { kind: 'ofx', name: 'one leaf after another', body: fill('<A>x', bytes, OPENINGS.ofx, '</OFX>') },
    { kind: 'ofx', name: 'tiny transactions', body: fill('<STMTTRN><TRNAMT>1<DTPOSTED>20260301</STMTTRN>', bytes, OPENINGS.ofx, '</OFX>') },
    { kind: 'ofx-xml', name: 'nested elements', body: nested('<A>', '</A>', OPENINGS['ofx-xml']) },
    { kind: 'ofx-xml', name: 'empty siblings', body: fill('<B/>', bytes, OPENINGS['ofx-xml'], '</OFX>') },
    { kind: 'camt', name: 'nested elements', body: nested('<Ntry>', '</Ntry>', OPENINGS.camt) },
    { kind: 'camt', name: 'empty entries', body: fill('<Ntry/>', bytes, OPENINGS.camt, '</Stmt></BkToCstmrStmt></Document>') },
    { kind: 'camt', name: 'one element, endless attributes', body: fill(' a="1"', bytes, `${OPENINGS.camt}<Ntry`, '/></Stmt></BkToCstmrStmt></Document>') },
    { kind: 'camt', name: 'an endless element name', body: fill('N', bytes, `${OPENINGS.camt}<`, '/></Stmt></BkToCstmrStmt></Document>') },
    { kind: 'csv', name: '"x;1" lines', body: fill('x;1\n', bytes, OPENINGS.csv) },
    { kind: 'csv', name: 'valid tiny rows', body: validCsv },
    { kind: 'csv', name: 'one endless header line', body: fill(';', bytes, 'Date;Amount') },
    { kind: 'csv', name: 'one endless field', body: fill('9', bytes, `${OPENINGS.csv}2026-03-01;Shop;`) },
    { kind: 'csv', name: 'an open quote', body: fill('a', bytes, `${OPENINGS.csv}2026-03-01;"`) },
    { kind: 'qif', name: 'tiny records', body: fill('D03/14/2026\nT-1.00\n^\n', bytes, OPENINGS.qif) },
    { kind: 'qif', name: 'one endless line', body: fill('x', bytes, `${OPENINGS.qif}P`) },
  ];
}

import { type Cents, sumCents } from '../../../../../domain/amount';
import { impliedRate, roundRate } from '../../../../../domain/currency';
import { STATEMENT_LIMITS, tooManyRows } from './limits';
import { parseAmount } from './money';
import { cleanText, joinText, ParsedStatement, RowError, rowError, StatementError, StatementOriginal, StatementRow } from './statement';
import { child, children, descendants, elementLines, parseXml, text, XmlNode } from './xml';

/** ISO 20022 CAMT.053 (statement), CAMT.052 (account report) and CAMT.054 (notification). */
const CONTAINERS: [string, string][] = [
  ['BkToCstmrStmt', 'Stmt'],
  ['BkToCstmrAcctRpt', 'Rpt'],
  ['BkToCstmrDbtCdtNtfctn', 'Ntfctn'],
];

const camtDate = (node: XmlNode | undefined): string | undefined => {
  const value = text(node, 'Dt') || text(node, 'DtTm');
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return match ? `${match[1]}-${match[2]}-${match[3]}` : undefined;
};

const amountOf = (node: XmlNode | undefined): Cents | undefined => {
  const value = text(node);
  return /^\d+(\.\d{1,2})?$/.test(value) ? parseAmount(value, '.') : undefined;
};

/** An amount's `Ccy` attribute, upper case; '' when it has none. */
function currencyOf(node: XmlNode | undefined): string {
  const code = node?.['@Ccy'];
  return typeof code === 'string' ? cleanText(code, 10).toUpperCase() : '';
}

/**
 * The amount as instructed in another currency (`AmtDtls/InstdAmt/Amt[@Ccy]`, of the transaction,
 * else of the entry) and the bank's rate (`CcyXchg` of the instructed or the transaction amount),
 * turned into the account's currency per 1 unit of the instructed one: `XchgRate` is the price of
 * one `UnitCcy` in the other currency, so a rate quoted per unit of the account's currency is
 * inverted. Without `UnitCcy` both readings are offered, the source currency's first.
 */
function originalOf(tx: XmlNode | undefined, entry: XmlNode, booked: string): StatementOriginal | undefined {
  const details = [child(tx, 'AmtDtls'), child(entry, 'AmtDtls')].find((node) => child(node, 'InstdAmt', 'Amt'));
  const instructed = child(details, 'InstdAmt', 'Amt');
  const currency = currencyOf(instructed);
  const amount = text(instructed);
  if (!currency || currency === booked || !/^\d{1,12}(\.\d{1,5})?$/.test(amount) || !/[1-9]/.test(amount)) return undefined;
  const exchange = child(details, 'InstdAmt', 'CcyXchg') ?? child(details, 'TxAmt', 'CcyXchg');
  const quoted = roundRate(text(exchange, 'XchgRate'));
  if (!quoted) return { currency, amount };
  const inverse = impliedRate('1', quoted);
  const unit = text(exchange, 'UnitCcy').toUpperCase() || text(exchange, 'SrcCcy').toUpperCase();
  return { currency, amount, rates: unit === currency ? [quoted, inverse] : [inverse, quoted] };
}

/** The other party: the creditor of money going out, the debtor of money coming in (2009 and 2019 schemas). */
function counterparty(details: XmlNode | undefined, debit: boolean): string {
  const parties = child(details, 'RltdPties');
  const party = child(parties, debit ? 'Cdtr' : 'Dbtr');
  return cleanText(text(party, 'Nm') || text(party, 'Pty', 'Nm'), 200);
}

function remittance(details: XmlNode | undefined): string {
  const info = child(details, 'RmtInf');
  const unstructured = children(info, 'Ustrd').map((node) => text(node));
  const structured = children(info, 'Strd').map((node) => text(node, 'CdtrRefInf', 'Ref'));
  return joinText([...unstructured, ...structured]);
}

/**
 * The entry's id at the bank: its `AcctSvcrRef`, unique per account, else its `NtryRef` together
 * with its booking date and signed amount, as banks may number `NtryRef` per statement (entry 1
 * of next month's statement is not entry 1 of this month's).
 */
function bankRefOf(entry: XmlNode, date: string, signedCents: Cents): { ref: string; reference: string } | undefined {
  const servicer = cleanText(text(entry, 'AcctSvcrRef'), 150);
  if (servicer) return { ref: `camt:${servicer}`, reference: servicer };
  const numbered = cleanText(text(entry, 'NtryRef'), 120);
  if (numbered) return { ref: `camt:${numbered}@${date}/${signedCents}`, reference: numbered };
  return undefined;
}

/**
 * Every booked entry (`Ntry`) of every statement, report or notification in the file. A batch
 * entry (several `TxDtls` whose amounts add up to the entry's) becomes one row per transaction,
 * so a collective debit is spread over its payees; otherwise an entry is one row. Pending entries
 * (`Sts` PDNG) are listed as errors, not imported: their amount and date may still change.
 */
export function parseCamt(source: string): ParsedStatement {
  const root = parseXml(source);
  const document = child(root, 'Document');
  const container = CONTAINERS.map(([outer, inner]) => children(child(document, outer), inner)).find((list) => list.length);
  if (!container) throw new StatementError('UNSUPPORTED_FORMAT', 'XML_NOT_A_STATEMENT', 'The XML is neither OFX nor a CAMT.052/053/054 statement', 1);
  const entries = container.flatMap((statement) => children(statement, 'Ntry'));
  if (entries.length === 0) throw new StatementError('EMPTY_STATEMENT', 'NO_ENTRIES', 'The statement holds no entries');
  const lines = elementLines(source, 'Ntry');
  if (entries.length > STATEMENT_LIMITS.rows) throw tooManyRows(lines[STATEMENT_LIMITS.rows]);
  const rows: StatementRow[] = [];
  const errors: RowError[] = [];
  entries.forEach((entry, i) => {
    const line = lines[i] ?? 1;
    const status = text(entry, 'Sts') || text(entry, 'Sts', 'Cd');
    if (status && status !== 'BOOK')
      return errors.push(
        rowError(line, 'NOT_BOOKED', { status: cleanText(status, 10) }, `Entry with status ${cleanText(status, 10)} (not booked) is left out`),
      );
    const date = camtDate(child(entry, 'BookgDt')) ?? camtDate(child(entry, 'ValDt'));
    if (!date) return errors.push(rowError(line, 'NO_BOOKING_DATE', {}, 'The entry has no booking date'));
    const cents = amountOf(child(entry, 'Amt'));
    if (!cents)
      return errors.push(
        rowError(line, 'NOT_AN_AMOUNT', { value: cleanText(text(entry, 'Amt'), 40) }, `"${cleanText(text(entry, 'Amt'), 40)}" is not an amount`),
      );
    const indicator = text(entry, 'CdtDbtInd');
    if (indicator !== 'CRDT' && indicator !== 'DBIT') return errors.push(rowError(line, 'NO_DIRECTION', {}, 'The entry has no CdtDbtInd (CRDT or DBIT)'));
    const debit = indicator === 'DBIT';
    const entryRef = bankRefOf(entry, date, debit ? -cents : cents);
    const booked = currencyOf(child(entry, 'Amt'));
    const extra = cleanText(text(entry, 'AddtlNtryInf'));
    const details = descendants(entry, 'TxDtls');
    const parts = details.map((tx) => amountOf(child(tx, 'Amt')) ?? amountOf(child(tx, 'AmtDtls', 'TxAmt', 'Amt')));
    const split = details.length > 1 && parts.every((p) => p !== undefined) && sumCents(parts as Cents[]) === cents;
    const pieces = split ? details.map((tx, n) => ({ tx, cents: parts[n]!, n })) : [{ tx: details[0], cents, n: -1 }];
    for (const { tx, cents: pieceCents, n } of pieces) {
      const txDebit = n >= 0 && text(tx, 'CdtDbtInd') ? text(tx, 'CdtDbtInd') === 'DBIT' : debit;
      const payee = counterparty(tx, txDebit) || undefined;
      const purpose = remittance(tx);
      const txRef = cleanText(text(tx, 'Refs', 'AcctSvcrRef') || text(tx, 'Refs', 'EndToEndId'), 150);
      const reference = (txRef && txRef !== 'NOTPROVIDED' ? txRef : undefined) ?? entryRef?.reference;
      // a batch's transaction has its own instructed amount; a single entry's may sit on the entry
      const original = originalOf(tx, n >= 0 ? {} : entry, booked);
      rows.push({
        line,
        date,
        cents: txDebit ? -pieceCents : pieceCents,
        description: purpose || extra || payee || '',
        payee,
        reference,
        bankRef: entryRef && `${entryRef.ref}${n >= 0 ? `/${n + 1}` : ''}`,
        ...(original ? { original } : {}),
      });
    }
  });
  return { format: 'camt', rows, errors };
}

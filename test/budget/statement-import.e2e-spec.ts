import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { HousekeepingService } from '../../src/modules/housekeeping/housekeeping.service';
import { createTestApp, TestApp } from '../support/app';
import { signedInUser } from '../support/factories';
import { openApiDocument } from '../support/openapi';
import { budgetSetup, call, createCategory, createTransaction, historyOf, Member } from './budget-support';

const fixture = (name: string) => readFileSync(join(__dirname, 'fixtures', name));

interface Preview {
  id: string;
  format: string;
  accountId: string;
  rows: {
    index: number;
    line: number;
    date: string;
    amount: string;
    type: string;
    description: string;
    payee?: string;
    suggestedCategoryId?: string;
    duplicateOf?: string;
  }[];
  errors: { line: number; reason: string; params: Record<string, string | number>; message: string }[];
  mapping?: Record<string, string>;
  dateFormat?: string;
}

describe('Budget: bank statement import', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const upload = (user: Member, accountId: string, body: Buffer | string, contentType: string, query = '') =>
    t.api('POST', `/budget-accounts/${accountId}/imports${query}`, { token: user.accessToken, payload: body, headers: { 'content-type': contentType } });

  async function preview(user: Member, accountId: string, body: Buffer | string, contentType: string, query = ''): Promise<Preview> {
    const response = await upload(user, accountId, body, contentType, query);
    if (response.statusCode !== 201) throw new Error(`preview: ${response.statusCode} ${response.body}`);
    return response.json();
  }

  const commit = (user: Member, id: string, rows: { index: number; categoryId?: string; include: boolean }[] = [], expected = 201) =>
    call(t, user, 'POST', `/imports/${id}/commit`, { rows }, expected);

  const monthly = (user: Member, accountId: string) => call(t, user, 'GET', `/transactions/report/monthly?year=2026&month=3&budgetAccountId=${accountId}`);

  /** Every row into one expense and one income category; the totals the report must then show. */
  const categorised = (p: Preview, expense: string, income: string) =>
    p.rows.map((row) => ({ index: row.index, include: true, categoryId: row.type === 'Expense' ? expense : income }));

  const formats: [string, string, string, number, { expense: string; income: string }][] = [
    ['German bank CSV (Windows-1252, ;, 1.234,56, debit/credit)', 'german-bank.csv', 'text/csv', 7, { expense: '1489.81', income: '3295.10' }],
    ['US bank CSV (MM/DD/YYYY, negative amounts)', 'us-bank.csv', 'text/csv; charset=utf-8', 5, { expense: '235.14', income: '2500.00' }],
    ['OFX 1.0.2 SGML', 'ofx-102.ofx', 'application/x-ofx', 5, { expense: '222.36', income: '1800.00' }],
    ['OFX 2.x XML', 'ofx-2.ofx', 'application/x-ofx', 4, { expense: '343.49', income: '50.00' }],
    ['CAMT.053 with a batch entry', 'camt053.xml', 'application/vnd.camt+xml', 6, { expense: '274.29', income: '2100.00' }],
    ['QIF', 'statement.qif', 'application/qif', 4, { expense: '1100.48', income: '1200.00' }],
  ];

  it.each(formats)('%s: imported once, the monthly report shows its totals; imported again, nothing new', async (_name, file, type, count, expected) => {
    const { member, main, food, salary } = await budgetSetup(t);
    const first = await preview(member, main.id, fixture(file), type);
    expect(first.rows).toHaveLength(count);
    expect(first.rows.every((row) => !row.duplicateOf)).toBe(true);
    expect(await commit(member, first.id, categorised(first, food.id, salary.id))).toEqual({ created: count, skipped: 0 });

    const report = await monthly(member, main.id);
    expect({ expense: report.totalExpense, income: report.totalIncome }).toEqual({ expense: expected.expense, income: expected.income });
    const accounts = await call(t, member, 'GET', '/budget-accounts');
    const balance = (Number(expected.income.replace('.', '')) - Number(expected.expense.replace('.', ''))) / 100;
    expect(Number(accounts.find((a: { id: string }) => a.id === main.id).balance)).toBeCloseTo(balance, 2);

    // the same file again: every row is a duplicate of what the first import made, and nothing is added
    const again = await preview(member, main.id, fixture(file), type);
    expect(again.rows.every((row) => row.duplicateOf)).toBe(true);
    expect(await commit(member, again.id)).toEqual({ created: 0, skipped: count });
    const list = await call(t, member, 'GET', `/transactions?budgetAccountId=${main.id}&pageSize=100`);
    expect(list.totalItems).toBe(count);
    expect((await monthly(member, main.id)).totalExpense).toBe(expected.expense);
  });

  it('writes a row marked as already imported when the person includes it, once however often the commit is sent', async () => {
    const { member, main, food, salary } = await budgetSetup(t);
    const first = await preview(member, main.id, fixture('ofx-102.ofx'), 'application/x-ofx');
    expect(await commit(member, first.id, categorised(first, food.id, salary.id))).toEqual({ created: 5, skipped: 0 });
    const again = await preview(member, main.id, fixture('ofx-102.ofx'), 'application/x-ofx');
    expect(again.rows.every((row) => row.duplicateOf)).toBe(true);
    // the person ticks row 2: it is written next to the first import's, the others stay out
    const ticked = categorised(again, food.id, salary.id).filter((row) => row.index === 2);
    expect(await commit(member, again.id, ticked)).toEqual({ created: 1, skipped: 4 });
    // a retry of the same commit adds nothing
    expect(await commit(member, again.id, ticked)).toEqual({ created: 0, skipped: 5 });
    const list = await call(t, member, 'GET', `/transactions?budgetAccountId=${main.id}&pageSize=100`);
    expect(list.totalItems).toBe(6);
    expect(
      list.items.filter((item: { amount: string; date: string }) => item.amount === again.rows[2].amount && item.date === again.rows[2].date),
    ).toHaveLength(2);
    // and a third import of the file still sees every row as imported
    expect((await preview(member, main.id, fixture('ofx-102.ofx'), 'application/x-ofx')).rows.every((row) => row.duplicateOf)).toBe(true);
  });

  it("matches a CAMT entry without AcctSvcrRef by its NtryRef, booking date and amount: next month's entry 1 is not last month's", async () => {
    const { member, main, savings, food, salary } = await budgetSetup(t);
    const january = await preview(member, main.id, fixture('camt053-ntryref-january.xml'), 'application/vnd.camt+xml');
    expect(january.rows.map((row) => [row.date, row.type, row.amount])).toEqual([
      ['2026-01-02', 'Income', '1850.00'],
      ['2026-01-05', 'Expense', '64.20'],
      ['2026-01-12', 'Expense', '64.20'],
    ]);
    expect(await commit(member, january.id, categorised(january, food.id, salary.id))).toEqual({ created: 3, skipped: 0 });
    // February numbers its entries 1, 2, 3 again: none of them is January's
    const february = await preview(member, main.id, fixture('camt053-ntryref-february.xml'), 'application/vnd.camt+xml');
    expect(february.rows.filter((row) => row.duplicateOf)).toEqual([]);
    expect(await commit(member, february.id, categorised(february, food.id, salary.id))).toEqual({ created: 3, skipped: 0 });
    expect((await call(t, member, 'GET', `/transactions?budgetAccountId=${main.id}&pageSize=100`)).totalItems).toBe(6);
    // January again: all three are known
    const repeat = await preview(member, main.id, fixture('camt053-ntryref-january.xml'), 'application/vnd.camt+xml');
    expect(repeat.rows.every((row) => row.duplicateOf)).toBe(true);
    expect(await commit(member, repeat.id)).toEqual({ created: 0, skipped: 3 });

    // imports made when the NtryRef alone was the ref are matched by it with their date and amount too
    const old = await preview(member, savings.id, fixture('camt053-ntryref-january.xml'), 'application/vnd.camt+xml');
    await commit(member, old.id, categorised(old, food.id, salary.id));
    await t.db.query(`UPDATE transactions SET import_ref = regexp_replace(import_ref, '@.*$', '') WHERE budget_account_id = $1`, [savings.id]);
    const [{ refs }] = await t.db.query(`SELECT array_agg(import_ref ORDER BY import_ref) AS refs FROM transactions WHERE budget_account_id = $1`, [
      savings.id,
    ]);
    expect(refs).toEqual(['camt:1', 'camt:2', 'camt:3']);
    const januaryAgain = await preview(member, savings.id, fixture('camt053-ntryref-january.xml'), 'application/vnd.camt+xml');
    expect(januaryAgain.rows.map((row) => Boolean(row.duplicateOf))).toEqual([true, true, true]);
    const februaryNew = await preview(member, savings.id, fixture('camt053-ntryref-february.xml'), 'application/vnd.camt+xml');
    expect(februaryNew.rows.filter((row) => row.duplicateOf)).toEqual([]);
  });

  it.each([
    [
      'S/H (Sparkasse, Windows-1252)',
      'sparkasse-sh.csv',
      'S/H',
      [
        ['2026-03-02', 'Expense', '12.80'],
        ['2026-03-03', 'Income', '2450.00'],
        ['2026-03-10', 'Expense', '1234.56'],
        ['2026-03-15', 'Income', '45.10'],
      ],
    ],
    [
      'DR/CR',
      'uk-bank-drcr.csv',
      'Dr/Cr',
      [
        ['2026-03-02', 'Expense', '23.40'],
        ['2026-03-05', 'Income', '2100.00'],
        ['2026-03-09', 'Expense', '8.10'],
      ],
    ],
  ])('reads unsigned amounts with a debit/credit indicator column: %s', async (_name, file, column, expected) => {
    const { member, main, food, salary } = await budgetSetup(t);
    const p = await preview(member, main.id, fixture(file), 'text/csv');
    expect(p.errors).toEqual([]);
    expect(p.mapping).toMatchObject({ indicator: column });
    expect(p.rows.map((row) => [row.date, row.type, row.amount])).toEqual(expected);
    await commit(member, p.id, categorised(p, food.id, salary.id));
    const expense = (expected as string[][]).filter(([, type]) => type === 'Expense').reduce((sum, [, , amount]) => sum + Math.round(Number(amount) * 100), 0);
    expect((await monthly(member, main.id)).totalExpense).toBe((expense / 100).toFixed(2));
  });

  it('uses a remembered or given date format only when it reads every date; both day/month orders reading them all is AMBIGUOUS_DATE', async () => {
    const { member, main } = await budgetSetup(t);
    // the account once took a US file with ?dateFormat=MM/DD/YYYY
    const us = await preview(member, main.id, fixture('us-bank.csv'), 'text/csv', '?dateFormat=MM/DD/YYYY');
    expect(us.rows).toHaveLength(5);
    // an ISO file later: the remembered format cannot read it, the ISO reading is the only one
    const iso = await preview(member, main.id, fixture('iso-dates.csv'), 'text/csv');
    expect(iso).toMatchObject({ dateFormat: 'YYYY-MM-DD', errors: [] });
    expect(iso.rows.map((row) => row.date)).toEqual(['2026-11-02', '2026-11-05', '2026-11-20']);
    // a given format that cannot read the file does not break it either
    expect((await preview(member, main.id, fixture('iso-dates.csv'), 'text/csv', '?dateFormat=DD/MM/YYYY')).rows).toHaveLength(3);
    // dates both orders read: the remembered one does not decide silently
    const ambiguous = await upload(member, main.id, fixture('ambiguous-dates.csv'), 'text/csv');
    expect(ambiguous.statusCode).toBe(400);
    expect(ambiguous.json()).toMatchObject({ code: 'AMBIGUOUS_DATE', columns: ['Date'] });
    expect(ambiguous.json().detail).toContain('MM/DD/YYYY');
    // the person's choice for this file does
    const chosen = await preview(member, main.id, fixture('ambiguous-dates.csv'), 'text/csv', '?dateFormat=DD/MM/YYYY');
    expect(chosen.rows.map((row) => row.date)).toEqual(['2026-04-03', '2026-06-05', '2026-12-11']);
    // a day above 12 in one order only: that order, whatever was remembered
    const european = await preview(member, main.id, 'Date,Description,Amount\n03/04/2026,Shop,-1.00\n25/04/2026,Shop,-2.00\n', 'text/csv');
    expect([european.dateFormat, european.rows.map((row) => row.date)]).toEqual(['DD/MM/YYYY', ['2026-04-03', '2026-04-25']]);
  });

  it('caps a preview: 20 000 rows, 100 listed errors with their count, 200 columns, 20 open previews per group', async () => {
    const { member, main } = await budgetSetup(t);
    const problem = async (body: string, type = 'text/csv') => {
      const response = await upload(member, main.id, body, type);
      expect(response.statusCode).toBe(400);
      return response.json();
    };
    const rows = (n: number) =>
      ['Date,Description,Amount', ...Array.from({ length: n }, (_, i) => `2026-03-${String((i % 28) + 1).padStart(2, '0')},Shop ${i},-1.00`)].join('\n');
    expect((await preview(member, main.id, rows(20_000), 'text/csv')).rows).toHaveLength(20_000);
    expect(await problem(rows(20_001))).toMatchObject({ code: 'STATEMENT_TOO_LARGE' });
    // the review's 5 MiB of "x;1" lines: refused, not 1.3 million error objects
    const junk = await upload(member, main.id, 'Date;Amount\n' + 'x;1\n'.repeat(1_300_000), 'text/csv');
    expect([junk.statusCode, junk.json().code]).toEqual([400, 'STATEMENT_TOO_LARGE']);
    expect(junk.body.length).toBeLessThan(2000);
    // as many OFX transactions, QIF records, CAMT entries
    const ofx = 'OFXHEADER:100\n\n<OFX>\n' + '<STMTTRN><TRNAMT>-1.00<DTPOSTED>20260301</STMTTRN>\n'.repeat(20_001) + '</OFX>';
    expect(await problem(ofx, 'application/x-ofx')).toMatchObject({ code: 'STATEMENT_TOO_LARGE' });
    expect(await problem('!Type:Bank\n' + 'D2026-03-01\nT-1.00\n^\n'.repeat(20_001), 'application/qif')).toMatchObject({ code: 'STATEMENT_TOO_LARGE' });

    // 150 bad rows: the first 100 listed, all 150 counted, the good row previewed
    const bad = ['Date,Description,Amount', '2026-03-01,Good,-1.00', ...Array.from({ length: 150 }, (_, i) => `2026-03-02,Bad ${i},lots`)].join('\n');
    const p = await preview(member, main.id, bad, 'text/csv');
    expect([p.rows.length, p.errors.length, (p as unknown as { errorCount: number }).errorCount]).toEqual([1, 100, 150]);
    expect(p.errors[0]).toEqual({ line: 3, reason: 'NOT_AN_AMOUNT', params: { value: 'lots' }, message: expect.stringContaining('lots') });

    // a header of 200 columns is read, 201 is refused
    const wide = (n: number) => ['Date,Amount,' + Array.from({ length: n - 2 }, (_, i) => `c${i}`).join(','), '2026-03-01,-1.00'].join('\n');
    expect((await preview(member, main.id, wide(200), 'text/csv')).rows).toHaveLength(1);
    expect(await problem(wide(201))).toMatchObject({ code: 'STATEMENT_TOO_LARGE', line: 1 });

    // 21 previews: the first expires, the 20 latest stay and commit
    const ids: string[] = [];
    const [{ n: before }] = await t.db.query('SELECT count(*)::int AS n FROM statement_imports WHERE group_id = $1', [member.groupId]);
    expect(before).toBeLessThanOrEqual(20);
    for (let i = 0; i < 21; i++) ids.push((await preview(member, main.id, 'Date,Description,Amount\n2026-03-01,Shop,-1.00\n', 'text/csv')).id);
    const [{ n }] = await t.db.query('SELECT count(*)::int AS n FROM statement_imports WHERE group_id = $1', [member.groupId]);
    expect(n).toBe(20);
    expect(
      (await t.api('POST', `/imports/${ids[0]}/commit`, { token: member.accessToken, payload: { rows: [{ index: 0, include: false }] } })).statusCode,
    ).toBe(404);
    expect(await commit(member, ids[20], [{ index: 0, include: false }])).toEqual({ created: 0, skipped: 1 });
  });

  it('refuses nesting deeper than 64 elements in OFX (SGML and XML) and CAMT with MALFORMED_STATEMENT', async () => {
    const { member, main } = await budgetSetup(t);
    // the review's file: 273 KB that took 19 s of parsing
    const nested = '<OFX>' + '<A>'.repeat(40_000) + '</A>'.repeat(40_000);
    const xml = '<?xml version="1.0"?>\n<OFX>' + '<A>'.repeat(65) + '</A>'.repeat(65) + '</OFX>';
    const camt = '<?xml version="1.0"?>\n<Document><BkToCstmrStmt><Stmt>' + '<Ntry>'.repeat(62) + '</Ntry>'.repeat(62) + '</Stmt></BkToCstmrStmt></Document>';
    for (const [body, type] of [
      [nested, 'application/x-ofx'],
      [xml, 'application/x-ofx'],
      [camt, 'application/vnd.camt+xml'],
    ]) {
      const response = await upload(member, main.id, body, type);
      expect([response.statusCode, response.json().code]).toEqual([400, 'MALFORMED_STATEMENT']);
      expect(response.json().detail).toContain('64');
    }
  });

  it('previews a German CSV as the contract shapes it; the created transactions carry history rows and their import ref', async () => {
    const { member, main, food, salary } = await budgetSetup(t);
    const p = await preview(member, main.id, fixture('german-bank.csv'), 'text/csv');
    expect(p).toMatchObject({ format: 'csv', accountId: main.id, errors: [], dateFormat: 'DD.MM.YYYY' });
    expect(p.mapping).toMatchObject({ date: 'Buchungstag', debit: 'Soll', credit: 'Haben' });
    expect(p.rows[0]).toEqual({
      index: 0,
      line: 5,
      date: '2026-03-02',
      amount: '12.80',
      type: 'Expense',
      description: 'Brötchen und Kuchen',
      payee: 'Bäckerei Müller',
      shared: false,
    });
    expect(p.rows[2]).toMatchObject({ amount: '3250.00', type: 'Income', payee: 'Arbeitgeber AG' });
    // the two identical Stadtwerke rows stay two rows
    expect(p.rows.filter((row) => row.payee === 'Stadtwerke Köln')).toHaveLength(2);

    // leave one out, give the rest categories
    const choices = categorised(p, food.id, salary.id).map((row) => (row.index === 6 ? { index: 6, include: false } : row));
    expect(await commit(member, p.id, choices)).toEqual({ created: 6, skipped: 1 });
    const list = await call(t, member, 'GET', `/transactions?budgetAccountId=${main.id}&pageSize=100&sort=date`);
    expect(list.items[0]).toMatchObject({
      date: '2026-03-02',
      amount: '12.80',
      type: 'Expense',
      description: 'Bäckerei Müller — Brötchen und Kuchen',
      categoryId: food.id,
      createdBy: member.id,
    });
    const [history] = await historyOf(t, list.items[0].id);
    expect(history).toMatchObject({ entity_type: 'Transaction', action: 'Created', user_id: member.id });
    expect(history.changes.importRef.new).toMatch(/^h:[0-9a-f]{40}$/);
  });

  it('flags a row matching a transaction typed by hand (same amount, date ± 3 days) and leaves it out by default', async () => {
    const { member, main, savings, food, salary } = await budgetSetup(t);
    const manual = await createTransaction(t, member, {
      type: 'Expense',
      amount: '86.45',
      date: '2026-03-05',
      categoryId: food.id,
      budgetAccountId: main.id,
      description: 'Wocheneinkauf',
    });
    // not a match: other account, other amount, too far away
    await createTransaction(t, member, { type: 'Expense', amount: '12.80', date: '2026-03-02', categoryId: food.id, budgetAccountId: savings.id });
    await createTransaction(t, member, { type: 'Expense', amount: '1234.56', date: '2026-03-20', categoryId: food.id, budgetAccountId: main.id });
    const p = await preview(member, main.id, fixture('german-bank.csv'), 'text/csv');
    expect(p.rows.filter((row) => row.duplicateOf)).toEqual([expect.objectContaining({ index: 1, amount: '86.45', duplicateOf: manual.id })]);
    const choices = categorised(p, food.id, salary.id).filter((row) => row.index !== 1);
    expect(await commit(member, p.id, choices)).toEqual({ created: 6, skipped: 1 });
    expect((await monthly(member, main.id)).totalExpense).toBe(String((148981 - 8645 + 8645 + 123456) / 100));
  });

  it('suggests the category the group used most for the same payee or leading words, and takes it when none is given', async () => {
    const { member, main, savings, food, salary } = await budgetSetup(t);
    const housing = await createCategory(t, member, { name: 'Housing' });
    const health = await createCategory(t, member, { name: 'Health' });
    const past = [
      ['REWE Markt GmbH — Einkauf', food.id, 'Expense'],
      ['REWE Markt GmbH — Einkauf', food.id, 'Expense'],
      ['rewe markt: drinks', housing.id, 'Expense'],
      ['Bäckerei Müller', food.id, 'Expense'],
      ['Hausverwaltung Schäfer Miete Februar', housing.id, 'Expense'],
      ['Arbeitgeber AG Gehalt Februar', salary.id, 'Income'],
      ['Krankenkasse Süd', health.id, 'Expense'],
    ] as const;
    for (const [description, categoryId, type] of past) {
      await createTransaction(t, member, { type, amount: '1.00', date: '2026-02-01', categoryId, budgetAccountId: savings.id, description });
    }
    const p = await preview(member, main.id, fixture('german-bank.csv'), 'text/csv');
    const suggested = Object.fromEntries(p.rows.map((row) => [row.payee, row.suggestedCategoryId ?? null]));
    expect(suggested).toEqual({
      'Bäckerei Müller': food.id,
      'REWE Markt GmbH': food.id,
      'Arbeitgeber AG': salary.id,
      'Hausverwaltung Schäfer': housing.id,
      'Stadtwerke Köln': null,
      // an income from the health insurer: only income habits count for it
      'Krankenkasse Süd': null,
    });
    // rows without a suggestion and without a given category: 400 listing them, nothing written
    const response = await t.api('POST', `/imports/${p.id}/commit`, { token: member.accessToken, payload: { rows: [] } });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.map((e: { field: string }) => e.field)).toEqual(['rows[4].categoryId', 'rows[5].categoryId', 'rows[6].categoryId']);
    expect((await call(t, member, 'GET', `/transactions?budgetAccountId=${main.id}`)).totalItems).toBe(0);
    // given for those, the suggestions for the others
    const result = await commit(member, p.id, [
      { index: 4, include: true, categoryId: housing.id },
      { index: 5, include: true, categoryId: housing.id },
      { index: 6, include: true, categoryId: health.id },
    ]);
    expect(result).toEqual({ created: 7, skipped: 0 });
    const report = await monthly(member, main.id);
    expect(report.categories.find((c: { categoryId: string }) => c.categoryId === food.id).expense).toBe('99.25');
  });

  it('answers every bad file with its code and line; a bad row does not hide the good ones', async () => {
    const { member, main } = await budgetSetup(t);
    const problem = async (body: Buffer | string, type: string, query = '') => {
      const response = await upload(member, main.id, body, type, query);
      expect(response.statusCode).toBe(400);
      return response.json();
    };
    expect(await problem('just some words', 'text/plain')).toMatchObject({ code: 'UNSUPPORTED_FORMAT', line: 1 });
    expect(await problem('<?xml version="1.0"?><Foo><Bar>1</Bar></Foo>', 'application/xml')).toMatchObject({ code: 'UNSUPPORTED_FORMAT' });
    expect(await problem('', 'text/csv')).toMatchObject({ code: 'EMPTY_STATEMENT' });
    expect(await problem('Date,Description,Amount\r\n', 'text/csv')).toMatchObject({ code: 'EMPTY_STATEMENT', line: 1 });
    expect(await problem('!Type:Bank\n', 'application/qif')).toMatchObject({ code: 'EMPTY_STATEMENT' });
    expect(await problem('<?xml version="1.0"?>\n<OFX>\n<BANKTRANLIST>\n</OFX>', 'application/x-ofx')).toMatchObject({ code: 'MALFORMED_STATEMENT', line: 4 });
    expect(await problem('OFXHEADER:100\n\n<OFX>\n<STMTTRN>\n<TRNAMT>1\n', 'application/x-ofx')).toMatchObject({ code: 'MALFORMED_STATEMENT' });
    const unmapped = await problem('When,What,How much\n2026-03-01,Shop,-1.00\n', 'text/csv');
    expect(unmapped).toMatchObject({ code: 'UNMAPPED_COLUMNS', reason: 'COLUMNS_NOT_RECOGNISED', params: {}, columns: ['When', 'What', 'How much'], line: 1 });
    const ambiguous = await problem('Date,Description,Amount\n03/04/2026,Shop,-1.00\n', 'text/csv');
    expect(ambiguous).toMatchObject({ code: 'AMBIGUOUS_DATE', reason: 'DATES_AMBIGUOUS', params: { column: 'Date' }, columns: ['Date'] });
    expect(ambiguous.detail).toContain('"Date"');
    // a mapping that is not JSON, and one naming a column the file lacks
    expect(await problem('a,b\n1,2\n', 'text/csv', '?mapping=' + encodeURIComponent('{date'))).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(await problem('a,b\n1,2\n', 'text/csv', '?mapping=' + encodeURIComponent('{"date":"x","amount":"b"}'))).toMatchObject({
      code: 'UNMAPPED_COLUMNS',
      reason: 'MAPPING_COLUMN_MISSING',
      params: { column: 'x', field: 'date' },
    });

    const p = await preview(
      member,
      main.id,
      'Date,Description,Amount\n2026-03-01,Good one,-1.00\nyesterday,Bad date,-2.00\n2026-03-02,Bad amount,lots\n2026-03-03,Good two,4.00\n',
      'text/csv',
    );
    expect(p.rows.map((row) => row.description)).toEqual(['Good one', 'Good two']);
    expect(p.errors).toEqual([
      // each line's reason and the cell it names, for the app to word in the person's language
      { line: 3, reason: 'NOT_A_DATE_IN_FORMAT', params: { value: 'yesterday', format: 'YYYY-MM-DD' }, message: expect.stringContaining('yesterday') },
      { line: 4, reason: 'NOT_AN_AMOUNT', params: { value: 'lots' }, message: expect.stringContaining('lots') },
    ]);
  });

  it('takes ?dateFormat= for ambiguous dates and ?mapping= for unknown columns, and remembers the mapping for the account', async () => {
    const { member, main, savings } = await budgetSetup(t);
    const ambiguous = 'Date,Description,Amount\n03/04/2026,Shop,-1.00\n';
    expect((await preview(member, main.id, ambiguous, 'text/csv', '?dateFormat=DD/MM/YYYY')).rows[0].date).toBe('2026-04-03');
    expect((await preview(member, main.id, ambiguous, 'text/csv', '?dateFormat=MM/DD/YYYY')).rows[0].date).toBe('2026-03-04');
    expect((await upload(member, main.id, ambiguous, 'text/csv', '?dateFormat=D/M/Y')).statusCode).toBe(400);

    const odd = 'When;What;Who;How much\n01.03.2026;Einkauf;Laden;-1,50\n';
    const mapping = encodeURIComponent(JSON.stringify({ date: 'When', amount: 3, description: 'What', payee: 'Who' }));
    const mapped = await preview(member, main.id, odd, 'text/csv', `?mapping=${mapping}`);
    expect(mapped.mapping).toEqual({ date: 'When', amount: 'How much', description: 'What', payee: 'Who' });
    expect(mapped.rows[0]).toMatchObject({ date: '2026-03-01', amount: '1.50', payee: 'Laden' });
    // the next file of this account is read with the same columns; another account does not know them
    expect((await preview(member, main.id, odd, 'text/csv')).rows).toHaveLength(1);
    expect((await upload(member, savings.id, odd, 'text/csv')).json().code).toBe('UNMAPPED_COLUMNS');
  });

  it('refuses an XML bomb and an external entity, and a body over 5 MiB with 413', async () => {
    const { member, main } = await budgetSetup(t);
    const bomb =
      '<?xml version="1.0"?>\n<!DOCTYPE lolz [\n<!ENTITY lol "lol">\n<!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">\n' +
      '<!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">\n]>\n' +
      '<Document><BkToCstmrStmt><Stmt><Ntry>&lol2;</Ntry></Stmt></BkToCstmrStmt></Document>';
    const external = '<?xml version="1.0"?>\n<!DOCTYPE OFX [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>\n<OFX><STMTTRN><NAME>&xxe;</NAME></STMTTRN></OFX>';
    for (const [body, type] of [
      [bomb, 'application/vnd.camt+xml'],
      [external, 'application/x-ofx'],
    ]) {
      const response = await upload(member, main.id, body, type);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'MALFORMED_STATEMENT', line: 2 });
      expect(response.body).not.toContain('root:');
    }
    const limit = 5 * 1024 * 1024;
    const big = Buffer.alloc(limit + 1, 'a');
    const tooBig = await upload(member, main.id, big, 'text/csv');
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().code).toBe('PAYLOAD_TOO_LARGE');
    // exactly 5 MiB is read (and is not a statement)
    expect((await upload(member, main.id, big.subarray(0, limit), 'text/csv')).json().code).not.toBe('PAYLOAD_TOO_LARGE');
    // JSON or an unknown type is not a statement; statement types on other routes stay 415
    const json = await t.api('POST', `/budget-accounts/${main.id}/imports`, { token: member.accessToken, payload: { a: 1 } });
    expect([json.statusCode, json.json()]).toEqual([
      415,
      expect.objectContaining({ status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', detail: expect.stringContaining('text/csv') }),
    ]);
    // and the published document says so, in the problem-details shape
    const route = openApiDocument.paths['/api/v1/budget-accounts/{budgetAccountId}/imports'].post;
    expect(route.responses['415'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Problem' });
    expect((await upload(member, main.id, 'x', 'image/png')).statusCode).toBe(415);
    expect((await t.api('POST', '/transactions', { token: member.accessToken, payload: 'a,b', headers: { 'content-type': 'text/csv' } })).statusCode).toBe(415);
  });

  it("is scoped to the group and the Budget module; another group's account or preview is 404; disabled accounts take nothing", async () => {
    const { member, main, food, salary } = await budgetSetup(t);
    const other = await budgetSetup(t);
    expect((await upload(other.member, main.id, fixture('us-bank.csv'), 'text/csv')).statusCode).toBe(404);
    const p = await preview(member, main.id, fixture('us-bank.csv'), 'text/csv');
    const foreign = await t.api('POST', `/imports/${p.id}/commit`, { token: other.member.accessToken, payload: { rows: [] } });
    expect(foreign.statusCode).toBe(404);
    // a category of another group is 404 like a missing one, and nothing is written
    const stolen = await t.api('POST', `/imports/${p.id}/commit`, { token: member.accessToken, payload: { rows: categorised(p, other.food.id, salary.id) } });
    expect(stolen.statusCode).toBe(404);
    expect((await call(t, member, 'GET', '/transactions')).totalItems).toBe(0);
    // bad commit bodies
    for (const rows of [
      [{ index: 99, include: true }],
      [
        { index: 0, include: true, categoryId: food.id },
        { index: 0, include: false },
      ],
      [{ index: 0 }],
    ]) {
      expect((await t.api('POST', `/imports/${p.id}/commit`, { token: member.accessToken, payload: { rows } })).statusCode).toBe(400);
    }
    expect((await t.api('POST', '/imports/not-a-uuid/commit', { token: member.accessToken, payload: { rows: [] } })).json().code).toBe('INVALID_ID');

    // a group without the Budget module
    const mapOnly = await signedInUser(t, { modules: ['Map'] });
    const gated = await t.api('POST', `/budget-accounts/${main.id}/imports`, {
      token: mapOnly.accessToken,
      payload: 'a,b',
      headers: { 'content-type': 'text/csv' },
    });
    expect([gated.statusCode, gated.json().code]).toEqual([403, 'MODULE_DISABLED']);
    const gatedCommit = await t.api('POST', `/imports/${p.id}/commit`, { token: mapOnly.accessToken, payload: { rows: [] } });
    expect([gatedCommit.statusCode, gatedCommit.json().code]).toEqual([403, 'MODULE_DISABLED']);

    const disabled = await call(t, member, 'POST', '/budget-accounts', { name: 'Old' });
    await call(t, member, 'PUT', `/budget-accounts/${disabled.id}`, { name: 'Old', isDisabled: true });
    expect((await upload(member, disabled.id, fixture('us-bank.csv'), 'text/csv')).json().code).toBe('ACCOUNT_DISABLED');
  });

  it('commits a statement larger than one insert chunk with every history row and exact totals', async () => {
    const { member, main, food, salary } = await budgetSetup(t);
    const lines = ['Date,Description,Amount'];
    let cents = 0;
    for (let i = 0; i < 4321; i++) {
      const amount = (i % 7 === 0 ? 1 : -1) * ((i % 997) + 1);
      if (amount < 0) cents -= amount;
      lines.push(`2026-03-${String((i % 28) + 1).padStart(2, '0')},Shop ${i},${(amount / 100).toFixed(2)}`);
    }
    const p = await preview(member, main.id, lines.join('\n'), 'text/csv');
    expect(p.rows).toHaveLength(4321);
    expect(await commit(member, p.id, categorised(p, food.id, salary.id))).toEqual({ created: 4321, skipped: 0 });
    expect((await monthly(member, main.id)).totalExpense).toBe((cents / 100).toFixed(2));
    const [{ n }] = await t.db.query(
      `SELECT count(*)::int AS n FROM action_histories h JOIN transactions tr ON tr.id = h.entity_id ` +
        `WHERE tr.budget_account_id = $1 AND h.action = 'Created' AND h.user_id = $2`,
      [main.id, member.id],
    );
    expect(n).toBe(4321);
  });

  it('keeps a preview 24 h; housekeeping removes expired ones, which then cannot be committed', async () => {
    const { member, main } = await budgetSetup(t);
    const p = await preview(member, main.id, fixture('us-bank.csv'), 'text/csv');
    const housekeeping = t.app.get(HousekeepingService);
    expect(await housekeeping.runTask('housekeeping-imports', new Date(Date.now() + 23 * 3600 * 1000))).toBe(0);
    const [{ n }] = await t.db.query('SELECT count(*)::int AS n FROM statement_imports WHERE id = $1', [p.id]);
    expect(n).toBe(1);
    expect(await housekeeping.runTask('housekeeping-imports', new Date(Date.now() + 25 * 3600 * 1000))).toBeGreaterThanOrEqual(1);
    expect((await t.api('POST', `/imports/${p.id}/commit`, { token: member.accessToken, payload: { rows: [] } })).statusCode).toBe(404);
  });
});

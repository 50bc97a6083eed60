import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTestApp, TestApp } from '../support/app';
import { budgetSetup, call, createTransaction, Member } from './budget-support';

const fixture = (name: string) => readFileSync(join(__dirname, 'fixtures', name));

interface Original {
  amount: string;
  currency: string;
  rate: string;
}

interface Preview {
  id: string;
  rows: { index: number; date: string; amount: string; type: string; payee?: string; description: string; duplicateOf?: string; original?: Original }[];
  errors: unknown[];
  mapping?: Record<string, string>;
}

/** Statement rows paid in another currency keep it as the transaction's `original` (docs/import.md, "Other currencies"); the group's currency is EUR. */
describe('Budget: statement rows in another currency', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function preview(user: Member, accountId: string, body: Buffer, contentType: string, query = ''): Promise<Preview> {
    const response = await t.api('POST', `/budget-accounts/${accountId}/imports${query}`, {
      token: user.accessToken,
      payload: body,
      headers: { 'content-type': contentType },
    });
    if (response.statusCode !== 201) throw new Error(`preview: ${response.statusCode} ${response.body}`);
    return response.json();
  }

  /** Commits every row that is not a duplicate into `categoryId`; the account's transactions afterwards, oldest first. */
  async function commitAll(user: Member, p: Preview, accountId: string, categoryId: string) {
    const rows = p.rows.map((row) => ({ index: row.index, include: !row.duplicateOf, ...(row.duplicateOf ? {} : { categoryId }) }));
    const result = await call(t, user, 'POST', `/imports/${p.id}/commit`, { rows });
    const list = await call(t, user, 'GET', `/transactions?budgetAccountId=${accountId}&sort=date&pageSize=100`);
    return { result, stored: list.items.map((item: { date: string; amount: string; original: Original | null }) => [item.date, item.amount, item.original]) };
  }

  it('CAMT.053: the instructed amount in francs with the bank rate quoted per euro (inverted), a euro entry without one', async () => {
    const { member, main, food } = await budgetSetup(t);
    const p = await preview(member, main.id, fixture('camt053-chf.xml'), 'application/vnd.camt+xml');
    expect(p.errors).toEqual([]);
    // 1 EUR = 0.9424 CHF (UnitCcy EUR) is 1.06112054 EUR per franc: 84.00 × 1.06112054 = 89.13, the booked amount
    expect(p.rows.map((row) => [row.date, row.type, row.amount, row.original])).toEqual([
      ['2026-07-02', 'Expense', '64.20', undefined],
      ['2026-07-14', 'Expense', '89.13', { amount: '84.00', currency: 'CHF', rate: '1.06112054' }],
      // an instructed amount in the account's own currency is no original
      ['2026-07-15', 'Expense', '950.00', undefined],
    ]);
    const { result, stored } = await commitAll(member, p, main.id, food.id);
    expect(result).toEqual({ created: 3, skipped: 0 });
    expect(stored).toEqual([
      ['2026-07-02', '64.20', null],
      ['2026-07-14', '89.13', { amount: '84.00', currency: 'CHF', rate: '1.06112054' }],
      ['2026-07-15', '950.00', null],
    ]);
    // the month's report counts the group's amounts
    expect((await call(t, member, 'GET', `/transactions/report/monthly?year=2026&month=7&budgetAccountId=${main.id}`)).totalExpense).toBe('1103.33');
  });

  it('OFX: <CURRENCY> (TRNAMT in francs, converted at CURRATE) and <ORIGCURRENCY> (TRNAMT already in euros, the pounds worked out)', async () => {
    const { member, main, food } = await budgetSetup(t);
    const p = await preview(member, main.id, fixture('ofx-chf.ofx'), 'application/x-ofx');
    expect(p.rows.map((row) => [row.date, row.type, row.amount, row.original])).toEqual([
      ['2026-07-03', 'Expense', '23.50', undefined],
      // CHF 84.00 × 1.0611 = 89.1324 → €89.13
      ['2026-07-14', 'Expense', '89.13', { amount: '84.00', currency: 'CHF', rate: '1.0611' }],
      // €58.25 at 1.165 per pound: £50.00
      ['2026-07-20', 'Expense', '58.25', { amount: '50.00', currency: 'GBP', rate: '1.165' }],
    ]);
    const { stored } = await commitAll(member, p, main.id, food.id);
    expect(stored).toEqual([
      ['2026-07-03', '23.50', null],
      ['2026-07-14', '89.13', { amount: '84.00', currency: 'CHF', rate: '1.0611' }],
      ['2026-07-20', '58.25', { amount: '50.00', currency: 'GBP', rate: '1.165' }],
    ]);
    // imported again: every row is known, by its FITID
    expect((await preview(member, main.id, fixture('ofx-chf.ofx'), 'application/x-ofx')).rows.every((row) => row.duplicateOf)).toBe(true);
  });

  it('CSV: a card statement\'s "Originalbetrag" and "Währung" columns; the rate is amount ÷ original; euros and unknown codes keep none', async () => {
    const { member, main, food } = await budgetSetup(t);
    // typed by hand the day the card was charged: the group's amount is what duplicates are matched on, not the francs
    const typed = await createTransaction(t, member, { type: 'Expense', amount: '52.96', date: '2026-07-16', categoryId: food.id, budgetAccountId: main.id });
    const p = await preview(member, main.id, fixture('card-statement-chf.csv'), 'text/csv');
    expect(p.errors).toEqual([]);
    expect(p.mapping).toEqual({
      date: 'Buchungsdatum',
      amount: 'Betrag (EUR)',
      description: 'Beschreibung',
      originalAmount: 'Originalbetrag',
      originalCurrency: 'Währung',
    });
    expect(p.rows.map((row) => [row.date, row.amount, row.original, row.duplicateOf])).toEqual([
      // in the group's own currency: no original
      ['2026-07-04', '23.45', undefined, undefined],
      // 89.13 ÷ 84.00 = 1.061071428… → 1.06107143
      ['2026-07-14', '89.13', { amount: '84.00', currency: 'CHF', rate: '1.06107143' }, undefined],
      ['2026-07-16', '52.96', { amount: '49.90', currency: 'CHF', rate: '1.06132265' }, typed.id],
      // XYZ is no ISO 4217 code: the row is imported without it
      ['2026-07-19', '10.00', undefined, undefined],
    ]);
    const { result, stored } = await commitAll(member, p, main.id, food.id);
    expect(result).toEqual({ created: 3, skipped: 1 });
    expect(stored).toEqual([
      ['2026-07-04', '23.45', null],
      ['2026-07-14', '89.13', { amount: '84.00', currency: 'CHF', rate: '1.06107143' }],
      ['2026-07-16', '52.96', null],
      ['2026-07-19', '10.00', null],
    ]);

    // the columns given by hand
    const mapping = encodeURIComponent(
      JSON.stringify({
        date: 'Buchungsdatum',
        amount: 'Betrag (EUR)',
        description: 'Beschreibung',
        originalAmount: 'Originalbetrag',
        originalCurrency: 'Währung',
      }),
    );
    const given = await preview(member, main.id, fixture('card-statement-chf.csv'), 'text/csv', `?mapping=${mapping}`);
    expect(given.rows[1].original).toEqual({ amount: '84.00', currency: 'CHF', rate: '1.06107143' });
  });
});

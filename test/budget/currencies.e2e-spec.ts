import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { RatesService } from '../../src/modules/budget/rates/rates.service';
import { createTestApp, TestApp } from '../support/app';
import { createGroup } from '../support/factories';
import { budgetSetup, budgetUser, call, flatOfThree, historyOf, Member } from './budget-support';

/** An ECB euro reference file (eurofxref-daily.xml, -hist-90d.xml and -hist.xml share the format). */
const ecbFile = (days: Record<string, Record<string, string>>) => `<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
\t<gesmes:subject>Reference rates</gesmes:subject>
\t<gesmes:Sender><gesmes:name>European Central Bank</gesmes:name></gesmes:Sender>
\t<Cube>
${Object.entries(days)
  .map(
    ([day, rates]) =>
      `\t\t<Cube time='${day}'>\n${Object.entries(rates)
        .map(([c, r]) => `\t\t\t<Cube currency='${c}' rate='${r}'/>`)
        .join('\n')}\n\t\t</Cube>`,
  )
  .join('\n')}
\t</Cube>
</gesmes:Envelope>`;

// Friday 2026-11-20 and Monday 2026-11-23 (no rates on the weekend); GBP missing on the Monday
const HISTORY = ecbFile({
  '2026-11-23': { USD: '1.0551', CHF: '0.9402', JPY: '162.35' },
  '2026-11-20': { USD: '1.0498', CHF: '0.9387', GBP: '0.8541', JPY: '161.90' },
});
const DAILY = ecbFile({ '2026-11-24': { USD: '1.0600', CHF: '0.9410', GBP: '0.8550', JPY: '163.00' } });

describe('Budget: other currencies (rates served in the ECB format)', () => {
  let t: TestApp;
  let source: Server;
  let served: string | null = DAILY;
  let rates: RatesService;

  beforeAll(async () => {
    source = createServer((request, response) => {
      if (served === null || request.url !== '/eurofxref-daily.xml') {
        response.writeHead(503).end('unavailable');
        return;
      }
      response.writeHead(200, { 'content-type': 'text/xml' }).end(served);
    });
    await new Promise<void>((resolve) => source.listen(0, '127.0.0.1', resolve));
    const port = (source.address() as AddressInfo).port;
    t = await createTestApp({ EXCHANGE_RATES_URL: `http://127.0.0.1:${port}/eurofxref-daily.xml`, EXCHANGE_RATES_TIMEOUT_MS: '2000' });
    rates = t.app.get(RatesService);
    await rates.importXml(HISTORY);
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => source.close(resolve));
  });

  const problem = async (user: Member, method: 'GET' | 'POST' | 'PUT', path: string, payload?: unknown) => {
    const response = await t.api(method, path, { token: user.accessToken, payload });
    return { status: response.statusCode, ...(response.body ? response.json() : {}) };
  };

  it('loads the daily file, and with the source down or unreachable keeps the rates it has and says from when', async () => {
    expect(await rates.refresh()).toEqual({ rates: 4, latest: '2026-11-24' });
    served = null;
    const down = await rates.refresh();
    expect(down).toMatchObject({ rates: 0, latest: '2026-11-24', error: 'status 503' });
    served = DAILY;
    const user = await budgetUser(t);
    expect(await call(t, user, 'GET', '/budget/rates?currency=CHF&date=2026-11-24')).toEqual({
      currency: 'CHF',
      date: '2026-11-24',
      rate: '1.06269926', // 1 / 0.9410
      source: 'ECB',
      rateDate: '2026-11-24',
    });
    // no network at all: a port nobody listens on
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const offline = await createTestApp(
      { EXCHANGE_RATES_URL: `http://127.0.0.1:${port}/eurofxref-daily.xml`, EXCHANGE_RATES_TIMEOUT_MS: '1000' },
      { existingDatabase: undefined },
    );
    try {
      const result = await offline.app.get(RatesService).refresh();
      expect(result.rates).toBe(0);
      expect(result.error).toBeDefined();
    } finally {
      await offline.close();
    }
  });

  it(
    'answers the latest rate on or before a day: a weekend reads Friday, ' + 'a currency missing on a day reads the day before, through the euro for any pair',
    async () => {
      const user = await budgetUser(t);
      expect(await call(t, user, 'GET', '/budget/rates?currency=CHF&date=2026-11-22')).toMatchObject({
        rate: '1.06530308',
        source: 'ECB',
        rateDate: '2026-11-20',
      });
      expect(await call(t, user, 'GET', '/budget/rates?currency=GBP&date=2026-11-23')).toMatchObject({ rateDate: '2026-11-20', rate: '1.17082309' });
      // a group in francs: euros and dollars through the euro
      const group = await createGroup(t, { currency: 'CHF', modules: ['Budget'] });
      const swiss = await budgetUser(t, group.id);
      expect(await call(t, swiss, 'GET', '/budget/rates?currency=EUR&date=2026-11-23')).toMatchObject({ rate: '0.9402', rateDate: '2026-11-23' });
      expect(await call(t, swiss, 'GET', '/budget/rates?currency=USD&date=2026-11-23')).toMatchObject({ rate: '0.89110037', rateDate: '2026-11-23' });
      expect(await problem(user, 'GET', '/budget/rates?currency=CHF&date=2026-11-01')).toMatchObject({ status: 400, code: 'RATE_UNKNOWN' });
      expect(await problem(user, 'GET', '/budget/rates?currency=EUR')).toMatchObject({ status: 400, code: 'SAME_CURRENCY' });
      expect(await problem(user, 'GET', '/budget/rates?currency=XXY')).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
    },
  );

  it("takes a group's manual rate, which wins over the ECB's on its day and only in that group", async () => {
    const user = await budgetUser(t);
    const other = await budgetUser(t);
    expect(await call(t, user, 'PUT', '/budget/rates', { currency: 'CHF', date: '2026-11-23', rate: '1.0800' })).toEqual({
      currency: 'CHF',
      date: '2026-11-23',
      rate: '1.08',
      source: 'manual',
      rateDate: '2026-11-23',
    });
    expect(await call(t, user, 'GET', '/budget/rates?currency=CHF&date=2026-11-23')).toMatchObject({ rate: '1.08', source: 'manual' });
    expect(await call(t, other, 'GET', '/budget/rates?currency=CHF&date=2026-11-23')).toMatchObject({ source: 'ECB' });
    expect(await problem(user, 'PUT', '/budget/rates', { currency: 'CHF', date: '2026-11-23', rate: '0' })).toMatchObject({ status: 400 });
    expect(await problem(user, 'PUT', '/budget/rates', { currency: 'CHF', date: '2026-11-23', rate: '1.123456789' })).toMatchObject({ status: 400 });
  });

  it('records a transaction paid in francs: the amount converted half-up, or checked against the one given; refusals name the field', async () => {
    const { member, food } = await budgetSetup(t);
    const dinner = await call(t, member, 'POST', '/transactions', {
      type: 'Expense',
      categoryId: food.id,
      date: '2026-11-21',
      description: 'Dinner',
      original: { amount: '84', currency: 'CHF', rate: '1.0611' },
    });
    expect(dinner).toMatchObject({ amount: '89.13', original: { amount: '84.00', currency: 'CHF', rate: '1.0611' } });
    // the rate left out: the stored one of the date (a Saturday reads Friday's)
    const stored = await call(t, member, 'POST', '/transactions', {
      type: 'Expense',
      categoryId: food.id,
      date: '2026-11-21',
      original: { amount: '10', currency: 'CHF' },
    });
    expect(stored).toMatchObject({ amount: '10.65', original: { rate: '1.06530308' } });
    // yen have no decimals
    const ramen = await call(t, member, 'POST', '/transactions', {
      type: 'Expense',
      categoryId: food.id,
      date: '2026-11-23',
      original: { amount: '1500', currency: 'JPY' },
    });
    expect(ramen.original).toEqual({ amount: '1500', currency: 'JPY', rate: '0.00615953' });
    expect(ramen.amount).toBe('9.24');
    // search finds the dinner by the amount typed in either currency
    const titles = async (q: string) => (await call(t, member, 'GET', `/search?q=${encodeURIComponent(q)}`)).items.map((hit: { title: string }) => hit.title);
    expect(await titles('84,00')).toEqual(['Dinner']);
    expect(await titles('89.13')).toEqual(['Dinner']);
    // both given: within a cent is taken as typed
    expect(
      await call(t, member, 'POST', '/transactions', {
        type: 'Expense',
        categoryId: food.id,
        amount: '89.14',
        original: { amount: '84', currency: 'CHF', rate: '1.0611' },
      }),
    ).toMatchObject({ amount: '89.14' });
    const body = { type: 'Expense', categoryId: food.id, date: '2026-11-23' };
    expect(
      await problem(member, 'POST', '/transactions', { ...body, amount: '89.20', original: { amount: '84', currency: 'CHF', rate: '1.0611' } }),
    ).toMatchObject({
      status: 400,
      code: 'AMOUNT_RATE_MISMATCH',
      expected: '89.13',
    });
    expect(await problem(member, 'POST', '/transactions', { ...body, original: { amount: '84', currency: 'EUR', rate: '1' } })).toMatchObject({
      status: 400,
      code: 'SAME_CURRENCY',
    });
    expect(await problem(member, 'POST', '/transactions', { ...body, date: '2026-01-01', original: { amount: '84', currency: 'CHF' } })).toMatchObject({
      status: 400,
      code: 'RATE_UNKNOWN',
      currency: 'CHF',
    });
    for (const original of [
      { amount: '84', currency: 'ABC', rate: '1' },
      { amount: '84', currency: 'CHF', rate: '0' },
      { amount: '84', currency: 'CHF', rate: '1.123456789' },
      { amount: '84.5', currency: 'JPY', rate: '0.006' },
      { amount: '-84', currency: 'CHF', rate: '1' },
    ]) {
      expect(await problem(member, 'POST', '/transactions', { ...body, original })).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
    }
    expect(await problem(member, 'POST', '/transactions', body)).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
    const count = await t.db.query(`SELECT count(*)::int AS n FROM transactions WHERE group_id = $1`, [member.groupId]);
    expect(count[0].n).toBe(4);
    // the history records the original; an update to the group's currency removes it
    const updated = await call(t, member, 'PUT', `/transactions/${dinner.id}`, { type: 'Expense', categoryId: food.id, amount: '90', description: 'Dinner' });
    expect(updated).toMatchObject({ amount: '90.00', original: null });
    const history = await historyOf(t, dinner.id);
    expect(history[0].changes.original).toEqual({ old: null, new: { amount: '84.00', currency: 'CHF', rate: '1.0611' } });
    expect(history[1].changes).toEqual({
      amount: { old: '89.13', new: '90.00' },
      original: { old: { amount: '84.00', currency: 'CHF', rate: '1.0611' }, new: null },
    });
    expect((await call(t, member, 'GET', `/transactions/${dinner.id}`)).original).toBeNull();
  });

  it('a recurring transaction in pounds makes occurrences that carry it', async () => {
    const { member, food } = await budgetSetup(t);
    const rule = await call(t, member, 'POST', '/recurring-transactions', {
      type: 'Expense',
      categoryId: food.id,
      frequency: 'Monthly',
      startDate: '2026-11-20',
      original: { amount: '12.99', currency: 'GBP' },
    });
    expect(rule).toMatchObject({ amount: '15.21', original: { amount: '12.99', currency: 'GBP', rate: '1.17082309' } });
  });

  it('a trip of four in three currencies, every suggested payment recorded in francs, settles to exactly zero in euros', async () => {
    const { anna, ben, cleo, food } = await flatOfThree(t);
    const dan = await budgetUser(t, anna.groupId!);
    const all = [anna, ben, cleo, dan].map((u) => ({ userId: u.id }));
    const spend = (payer: Member, original: Record<string, string>, description: string) =>
      call(t, payer, 'POST', '/transactions', {
        type: 'Expense',
        categoryId: food.id,
        date: '2026-11-23',
        description,
        original,
        split: { mode: 'equal', members: all },
      });
    await spend(anna, { amount: '84.00', currency: 'CHF' }, 'Dinner');
    await spend(ben, { amount: '133.33', currency: 'CHF', rate: '1.0611' }, 'Hotel');
    await spend(cleo, { amount: '47.17', currency: 'GBP' }, 'Train');
    await call(t, dan, 'POST', '/transactions', {
      type: 'Expense',
      categoryId: food.id,
      date: '2026-11-23',
      amount: '19.99',
      split: { mode: 'equal', members: all },
    });
    const inFrancs = await call(t, anna, 'GET', '/budget/balances?currency=CHF&to=2026-11-23');
    expect(inFrancs).toMatchObject({ currency: 'EUR', converted: { currency: 'CHF', rate: '1.06360349', rateDate: '2026-11-23', source: 'ECB' } });
    for (const suggestion of inFrancs.suggestions) {
      const payer = [anna, ben, cleo, dan].find((u) => u.id === suggestion.from)!;
      const settlement = await call(t, payer, 'POST', '/budget/settlements', {
        fromUserId: suggestion.from,
        toUserId: suggestion.to,
        amount: suggestion.amount,
        original: suggestion.original,
        date: '2026-11-23',
      });
      expect(settlement.original).toEqual(suggestion.original);
      expect(settlement.original.currency).toBe('CHF');
    }
    const after = await call(t, anna, 'GET', '/budget/balances');
    expect(after.parties.map((p: any) => p.net)).toEqual(['0.00', '0.00', '0.00', '0.00']);
    expect(after.suggestions).toEqual([]);
    const history = await t.db.query(`SELECT changes FROM action_histories WHERE entity_type = 'Settlement' AND group_id = $1`, [anna.groupId]);
    expect(history.length).toBe(inFrancs.suggestions.length);
  });
});

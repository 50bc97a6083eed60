import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { expect, SCREENSHOTS, seedGroup, seedUser, signIn, test } from './support/fixtures';

const now = new Date();
const dateOf = (day: Date) => `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
const today = dateOf(now);

/**
 * A euro household with Anna in it, its default account, one category and the group's own CHF rate
 * of today, 1.0611 (no ECB file is served to these tests).
 */
async function seedTrip(db: Parameters<typeof seedGroup>[0], names: { account: string; category: string }) {
  const group = await seedGroup(db, { modules: ['Budget'], currency: 'EUR' });
  const anna = await seedUser(db, group.id, { nickname: 'Anna' });
  await db.query(`INSERT INTO budget_accounts (id, group_id, name, is_default) VALUES ($1, $2, $3, true)`, [randomUUID(), group.id, names.account]);
  const category = `INSERT INTO categories (id, group_id, name, color, icon, sort_order) VALUES ($1, $2, $3, '#16A34A', 'ShoppingCart', 1)`;
  await db.query(category, [randomUUID(), group.id, names.category]);
  await db.query(`INSERT INTO budget_manual_rates (group_id, currency, date, rate) VALUES ($1, 'CHF', $2, '1.0611')`, [group.id, today]);
  return { group, anna };
}

/**
 * A trip to Switzerland at 360 px: a dinner for four paid in francs is entered with its rate, the
 * amount in euros shown as it is typed, and the balances settled up in francs until everyone is even.
 */
test.describe('Budget, a trip in another currency', () => {
  test('a CHF dinner for four, then settling up in francs', async ({ page, service }) => {
    test.setTimeout(120_000);
    const { group, anna } = await seedTrip(service.db, { account: 'Travel', category: 'Eating out' });
    for (const nickname of ['Ben', 'Cleo', 'Dan']) await seedUser(service.db, group.id, { nickname });
    await signIn(page, anna);

    await page.goto('/budget/transactions/new?type=Expense');
    await page.getByLabel('Currency').selectOption('CHF');
    await expect(page.getByLabel(/^Rate/)).toHaveValue('1.0611');
    await page.getByLabel(/^Amount/).fill('84');
    await expect(page.getByText('= €89.13')).toBeVisible();
    await page.getByLabel('Category').selectOption({ label: 'Eating out' });
    await page.getByLabel('Description (optional)').fill('Dinner');
    await page.getByLabel('Share this between members').check();
    const between = page.getByRole('group', { name: 'Split between' });
    for (const name of ['Anna', 'Ben', 'Cleo', 'Dan']) await between.getByLabel(name, { exact: true }).check();
    await page.getByRole('button', { name: 'Add expense' }).click();
    await expect(page.getByText('Transaction saved.')).toBeVisible();
    // the list shows both amounts
    await expect(page.getByRole('link', { name: /Dinner/ })).toContainText('CHF');
    await expect(page.getByRole('link', { name: /Dinner/ })).toContainText('89.13');

    // settling up in francs: each suggested payment recorded with its original, until everyone is even
    await page.goto('/budget/balances');
    await page.getByLabel('Settle in').selectOption('CHF');
    const suggestions = page.getByRole('list', { name: 'Payments that settle everything' });
    for (let i = 0; i < 3; i++) {
      const debt = suggestions.getByRole('listitem').first();
      await expect(debt).toContainText('CHF');
      await debt.getByRole('button', { name: 'Record payment' }).click();
      await debt.getByRole('button', { name: 'Yes, record it' }).click();
      await expect(page.getByText(/^Recorded: /)).toBeVisible();
    }
    await expect(page.getByRole('heading', { name: 'Everyone is settled up' })).toBeVisible();
    // no wider than the phone
    expect(
      await page.evaluate(() => {
        const root = (globalThis as any).document.scrollingElement;
        return root.scrollWidth <= root.clientWidth;
      }),
    ).toBe(true);
  });

  test('a monthly parking fee in francs keeps its rate, shows both amounts, and is edited back to euros', async ({ page, service }) => {
    test.setTimeout(120_000);
    const { group, anna } = await seedTrip(service.db, { account: 'Travel', category: 'Car' });
    // the first date a few days ahead: the rule is in the overview's next 30 days, and nothing is entered yet
    const first = dateOf(new Date(now.getFullYear(), now.getMonth(), now.getDate() + 3));
    await signIn(page, anna);

    await page.goto('/budget/recurring/new');
    await page.getByLabel('First date').fill(first);
    await expect(page.getByLabel('Currency')).toHaveValue('EUR');
    await page.getByLabel('Currency').selectOption('CHF');
    // the rate of the first date (the latest known on or before it), editable
    await expect(page.getByLabel(/^Rate/)).toHaveValue('1.0611');
    await expect(page.getByText('Every occurrence is entered at this rate, until you change it here.')).toBeVisible();
    await page.getByLabel(/^Amount/).fill('84');
    await expect(page.getByText('= €89.13')).toBeVisible();
    await page.getByLabel('Category').selectOption({ label: 'Car' });
    await page.getByLabel('Description (optional)').fill('Parking in Basel');
    await expect(page.getByLabel('Repeats')).toHaveValue('Monthly');
    await page.getByRole('button', { name: 'Create recurring transaction' }).click();
    await expect(page).toHaveURL(/\/budget\/recurring$/);

    // the list and the overview's next 30 days show both amounts
    const card = page.getByRole('listitem', { name: 'Parking in Basel' });
    await expect(card).toContainText(/CHF\s84\.00 \(€89\.13\)/);
    await page.screenshot({ path: join(SCREENSHOTS, 'budget-currencies-recurring.png'), fullPage: true });
    await page.goto('/budget');
    await expect(page.getByRole('list', { name: 'Coming up' })).toContainText(/-CHF\s84\.00 \(-€89\.13\)/);
    // both amounts still fit the phone
    expect(
      await page.evaluate(() => {
        const root = (globalThis as any).document.scrollingElement;
        return root.scrollWidth <= root.clientWidth;
      }),
    ).toBe(true);
    await page.screenshot({ path: join(SCREENSHOTS, 'budget-currencies-upcoming.png'), fullPage: true });
    const [stored] = (await service.db.query(`SELECT amount, original FROM recurring_transactions WHERE group_id = $1`, [group.id])).rows;
    expect(stored).toEqual({ amount: '89.13', original: { amount: '84.00', currency: 'CHF', rate: '1.0611' } });

    // the francs come back to the form
    await page.goto('/budget/recurring');
    await card.getByRole('link', { name: 'Edit' }).click();
    await expect(page.getByLabel('Currency')).toHaveValue('CHF');
    await expect(page.getByLabel(/^Amount/)).toHaveValue('84.00');
    await expect(page.getByLabel(/^Rate/)).toHaveValue('1.0611');
    // back to the group's currency: the rate goes, and the original with it
    await page.getByLabel('Currency').selectOption('EUR');
    await expect(page.getByLabel(/^Rate/)).toHaveCount(0);
    await page.getByLabel(/^Amount/).fill('90');
    await page.getByRole('button', { name: 'Save recurring transaction' }).click();
    await expect(page).toHaveURL(/\/budget\/recurring$/);
    await expect(card).toContainText('€90.00');
    await expect(card).not.toContainText('CHF');
    const [edited] = (await service.db.query(`SELECT amount, original FROM recurring_transactions WHERE group_id = $1`, [group.id])).rows;
    expect(edited).toEqual({ amount: '90.00', original: null });
  });
});

/** A German phone: the rate is shown and read with the decimal comma, and a rate with a dot is read too. */
test.describe('Budget, a rate typed in German', () => {
  test.use({ locale: 'de-DE' });

  test('a CHF dinner at "1,0611", typed again as "1.0611" and then "1,05"', async ({ page, service }) => {
    test.setTimeout(120_000);
    const { group, anna } = await seedTrip(service.db, { account: 'Reise', category: 'Essen' });
    const login = await page.request.post('/api/v1/session', { data: { username: anna.username, password: anna.password } });
    expect(login.status()).toBe(200);

    await page.goto('/budget/transactions/new?type=Expense');
    await page.getByLabel('Währung').selectOption('CHF');
    await expect(page.getByLabel(/^Kurs/)).toHaveValue('1,0611');
    await page.getByLabel(/^Betrag/).fill('84');
    await expect(page.getByText(/^= 89,13\s€$/)).toBeVisible();
    // the form the rates are published in is read too
    await page.getByLabel(/^Kurs/).fill('1.0611');
    await expect(page.getByText(/^= 89,13\s€$/)).toBeVisible();
    await page.getByLabel(/^Kurs/).fill('1,05');
    await expect(page.getByText(/^= 88,20\s€$/)).toBeVisible();
    await page.getByLabel('Kategorie').selectOption({ label: 'Essen' });
    await page.getByRole('button', { name: 'Ausgabe hinzufügen' }).click();
    await expect(page.getByText('Buchung gespeichert.')).toBeVisible();
    const [stored] = (await service.db.query(`SELECT amount, original FROM transactions WHERE group_id = $1`, [group.id])).rows;
    expect(stored).toEqual({ amount: '88.20', original: { amount: '84.00', currency: 'CHF', rate: '1.05' } });
  });
});

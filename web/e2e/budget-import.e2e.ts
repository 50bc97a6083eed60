import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import type { Client } from 'pg';
import { expect, SCREENSHOTS, seedGroup, seedUser, signIn, test } from './support/fixtures';
import type { Service } from './support/service';

const FIXTURES = join(__dirname, '..', '..', 'test', 'budget', 'fixtures');

/** A group with an account, four categories, a past REWE purchase (for the suggestion) and a hand-typed one the statement repeats. */
async function seedBudget(db: Client, groupId: string, userId: string) {
  const account = randomUUID();
  await db.query(`INSERT INTO budget_accounts (id, group_id, name, is_default) VALUES ($1, $2, 'Giro', true)`, [account, groupId]);
  const categories: Record<string, string> = {};
  for (const [i, name] of ['Groceries', 'Salary', 'Housing', 'Utilities'].entries()) {
    categories[name] = randomUUID();
    await db.query(`INSERT INTO categories (id, group_id, name, color, icon, sort_order) VALUES ($1, $2, $3, '#16A34A', 'ShoppingCart', $4)`, [
      categories[name],
      groupId,
      name,
      i + 1,
    ]);
  }
  const add = (amount: string, date: string, description: string, category: string) =>
    db.query(
      `INSERT INTO transactions (id, group_id, type, amount, date, description, category_id, budget_account_id, created_by_id)
       VALUES ($1, $2, 'Expense', $3, $4, $5, $6, $7, $8)`,
      [randomUUID(), groupId, amount, date, description, categories[category], account, userId],
    );
  await add('20.00', '2026-02-10', 'Bäckerei Müller', 'Groceries');
  // typed by hand the day after the bank booked it: the import must flag it
  await add('86.45', '2026-03-04', 'Wocheneinkauf REWE', 'Groceries');
  return { account, categories };
}

/** A member of a fresh Budget group with seedBudget's data, signed in. */
async function signedInWithBudget(page: Page, service: Service) {
  const group = await seedGroup(service.db, { modules: ['Budget'], currency: 'EUR' });
  const member = await seedUser(service.db, group.id);
  await seedBudget(service.db, group.id, member.id);
  await signIn(page, member);
}

test.describe('Budget: import statement', () => {
  test('a German bank CSV is previewed by payee with a duplicate flagged and a category suggested, then added and shown in the list', async ({
    page,
    service,
  }) => {
    await signedInWithBudget(page, service);

    await page.goto('/budget/transactions');
    await page.getByRole('link', { name: 'Import statement' }).click();
    await expect(page.getByRole('heading', { name: 'Import statement' })).toBeVisible();
    await expect(page.getByLabel('Account').locator('option:checked')).toHaveText('Giro (default)');
    await page.getByLabel('Statement file').setInputFiles(join(FIXTURES, 'german-bank.csv'));
    await page.getByRole('button', { name: 'Read statement' }).click();

    // one line per payee: the two Stadtwerke rows share one
    const rows = page.getByRole('list', { name: 'Statement rows by payee' }).locator(':scope > li');
    await expect(rows).toHaveCount(6);
    await expect(page.getByText('7 rows read, 6 payees; 6 will be added.')).toBeVisible();
    // the row typed by hand already: flagged and left out (its details on tap)
    const rewe = rows.filter({ hasText: 'REWE Markt GmbH' });
    await expect(rewe).toContainText('1 left out');
    await rewe.getByRole('button', { name: /REWE Markt GmbH/ }).click();
    await expect(rewe.getByText('Already in the budget')).toBeVisible();
    await expect(rewe.getByRole('checkbox')).not.toBeChecked();
    // the bakery: its category suggested from the past; umlauts read from Windows-1252
    const bakery = rows.filter({ hasText: 'Bäckerei Müller' });
    await expect(bakery.getByLabel('Category for Bäckerei Müller').locator('option:checked')).toHaveText('Groceries (suggested)');
    await expect(bakery.getByText('-€12.80')).toBeVisible();
    // the preview as a phone shows it (the final page is saved by the fixture)
    await page.screenshot({ path: join(SCREENSHOTS, 'Budget-import-statement-preview.png'), fullPage: true });

    // adding without categories for the rest: one message, nothing is sent
    await page.getByRole('button', { name: 'Add 6 transactions' }).click();
    await expect(page.getByRole('alert')).toContainText('Choose a category for 5 rows (4 payees)');
    await rows.filter({ hasText: 'Arbeitgeber AG' }).getByLabel('Category for Arbeitgeber AG').selectOption({ label: 'Salary' });
    await rows
      .filter({ hasText: 'Hausverwaltung' })
      .getByLabel(/^Category for/)
      .selectOption({ label: 'Housing' });
    // one choice for both Stadtwerke rows
    await rows.filter({ hasText: 'Stadtwerke Köln' }).getByLabel('Category for Stadtwerke Köln (2 rows)').selectOption({ label: 'Utilities' });
    await rows
      .filter({ hasText: 'Krankenkasse' })
      .getByLabel(/^Category for/)
      .selectOption({ label: 'Salary' });
    // one more left out by hand
    const health = rows.filter({ hasText: 'Krankenkasse' });
    await health.getByRole('button', { name: /Krankenkasse/ }).click();
    await health.getByRole('checkbox').uncheck();
    await page.getByRole('button', { name: 'Add 5 transactions' }).click();

    // the result at the top, focused, then the transactions list, filtered to the account and the statement's dates
    await expect(page.getByRole('heading', { name: 'Imported 5 transactions' })).toBeFocused();
    await expect(page.getByText('2 rows were left out or already there.')).toBeVisible();
    await page.getByRole('link', { name: 'Show the imported transactions' }).click();
    await expect(page).toHaveURL(/\/budget\/transactions\?budgetAccountId=.*from=2026-03-02.*to=2026-03-15/);
    await expect(page.getByText('Imported 5 transactions (2 left out or already there).')).toBeVisible();
    const list = page.getByRole('list', { name: 'Transactions' });
    await expect(list.getByRole('listitem')).toHaveCount(6); // the five and the REWE purchase typed by hand
    await expect(list.getByText('Bäckerei Müller — Brötchen und Kuchen')).toBeVisible();
    await expect(list.getByRole('listitem').filter({ hasText: 'Hausverwaltung Schäfer' }).getByText('-€1,234.56')).toBeVisible();
  });

  test('a CSV whose columns are not recognised gets a column step; unreadable lines are listed', async ({ page, service }) => {
    await signedInWithBudget(page, service);

    await page.goto('/budget/transactions/import');
    const csv = 'When;What;Who;How much\n01.03.2026;Einkauf;Laden Eck;-1,50\nsoon;Broken;Nobody;-2,00\n02.03.2026;Kaffee;Café Süd;-3,20\n';
    await page.getByLabel('Statement file').setInputFiles({ name: 'export.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByRole('button', { name: 'Read statement' }).click();
    await expect(page.getByRole('alert')).toContainText('were not recognised');
    await expect(page.getByRole('group', { name: 'Which column holds what?' })).toBeVisible();
    await page.getByLabel('Date').selectOption({ label: 'When' });
    await page.getByLabel(/^Amount/).selectOption({ label: 'How much' });
    await page.getByLabel('Description').selectOption({ label: 'What' });
    await page.getByLabel('Payee or payer').selectOption({ label: 'Who' });
    // a card statement's amount as paid abroad and its currency can be named too
    await expect(page.getByLabel(/^Original amount/)).toBeVisible();
    await expect(page.getByLabel('Currency of the original amount')).toBeVisible();
    await page.getByRole('button', { name: 'Read statement' }).click();

    const rows = page.getByRole('list', { name: 'Statement rows by payee' }).locator(':scope > li');
    await expect(rows).toHaveCount(2);
    await expect(page.getByRole('region', { name: 'Lines that could not be read' })).toContainText('Line 3');
    await page.getByLabel(/^Category for all remaining rows/).selectOption({ label: 'Groceries' });
    await page.getByRole('button', { name: 'Add 2 transactions' }).click();
    await expect(page.getByRole('heading', { name: 'Imported 2 transactions' })).toBeVisible();
    await page.getByRole('link', { name: 'Show the imported transactions' }).click();
    await expect(page.getByText('Imported 2 transactions.')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Transactions' }).getByText('Café Süd — Kaffee')).toBeVisible();
  });

  test('a card statement with a row paid in francs shows both amounts in the preview and keeps the francs', async ({ page, service }) => {
    await signedInWithBudget(page, service);

    await page.goto('/budget/transactions/import');
    await page.getByLabel('Statement file').setInputFiles(join(FIXTURES, 'card-statement-chf.csv'));
    await page.getByRole('button', { name: 'Read statement' }).click();

    const rows = page.getByRole('list', { name: 'Statement rows by payee' }).locator(':scope > li');
    await expect(rows).toHaveCount(4);
    // paid in francs: the francs first, then what the card booked in euros
    await expect(rows.filter({ hasText: 'COOP-3456 ZUERICH' }).getByText('-CHF 84.00 (-€89.13)')).toBeVisible();
    // a row in euros has one amount
    await expect(rows.filter({ hasText: 'REWE MARKT KOELN' }).getByText('-€23.45', { exact: true })).toBeVisible();
    await page.getByLabel(/^Category for all remaining rows/).selectOption({ label: 'Groceries' });
    await page.getByRole('button', { name: 'Add 4 transactions' }).click();

    await page.getByRole('link', { name: 'Show the imported transactions' }).click();
    const coop = page.getByRole('list', { name: 'Transactions' }).getByRole('listitem').filter({ hasText: 'COOP-3456 ZUERICH' });
    await expect(coop).toContainText('-€89.13');
    await expect(coop).toContainText('CHF 84.00');
  });
});

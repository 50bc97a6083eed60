import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, SCREENSHOTS, seedGroup, seedUser, test } from './support/fixtures';
import type { SeededUser, Service } from './support/service';

/*
 * "1.500" or "1,500": one separator three digits from the end is fifteen hundred in one convention
 * and one and a half in the other. The app asks which is meant before it saves, with both amounts
 * in the person's language and the group's currency, and saves the one chosen.
 */

/** A group with the budget, an account, a category and `others`, and a member of it signed in at `path`. */
async function budgetMember(
  page: Page,
  service: Service,
  path: string,
  category: string,
  others: string[] = [],
): Promise<{ groupId: string; user: SeededUser }> {
  const group = await seedGroup(service.db, { modules: ['Budget'], currency: 'EUR' });
  const user = await seedUser(service.db, group.id, { nickname: 'Anna' });
  for (const nickname of others) await seedUser(service.db, group.id, { nickname });
  await service.db.query(`INSERT INTO budget_accounts (id, group_id, name, is_default) VALUES ($1, $2, 'Bank', true)`, [randomUUID(), group.id]);
  await service.db.query(`INSERT INTO categories (id, group_id, name, color, icon, sort_order) VALUES ($1, $2, $3, '#16A34A', 'ShoppingCart', 1)`, [
    randomUUID(),
    group.id,
    category,
  ]);
  const login = await page.request.post('/api/v1/session', { data: { username: user.username, password: user.password } });
  expect(login.status()).toBe(200);
  await page.goto(path);
  return { groupId: group.id, user };
}

/** The new-expense form's words in each language. */
const FORM = {
  de: { amount: /^Betrag/, category: 'Kategorie', categoryName: 'Lebensmittel', add: 'Ausgabe hinzufügen' },
  en: { amount: /^Amount/, category: 'Category', categoryName: 'Groceries', add: 'Add expense' },
};

/** A member opens a new expense, types `amount`, picks the category and saves; the group's id. */
async function addExpense(page: Page, service: Service, language: keyof typeof FORM, amount: string): Promise<string> {
  const words = FORM[language];
  const { groupId } = await budgetMember(page, service, '/budget/transactions/new?type=Expense', words.categoryName);
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  await page.getByLabel(words.amount).fill(amount);
  await page.getByLabel(words.category).selectOption({ label: words.categoryName });
  await page.getByRole('button', { name: words.add }).click();
  return groupId;
}

const amounts = async (service: Service, groupId: string) =>
  (await service.db.query(`SELECT amount FROM transactions WHERE group_id = $1`, [groupId])).rows.map((row: { amount: string }) => row.amount);

test.describe('Auf Deutsch', () => {
  test.use({ locale: 'de-DE' });

  test('„1.500“ wird erfragt, bevor es gespeichert wird; „1.500,00 €“ gewählt speichert 1500.00', async ({ page, service }) => {
    const groupId = await addExpense(page, service, 'de', '1.500');

    const question = page.getByRole('group', { name: /^1\.500 — 1\.500,00\s€ oder 1,50\s€\?$/ });
    await expect(question).toBeVisible();
    await expect(question.getByRole('button')).toHaveText([/^1\.500,00\s€$/, /^1,50\s€$/]);
    // asked, not saved
    expect(await amounts(service, groupId)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'Deutsch-Betrag-erfragt.png') });

    await question.getByRole('button', { name: /^1\.500,00\s€$/ }).click();
    await expect(page.getByText('Buchung gespeichert.')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Buchungen' })).toContainText(/1\.500,00\s€/);
    expect(await amounts(service, groupId)).toEqual(['1500.00']);
  });

  test('eine andere Eingabe nimmt die Frage zurück; „12,50“ wird ohne Frage gespeichert', async ({ page, service }) => {
    const groupId = await addExpense(page, service, 'de', '12.000');
    await expect(page.getByRole('group', { name: /^12\.000 — 12\.000,00\s€ oder 12,00\s€\?$/ })).toBeVisible();
    await page.getByLabel(/^Betrag/).fill('12,50');
    await expect(page.getByRole('group', { name: /oder/ })).toHaveCount(0);
    await page.getByRole('button', { name: 'Ausgabe hinzufügen' }).click();
    await expect(page.getByText('Buchung gespeichert.')).toBeVisible();
    expect(await amounts(service, groupId)).toEqual(['12.50']);
  });

  test('ein überzogener Anfangsbestand „-1,500“ wird ebenso erfragt; „-1,50 €“ gewählt speichert -1.50', async ({ page, service }) => {
    const { groupId } = await budgetMember(page, service, '/budget/accounts', 'Lebensmittel');
    const form = page.getByRole('listitem').filter({ hasText: 'Bank' });
    await form.getByRole('button', { name: 'Bank bearbeiten' }).click();
    await form.getByLabel(/^Anfangsbestand/).fill('-1,500');
    await form.getByRole('button', { name: 'Konto speichern' }).click();
    const question = form.getByRole('group', { name: /^-1,500 — -1\.500,00\s€ oder -1,50\s€\?$/ });
    await expect(question).toBeVisible();
    await question.getByRole('button', { name: /^-1,50\s€$/ }).click();
    await expect(page.getByLabel('Kontostand von Bank')).toHaveText(/^-1,50\s€$/);
    const { rows } = await service.db.query('SELECT opening_balance FROM budget_accounts WHERE group_id = $1', [groupId]);
    expect(rows).toEqual([{ opening_balance: '-1.50' }]);
  });
});

test.describe('In English', () => {
  test('"1,500" is asked about too; "€1.50" chosen saves 1.50', async ({ page, service }) => {
    const groupId = await addExpense(page, service, 'en', '1,500');

    const question = page.getByRole('group', { name: '1,500 — €1,500.00 or €1.50?' });
    await expect(question).toBeVisible();
    expect(await amounts(service, groupId)).toEqual([]);
    await question.getByRole('button', { name: '€1.50' }).click();
    await expect(page.getByText('Transaction saved.')).toBeVisible();
    expect(await amounts(service, groupId)).toEqual(['1.50']);
  });

  test('a payment between members is asked about the same way', async ({ page, service }) => {
    // Ben is there before the page opens: a reload while the page's first refresh is under way can
    // lose the renewed refresh cookie, and the session with it
    const { groupId, user } = await budgetMember(page, service, '/budget/balances', 'Groceries', ['Ben']);
    const form = page.getByRole('form', { name: 'Record a payment or loan' });
    await form.getByLabel('Who received it').selectOption({ label: 'Ben' });
    await form.getByLabel('Amount').fill('1.500');
    await form.getByRole('button', { name: 'Record this payment' }).click();
    const question = form.getByRole('group', { name: '1.500 — €1,500.00 or €1.50?' });
    await expect(question).toBeVisible();
    await question.getByRole('button', { name: '€1,500.00' }).click();
    await expect(form.getByText('Payment recorded.')).toBeVisible();
    const { rows } = await service.db.query(`SELECT from_user_id, amount FROM settlements WHERE group_id = $1`, [groupId]);
    expect(rows).toEqual([{ from_user_id: user.id, amount: '1500.00' }]);
  });
});

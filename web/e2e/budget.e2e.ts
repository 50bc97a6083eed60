import type { Page } from '@playwright/test';
import { moveByKeyboard } from './helpers/sortable';
import { expect, seedGroup, seedUser, signIn, test } from './support/fixtures';

const money = (amount: number) => new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'EUR' }).format(amount);

async function addCategory(page: Page, name: string, colour: string, icon: string) {
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByRole('radio', { name: colour }).first().check();
  await page.getByRole('radio', { name: icon }).first().check();
  await page.getByRole('button', { name: 'Add category' }).click();
  await expect(page.getByRole('list', { name: 'Categories' }).getByText(name, { exact: true })).toBeVisible();
}

async function addAccount(page: Page, name: string) {
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByRole('button', { name: 'Add account' }).click();
  await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
}

test.describe('Budget', () => {
  test('a new group is guided to its first category and account, then an expense, an income and a transfer add up in the report and the balances', async ({ page, service }) => {
    const group = await seedGroup(service.db, { modules: ['Budget'], currency: 'EUR' });
    const member = await seedUser(service.db, group.id);
    await signIn(page, member);

    // an empty group: steps instead of an error
    await page.goto('/budget');
    await expect(page.getByRole('heading', { name: 'Set up your budget' })).toBeVisible();
    await page.getByRole('link', { name: 'Add your first category' }).click();

    await addCategory(page, 'Groceries', 'Green', 'Shopping');
    await addCategory(page, 'Salary', 'Blue', 'Salary');
    await addCategory(page, 'Fun', 'Purple', 'Films');

    // reorder by keyboard: "Fun" up above "Salary"
    await moveByKeyboard(page, 'Fun', -1);
    const categoryNames = () => page.getByRole('list', { name: 'Categories' }).locator('.row-main').allInnerTexts();
    await expect.poll(categoryNames).toEqual(['Groceries', 'Fun', 'Salary']);
    await page.reload();
    await expect.poll(categoryNames).toEqual(['Groceries', 'Fun', 'Salary']);

    await page.goto('/budget');
    await page.getByRole('link', { name: 'Add your first account' }).click();
    await addAccount(page, 'Bank');
    await addAccount(page, 'Cash');
    await expect(page.getByRole('listitem').filter({ hasText: 'Bank' }).getByText('Default')).toBeVisible();

    // expense: the default account is preselected
    await page.goto('/budget/transactions/new?type=Expense');
    await expect(page.getByLabel('Account', { exact: true }).locator('option:checked')).toHaveText('Bank (default)');
    await page.getByLabel(/^Amount/).fill('42,50');
    await page.getByLabel('Category').selectOption({ label: 'Groceries' });
    await page.getByLabel('Description (optional)').fill('Weekly shop');
    await page.getByRole('button', { name: 'Add expense' }).click();
    await expect(page.getByText('Transaction saved.')).toBeVisible();

    // income
    await page.getByRole('link', { name: 'Add income' }).click();
    await page.getByLabel(/^Amount/).fill('1500');
    await page.getByLabel('Category').selectOption({ label: 'Salary' });
    await page.getByRole('button', { name: 'Add income' }).click();
    await expect(page.getByText('Transaction saved.')).toBeVisible();

    // transfer from Bank to Cash: changes balances, not totals
    await page.getByRole('link', { name: 'Add transfer' }).click();
    await page.getByLabel(/^Amount/).fill('100.25');
    await page.getByLabel('To account').selectOption({ label: 'Cash' });
    await page.getByRole('button', { name: 'Add transfer' }).click();
    await expect(page.getByText('Transaction saved.')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Transactions' }).getByRole('listitem')).toHaveCount(3);

    // filter: expenses only
    await page.getByRole('button', { name: 'Filters' }).click();
    await page.getByLabel('Type').selectOption('Expense');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page.getByRole('list', { name: 'Transactions' }).getByRole('listitem')).toHaveCount(1);
    await expect(page.getByRole('list', { name: 'Transactions' })).toContainText('Weekly shop');

    // balances: Bank 1500 − 42.50 − 100.25 = 1357.25; Cash 100.25
    await page.goto('/budget/accounts');
    await expect(page.getByLabel('Balance of Bank')).toHaveText(money(1357.25));
    await expect(page.getByLabel('Balance of Cash')).toHaveText(money(100.25));

    // the month's report: income 1500, expenses 42.50, net 1457.50 (the transfer is in neither)
    await page.goto('/budget/reports');
    await expect(page.getByTestId('total-income')).toHaveText(money(1500));
    await expect(page.getByTestId('total-expense')).toHaveText(money(42.5));
    await expect(page.getByTestId('total-net')).toHaveText(money(1457.5));
    await expect(page.getByRole('table', { name: 'Per category' })).toContainText('Groceries');
    await expect(page.getByRole('img', { name: /Expenses per category/ })).toBeVisible();

    // the overview says the same
    await page.goto('/budget');
    await expect(page.getByLabel('Balance of Bank')).toHaveText(money(1357.25));
    await expect(page.getByTestId('total-net')).toHaveText(money(1457.5));
  });

  test('a monthly recurring transaction shows its next occurrence', async ({ page, service }) => {
    const group = await seedGroup(service.db, { modules: ['Budget'], currency: 'EUR' });
    const member = await seedUser(service.db, group.id);
    await signIn(page, member);

    // the basics, quickly
    await page.goto('/budget/categories');
    await addCategory(page, 'Rent', 'Red', 'Home');
    await page.goto('/budget/accounts');
    await addAccount(page, 'Bank');

    // starts on the 15th of next month
    const now = new Date();
    const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 15));
    const startIso = start.toISOString().slice(0, 10);
    await page.goto('/budget/recurring');
    await page.getByRole('link', { name: 'New recurring transaction' }).click();
    await page.getByLabel(/^Amount/).fill('850');
    await page.getByLabel('Category').selectOption({ label: 'Rent' });
    await page.getByLabel('Description (optional)').fill('Flat rent');
    await page.getByLabel('Repeats').selectOption('Monthly');
    await page.getByLabel('First date').fill(startIso);
    await page.getByRole('button', { name: 'Create recurring transaction' }).click();

    const rent = page.getByRole('listitem', { name: 'Flat rent' });
    await expect(rent).toContainText('Every month');
    const shown = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' }).format(start);
    await expect(rent).toContainText(`Next: ${shown}`);

    // pause and enable again
    await rent.getByRole('button', { name: 'Pause Flat rent' }).click();
    await expect(rent).toContainText('Paused');
    await rent.getByRole('button', { name: 'Enable Flat rent' }).click();
    await expect(rent).toContainText('Next:');

    // edit: every 2 months
    await rent.getByRole('link', { name: 'Edit' }).click();
    await expect(page.getByText('Next occurrence:')).toBeVisible();
    await page.getByLabel('Every how many').fill('2');
    await page.getByRole('button', { name: 'Save recurring transaction' }).click();
    await expect(page.getByRole('listitem', { name: 'Flat rent' })).toContainText('Every 2 months');
  });
});

import type { Page } from '@playwright/test';
import { moveByKeyboard } from './helpers/sortable';
import { headersOf } from './support/api';
import { expect, seedGroup, seedUser, signIn, test } from './support/fixtures';
import { kept } from './support/kept';

const money = (amount: number) => new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'EUR' }).format(amount);

async function addCategory(page: Page, name: string, colour: string, icon: string) {
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByRole('radio', { name: colour }).first().check();
  await page.getByRole('radio', { name: icon }).first().check();
  await page.getByRole('button', { name: 'Add category' }).click();
  await expect(page.getByRole('list', { name: 'Categories' }).getByText(name, { exact: true })).toBeVisible();
}

/** Whether the app has kept the budget's category and account lists on the device (IndexedDB). */
async function listsKept(page: Page): Promise<boolean> {
  const { queries } = await kept(page);
  return queries.includes('["budget","categories"]') && queries.includes('["budget","accounts"]');
}

async function addAccount(page: Page, name: string) {
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByRole('button', { name: 'Add account' }).click();
  await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
}

test.describe('Budget', () => {
  test('a new group is guided to its first category and account, then an expense, an income and a transfer add up in the report and the balances', async ({
    page,
    service,
  }) => {
    const group = await seedGroup(service.db, { modules: ['Budget'], currency: 'EUR' });
    const member = await seedUser(service.db, group.id);
    // the day the transactions are dated and the month the report opens on are one moment's, if midnight comes during the run
    await page.clock.setFixedTime(new Date());
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

  test(
    'editing a recurring transaction or a transaction shows its stored category ' + 'and account while the kept lists are older and the fresh ones arrive late',
    async ({ page, service, request }) => {
      const group = await seedGroup(service.db, { modules: ['Budget'], currency: 'EUR' });
      const member = await seedUser(service.db, group.id);
      const headers = await headersOf(request, member);
      const post = async (path: string, data: unknown) => {
        const response = await request.post(`/api/v1${path}`, { headers, data });
        expect(response.status()).toBe(201);
        return (await response.json()) as { id: string };
      };
      await post('/budget-accounts', { name: 'Bank' });
      await post('/categories', { name: 'Groceries', color: '#16A34A', icon: 'Basket' });
      await signIn(page, member);

      // the device keeps the lists as they are now: no "Cash", no "Rent"
      await page.goto('/budget/recurring/new');
      await expect(page.getByLabel('Category').getByRole('option', { name: 'Groceries' })).toBeAttached();
      await expect.poll(() => listsKept(page)).toBe(true);

      // then, with the app closed here (open, it would hear of the change), both are made elsewhere and the rent is put on them
      await page.goto('about:blank');
      const cash = await post('/budget-accounts', { name: 'Cash' });
      const rentCategory = await post('/categories', { name: 'Rent', color: '#3B82F6', icon: 'Home' });
      const rule = await post('/recurring-transactions', {
        type: 'Expense',
        categoryId: rentCategory.id,
        amount: '850.00',
        description: 'Flat rent',
        budgetAccountId: cash.id,
        frequency: 'Monthly',
        interval: 1,
        startDate: '2030-01-15',
      });

      // a slow network: the kept lists are on screen long before the fresh ones
      for (const list of ['**/api/v1/categories', '**/api/v1/budget-accounts']) {
        await page.route(list, async (route) => {
          await new Promise((resolve) => setTimeout(resolve, 1500));
          await route.continue();
        });
      }
      await page.goto(`/budget/recurring/${rule.id}`);
      await expect(page.getByLabel('Category').locator('option:checked')).toHaveText('Rent');
      await expect(page.getByLabel('Account', { exact: true }).locator('option:checked')).toHaveText('Cash');
      await page.getByLabel('Every how many').fill('2');
      await page.getByRole('button', { name: 'Save recurring transaction' }).click();
      await expect(page).toHaveURL(/\/budget\/recurring$/);
      await expect(page.getByRole('listitem', { name: 'Flat rent' })).toContainText('Every 2 months');
      const saved = await request.get(`/api/v1/recurring-transactions/${rule.id}`, { headers });
      expect(await saved.json()).toMatchObject({ categoryId: rentCategory.id, budgetAccountId: cash.id, interval: 2 });

      // the same for a transaction: its category and account made while the app was closed, the kept lists without them
      await expect.poll(() => listsKept(page)).toBe(true);
      await page.goto('about:blank');
      const savings = await post('/budget-accounts', { name: 'Savings' });
      const gifts = await post('/categories', { name: 'Gifts', color: '#3B82F6', icon: 'Gift' });
      const present = await post('/transactions', {
        type: 'Expense',
        categoryId: gifts.id,
        amount: '25.00',
        date: '2030-01-10',
        description: 'Present',
        budgetAccountId: savings.id,
      });
      await page.goto(`/budget/transactions/${present.id}`);
      await expect(page.getByLabel('Category').locator('option:checked')).toHaveText('Gifts');
      await expect(page.getByLabel('Account', { exact: true }).locator('option:checked')).toHaveText('Savings');
      await page.getByLabel(/^Amount/).fill('30');
      await page.getByRole('button', { name: 'Save transaction' }).click();
      await expect(page.getByText('Transaction saved.')).toBeVisible();
      const savedPresent = await request.get(`/api/v1/transactions/${present.id}`, { headers });
      expect(await savedPresent.json()).toMatchObject({ categoryId: gifts.id, budgetAccountId: savings.id, amount: '30.00' });
    },
  );

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

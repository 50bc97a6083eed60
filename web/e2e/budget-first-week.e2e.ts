import { expect, seedGroup, seedUser, signIn, test } from './support/fixtures';

const money = (amount: number) => new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'EUR' }).format(amount);
const inDays = (days: number) => {
  const date = new Date();
  date.setDate(date.getDate() + days);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
};

/** A parent sets up the budget from nothing on a phone. */
test.describe('Budget, the first week', () => {
  test('a budget set up from nothing reaches its first report with the opening balance right, each step pointing to the next', async ({ page, service }) => {
    const group = await seedGroup(service.db, { modules: ['Budget'], currency: 'EUR' });
    const parent = await seedUser(service.db, group.id, { nickname: 'Tom' });
    await signIn(page, parent);

    // the budget's sections at 360 px: one row (a tab bar that scrolls on its own, never the page);
    // each one comes on screen in that row when scrolled to
    await page.goto('/budget');
    const sections = page.getByRole('navigation', { name: 'Budget' });
    const top = (await sections.getByRole('link', { name: 'Overview', exact: true }).boundingBox())!.y;
    for (const name of ['Overview', 'Transactions', 'Reports', 'Recurring', 'Categories', 'Accounts']) {
      const link = sections.getByRole('link', { name, exact: true });
      await link.scrollIntoViewIfNeeded();
      const box = (await link.boundingBox())!;
      expect(box.y, `${name} in the one row`).toBe(top);
      expect(box.x, `${name} starts on screen`).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, `${name} ends on screen`).toBeLessThanOrEqual(360);
    }
    expect(
      await page.evaluate(() => {
        const root = (globalThis as any).document.scrollingElement;
        return root.scrollWidth <= root.clientWidth;
      }),
    ).toBe(true);

    await expect(page.getByRole('heading', { name: 'Set up your budget' })).toBeVisible();
    await expect(page.getByText(/opening balance/)).toBeVisible();
    await page.getByRole('link', { name: 'Add your first category' }).click();
    await page.getByLabel('Name', { exact: true }).fill('Rent');
    await page.getByRole('button', { name: 'Add category' }).click();
    await expect(page.getByRole('list', { name: 'Categories' }).getByText('Rent', { exact: true })).toBeVisible();

    // next step: the account, with the money already in it
    const next = page.getByRole('complementary', { name: 'Next step' });
    await expect(next).toContainText('add an account with the money already in it');
    await next.getByRole('link', { name: 'Add an account' }).click();
    // the categories page (with its own "Name") stays until the accounts page has loaded
    await expect(page.getByRole('heading', { name: 'Accounts', exact: true })).toBeVisible();
    await page.getByLabel('Name', { exact: true }).fill('Joint');
    await page.getByLabel(/^Opening balance/).fill('1 250,00');
    await page.getByRole('button', { name: 'Add account' }).click();
    await expect(page.getByLabel('Balance of Joint')).toHaveText(money(1250));
    await expect(next).toContainText('add your first transaction');
    await next.getByRole('link', { name: 'Add a transaction' }).click();

    // the first expense, its category made inside the picker
    await page.getByLabel(/^Amount/).fill('12,50');
    await page.getByLabel('Category').selectOption({ label: 'New category…' });
    await page.getByLabel('New category name').fill('Groceries');
    await page.getByRole('button', { name: 'Add category' }).click();
    await expect(page.getByLabel('Category').locator('option:checked')).toHaveText('Groceries');
    await page.getByRole('button', { name: 'Add expense' }).click();
    await expect(page.getByText('Transaction saved.')).toBeVisible();

    // next step: the month's report
    await expect(next).toContainText('see how the month looks');
    await next.getByRole('link', { name: "See the month's report" }).click();
    await expect(page.getByRole('heading', { name: 'Reports', exact: true })).toBeVisible();
    await expect(page.getByRole('main')).toContainText(money(12.5));

    // rent next week, set up with its own new category from the recurring form's picker
    await page.goto('/budget/recurring/new');
    await page.getByLabel(/^Amount/).fill('950');
    await page.getByLabel('Category').selectOption({ label: 'New category…' });
    await page.getByLabel('New category name').fill('Housing');
    await page.getByLabel('New category name').press('Enter');
    await expect(page.getByLabel('Category').locator('option:checked')).toHaveText('Housing');
    await page.getByLabel('Description (optional)').fill('Flat rent');
    await page.getByLabel('Repeats').selectOption('Monthly');
    await page.getByLabel('First date').fill(inDays(5));
    await page.getByRole('button', { name: 'Create recurring transaction' }).click();
    await expect(page).toHaveURL(/\/budget\/recurring$/);

    // the overview: the balance started at the opening balance, and the rent is coming up
    await page.getByRole('navigation', { name: 'Budget' }).getByRole('link', { name: 'Overview' }).click();
    await expect(page.getByLabel('Balance of Joint')).toHaveText(money(1237.5));
    const upcoming = page.getByRole('list', { name: 'Coming up' });
    await expect(upcoming.getByRole('listitem')).toHaveCount(1);
    await expect(upcoming).toContainText('Flat rent');
    await expect(upcoming).toContainText(money(-950));
    await expect(page.getByRole('complementary', { name: 'Next step' })).toHaveCount(0);
  });

  test('an account’s opening balance can be corrected later, and may be negative', async ({ page, service }) => {
    const group = await seedGroup(service.db, { modules: ['Budget'], currency: 'EUR' });
    const parent = await seedUser(service.db, group.id);
    await signIn(page, parent);
    await page.goto('/budget/accounts');
    await page.getByLabel('Name', { exact: true }).fill('Current account');
    await page.getByRole('button', { name: 'Add account' }).click();
    await expect(page.getByLabel('Balance of Current account')).toHaveText(money(0));

    await page.getByRole('button', { name: 'Edit Current account' }).click();
    const balance = page
      .getByRole('listitem')
      .filter({ hasText: 'Current account' })
      .getByLabel(/^Opening balance/);
    await balance.fill('12.345');
    await page.getByRole('button', { name: 'Save account' }).click();
    await expect(page.getByText(/with at most 2 decimals/).first()).toBeVisible();
    await balance.fill('-80.5');
    await page.getByRole('button', { name: 'Save account' }).click();
    await expect(page.getByLabel('Balance of Current account')).toHaveText(money(-80.5));
    await expect(page.getByText(`Started with ${money(-80.5)}`)).toBeVisible();
  });
});

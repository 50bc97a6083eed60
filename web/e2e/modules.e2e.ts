import { expect, seedGroup, seedUser, signIn, test } from './support/fixtures';

test.describe('Modules', () => {
  test('an admin changes the group’s modules and the member’s navigation follows after a refresh', async ({ page, browser, service }) => {
    const group = await seedGroup(service.db, { name: `Flat 3B ${Date.now()}`, modules: ['Map'] });
    const member = await seedUser(service.db, group.id, { nickname: 'Eli' });
    const admin = await seedUser(service.db, group.id, { role: 'Admin', nickname: 'Fay' });

    await signIn(page, member);
    const modules = page.getByRole('navigation', { name: 'Modules' });
    await expect(modules.getByRole('link', { name: 'Map' })).toBeVisible();
    await expect(modules.getByRole('link', { name: 'Budget' })).toHaveCount(0);

    const adminContext = await browser.newContext({ viewport: { width: 1024, height: 800 } });
    const adminPage = await adminContext.newPage();
    await signIn(adminPage, admin);
    await adminPage.goto('/admin/groups');
    await adminPage.getByRole('button', { name: `Edit ${group.name}` }).click();
    const dialog = adminPage.getByRole('dialog', { name: `Edit ${group.name}` });
    await dialog.getByLabel('Map').uncheck();
    await dialog.getByLabel('Budget').check();
    await dialog.getByLabel('Notes').check();
    await dialog.getByRole('button', { name: 'Save group' }).click();
    await expect(adminPage.getByText(`${group.name} has been saved.`)).toBeVisible();
    await expect(adminPage.getByRole('row', { name: new RegExp(group.name) })).toContainText('Budget, Notes');
    await adminContext.close();

    // the member's next request meets TOKEN_STALE: the app refreshes, retries, and the bar follows
    await page.getByRole('link', { name: 'Menu' }).click();
    await page.getByRole('navigation', { name: 'All pages' }).getByRole('link', { name: 'Members' }).click();
    await expect(page.getByRole('listitem').filter({ hasText: 'Fay' })).toBeVisible();
    await expect(modules.getByRole('link', { name: 'Budget' })).toBeVisible();
    await expect(modules.getByRole('link', { name: 'Map' })).toHaveCount(0);

    await page.reload();
    await expect(modules.getByRole('link', { name: 'Budget' })).toBeVisible();
    await expect(modules.getByRole('link', { name: 'Notes' })).toBeVisible();
    await expect(modules.getByRole('link', { name: 'Map' })).toHaveCount(0);
    await page.goto('/map');
    await expect(page.getByText('Map is not enabled for your group')).toBeVisible();
  });
});

import { expect, seedGroup, seedUser, signIn, test } from './support/fixtures';

test.describe('Sign in', () => {
  test('a member signs in and sees the modules of their group', async ({ page, service }) => {
    const group = await seedGroup(service.db, { modules: ['Map', 'Notes'] });
    const member = await seedUser(service.db, group.id, { nickname: 'Anna' });

    await signIn(page, member, { rememberMe: true, deviceName: 'Anna’s phone' });

    const modules = page.getByRole('navigation', { name: 'Modules' });
    await expect(modules.getByRole('link', { name: 'Map' })).toBeVisible();
    await expect(modules.getByRole('link', { name: 'Notes' })).toBeVisible();
    await expect(modules.getByRole('link', { name: 'Budget' })).toHaveCount(0);
    // the first sign-in on this device opens the welcome page
    await expect(page).toHaveURL(/\/welcome$/);
  });

  test('a wrong password is reported on the page', async ({ page, service }) => {
    const group = await seedGroup(service.db);
    const member = await seedUser(service.db, group.id);

    await page.goto('/sign-in');
    await page.getByLabel('Username').fill(member.username);
    await page.getByLabel('Password', { exact: true }).fill('not the password');
    await page.getByRole('button', { name: 'Sign in' }).click();

    await expect(page.getByRole('alert')).toContainText('There is a problem');
    await expect(page).toHaveURL(/\/sign-in$/);
  });
});

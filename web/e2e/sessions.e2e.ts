import { expect, seedGroup, seedUser, signIn, test } from './support/fixtures';

test.describe('Sessions', () => {
  test('revoke another device: it disappears from the list and that device is signed out', async ({ page, browser, service }) => {
    const group = await seedGroup(service.db);
    const member = await seedUser(service.db, group.id, { nickname: 'Dora' });

    const tabletContext = await browser.newContext({ viewport: { width: 800, height: 1000 } });
    const tablet = await tabletContext.newPage();
    await signIn(tablet, member, { deviceName: 'Kitchen tablet' });
    await signIn(page, member, { deviceName: 'Dora’s phone', rememberMe: true });

    await page.goto('/account/sessions');
    const list = page.getByRole('list').filter({ hasText: 'Kitchen tablet' });
    await expect(list.getByRole('listitem').filter({ hasText: 'Dora’s phone' })).toContainText('This device');
    await page.getByRole('button', { name: 'Sign out Kitchen tablet' }).click();
    await expect(page.getByText('Kitchen tablet has been signed out.')).toBeVisible();
    await expect(page.getByRole('heading', { name: /Kitchen tablet/ })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: /Dora’s phone/ })).toBeVisible();

    // the tablet learns it at once from its live stream (docs/live.md) and lands on sign-in, told why
    await expect(tablet.getByText('You were signed out of this device. Please sign in again.')).toBeVisible();
    await expect(tablet).toHaveURL(/\/sign-in/);
    await tabletContext.close();
  });
});

import { join } from 'node:path';
import { expect, SCREENSHOTS, seedGroup, seedUser, signIn, test } from './support/fixtures';

// a session may refresh 3 times a minute here, so the fourth page load is refused
test.use({ serviceEnv: { RATE_LIMIT_ENABLED: 'true', RATE_LIMIT_REFRESH_PER_SESSION_PER_MINUTE: '3' } });

test.describe('When refreshing is refused', () => {
  test('the 429 page keeps the navigation, says when to retry and gets back in by itself', async ({ page, service }) => {
    test.setTimeout(150_000);
    const group = await seedGroup(service.db);
    const mia = await seedUser(service.db, group.id, { nickname: 'Mia' });
    await signIn(page, mia);
    for (let load = 0; load < 3; load++) {
      await page.goto('/notes');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    }
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Hearth needs a moment' })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText(/Trying again in \d+ seconds\./);
    const modules = page.getByRole('navigation', { name: 'Modules' });
    for (const name of ['Map', 'Budget', 'Notes', 'Menu']) await expect(modules.getByRole('link', { name })).toBeVisible();
    await page.screenshot({ path: join(SCREENSHOTS, 'When-refreshing-is-refused-429-page.png') });
    // the window passes: the page retries by itself and the app is back
    await expect(page.getByRole('heading', { name: 'Notes', exact: true })).toBeVisible({ timeout: 75_000 });
    await expect(page.getByRole('link', { name: 'Mia (your account)' })).toBeVisible();
  });
});

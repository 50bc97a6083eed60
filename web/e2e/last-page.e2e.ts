import type { Page } from '@playwright/test';
import { expect, seedGroup, seedUser, signIn, test } from './support/fixtures';

/** After signing in, the app opens the page the person last used on this device; the first time, the welcome page. */
test.describe('The page after signing in', () => {
  // at 360 px signing out is in the menu: the menu is never the page opened after the next sign-in
  const signOut = async (page: Page) => {
    await page.getByRole('link', { name: 'Menu' }).click();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/sign-in/);
  };

  test('opens the welcome page the first time, then the page last used on this device, each person their own', async ({ page, service }) => {
    const group = await seedGroup(service.db, { modules: ['Map', 'Notes'] });
    const helga = await seedUser(service.db, group.id, { nickname: 'Helga' });
    const jonas = await seedUser(service.db, group.id, { nickname: 'Jonas' });

    // the first time on this device: the welcome page, not the first module (the map)
    await signIn(page, helga);
    await expect(page).toHaveURL(/\/welcome$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Helga' })).toBeVisible();

    // her shopping list
    await page.goto('/notes/new');
    await page.getByLabel('Title').fill('Einkaufsliste');
    await page.getByRole('button', { name: 'Create note' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Einkaufsliste' })).toBeVisible();
    const listUrl = page.url();
    expect(listUrl).toMatch(/\/notes\/[0-9a-f-]{36}$/);
    await signOut(page);

    // signing in again opens her list
    await signIn(page, helga);
    await expect(page).toHaveURL(listUrl);
    await expect(page.getByRole('heading', { level: 1, name: 'Einkaufsliste' })).toBeVisible();
    await signOut(page);

    // another person on the same device: their own first time
    await signIn(page, jonas);
    await expect(page).toHaveURL(/\/welcome$/);
    await page.goto('/map');
    await signOut(page);

    // Helga's page is still hers; Jonas's is the map
    await signIn(page, helga);
    await expect(page).toHaveURL(listUrl);
    await signOut(page);
    await signIn(page, jonas);
    await expect(page).toHaveURL(/\/map$/);

    // a link followed while signed out still opens that page
    await signOut(page);
    await page.goto('/notes');
    await expect(page).toHaveURL(/\/sign-in\?next=/);
    await page.getByLabel('Username').fill(helga.username);
    await page.getByLabel('Password', { exact: true }).fill(helga.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/notes$/);
  });
});

import type { APIRequestContext, Page } from '@playwright/test';
import { join } from 'node:path';
import { headersOf, noteWithItems } from './support/api';
import { kept } from './support/kept';
import { expect, SCREENSHOTS, seedGroup, seedUser, signIn, test } from './support/fixtures';
import type { Service } from './support/service';

const searchField = (page: Page) => page.getByRole('search').getByRole('searchbox', { name: 'Search' });
const results = (page: Page) => page.getByRole('region', { name: /^Results for/ });

/** A family with a long shopping list, a place and an expense that all have "Milch" in them. */
async function seedFamily(request: APIRequestContext, service: Service) {
  const group = await seedGroup(service.db, { modules: ['Notes', 'Map', 'Budget'] });
  const member = await seedUser(service.db, group.id, { nickname: 'Mia' });
  const headers = await headersOf(request, member);
  const fillers = Array.from({ length: 30 }, (_, i) => `Vorrat ${i + 1}`);
  const note = await noteWithItems(request, headers, 'Wocheneinkauf', [...fillers, 'Vollmilch 3,5 %', 'Crème fraîche']);
  await noteWithItems(request, headers, 'Milch-Rezepte', []);
  expect(
    (
      await request.post('/api/v1/markers', {
        headers,
        data: { title: 'Milchbar am Hafen', latitude: 53.54, longitude: 9.98, address: 'Hafenstraße 1, Hamburg' },
      })
    ).status(),
  ).toBe(201);
  const account = (await (await request.post('/api/v1/budget-accounts', { headers, data: { name: 'Konto' } })).json()).id;
  const category = (await (await request.post('/api/v1/categories', { headers, data: { name: 'Lebensmittel', color: '#16A34A', icon: 'Basket' } })).json()).id;
  const expense = { type: 'Expense', amount: '4.20', description: 'Milchhof Bauer', date: '2026-05-02', budgetAccountId: account, categoryId: category };
  expect((await request.post('/api/v1/transactions', { headers, data: expense })).status()).toBe(201);
  return { member, note };
}

test.describe('Search', () => {
  test('"/" focuses the header search; results grouped by kind as one types, matched words marked; a list item opens scrolled into view', async ({
    page,
    request,
    service,
  }) => {
    const { member, note } = await seedFamily(request, service);
    await signIn(page, member);

    await page.locator('main').click();
    await page.keyboard.press('/');
    await expect(searchField(page)).toBeFocused();
    await searchField(page).pressSequentially('milc', { delay: 80 });
    const panel = results(page);
    await expect(panel.getByRole('heading', { level: 2 })).toHaveText(['Notes', 'List items', 'Places', 'Transactions']);
    await expect(panel.getByRole('link', { name: /Vollmilch/ })).toBeVisible();
    await expect(panel.getByRole('link', { name: /Milchbar am Hafen/ })).toBeVisible();
    await expect(panel.getByRole('link', { name: /Milchhof Bauer/ })).toBeVisible();
    await expect(panel.locator('mark').first()).toHaveText(/^Milch/);
    await page.screenshot({ path: join(SCREENSHOTS, 'Search-results-at-360px.png') });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.screenshot({ path: join(SCREENSHOTS, 'Search-results-at-360px-dark.png') });
    await page.emulateMedia({ colorScheme: 'light' });

    // accents do not matter, and the list item opens in its note, in view
    await searchField(page).fill('creme');
    await expect(panel.getByRole('link', { name: /Crème fraîche/ })).toBeVisible();
    await searchField(page).fill('vollmilch');
    await panel.getByRole('link', { name: /Vollmilch/ }).click();
    await expect(page).toHaveURL(new RegExp(`/notes/${note.id}#item-${note.items[30].id}$`));
    const item = page.getByRole('checkbox', { name: 'Vollmilch 3,5 %' });
    await expect(item).toBeInViewport();
    await expect(item).toBeFocused();
    await expect(results(page)).toHaveCount(0);

    // Escape closes the results
    await page.keyboard.press('/');
    await searchField(page).fill('milchbar');
    await expect(results(page).getByRole('link', { name: /Milchbar am Hafen/ })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(results(page)).toHaveCount(0);
  });

  test('the answer to the text last typed wins over a slower answer to an earlier one', async ({ page, request, service }) => {
    const { member } = await seedFamily(request, service);
    await signIn(page, member);
    // the answer for "milc" comes late
    await page.route(/\/api\/v1\/search\?q=milc&/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2500));
      await route.continue();
    });
    await searchField(page).pressSequentially('milc', { delay: 60 });
    await page.waitForTimeout(400);
    await searchField(page).pressSequentially('hb', { delay: 60 });
    const panel = results(page);
    await expect(panel.getByRole('link', { name: /Milchbar am Hafen/ })).toBeVisible();
    // "milc" finds the list's Vollmilch, "milchb" does not: the late answer must not replace the newer one
    await expect(panel.getByRole('link', { name: /Vollmilch/ })).toHaveCount(0);
    await page.waitForTimeout(3000);
    await expect(panel.getByRole('link', { name: /Milchbar am Hafen/ })).toBeVisible();
    await expect(panel.getByRole('link', { name: /Vollmilch/ })).toHaveCount(0);
  });

  test('with no network, it searches what the device keeps and says so', async ({ page, context, request, service }) => {
    const { member } = await seedFamily(request, service);
    await signIn(page, member);
    await page.goto('/notes');
    await expect(page.getByRole('link', { name: 'Wocheneinkauf' })).toBeVisible();
    // the notes are kept on the device before the next page load starts (a load cut short keeps nothing)
    await expect.poll(async () => (await kept(page)).data, { timeout: 20_000 }).toContain('Vollmilch 3,5 %');
    await page.goto('/map/list');
    await expect(page.getByText('Milchbar am Hafen')).toBeVisible();
    // a search while online: the results' code is on the page (the service worker keeps it for later visits)
    await searchField(page).fill('hafen');
    await expect(results(page).getByRole('link', { name: /Milchbar am Hafen/ })).toBeVisible();
    await searchField(page).fill('');

    await context.setOffline(true);
    await searchField(page).fill('vollmilch');
    const panel = results(page);
    await expect(panel.getByText('Offline: searching what this device keeps.')).toBeVisible();
    await expect(panel.getByRole('link', { name: /Vollmilch 3,5 %/ })).toBeVisible();
    await searchField(page).fill('milchbar hamburg');
    await expect(panel.getByRole('link', { name: /Milchbar am Hafen/ })).toBeVisible();
    await searchField(page).fill('creme');
    await expect(panel.getByRole('link', { name: /Crème fraîche/ })).toBeVisible();
  });
});

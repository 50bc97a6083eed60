import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, SCREENSHOTS, seedGroup, seedUser, test } from './support/fixtures';
import type { SeededUser } from './support/service';
import AxeBuilder from '@axe-core/playwright';
import { moveByKeyboard } from './helpers/sortable';
import { kept } from './support/kept';

/*
 * A German family's shopping list on two 360 px phones: Tom goes shopping, Mia adds "2 l Milch"
 * and "tom" → Tomaten with at most two taps each, and Tom's phone shows them at once, new, each in
 * its aisle.
 */
test.use({ locale: 'de-DE' });

/** Signs in through the API (the refresh cookie lands in the browser), then opens `path`. */
async function signInAt(page: Page, user: SeededUser, path: string): Promise<void> {
  const login = await page.request.post('/api/v1/session', { data: { username: user.username, password: user.password } });
  expect(login.status()).toBe(200);
  await page.goto(path);
}

test.describe('Einkaufsliste', () => {
  test('Mia fügt „2 l Milch“ und „tom“ → Tomaten mit je höchstens zwei Tippern hinzu, während Tom einkauft; Tom sieht sie sofort, nach Regal', async ({
    page,
    browser,
    service,
  }) => {
    const group = await seedGroup(service.db, { modules: ['Notes'] });
    const mia = await seedUser(service.db, group.id, { nickname: 'Mia' });
    const tom = await seedUser(service.db, group.id, { nickname: 'Tom' });
    const shot = (p: Page, name: string) => p.screenshot({ path: join(SCREENSHOTS, `shopping-${name}.png`), fullPage: true });

    // Mia makes a shopping list: a new note offers it
    await signInAt(page, mia, '/notes/new');
    await page.locator('#title').fill('Wocheneinkauf');
    await page.getByLabel('Einkaufsliste').check();
    await page.getByRole('button', { name: 'Notiz anlegen' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Wocheneinkauf' })).toBeVisible();
    const add = page.getByRole('textbox', { name: 'Auf die Liste' });
    await expect(add).toBeVisible();
    // something on the list before the trip, in its aisle
    await add.fill('Brot');
    await add.press('Enter');
    await expect(page.getByRole('button', { name: 'Brot', exact: true })).toBeVisible();

    // Tom, on his own phone, goes shopping
    const tomContext = await browser.newContext({ locale: 'de-DE', viewport: { width: 360, height: 780 } });
    const tomPage = await tomContext.newPage();
    await signInAt(tomPage, tom, page.url());
    await expect(tomPage.getByRole('button', { name: 'Brot', exact: true })).toBeVisible();
    await tomPage.getByRole('button', { name: 'Ich gehe einkaufen' }).click();
    await tomPage.getByRole('dialog').getByRole('button', { name: 'Los' }).click();
    await expect(tomPage.getByText(/Du kaufst gerade ein/)).toBeVisible();
    await shot(tomPage, '1-tom-shopping');

    // Mia sees that Tom is shopping
    await expect(page.getByText(/Tom kauft gerade ein/)).toBeVisible({ timeout: 2000 });

    // "2 l Milch": a tap into the field, typed, a tap on Add
    let taps = 0;
    const tap = async (target: ReturnType<Page['getByRole']>) => {
      taps += 1;
      await target.click();
    };
    await tap(page.getByRole('textbox', { name: 'Auf die Liste' }));
    await page.keyboard.type('2 l Milch');
    await tap(page.getByRole('button', { name: 'Hinzufügen', exact: true }));
    expect(taps).toBeLessThanOrEqual(2);
    await expect(page.getByRole('button', { name: 'Milch 2 l' })).toBeVisible();

    // "tom" → Tomaten: typed (the field keeps the focus), one tap on the suggestion
    taps = 0;
    await page.keyboard.type('tom');
    await shot(page, '2-mia-suggestions');
    await tap(page.getByRole('button', { name: 'Tomaten hinzufügen' }));
    expect(taps).toBeLessThanOrEqual(2);
    await expect(page.getByRole('button', { name: 'Tomaten', exact: true })).toBeVisible();
    await shot(page, '3-mia-list');

    // Tom's phone: both arrive at once, marked new, each in its aisle
    const produce = tomPage.getByRole('list', { name: 'Obst & Gemüse' });
    const dairy = tomPage.getByRole('list', { name: /Milch/ });
    await expect(produce.getByRole('button', { name: 'Tomaten Neu' })).toBeVisible({ timeout: 2000 });
    await expect(dairy.getByRole('button', { name: 'Milch 2 l Neu' })).toBeVisible({ timeout: 2000 });
    // Brot was there before the trip: not new
    await expect(tomPage.getByRole('button', { name: 'Brot', exact: true })).toBeVisible();
    // the aisles in the shop's order (the default one: produce before bakery before dairy)
    const aisles = await tomPage.getByRole('heading', { level: 3 }).allInnerTexts();
    expect(aisles.indexOf('Obst & Gemüse')).toBeLessThan(aisles.findIndex((name) => /Milch/.test(name)));
    await shot(tomPage, '4-tom-sees-them');

    // the same "Milch" again merges into the tile there, not a second one
    await add.fill('Milch 1 l');
    await add.press('Enter');
    await expect(page.getByRole('button', { name: 'Milch 2 l + 1 l' })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Milch/ })).toHaveCount(1);

    // Tom ticks the tomatoes with a tap; they fold away
    await tomPage.getByRole('button', { name: 'Tomaten Neu' }).click();
    await expect(tomPage.getByRole('button', { name: /^Im Wagen \(1\)/ })).toBeVisible();
    await shot(tomPage, '5-tom-ticked');
    await tomContext.close();
  });
});

test.describe('Shopping list in a store', () => {
  test.use({ locale: 'en-GB' });

  test('a store is added and its aisles dragged into the shop\'s order from "Going shopping"; the list follows that order during the trip', async ({
    page,
    service,
  }) => {
    const group = await seedGroup(service.db, { modules: ['Notes'] });
    const anna = await seedUser(service.db, group.id, { nickname: 'Anna' });
    await signInAt(page, anna, '/notes/new');
    await page.locator('#title').fill('Saturday');
    await page.getByLabel('Shopping list').check();
    await page.getByRole('button', { name: 'Create note' }).click();
    const add = page.getByRole('textbox', { name: 'Add to the list' });
    // pasting three lines adds three items, each in its aisle
    await add.focus();
    // (run in the page: the browser's own clipboard event, as a paste from another app sends it)
    await page.evaluate(`(() => {
      const data = new DataTransfer();
      data.setData('text/plain', '- 2 apples\\n- Bread\\n- Milk 1 l');
      document.activeElement.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    })()`);
    await expect(page.getByRole('button', { name: 'Milk 1 l' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Apples 2' })).toBeVisible();
    const headings = () => page.getByRole('heading', { level: 3 }).allInnerTexts();
    expect(await headings()).toEqual(['Fruit & vegetables', 'Bakery', 'Dairy & eggs']);

    // the compact list is the other view, kept on this device
    await page.getByRole('button', { name: 'Show as a list' }).click();
    await expect(page.getByRole('checkbox', { name: /Bread/ })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('checkbox', { name: /Bread/ })).toBeVisible();
    await page.getByRole('button', { name: 'Show as tiles' }).click();

    await page.getByRole('button', { name: 'Going shopping' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('New store').fill('REWE');
    await dialog.getByRole('button', { name: 'Add store' }).click();
    await expect(dialog.getByRole('radio', { name: 'REWE' })).toBeChecked();
    await dialog.getByRole('button', { name: 'Change REWE' }).click();
    await moveByKeyboard(page, 'Dairy & eggs', -2);
    await page.screenshot({ path: join(SCREENSHOTS, 'shopping-6-store-order.png') });
    await dialog.getByRole('button', { name: 'Save store' }).click();
    await expect(dialog.getByRole('radio', { name: 'REWE' })).toBeChecked();
    await dialog.getByRole('button', { name: 'Go' }).click();

    await expect(page.getByText('You are shopping at REWE.', { exact: false })).toBeVisible();
    await expect.poll(headings).toEqual(['Dairy & eggs', 'Fruit & vegetables', 'Bakery']);
    await page.screenshot({ path: join(SCREENSHOTS, 'shopping-7-in-store-order.png'), fullPage: true });
    // the list, its tiles and the trip's banner: nothing serious for assistive technology, light and dark
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      const audit = await new AxeBuilder({ page }).analyze();
      expect(
        audit.violations
          .filter((found) => found.impact === 'serious' || found.impact === 'critical')
          .map((found) => `${found.id}: ${found.nodes.map((node) => node.target.join(' ')).join(', ')}`),
      ).toEqual([]);
    }
    await page.screenshot({ path: join(SCREENSHOTS, 'shopping-8-dark.png'), fullPage: true });
    await page.emulateMedia({ colorScheme: 'light' });
    await page.getByRole('button', { name: 'Done shopping' }).click();
    await expect(page.getByRole('button', { name: 'Going shopping' })).toBeVisible();
  });
});

test.describe('Shopping list offline', () => {
  test.use({ locale: 'en-GB' });

  test(
    'with no network the list opens with its icons, the catalogue still suggests ("tom" → Tomatoes), ' + 'and the item reaches the server once back online',
    async ({ page, context, service }) => {
      const group = await seedGroup(service.db, { modules: ['Notes'] });
      const ines = await seedUser(service.db, group.id, { nickname: 'Ines' });
      const login = await page.request.post('/api/v1/session', { data: { username: ines.username, password: ines.password } });
      const headers = { authorization: `Bearer ${(await login.json()).accessToken}` };
      const created = await page.request.post('/api/v1/notes', { headers, data: { title: 'Corner shop', kind: 'shopping' } });
      const note = (await created.json()) as { id: string };
      expect((await page.request.post(`/api/v1/notes/${note.id}/items`, { headers, data: { text: '2 l Milk' } })).status()).toBe(201);

      await page.goto(`/notes/${note.id}`);
      // the service worker in control (a reload brings it), so the app and its chunks open offline
      await page.evaluate('navigator.serviceWorker.ready.then(() => true)');
      if (!(await page.evaluate('!!navigator.serviceWorker.controller'))) await page.reload();
      await expect.poll(() => page.evaluate('!!navigator.serviceWorker.controller')).toBe(true);
      await expect(page.getByRole('button', { name: 'Milk 2 l' })).toBeVisible();
      await expect.poll(async () => (await kept(page)).queries.join(' ')).toContain(`"notes","detail","${note.id}"`);

      await context.setOffline(true);
      await page.reload();
      await expect(page.getByRole('status').filter({ hasText: 'Offline —' })).toBeVisible();
      const milk = page.getByRole('button', { name: 'Milk 2 l' });
      await expect(milk).toBeVisible();
      // its icon is the app's own drawing, there with no network
      await expect(milk.locator('svg')).toHaveCount(1);
      await page.getByRole('textbox', { name: 'Add to the list' }).fill('tom');
      await page.getByRole('button', { name: 'Add Tomatoes' }).click();
      await expect(page.getByRole('list', { name: 'Fruit & vegetables' }).getByRole('button', { name: 'Tomatoes' })).toBeVisible();
      await page.screenshot({ path: join(SCREENSHOTS, 'shopping-9-offline.png') });

      await context.setOffline(false);
      await expect
        .poll(async () => (await service.db.query('SELECT text, aisle FROM note_items WHERE note_id = $1 ORDER BY "order"', [note.id])).rows)
        .toEqual([
          { text: 'Milk', aisle: 'dairy' },
          { text: 'Tomatoes', aisle: 'produce' },
        ]);
    },
  );
});

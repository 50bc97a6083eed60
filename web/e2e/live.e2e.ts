import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { moveByKeyboard } from './helpers/sortable';
import { expect, SCREENSHOTS, seedGroup, seedUser, signIn, test } from './support/fixtures';

test.describe('Live updates', () => {
  test("a member's ticks, adds and reorders show on the other member's open note within a second; a private note never does", async ({
    page,
    browser,
    service,
  }) => {
    const group = await seedGroup(service.db, { modules: ['Notes'] });
    const mia = await seedUser(service.db, group.id, { nickname: 'Mia' });
    const tom = await seedUser(service.db, group.id, { nickname: 'Tom' });
    mkdirSync(SCREENSHOTS, { recursive: true });

    await signIn(page, mia);
    await page.goto('/notes/new');
    await page.getByLabel('Title').fill('Weekly shop');
    await page.getByRole('button', { name: 'Create note' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Weekly shop' })).toBeVisible();
    for (const text of ['Milk', 'Bread']) {
      await page.getByLabel('New item').fill(text);
      await page.getByRole('button', { name: 'Add item' }).click();
      await expect(page.getByRole('checkbox', { name: text })).toBeVisible();
    }

    // Tom, in a browser of his own, opens the same note and starts typing an item of his own
    const tomContext = await browser.newContext();
    const tomPage = await tomContext.newPage();
    await signIn(tomPage, tom);
    await tomPage.goto(page.url());
    await expect(tomPage.getByRole('checkbox', { name: 'Milk' })).not.toBeChecked();
    await tomPage.getByLabel('New item').fill('Coff');
    const shot = (name: string) => tomPage.screenshot({ path: join(SCREENSHOTS, `live-${name}.png`) });
    await shot('1-before');

    // Mia ticks: Tom sees it without a reload
    // (a ticked item moves into the collapsed "Checked (n)" section, on both screens)
    await page.getByRole('checkbox', { name: 'Milk' }).click();
    await expect(tomPage.getByText('Checked (1)')).toBeVisible({ timeout: 1000 });
    await tomPage.getByText('Checked (1)').click();
    await expect(tomPage.getByRole('list', { name: 'Checked items' }).getByRole('checkbox', { name: 'Milk' })).toBeChecked();
    await shot('2-ticked');

    // Mia adds: Tom sees the new item
    await page.getByLabel('New item').fill('Eggs');
    await page.getByRole('button', { name: 'Add item' }).click();
    await expect(tomPage.getByRole('checkbox', { name: 'Eggs' })).toBeVisible({ timeout: 1000 });
    await shot('3-added');

    // Mia reorders by keyboard: Tom's list takes the same order
    const names = (p: typeof page) => p.getByRole('list', { name: 'Checklist items' }).locator('label').allInnerTexts();
    const before = await names(page);
    await moveByKeyboard(page, before[1], -1);
    await expect.poll(() => names(page)).not.toEqual(before);
    const after = await names(page);
    await expect.poll(() => names(tomPage), { timeout: 1000 }).toEqual(after);
    await shot('3b-reordered');

    // Mia edits an item's text: Tom sees the new text, and what he was typing is still there
    await page.getByRole('button', { name: 'Edit Bread' }).click();
    await page.getByLabel('Item', { exact: true }).fill('Rye bread');
    await page.getByRole('button', { name: 'Save item' }).click();
    await expect(tomPage.getByRole('checkbox', { name: 'Rye bread' })).toBeVisible({ timeout: 1000 });
    await expect(tomPage.getByLabel('New item')).toHaveValue('Coff');
    await shot('4-edited');

    // a private note of Mia's: nothing of it reaches Tom's raw stream
    const token = await tomPage.evaluate(async () => {
      const response = await fetch('/api/v1/session/refresh', { method: 'POST', credentials: 'include' });
      return ((await response.json()) as { accessToken: string }).accessToken;
    });
    const raw = tomPage.evaluate(async (bearer) => {
      const controller = new AbortController();
      const response = await fetch('/api/v1/events', { headers: { authorization: `Bearer ${bearer}` }, signal: controller.signal });
      const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
      let text = '';
      const stop = setTimeout(() => controller.abort(), 4000);
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          text += value;
        }
      } catch {
        // aborted after 4 s
      }
      clearTimeout(stop);
      return text;
    }, token);
    await page.goto('/notes/new');
    await page.getByLabel('Title').fill('Presents');
    await page.getByLabel(/private/i).check();
    await page.getByRole('button', { name: 'Create note' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Presents' })).toBeVisible();
    const privateId = page.url().split('/').at(-1)!;
    await page.getByLabel('New item').fill('Bike');
    await page.getByRole('button', { name: 'Add item' }).click();
    await expect(page.getByRole('checkbox', { name: 'Bike' })).toBeVisible();
    const seen = await raw;
    expect(seen).toContain('event: ready');
    expect(seen).not.toContain(privateId);
    await tomPage.goto('/notes');
    await expect(tomPage.getByRole('heading', { name: 'Weekly shop' })).toBeVisible();
    await expect(tomPage.getByText('Presents')).toHaveCount(0);
    await shot('5-no-private-note');
    await tomContext.close();
  });
});

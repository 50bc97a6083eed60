import { pngImage } from '../../test/support/images';
import { moveByKeyboard } from './helpers/sortable';
import { join } from 'node:path';
import { expect, SCREENSHOTS, seedGroup, seedUser, signIn, test } from './support/fixtures';

test.describe('Map', () => {
  test('a place found by place search gets two photos, reordered; it goes to the trash and comes back', async ({ page, service }) => {
    const group = await seedGroup(service.db, { modules: ['Map'] });
    const member = await seedUser(service.db, group.id);
    await signIn(page, member);

    await page.goto('/map');
    await expect(page.getByText(/No places here yet/)).toBeVisible();
    await page.getByRole('link', { name: 'Add place' }).click();

    await page.getByLabel('Title').fill('Pastelaria by the river');
    // place search: the offline data set, debounced
    await page.getByLabel('Search for a place').fill('Lisbon');
    const found = page.getByRole('list', { name: 'Places found' });
    // two villages named Lisbon in Ohio are one choice
    await expect(found.getByRole('button', { name: /^Lisbon, OH/ })).toHaveCount(1);
    await found.getByRole('button', { name: /^Lisbon, Portugal/ }).click();
    await expect(page.getByLabel('Latitude')).toHaveValue(/^38\.7/);
    await expect(page.getByLabel('Longitude')).toHaveValue(/^-9\.1/);
    // no rating until one is chosen; the five stars sit on one line at 360 px
    await expect(page.getByRole('group', { name: 'Rating (none yet)' })).toBeVisible();
    const tops = await page.locator('.rating-options label').evaluateAll((labels) => labels.map((label) => Math.round(label.getBoundingClientRect().top)));
    expect(new Set(tops).size).toBe(1);
    await page.getByRole('radio', { name: '4 stars' }).check();
    await expect(page.getByRole('group', { name: 'Rating', exact: true })).toBeVisible();
    await page.screenshot({ path: join(SCREENSHOTS, 'Map-new-place-form-at-360.png'), fullPage: true });
    await page.getByText('Add a description').click();
    const description = page.getByRole('textbox', { name: 'Description (optional)' });
    await description.click();
    await page.getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type('Best custard tarts');
    await page.getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type(' in town.');
    // two photos chosen in the form itself: they go up as soon as the place is saved
    await page.getByLabel('Photos (optional)').setInputFiles([
      { name: 'front.png', mimeType: 'image/png', buffer: await pngImage(120, 90) },
      { name: 'inside.png', mimeType: 'image/png', buffer: await pngImage(90, 120) },
    ]);
    await page.getByRole('button', { name: 'Add place' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Pastelaria by the river' })).toBeVisible();
    await expect(page.getByText('Lisbon, Portugal')).toBeVisible();
    await expect(page.getByRole('img', { name: 'Rated 4 of 5' })).toBeVisible();
    await expect(page.locator('strong', { hasText: 'Best custard tarts' })).toBeVisible();

    // …with their progress, through the presigned flow, until processed
    await expect(page.getByRole('list', { name: 'Uploads' }).getByText('front.png')).toBeVisible();
    const photos = page.getByRole('list', { name: 'Photos of Pastelaria by the river' });
    await expect(photos.getByRole('button', { name: /^Open photo/ })).toHaveCount(2, { timeout: 30_000 });
    const order = () => photos.locator('[data-image-id]').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-image-id')));
    const [first, second] = await order();

    // the second photo to the front, by keyboard
    await moveByKeyboard(page, 'photo 2', -1, 'horizontal');
    await expect.poll(order).toEqual([second, first]);
    await page.reload();
    await expect.poll(order).toEqual([second, first]);

    // into the trash
    await page.getByRole('button', { name: 'Delete place' }).click();
    await page.getByRole('button', { name: 'Move to trash' }).click();
    await expect(page).toHaveURL(/\/map\/trash$/);
    await expect(page.getByText('“Pastelaria by the river” was moved to the trash.')).toBeVisible();
    await page.getByRole('link', { name: 'List', exact: true }).click();
    await expect(page.getByText('No places yet')).toBeVisible();

    // and back, photos in their order
    await page.getByRole('link', { name: 'Trash', exact: true }).click();
    await page.getByRole('button', { name: 'Restore Pastelaria by the river' }).click();
    await expect(page.getByText('“Pastelaria by the river” is back.')).toBeVisible();
    await page.getByRole('link', { name: 'Open it' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Pastelaria by the river' })).toBeVisible();
    await expect.poll(order).toEqual([second, first]);

    // move the pin with a tap on the map: PATCH …/location
    const before = await page.getByText(/^38\.7\d+, -9\.1\d+$/).innerText();
    await page.getByRole('button', { name: 'Move the pin' }).click();
    await page.getByRole('group', { name: /tap the map to move it/ }).click({ position: { x: 250, y: 170 } });
    await expect(page.getByText('New place saved.')).toBeVisible();
    await page.reload();
    await expect(page.getByText(/^-?\d+\.\d{5}, -?\d+\.\d{5}$/)).not.toHaveText(before);

    // edit: the form comes back with the description as it was
    await page.getByRole('link', { name: 'Edit place' }).click();
    await expect(page.getByRole('textbox', { name: 'Description (optional)' }).locator('strong')).toHaveText('Best custard tarts');
    await page.getByLabel('Title').fill('Pastelaria Belém');
    await page.getByRole('button', { name: 'Save place' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Pastelaria Belém' })).toBeVisible();
    await expect(page.locator('strong', { hasText: 'Best custard tarts' })).toBeVisible();
  });

  test('a group without the Map module has no Map page, and a link to it says so', async ({ page, service }) => {
    const group = await seedGroup(service.db, { modules: ['Budget', 'Notes'] });
    const member = await seedUser(service.db, group.id);
    await signIn(page, member);

    await expect(page.getByRole('navigation', { name: 'Modules' }).getByRole('link', { name: 'Budget' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Map' })).toHaveCount(0);
    await page.goto('/map/list');
    await expect(page.getByRole('heading', { name: 'Map is not enabled for your group' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Map' })).toHaveCount(0);
  });
});

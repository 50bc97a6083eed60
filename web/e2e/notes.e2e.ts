import { moveByKeyboard } from './helpers/sortable';
import { expect, seedGroup, seedUser, signIn, test } from './support/fixtures';

test.describe('Notes', () => {
  test('a note with three items: tick one, reorder by keyboard, pin it and see it first', async ({ page, service }) => {
    const group = await seedGroup(service.db, { modules: ['Notes'] });
    const member = await seedUser(service.db, group.id, { nickname: 'Noor' });
    await signIn(page, member);

    // an older note, so "first" means something
    await page.goto('/notes/new');
    await page.getByLabel('Title').fill('Chores');
    await page.getByRole('button', { name: 'Create note' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Chores' })).toBeVisible();

    await page.goto('/notes');
    await page.getByRole('link', { name: 'New note' }).first().click();
    await page.getByLabel('Title').fill('Shopping');
    await page.getByRole('radio', { name: 'Green' }).check();
    await page.getByRole('radio', { name: 'Food' }).check();
    await page.getByRole('button', { name: 'Create note' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Shopping' })).toBeVisible();

    // each new item goes to the top of the open items
    for (const text of ['Bread', 'Milk', 'Eggs']) {
      await page.getByLabel('New item').fill(text);
      await page.getByRole('button', { name: 'Add item' }).click();
      await expect(page.getByRole('checkbox', { name: text })).toBeVisible();
    }
    const names = async () => page.getByRole('list', { name: 'Checklist items' }).locator('label').allInnerTexts();
    await expect.poll(names).toEqual(['Eggs', 'Milk', 'Bread']);

    // tick one: shown at once and kept
    await page.getByRole('checkbox', { name: 'Milk' }).check();
    await expect(page.getByRole('checkbox', { name: 'Milk' })).toBeChecked();

    // keyboard reorder: pick "Bread" up with Space, move it up twice, drop it
    await moveByKeyboard(page, 'Bread', -2);
    await expect.poll(names).toEqual(['Bread', 'Eggs', 'Milk']);

    // the server holds the new order and the tick
    await page.reload();
    await expect.poll(names).toEqual(['Bread', 'Eggs', 'Milk']);
    await expect(page.getByRole('checkbox', { name: 'Milk' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Bread' })).not.toBeChecked();

    // edit an item's text and link
    await page.getByRole('button', { name: 'Edit Eggs' }).click();
    await page.getByLabel('Item', { exact: true }).fill('Free-range eggs');
    await page.getByLabel('Link (optional)').last().fill('https://example.com/eggs');
    await page.getByRole('button', { name: 'Save item' }).click();
    await expect(page.getByRole('link', { name: 'Open link of Free-range eggs' })).toHaveAttribute('href', 'https://example.com/eggs');
    await expect.poll(names).toEqual(['Bread', 'Free-range eggs', 'Milk']);

    // pin: the note comes first in the list
    await page.getByRole('button', { name: 'Pin', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Unpin' })).toBeVisible();
    await page.getByRole('link', { name: '← All notes' }).click();
    const cards = page.getByRole('list', { name: 'Notes' }).getByRole('listitem').filter({ has: page.getByRole('heading') });
    await expect(cards.first().getByRole('heading')).toHaveText('Shopping');
    await expect(cards.first()).toContainText('Pinned');
    await expect(cards.first()).toContainText('1 of 3 done');
    await expect(cards.nth(1).getByRole('heading')).toHaveText('Chores');
  });
});

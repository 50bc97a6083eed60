import { moveByKeyboard } from './helpers/sortable';
import { expect, seedGroup, seedUser, signIn, test } from './support/fixtures';

test.describe('Notes', () => {
  test('a note with three items: typed order kept, tick one into "Checked", reorder by keyboard, pin it and see it first', async ({ page, service }) => {
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

    // the list keeps the order typed: each new item goes after the last open one
    for (const text of ['Bread', 'Milk', 'Eggs']) {
      await page.getByLabel('New item').fill(text);
      await page.getByRole('button', { name: 'Add item' }).click();
      await expect(page.getByRole('checkbox', { name: text })).toBeVisible();
    }
    const names = async () => page.getByRole('list', { name: 'Checklist items' }).locator('label').allInnerTexts();
    await expect.poll(names).toEqual(['Bread', 'Milk', 'Eggs']);

    // tick one: it goes at once into the collapsed "Checked (1)" section
    await page.getByRole('checkbox', { name: 'Milk' }).click();
    await expect.poll(names).toEqual(['Bread', 'Eggs']);
    await page.getByText('Checked (1)').click();
    await expect(page.getByRole('list', { name: 'Checked items' }).getByRole('checkbox', { name: 'Milk' })).toBeChecked();

    // keyboard reorder: pick "Eggs" up with Space, move it up once, drop it
    await moveByKeyboard(page, 'Eggs', -1);
    await expect.poll(names).toEqual(['Eggs', 'Bread']);

    // the server holds the new order and the tick
    const saved = async () =>
      (
        await service.db.query(
          `SELECT text, is_completed FROM note_items i JOIN notes n ON n.id = i.note_id WHERE n.group_id = $1 AND n.title = 'Shopping' ORDER BY i."order"`,
          [group.id],
        )
      ).rows.map((row: { text: string; is_completed: boolean }) => `${row.text}${row.is_completed ? ' ✓' : ''}`);
    await expect.poll(saved).toEqual(['Eggs', 'Bread', 'Milk ✓']);
    await page.reload();
    await expect.poll(names).toEqual(['Eggs', 'Bread']);
    await page.getByText('Checked (1)').click();
    await expect(page.getByRole('checkbox', { name: 'Milk' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Bread' })).not.toBeChecked();

    // edit an item's text and link
    await page.getByRole('button', { name: 'Edit Eggs' }).click();
    await page.getByLabel('Item', { exact: true }).fill('Free-range eggs');
    await page.getByLabel('Link (optional)').last().fill('https://example.com/eggs');
    await page.getByRole('button', { name: 'Save item' }).click();
    await expect(page.getByRole('link', { name: 'Open link of Free-range eggs' })).toHaveAttribute('href', 'https://example.com/eggs');
    await expect.poll(names).toEqual(['Free-range eggs', 'Bread']);

    // pin: the note comes first in the list
    await page.getByRole('button', { name: 'Pin', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Unpin' })).toBeVisible();
    await page.getByRole('link', { name: '← All notes' }).click();
    const cards = page
      .getByRole('list', { name: 'Notes' })
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading') });
    await expect(cards.first().getByRole('heading')).toHaveText('Shopping');
    await expect(cards.first()).toContainText('Pinned');
    await expect(cards.first()).toContainText('1 of 3 done');
    await expect(cards.nth(1).getByRole('heading')).toHaveText('Chores');
  });

  test.describe('typing a list over a slow network', () => {
    // the network delay is set with page.route, which a service worker would step around
    test.use({ serviceWorkers: 'block' });

    test('six items typed at 70 ms a key with 150 ms of network delay are all kept, exactly and in order', async ({ page, service }) => {
      const group = await seedGroup(service.db, { modules: ['Notes'] });
      const member = await seedUser(service.db, group.id, { nickname: 'Mia' });
      await signIn(page, member);
      await page.goto('/notes/new');
      await page.getByLabel('Title').fill('Saturday shop');
      await page.getByRole('button', { name: 'Create note' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Saturday shop' })).toBeVisible();

      await page.route('**/api/v1/**', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 150));
        await route.continue();
      });
      const typed = ['Milk', 'Eggs', 'Bread', 'Cheese', 'Apples', 'Oat drink'];
      const box = page.getByLabel('New item');
      await box.click();
      for (const text of typed) {
        await box.pressSequentially(text, { delay: 70 });
        await box.press('Enter');
      }
      // the box kept the focus and is ready for the next item; every item shows, in the order typed
      await expect(box).toBeFocused();
      await expect(box).toHaveValue('');
      const names = async () => page.getByRole('list', { name: 'Checklist items' }).locator('label').allInnerTexts();
      await expect.poll(names).toEqual(typed);
      // and the server has exactly these, once each
      const saved = async () =>
        (
          await service.db.query(`SELECT text FROM note_items i JOIN notes n ON n.id = i.note_id WHERE n.group_id = $1 ORDER BY i."order"`, [group.id])
        ).rows.map((row: { text: string }) => row.text);
      await expect.poll(saved).toEqual(typed);
      await page.reload();
      await expect.poll(names).toEqual(typed);
    });
  });
});

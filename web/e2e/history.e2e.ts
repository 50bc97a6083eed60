import type { APIRequestContext } from '@playwright/test';
import { expect, seedGroup, seedUser, signIn, test } from './support/fixtures';

/** Changes made through the API as the member, so the service writes their history rows itself. */
async function makeChanges(request: APIRequestContext, user: { username: string; password: string }): Promise<void> {
  const login = await request.post('/api/v1/session', { data: { username: user.username, password: user.password } });
  expect(login.status()).toBe(200);
  const headers = { authorization: `Bearer ${(await login.json()).accessToken}` };
  let firstNoteId = '';
  for (let index = 1; index <= 21; index++) {
    const note = await request.post('/api/v1/notes', {
      headers,
      data: { title: `Shopping list ${index}`, color: '#3B82F6', icon: 'ShoppingCart', isPrivate: false },
    });
    expect(note.status()).toBe(201);
    if (index === 1) firstNoteId = (await note.json()).id;
  }
  const updated = await request.put(`/api/v1/notes/${firstNoteId}`, {
    headers,
    data: { title: 'Weekend shopping', color: '#3B82F6', icon: 'ShoppingCart' },
  });
  expect(updated.status()).toBe(200);
  const category = await request.post('/api/v1/categories', { headers, data: { name: 'Groceries', color: '#16A34A', icon: 'Basket' } });
  expect(category.status()).toBe(201);
}

test.describe('History', () => {
  test('filters by entity and action, and pages through the rest', async ({ page, request, service }) => {
    const group = await seedGroup(service.db, { modules: ['Budget', 'Notes'] });
    const member = await seedUser(service.db, group.id, { nickname: 'Gus' });
    await makeChanges(request, member);

    await signIn(page, member);
    await page.goto('/history');
    await expect(page.getByText('23 changes')).toBeVisible();
    await expect(page.getByText('Page 1 of 2')).toBeVisible();
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect(page.getByText('Page 2 of 2')).toBeVisible();
    await expect(page.getByRole('row')).toHaveCount(1 + 3);

    // on a phone the filters are folded away until asked for
    await page.getByRole('button', { name: 'Filters' }).click();
    await page.getByLabel('What').selectOption('Category');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page.getByText('1 change', { exact: true })).toBeVisible();
    await expect(page.getByRole('cell', { name: 'Created Category' })).toBeVisible();
    await expect(page.getByRole('cell', { name: '“Groceries”' })).toBeVisible();

    await page.getByLabel('What').selectOption('Note');
    await page.getByLabel('Change').selectOption('Updated');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page.getByText('1 change', { exact: true })).toBeVisible();
    await expect(page.getByRole('cell', { name: /Shopping list 1 → Weekend shopping/ })).toBeVisible();
    await expect(page).toHaveURL(/entityType=Note&action=Updated/);

    // a day before anything happened: nothing matches
    await page.getByLabel('To', { exact: true }).fill('2020-01-01');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page.getByRole('heading', { name: 'Nothing matches these filters' })).toBeVisible();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page.getByText('23 changes')).toBeVisible();
  });
});
